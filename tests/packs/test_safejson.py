"""The safe JSON reader: bounds, duplicate keys and located errors."""

from __future__ import annotations

import json

import pytest

from packs.safejson import MAX_DEPTH, JsonError, loads


@pytest.mark.parametrize(("text", "message", "line", "col"), [
    ('{"a": 1,\n "a": 2}', "duplicate key 'a'", 2, 2),
    ('{"k\\u0061": 1, "ka": 2}', "duplicate key 'ka'", 1, 16),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nesting deeper", 1, MAX_DEPTH + 1),
    ("[" * 200_000, "nesting deeper", 1, MAX_DEPTH + 1),
    ('{"n":\n  ' + "7" * 5000 + "}", "5,000 digits", 2, 3),
    ("[1e400]", "too large", 1, 2),
    ("[NaN]", "NaN", 1, 2),
    ('{"a": [1,}', "not valid JSON", 1, 10),
    ('{"a": 1,\n "b": "x\\udfffy"}', "lone surrogate", 2, 7),
])
def test_refused_with_location(text, message, line, col):
    with pytest.raises(JsonError, match=message) as info:
        loads(text, source="x.json")
    assert (info.value.line, info.value.col) == (line, col)
    assert str(info.value).startswith(f"x.json:{line}:{col}: ")


def test_a_whole_surrogate_pair_is_one_character():
    assert loads('["\\ud83d\\ude00", "\\\\ud800"]', source="x") == ["\U0001f600", "\\ud800"]


def test_bad_utf8_bytes_are_located():
    with pytest.raises(JsonError, match="UTF-8") as info:
        loads(b'{"a":\n "\xff"}', source="m.json")
    assert info.value.line == 2


def test_valid_json_parses_like_the_standard_reader():
    text = ('{"a": [1, -2.5, "x:[{", {"b": null, "c": true}], "d": {"a": 1}, '
            '"e": "\\"a\\": 1", "f": [{"a": 1}, {"a": 2}]}')
    assert loads(text, source="x") == json.loads(text)
    assert loads(("[" * MAX_DEPTH + "]" * MAX_DEPTH).encode(), source="x") == json.loads(
        "[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert loads("-" + "9" * 100, source="x") == -int("9" * 100)
