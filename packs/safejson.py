"""JSON from untrusted files, bounded: nesting depth, integer digits, finite numbers,
no duplicate keys; every refusal is a JsonError naming the source, line and column.

The standard `json.loads` recurses per nesting level (RecursionError on deep input), turns
`1e400` into infinity, accepts NaN and duplicate keys (the last wins) and fails only above
4,300 integer digits. Here a fast pass over the brackets outside strings bounds the depth
first, then `json.loads` parses with hooks that bound the numbers and refuse duplicate keys;
only a refused text is scanned again, iteratively, to locate the problem.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from engine.content import lone_surrogate_offset
from engine.i18n import _

MAX_DEPTH = 64
MAX_INT_DIGITS = 100
# A string literal (skipped whole), or a bracket, or a colon (marks the string before it as
# a key).
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}:]', re.DOTALL)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class JsonError(ValueError):
    """Refused JSON: `source` (a file or `pack!entry`), 1-based `line`/`col`, `message`,
    `hint`."""

    def __init__(self, source: str, message: str, hint: str, line: int | None = None,
                 col: int | None = None) -> None:
        self.source = source
        self.message = message
        self.hint = hint
        self.line = line
        self.col = col
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.source
        if self.line is not None:
            where += f":{self.line}:{self.col}"
        return f"{where}: {self.message} (hint: {self.hint})"


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _scan(text: str, source: str, max_depth: int) -> None:
    """Check nesting depth and duplicate keys in one pass without recursion."""
    keys: list[set[str] | None] = []  # per open container: keys seen (None for arrays)
    pending: tuple[str, int] | None = None  # last string literal, maybe a key
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if tok == ":":
            if pending is not None and keys and keys[-1] is not None:
                literal, start = pending
                try:
                    key = json.loads(literal)
                except ValueError:
                    return  # malformed; json.loads below reports it with its position
                if key in keys[-1]:
                    line, col = _position(text, start)
                    raise JsonError(source, _("duplicate key {key!r}", key=key),
                                    _("remove one of them"),
                                    line, col)
                keys[-1].add(key)
            pending = None
        elif tok[0] == '"':
            pending = (tok, m.start())
        else:
            pending = None
            if tok in "{[":
                if len(keys) >= max_depth:
                    line, col = _position(text, m.start())
                    raise JsonError(source,
                                    _("nesting deeper than {max_depth} levels",
                                      max_depth=max_depth),
                                    _("these files are shallow; the file is damaged or hostile"),
                                    line, col)
                keys.append(set() if tok == "{" else None)
            elif keys:
                keys.pop()


def _too_deep(text: str, max_depth: int) -> bool:
    """Whether brackets outside strings nest deeper than `max_depth` (fast, unlocated)."""
    depth = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            if depth > max_depth:
                return True
        else:
            depth -= 1
    return False


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        raise _DuplicateKey
    return data


class _DuplicateKey(Exception):
    pass


def _locate(text: str, literal: str) -> tuple[int | None, int | None]:
    index = text.find(literal)
    return _position(text, index) if index >= 0 else (None, None)


class _NumberError(Exception):
    def __init__(self, literal: str, message: str) -> None:
        self.literal = literal
        self.message = message


def loads(data: str | bytes, *, source: str, max_depth: int = MAX_DEPTH,
          max_int_digits: int = MAX_INT_DIGITS) -> Any:
    """Parse JSON text (or UTF-8 bytes) within the bounds; raise JsonError located in
    `source` on bad UTF-8, bad syntax, deep nesting, duplicate keys, an integer of more than
    `max_int_digits` digits, a number that is not finite (NaN, Infinity, 1e400), or a string
    with a lone surrogate (no UTF-8 file could hold it)."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as err:
            line, col = _position(data[:err.start].decode("utf-8", "replace"), err.start)
            raise JsonError(source, _("not valid UTF-8 text"), _("save the file as UTF-8"),
                            line, col) from None
    else:
        text = data
    if text.startswith("\ufeff"):
        text = text[1:]
    if _too_deep(text, max_depth):
        _scan(text, source, max_depth)  # raises, located

    def parse_int(literal: str) -> int:
        if len(literal.lstrip("-")) > max_int_digits:
            raise _NumberError(literal,
                               _("integer of {n_lstrip:,} digits, more than {max_int_digits}",
                                 n_lstrip=len(literal.lstrip('-')), max_int_digits=max_int_digits))
        return int(literal)

    def parse_float(literal: str) -> float:
        value = float(literal)
        if not math.isfinite(value):
            raise _NumberError(literal, _("number {literal} is too large", literal=literal[:40]))
        return value

    def parse_constant(name: str) -> Any:
        raise _NumberError(name, _("{name} is not a number JSON allows", name=name))

    try:
        data = json.loads(text, parse_int=parse_int, parse_float=parse_float,
                          parse_constant=parse_constant, object_pairs_hook=_unique_keys)
    except _DuplicateKey:
        _scan(text, source, max_depth)  # raises, located
        raise JsonError(source, _("duplicate key"), _("remove one of them")) from None
    except json.JSONDecodeError as err:
        raise JsonError(source, _("not valid JSON: {msg}", msg=err.msg),
                        _("check commas, brackets and quotes here"), err.lineno,
                        err.colno) from None
    except _NumberError as err:
        line, col = _locate(text, err.literal)
        raise JsonError(source, err.message, _("write ordinary finite numbers"), line,
                        col) from None
    except RecursionError:  # only if max_depth was set above what the interpreter allows
        raise JsonError(source, _("nesting too deep"), _("these files are shallow")) from None
    surrogate = lone_surrogate_offset(text)
    if surrogate is not None:
        line, col = _position(text, surrogate)
        raise JsonError(source, _("text with a lone surrogate escape (\\ud800-\\udfff)"),
                        _("write the character itself, or both halves of its surrogate pair"),
                        line, col)
    return data
