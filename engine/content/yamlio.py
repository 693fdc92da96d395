"""Strict YAML parsing: libyaml events (C speed) built into plain data with source positions.

Anchors and aliases are refused outright (alias bombs), as are duplicate keys, non-JSON values
(.inf, .nan, dates stay strings) and custom tags. Scalars resolve like YAML 1.2's core schema:
only true/false are booleans, so `no`, `on` or `DE` stay strings.
"""

from __future__ import annotations

import math
import re
from typing import Any

import yaml

from engine.content.positions import LineIndex, Positions, join_pointer
from engine.content.problems import ContentError, Problem, error
from engine.i18n import _

MAX_DEPTH = 64
MAX_KEYS = 10_000  # per mapping; no format has open mappings anywhere near as large

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_TAG = "tag:yaml.org,2002:"
_NULL = frozenset({"", "~", "null", "Null", "NULL"})
_TRUE = frozenset({"true", "True", "TRUE"})
_FALSE = frozenset({"false", "False", "FALSE"})
_INT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?\Z")
_ALLOWED_SCALAR_TAGS = {f"{_TAG}{t}" for t in ("str", "int", "float", "bool", "null")}


class _Abort(Exception):
    """Stops the event loop after an unrecoverable problem."""


def _resolve_plain(value: str, mark: tuple[int, int], problems: list[Problem], file: str | None,
                   pointer: str | None) -> Any:
    if value in _NULL:
        return None
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    if _INT.match(value):
        try:
            return int(value)
        except ValueError:  # more digits than Python converts
            problems.append(_bad_number(value, mark, file, pointer))
            return None
    if _FLOAT.match(value):
        number = float(value)
        if not math.isfinite(number):
            problems.append(_bad_number(value, mark, file, pointer))
            return None
        return number
    if value.lower() in {".inf", "+.inf", "-.inf", ".nan"}:
        problems.append(_bad_number(value, mark, file, pointer))
        return None
    return value


def _bad_number(
    value: str, mark: tuple[int, int], file: str | None, pointer: str | None
) -> Problem:
    return error(
        "yaml.bad_number",
        _("number {value!r} is not a finite number of sensible size", value=value[:40]),
        _("write an ordinary number, or quote it to make it text"),
        file=file, line=mark[0], col=mark[1], pointer=pointer,
    )


def _tagged_scalar(tag: str, value: str, mark: tuple[int, int], problems: list[Problem],
                   file: str | None, pointer: str | None) -> Any:
    kind = tag[len(_TAG):]
    if kind == "str":
        return value
    resolved = _resolve_plain(value, mark, problems, file, pointer)
    expected = {"int": int, "float": (int, float), "bool": bool, "null": type(None)}[kind]
    if not isinstance(resolved, expected) or (kind != "bool" and isinstance(resolved, bool)):
        problems.append(error(
            "yaml.bad_tag", _("{value!r} is not a valid !!{kind}", value=value, kind=kind),
            _("remove the tag or fix the value"), file=file, line=mark[0], col=mark[1],
            pointer=pointer,
        ))
        return None
    return float(resolved) if kind == "float" else resolved


def _mark(event: Any) -> tuple[int, int]:
    m = event.start_mark
    return m.line + 1, m.column + 1


def _char_at(text: str, line: int, column: int) -> str:
    lines = text.split("\n", line + 1)
    if line < len(lines) and column < len(lines[line]):
        return lines[line][column]
    return ""


def _syntax_problem(exc: yaml.YAMLError, text: str, file: str | None) -> Problem:
    if isinstance(exc, yaml.reader.ReaderError):
        line, col = LineIndex(text).position(min(exc.position, len(text)))
        char = exc.character
        shown = f"U+{char:04X}" if isinstance(char, int) else repr(char)
        return error(
            "yaml.bad_character", _("character {shown} is not allowed in YAML", shown=shown),
            _("remove control characters; files must be plain UTF-8 text"),
            file=file, line=line, col=col,
        )
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    message = f"{context}: {problem}" if context else str(problem)
    hint = _("check indentation, colons and quotes around this place")
    if mark is not None and _char_at(text, mark.line, mark.column) == "\t":
        message += " (a tab)"
        hint = _("use spaces for indentation, not tabs")
    return error(
        "yaml.syntax", _("malformed YAML: {message}", message=message), hint, file=file,
        line=mark.line + 1 if mark else None, col=mark.column + 1 if mark else None,
    )


def parse_yaml(text: str, file: str | None = None) -> tuple[Any, Positions]:
    """Parse one YAML document into plain data and positions; raise ContentError if bad.

    A document with nothing to refuse is built without positions (a 1M-hex map's 10^5
    values); they are found by the full parse the first time a problem needs one."""
    data = _plain_data(text)
    if data is _UNSURE:
        return _parse_located(text, file)  # says what is wrong, and where
    return data, Positions(find=lambda: _parse_located(text, file)[1])


_UNSURE = object()  # _plain_data's answer when the located parse must decide
_KEY = object()  # a mapping frame's marker: a key comes next


def _plain_data(text: str) -> Any:
    """The data of `text` when `_parse_located` would refuse nothing in it, else `_UNSURE`:
    the same data, without recording where each value is."""
    stack: list[list[Any]] = []  # frames: [container, pending key or _KEY, keys seen]
    root: list[Any] = []
    documents = 0
    bad_numbers: list[Problem] = []

    def attach(value: Any) -> None:
        if not stack:
            root.append(value)
            return
        frame = stack[-1]
        container = frame[0]
        if frame[1] is None:
            container.append(value)
        else:
            container[frame[1]] = value
            frame[1] = _KEY

    try:
        for event in yaml.parse(text, Loader=_Loader):
            kind = type(event)
            if kind is yaml.ScalarEvent:
                tag = event.tag
                if event.anchor is not None or tag not in (None, "!"):
                    return _UNSURE
                frame = stack[-1] if stack else None
                if frame is not None and frame[1] is _KEY:
                    key, seen = event.value, frame[2]
                    if key in seen or len(seen) >= MAX_KEYS:
                        return _UNSURE
                    seen.add(key)
                    frame[1] = key
                    continue
                if tag is None and event.implicit[0]:
                    attach(_resolve_plain(event.value, (0, 0), bad_numbers, None, None))
                    if bad_numbers:
                        return _UNSURE
                else:
                    attach(event.value)
            elif kind is yaml.SequenceStartEvent or kind is yaml.MappingStartEvent:
                mapping = kind is yaml.MappingStartEvent
                expected = f"{_TAG}{'map' if mapping else 'seq'}"
                if (event.anchor is not None or event.tag not in (None, "!", expected)
                        or (stack and stack[-1][1] is _KEY) or len(stack) >= MAX_DEPTH):
                    return _UNSURE
                container: Any = {} if mapping else []
                attach(container)
                stack.append([container, _KEY, set()] if mapping else [container, None, None])
            elif kind is yaml.SequenceEndEvent or kind is yaml.MappingEndEvent:
                stack.pop()
            elif kind is yaml.AliasEvent:
                return _UNSURE
            elif kind is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    return _UNSURE
    except yaml.YAMLError:
        return _UNSURE
    return root[0] if root else _UNSURE


def _parse_located(text: str, file: str | None) -> tuple[Any, Positions]:
    """Parse with the position of every value and key, refusing with located problems."""
    problems: list[Problem] = []
    positions = Positions()
    values, keys = positions.values, positions.keys
    # Frame: [container, pointer, pending key (None when a key is expected next), seen keys]
    stack: list[list[Any]] = []
    root: list[Any] = []
    documents = 0

    def place(value: Any, event: Any) -> str:
        """Attach a finished or opened node to its parent; return its pointer."""
        mark = _mark(event)
        if not stack:
            values[""] = mark
            root.append(value)
            return ""
        frame = stack[-1]
        container = frame[0]
        if isinstance(container, list):
            pointer = join_pointer(frame[1], len(container))
            container.append(value)
        else:
            key = frame[2]
            frame[2] = None
            pointer = join_pointer(frame[1], key)
            if key not in frame[3]:
                container[key] = value
                frame[3].add(key)
        values.setdefault(pointer, mark)
        return pointer

    try:
        for event in yaml.parse(text, Loader=_Loader):
            kind = type(event)
            if kind is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    problems.append(error(
                        "yaml.multiple_documents", _("the file holds more than one YAML document"),
                        _("keep one document per file; remove the extra '---'"),
                        file=file, line=_mark(event)[0], col=_mark(event)[1],
                    ))
                    raise _Abort
                continue
            if kind in (yaml.MappingEndEvent, yaml.SequenceEndEvent):
                stack.pop()
                continue
            if kind not in (yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent,
                            yaml.AliasEvent):
                continue
            line, col = _mark(event)
            if kind is yaml.AliasEvent or event.anchor is not None:
                what = "alias" if kind is yaml.AliasEvent else "anchor"
                problems.append(error(
                    f"yaml.{what}",
                    _("YAML {what} '{anchor}' is not allowed", what=what, anchor=event.anchor),
                    _("write the value out in full; anchors and aliases are refused (they can "
                      "expand without bound)"), file=file, line=line, col=col,
                ))
                raise _Abort
            frame = stack[-1] if stack else None
            expecting_key = frame is not None and isinstance(frame[0], dict) and frame[2] is None
            if expecting_key:
                if kind is not yaml.ScalarEvent:
                    problems.append(error(
                        "yaml.complex_key", _("a mapping key must be plain text"),
                        _("use a simple name as key"), file=file, line=line, col=col,
                        pointer=frame[1],
                    ))
                    raise _Abort
                key = event.value
                pointer = join_pointer(frame[1], key)
                if len(frame[3]) >= MAX_KEYS:
                    problems.append(error(
                        "yaml.too_many_keys",
                        _("more than {max_keys:,} keys in one mapping", max_keys=MAX_KEYS),
                        _("no format has mappings this large; is this the right file?"),
                        file=file, line=line, col=col, pointer=frame[1],
                    ))
                    raise _Abort
                if key in frame[3]:
                    first = keys.get(pointer)
                    problems.append(error(
                        "yaml.duplicate_key", _("duplicate key '{key}'", key=key),
                        _("remove one of them (first at line {first})", first=first[0]) if first
                        else _("remove one of them"), file=file, line=line, col=col,
                        pointer=pointer,
                    ))
                else:
                    keys[pointer] = (line, col)
                frame[2] = key
                continue
            if kind is yaml.ScalarEvent:
                tag = event.tag
                pointer_hint = None
                if tag not in (None, "!") and tag not in _ALLOWED_SCALAR_TAGS:
                    problems.append(error(
                        "yaml.bad_tag", _("tag '{tag}' is not allowed", tag=tag),
                        _("remove the tag; content files hold plain data"),
                        file=file, line=line, col=col,
                    ))
                    value: Any = None
                elif tag in _ALLOWED_SCALAR_TAGS:
                    value = _tagged_scalar(tag, event.value, (line, col), problems, file,
                                           pointer_hint)
                elif event.implicit[0] and tag is None:
                    value = _resolve_plain(event.value, (line, col), problems, file, pointer_hint)
                else:
                    value = event.value
                place(value, event)
                continue
            container: Any = {} if kind is yaml.MappingStartEvent else []
            expected_tag = f"{_TAG}{'map' if isinstance(container, dict) else 'seq'}"
            if event.tag not in (None, "!", expected_tag):
                problems.append(error(
                    "yaml.bad_tag", _("tag '{tag}' is not allowed", tag=event.tag),
                    _("remove the tag; content files hold plain data"),
                    file=file, line=line, col=col,
                ))
            pointer = place(container, event)
            if len(stack) >= MAX_DEPTH:
                problems.append(error(
                    "yaml.too_deep",
                    _("nesting deeper than {max_depth} levels", max_depth=MAX_DEPTH),
                    _("content files are shallow; check the indentation"),
                    file=file, line=line, col=col, pointer=pointer,
                ))
                raise _Abort
            stack.append([container, pointer, None, set()])
    except _Abort:
        pass
    except yaml.YAMLError as exc:
        problems.append(_syntax_problem(exc, text, file))
    if problems:
        raise ContentError(problems)
    if not root:
        raise ContentError([error(
            "document.empty", _("the file is empty"),
            _("a content file starts with $schema and schema_version"), file=file, line=1, col=1,
        )])
    return root[0], positions
