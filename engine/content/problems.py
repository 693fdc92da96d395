"""Problems found in content files, and the exception that carries them."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from engine.i18n import _, english, ngettext, translate

Severity = Literal["error", "warning"]
_SEVERITY_WORDS = {"error": _("error"), "warning": _("warning")}


@dataclass(frozen=True)
class Problem:
    """One finding: a stable code, severity, message and hint, located by file/line/pointer/hex.

    `line` and `col` are 1-based; `hex` is an offset coordinate (col, row).
    """

    code: str
    severity: Severity
    message: str
    hint: str = ""
    file: str | None = None
    line: int | None = None
    col: int | None = None
    pointer: str | None = None
    hex: tuple[int, int] | None = None

    @property
    def is_error(self) -> bool:
        """Whether the problem is an error (not a warning)."""
        return self.severity == "error"

    def located(self, **changes: Any) -> Problem:
        """A copy with location fields replaced (only those given and not None)."""
        fields = asdict(self)
        fields.update({k: v for k, v in changes.items() if v is not None})
        if fields["hex"] is not None:
            fields["hex"] = tuple(fields["hex"])
        return Problem(**fields)

    def location(self) -> str:
        """`file:line:col` as far as known (`<input>` when there is no file)."""
        where = self.file or "<input>"
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        return where

    @property
    def text(self) -> str:
        """The message in the current language (engine.i18n)."""
        return translate(self.message)

    @property
    def hint_text(self) -> str:
        """The hint in the current language (engine.i18n)."""
        return translate(self.hint)

    def format(self) -> str:
        """The human form in the current language: `file:line:col: severity code: message
        (hint)`; the code is the same in every language."""
        severity = translate(_SEVERITY_WORDS.get(self.severity, self.severity))
        text = f"{self.location()}: {severity} {self.code}: {self.text}"
        extra = []
        if self.hex is not None:
            extra.append(translate(_("hex [{col}, {row}]", col=self.hex[0], row=self.hex[1])))
        if self.pointer and self.line is None:
            extra.append(translate(_("at {pointer}", pointer=self.pointer)))
        if extra:
            text += f" [{', '.join(extra)}]"
        if self.hint:
            text += f" ({self.hint_text})"
        return text

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every field; message and hint in English in every language
        (machine output is language-neutral: match on the code)."""
        out = asdict(self)
        out["message"], out["hint"] = english(self.message), english(self.hint)
        out["hex"] = list(self.hex) if self.hex is not None else None
        return out


class ContentError(ValueError):
    """Content could not be loaded; `.problems` lists every problem found (errors first)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems, key=lambda p: (not p.is_error))
        first = next((p for p in self.problems if p.is_error), None)
        summary = first.format() if first else translate(_("invalid content"))
        more = len(self.problems) - 1
        if more > 0:
            summary += " " + translate(ngettext("(and {n} more)", "(and {n} more)", more))
        super().__init__(summary)


def error(code: str, message: str, hint: str, **where: Any) -> Problem:
    """Shorthand for an error Problem."""
    return Problem(code, "error", message, hint, **where)


def warning(code: str, message: str, hint: str, **where: Any) -> Problem:
    """Shorthand for a warning Problem."""
    return Problem(code, "warning", message, hint, **where)


def count(n: int, noun: str, plural: str | None = None) -> str:
    """`n` with the noun in the right number: "1 fort", "2 forts", "0 forts" (in German
    "1 Fort", "2 Forts": the catalogue holds "{n} <noun>" with its plural)."""
    return ngettext(f"{{n}} {noun}", f"{{n}} {plural or noun + 's'}", n)
