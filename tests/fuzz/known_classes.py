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


KNOWN: tuple[KnownClass, ...] = ()


def known_class(target: str, exc: BaseException) -> KnownClass | None:
    """The known class of a crash of `target`, or None when it is new."""
    text = f"{type(exc).__name__}: {exc}"
    if type(exc).__module__ not in ("builtins", "__builtin__"):
        text = f"{type(exc).__module__}.{text}"
    for k in KNOWN:
        if k.target == target and re.search(k.pattern, text, re.DOTALL):
            return k
    return None
