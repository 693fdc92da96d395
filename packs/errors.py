"""The error raised for an unreadable or unsafe pack."""

from __future__ import annotations

from engine.i18n import _, translate

SHOWN_NAME_CHARS = 120  # longer entry names are cut in the middle in messages


def shown_name(name: str) -> str:
    """An entry name as messages print it: unprintable characters escaped, a long name cut
    in the middle. Names come from an untrusted pack: printed raw, an escape sequence would
    drive the user's terminal and a 65,000-character name would flood it."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in name)
    if len(text) <= SHOWN_NAME_CHARS:
        return text
    return f"{text[:60]}…[{len(name):,} characters]…{text[-40:]}"


class PackError(Exception):
    """A pack could not be read or is unsafe; `message` says what, `hint` what to do,
    `entry` names the file inside the pack and `line`/`col` the place in it, if known."""

    def __init__(self, message: str, hint: str = "", entry: str | None = None,
                 line: int | None = None, col: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.entry = entry
        self.line = line
        self.col = col

    def __str__(self) -> str:
        where = ""
        if self.entry:
            where = shown_name(self.entry)
            if self.line is not None:
                where += f":{self.line}" + (f":{self.col}" if self.col is not None else "")
            where += ": "
        if not self.hint:
            return f"{where}{self.message}"
        return translate(_("{where}{message} (hint: {hint})", where=where, message=self.message,
                           hint=self.hint))
