"""Strict JSON parsing with source positions and duplicate-key detection.

`json.loads` (C speed) checks the syntax first and gives the error location; a small scanner
then walks the valid text once to build the data while recording where each value and key
starts and reporting duplicate keys.
"""

from __future__ import annotations

import json
import math
import re
from json.decoder import scanstring  # type: ignore[attr-defined]
from typing import Any

from engine.content.positions import LineIndex, Positions, join_pointer
from engine.content.problems import ContentError, Problem, error
from engine.i18n import _

_WS = re.compile(r"[ \t\n\r]*")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
MAX_DEPTH = 64
MAX_KEYS = 10_000  # per mapping; no format has open mappings anywhere near as large


def parse_json(text: str, file: str | None = None) -> tuple[Any, Positions]:
    """Parse JSON into plain data and positions; raise ContentError with located problems."""
    suspect: list[bool] = []  # set by the hook: a key repeated, or too many keys

    def pairs_to_dict(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found = dict(pairs)
        if len(found) != len(pairs) or len(pairs) > MAX_KEYS:
            suspect.append(True)
        return found

    refused: list[str] = []  # the number literal a hook refused, to locate it

    def refuse_constant(name: str) -> Any:
        refused.append(name)
        raise ValueError(f"{name} is not valid JSON")

    def finite_float(literal: str) -> float:
        value = float(literal)
        if not math.isfinite(value):  # 1e400
            refused.append(literal)
            raise ValueError(f"number {literal[:40]} is too large")
        return value

    try:
        data = json.loads(text, parse_constant=refuse_constant, parse_float=finite_float,
                          object_pairs_hook=pairs_to_dict)
    except json.JSONDecodeError as exc:
        raise ContentError([error(
            "json.syntax", _("malformed JSON: {msg}", msg=exc.msg),
            _("check commas, brackets and quotes around this place (JSON allows no trailing commas "
              "or comments)"), file=file, line=exc.lineno, col=exc.colno,
        )]) from None
    except ValueError as exc:  # NaN/Infinity, 1e400, or integers too long to convert
        at = text.find(refused[0]) if refused else -1
        line, col = LineIndex(text).position(at) if at >= 0 else (1, 1)
        raise ContentError([error(
            "json.bad_number", str(exc), _("write ordinary finite numbers"), file=file,
            line=line, col=col,
        )]) from None
    except RecursionError:
        raise ContentError([error(
            "json.too_deep", _("nesting is too deep"), _("content files are shallow"),
            file=file, line=1, col=1,
        )]) from None
    surrogate = lone_surrogate_offset(text)
    if surrogate is not None:
        line, col = LineIndex(text).position(surrogate)
        raise ContentError([error(
            "json.lone_surrogate", _("text with a lone surrogate escape (\\ud800-\\udfff)"),
            _("write the character itself, or both halves of its surrogate pair"), file=file,
            line=line, col=col,
        )])
    if suspect or _deeper_than(data, MAX_DEPTH):
        return _Scanner(text, LineIndex(text), file).run()  # it locates what is wrong
    # The same data as the scanner's; where each value is, only if a problem needs it.
    return data, Positions(find=lambda: _Scanner(text, LineIndex(text), file).run()[1])


def lone_surrogate_offset(text: str) -> int | None:
    """The offset of the first string literal of valid JSON `text` holding a lone surrogate
    (a `\\ud800` escape without its pair), or None. Such a string cannot be written as
    UTF-8, so a file holding one could be read but never saved or exported."""
    if "\\u" not in text or _SURROGATE_ESCAPE.search(text) is None:
        return None
    for literal in _STRING.finditer(text):
        if _SURROGATE_ESCAPE.search(literal.group()) is None:
            continue
        try:
            json.loads(literal.group()).encode("utf-8")
        except UnicodeEncodeError:
            return literal.start()
    return None


def _deeper_than(data: Any, limit: int) -> bool:
    """Whether containers nest more than `limit` levels (the scanner's refusal)."""
    level: list[Any] = [data] if isinstance(data, (dict, list)) else []
    for _depth in range(limit):
        level = [child for node in level
                 for child in (node.values() if isinstance(node, dict) else node)
                 if isinstance(child, (dict, list))]
        if not level:
            return False
    return True


class _Scanner:
    """Walks valid JSON text, building data and positions (iteratively, no recursion)."""

    def __init__(self, text: str, lines: LineIndex, file: str | None) -> None:
        self.text = text
        self.lines = lines
        self.file = file
        self.positions = Positions()
        self.problems: list[Problem] = []

    def _skip(self, i: int) -> int:
        return _WS.match(self.text, i).end()  # type: ignore[union-attr]

    def _scalar(self, i: int) -> tuple[Any, int]:
        text = self.text
        c = text[i]
        if c == '"':
            return scanstring(text, i + 1, True)
        if text.startswith("true", i):
            return True, i + 4
        if text.startswith("false", i):
            return False, i + 5
        if text.startswith("null", i):
            return None, i + 4
        m = _NUMBER.match(text, i)
        assert m is not None  # the text passed json.loads
        s = m.group()
        return (float(s) if m.group(1) or m.group(2) else int(s)), m.end()

    def run(self) -> tuple[Any, Positions]:
        text = self.text
        values = self.positions.values
        # Frame: [container, pointer, seen keys]
        stack: list[list[Any]] = []
        root: Any = None
        i = self._skip(0)
        pointer = ""
        while True:
            # Here a value starts at i, with its pointer in `pointer`.
            values.setdefault(pointer, self.lines.position(i))
            c = text[i]
            if c in "{[":
                container: Any = {} if c == "{" else []
                if stack:
                    self._attach(stack[-1], pointer, container)
                else:
                    root = container
                if len(stack) >= MAX_DEPTH:
                    line, col = self.lines.position(i)
                    raise ContentError([error(
                        "json.too_deep",
                        _("nesting deeper than {max_depth} levels", max_depth=MAX_DEPTH),
                        _("content files are shallow"), file=self.file, line=line, col=col,
                    )])
                stack.append([container, pointer, set()])
                i = self._skip(i + 1)
                if text[i] in "}]":
                    i += 1
                    stack.pop()
                else:
                    pointer, i = self._next_slot(stack[-1], i, first=True)
                    continue
            else:
                value, i = self._scalar(i)
                if stack:
                    self._attach(stack[-1], pointer, value)
                else:
                    root = value
            # After a value: close containers or move to the next slot.
            while True:
                if not stack:
                    if self.problems:
                        raise ContentError(self.problems)
                    return root, self.positions
                i = self._skip(i)
                if text[i] == ",":
                    pointer, i = self._next_slot(stack[-1], self._skip(i + 1), first=False)
                    break
                i += 1  # "}" or "]"
                stack.pop()

    def _next_slot(self, frame: list[Any], i: int, first: bool) -> tuple[str, int]:
        container = frame[0]
        if isinstance(container, list):
            return join_pointer(frame[1], len(container)), i
        key, j = scanstring(self.text, i + 1, True)
        pointer = join_pointer(frame[1], key)
        line, col = self.lines.position(i)
        if len(frame[2]) >= MAX_KEYS:
            # Stops a flood of keys before positions for all of them fill the memory.
            raise ContentError([error(
                "json.too_many_keys",
                _("more than {max_keys:,} keys in one object", max_keys=MAX_KEYS),
                _("no format has objects this large; is this the right file?"), file=self.file,
                line=line, col=col, pointer=frame[1],
            )])
        if key in frame[2]:
            first_at = self.positions.keys.get(pointer)
            self.problems.append(error(
                "json.duplicate_key", _("duplicate key '{key}'", key=key),
                _("remove one of them (first at line {first_at})", first_at=first_at[0]) if first_at
                else _("remove one of them"), file=self.file, line=line, col=col, pointer=pointer,
            ))
        else:
            self.positions.keys[pointer] = (line, col)
        frame[2].add(key)
        j = self._skip(j)
        j = self._skip(j + 1)  # past ":"
        # The pending key is remembered in the frame for _attach.
        frame.append(key) if len(frame) == 3 else frame.__setitem__(3, key)
        return pointer, j

    def _attach(self, frame: list[Any], pointer: str, value: Any) -> None:
        container = frame[0]
        if isinstance(container, list):
            container.append(value)
            return
        key = frame[3]
        # With duplicate keys the first value wins (the file is refused anyway).
        container.setdefault(key, value)
