"""Problems found in content files, and the exception that carries them."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

Severity = Literal["error", "warning"]


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

    def format(self) -> str:
        """The human form: `file:line:col: severity code: message (hint)`."""
        text = f"{self.location()}: {self.severity} {self.code}: {self.message}"
        extra = []
        if self.hex is not None:
            extra.append(f"hex [{self.hex[0]}, {self.hex[1]}]")
        if self.pointer and self.line is None:
            extra.append(f"at {self.pointer}")
        if extra:
            text += f" [{', '.join(extra)}]"
        if self.hint:
            text += f" ({self.hint})"
        return text

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of every field."""
        out = asdict(self)
        out["hex"] = list(self.hex) if self.hex is not None else None
        return out


class ContentError(ValueError):
    """Content could not be loaded; `.problems` lists every problem found (errors first)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems, key=lambda p: (not p.is_error))
        first = next((p for p in self.problems if p.is_error), None)
        summary = first.format() if first else "invalid content"
        more = len(self.problems) - 1
        super().__init__(summary + (f" (and {more} more)" if more > 0 else ""))


def error(code: str, message: str, hint: str, **where: Any) -> Problem:
    """Shorthand for an error Problem."""
    return Problem(code, "error", message, hint, **where)


def warning(code: str, message: str, hint: str, **where: Any) -> Problem:
    """Shorthand for a warning Problem."""
    return Problem(code, "warning", message, hint, **where)


def count(n: int, noun: str, plural: str | None = None) -> str:
    """`n` with the noun in the right number: "1 fort", "2 forts", "0 forts"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
