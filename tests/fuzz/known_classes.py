"""Crash classes that are known and assigned to another branch (issue 15), by target.

A crash of one of these classes is reported as "known" and does not fail a run, unless the
run is `--strict`. When the branch that fixes a class is merged, delete its entry here (and
move its inputs from tests/fuzz/known/<target>/ to tests/fuzz/corpus/<target>/): from then on
the class fails the suite again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class KnownClass:
    """Crashes of `target` whose "Type: message" matches `pattern`; fixed on branch `owner`."""

    target: str
    pattern: str
    owner: str
    what: str


KNOWN: tuple[KnownClass, ...] = (
    # Issue 15 §5: saved games are trusted (deep nesting, huge ints, 1e400, wrong types).
    KnownClass("save", r"^RecursionError:", "bounds", "deep nesting in a save"),
    KnownClass("save", r"^ValueError: Exceeds the limit", "bounds", "integer over 4,300 digits"),
    KnownClass("save", r"^OverflowError:", "bounds", "1e400 in an integer field"),
    KnownClass("save", r"^(AttributeError|TypeError):", "bounds",
               "a field of the wrong type (options or counters as a string, ...)"),
    KnownClass("save", r"^(ValueError: embedded null byte|UnicodeEncodeError: .*surrogate)",
               "bounds",
               "NUL or a lone surrogate in scenario_path"),
    # Issue 15 §4: pack reading (deep nesting, big ints, names, deflate).
    KnownClass("pack", r"^RecursionError:", "packs",
               "deep nesting in manifest.json or a content file"),
    KnownClass("pack", r"^ValueError: Exceeds the limit", "packs", "integer over 4,300 digits"),
    KnownClass("pack", r"^(UnicodeDecodeError|zlib\.error|NotImplementedError)", "packs",
               "bad entry name, deflate stream or zip version"),
    # Issue 15 §6: the validate printer and references with NUL or symlink loops.
    KnownClass("validate", r"^UnicodeEncodeError: .*surrogate", "bounds",
               "a lone surrogate in a key reaches the printer"),
)


def known_class(target: str, exc: BaseException) -> KnownClass | None:
    """The known class of a crash of `target`, or None when it is new."""
    text = f"{type(exc).__name__}: {exc}"
    if type(exc).__module__ not in ("builtins", "__builtin__"):
        text = f"{type(exc).__module__}.{text}"
    for k in KNOWN:
        if k.target == target and re.search(k.pattern, text, re.DOTALL):
            return k
    return None
