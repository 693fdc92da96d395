"""Estimable numbers: `4` or `{value: 4, estimated: true, note: "GAP: ..."}` in files.

Loaders unwrap them into plain numbers and remember the JSON pointers that were estimated
(and their notes); writers wrap them back so a round trip keeps the flags and notes.
A note is one text (any language) or `{de, en}` like a content name; both are kept as they
are, and `note_text` gives what a user reads.
"""

from __future__ import annotations

from typing import Any

from engine.content.positions import join_pointer
from engine.i18n import Note, edited_note, note_text

__all__ = ["Flags", "Note", "Wrapper", "edited_note", "is_estimable_object", "note_text"]


class Flags:
    """Collects estimated pointers and notes while unwrapping (pointers relative to a base)."""

    def __init__(self, estimated: set[str] | None = None, notes: dict[str, Note] | None = None):
        self.estimated: set[str] = estimated if estimated is not None else set()
        self.notes: dict[str, Note] = notes if notes is not None else {}

    def num(self, value: Any, pointer: str) -> Any:
        """Unwrap one estimable value found at `pointer`."""
        if is_estimable_object(value):
            if value.get("estimated"):
                self.estimated.add(pointer)
            if "note" in value:
                self.notes[pointer] = value["note"]
            return value["value"]
        return value

    def deep(self, value: Any, pointer: str) -> Any:
        """Unwrap every estimable value inside nested dicts and lists."""
        if is_estimable_object(value):
            return self.num(value, pointer)
        if isinstance(value, dict):
            return {k: self.deep(v, join_pointer(pointer, k)) for k, v in value.items()}
        if isinstance(value, list):
            return [self.deep(v, join_pointer(pointer, i)) for i, v in enumerate(value)]
        return value


class Wrapper:
    """Writes numbers back in the `{value, estimated, note}` form where they were flagged."""

    def __init__(self, estimated: set[str], notes: dict[str, Note]) -> None:
        self.estimated = estimated
        self.notes = notes

    def num(self, value: Any, pointer: str) -> Any:
        """The file form of one number at `pointer`."""
        if pointer in self.estimated or pointer in self.notes:
            out: dict[str, Any] = {"value": value, "estimated": pointer in self.estimated}
            if pointer in self.notes:
                out["note"] = self.notes[pointer]
            return out
        return value

    def deep(self, value: Any, pointer: str) -> Any:
        """The file form of nested data, wrapping every flagged number."""
        if isinstance(value, dict):
            return {k: self.deep(v, join_pointer(pointer, k)) for k, v in value.items()}
        if isinstance(value, list):
            return [self.deep(v, join_pointer(pointer, i)) for i, v in enumerate(value)]
        if isinstance(value, int | float) and not isinstance(value, bool):
            return self.num(value, pointer)
        return value


def is_estimable_object(value: Any) -> bool:
    """Whether a value is the `{value, estimated[, note]}` form."""
    return (
        isinstance(value, dict)
        and "value" in value
        and "estimated" in value
        and set(value) <= {"value", "estimated", "note"}
    )
