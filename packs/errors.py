"""The error raised for an unreadable or unsafe pack."""

from __future__ import annotations


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
            where = self.entry
            if self.line is not None:
                where += f":{self.line}" + (f":{self.col}" if self.col is not None else "")
            where += ": "
        return f"{where}{self.message}" + (f" (hint: {self.hint})" if self.hint else "")
