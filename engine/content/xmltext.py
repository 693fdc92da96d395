"""Texts a board export could not write: XML 1.0 (the SVG boards, Tiled's TMX) cannot hold
C0 control characters but tab and line breaks, nor U+FFFE and U+FFFF, not even as character
references, while YAML and JSON escapes (`"\\x07"`, `"\\u000b"`) and a paste from a word
processor (vertical tab, form feed) can put them into a name or label."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from engine.content.positions import join_pointer
from engine.content.problems import Problem, error
from engine.i18n import _

# also lone surrogates: no UTF-8 file holds one (only reachable from an edit in memory)
_UNWRITABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def unwritable_texts(kind: str, texts: Iterable[tuple[str, Any]]) -> list[Problem]:
    """An error `{kind}.unwritable_text` for each (pointer, text) whose text holds such a
    character."""
    out: list[Problem] = []
    for pointer, text in texts:
        found = _UNWRITABLE.search(text) if isinstance(text, str) else None
        if found is not None:
            out.append(error(f"{kind}.unwritable_text",
                             _("text holds the character U+{code:04X}, which no board file "
                               "(SVG, Tiled) can hold", code=ord(found.group())),
                             _("remove it; tabs and line breaks are fine"), pointer=pointer))
    return out


def strings_of(data: Any, pointer: str = "") -> Iterator[tuple[str, str]]:
    """(pointer, text) of every string value in `data`, in document order (the readers bound
    the nesting to 64 levels)."""
    if isinstance(data, str):
        yield pointer, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from strings_of(value, join_pointer(pointer, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from strings_of(value, join_pointer(pointer, i))
