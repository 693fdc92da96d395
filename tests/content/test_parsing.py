"""Strict YAML/JSON parsing: data, positions and located refusals."""

from __future__ import annotations

import json
import os

import pytest

from engine.content import ContentError, document_from_text, load_document
from engine.content.documents import decode_utf8
from engine.content.jsonio import parse_json
from engine.content.yamlio import parse_yaml


def codes(exc: pytest.ExceptionInfo[ContentError]) -> list[str]:
    return [p.code for p in exc.value.problems]


def test_yaml_data_and_positions():
    text = "a: 1\nb:\n  - [1, 2.5]\n  - {c: \"x/y\", d: null}\ne: no\nf: true\ng: 2024-01-01\n"
    data, pos = parse_yaml(text)
    assert data == {"a": 1, "b": [[1, 2.5], {"c": "x/y", "d": None}], "e": "no", "f": True,
                    "g": "2024-01-01"}
    assert pos.values["/a"] == (1, 4)
    assert pos.values["/b/1/c"] == (4, 9)
    assert pos.keys["/b"] == (2, 1)
    assert pos.locate("/b/1/missing") == (4, 5)


def test_json_data_and_positions_match_json_loads():
    text = '{\n  "a": [1, 2.5e3, {"b~c": "x"}],\n  "d": {"e": null, "f": false}\n}'
    data, pos = parse_json(text)
    assert data == json.loads(text)
    assert pos.values["/a/2/b~0c"] == (2, 27)
    assert pos.keys["/d/f"] == (3, 20)


@pytest.mark.parametrize(("text", "code", "line"), [
    ("a: 1\nb: [1, 2\n", "yaml.syntax", 3),
    ("a: 1\na: 2\n", "yaml.duplicate_key", 2),
    ("a: &x [1]\nb: *x\n", "yaml.anchor", 1),
    ("a:\n\t- 1\n", "yaml.syntax", 2),
    ("a: !!python/object:os.system x\n", "yaml.bad_tag", 1),
    ("a: 1\n---\nb: 2\n", "yaml.multiple_documents", 2),
    ("a: .inf\n", "yaml.bad_number", 1),
    ("a: 1e999\n", "yaml.bad_number", 1),
    ("a: \x07\n", "yaml.bad_character", 1),
    ("? [1, 2]\n: x\n", "yaml.complex_key", 1),
    ("", "document.empty", 1),
])
def test_yaml_refusals_are_located(text, code, line):
    with pytest.raises(ContentError) as exc:
        parse_yaml(text, "f.yaml")
    problem = exc.value.problems[0]
    assert (problem.code, problem.line, problem.file) == (code, line, "f.yaml")
    assert problem.hint


def test_tab_refusal_mentions_tabs():
    with pytest.raises(ContentError) as exc:
        parse_yaml("a:\n\t- 1\n")
    assert "tab" in exc.value.problems[0].hint


@pytest.mark.parametrize(("text", "code", "line", "col"), [
    ('{"a": 1,\n "a": 2}', "json.duplicate_key", 2, 2),
    ('{"a": 1,}', "json.syntax", 1, 9),
    ('{"a": NaN}', "json.bad_number", 1, 7),
    ('{"a":\n  [1, 1e400]}', "json.bad_number", 2, 7),
    ("[" * 100 + "]" * 100, "json.too_deep", 1, 65),
    ('{"a": "ok",\n "b": "x\\ud800y"}', "json.lone_surrogate", 2, 7),
    ('{"a":\n  {"\\udc00": 1}}', "json.lone_surrogate", 2, 4),
    ('["\\ud83d\\ude00", "\\ude00\\ud83d"]', "json.lone_surrogate", 1, 18),
])
def test_json_refusals_are_located(text, code, line, col):
    with pytest.raises(ContentError) as exc:
        parse_json(text, "f.json")
    problem = exc.value.problems[0]
    assert (problem.code, problem.line, problem.col) == (code, line, col)


@pytest.mark.parametrize("text", [
    '["\\ud83d\\ude00"]',  # a whole pair is one character
    '["\\\\ud800"]',  # an escaped backslash, then the letters ud800
    '["\\u00e4\\u20ac"]',
])
def test_json_keeps_text_that_utf8_can_hold(text):
    data, _positions = parse_json(text, "f.json")
    json.dumps(data, ensure_ascii=False).encode("utf-8")


def test_all_duplicate_keys_are_collected():
    with pytest.raises(ContentError) as exc:
        parse_yaml("a: 1\na: 2\nb:\n  c: 1\n  c: 2\n")
    assert [(p.code, p.line) for p in exc.value.problems] == [
        ("yaml.duplicate_key", 2), ("yaml.duplicate_key", 5)]


def test_non_utf8_is_located_by_line_and_column():
    with pytest.raises(ContentError) as exc:
        decode_utf8(b"a: 1\nb: \xc3\xa4\xff\n", "f.yaml")
    problem = exc.value.problems[0]
    assert (problem.code, problem.line, problem.col) == ("file.not_utf8", 2, 5)


def test_bom_is_accepted():
    assert decode_utf8(b"\xef\xbb\xbfa: 1\n") == "a: 1\n"


def test_document_kind_and_missing_or_unknown_schema():
    doc = document_from_text(
        "$schema: https://trenchclub.studio/schema/map.schema.json\nschema_version: 1\n", "yaml")
    assert doc.kind == "map"
    with pytest.raises(ContentError) as exc:
        document_from_text("schema_version: 1\n", "yaml")
    assert codes(exc) == ["document.no_schema"]
    with pytest.raises(ContentError) as exc:
        document_from_text("$schema: https://example.com/x.json\n", "yaml")
    assert codes(exc) == ["document.unknown_schema"]
    with pytest.raises(ContentError) as exc:
        document_from_text("[1, 2]", "json")
    assert codes(exc) == ["document.not_mapping"]


def test_newer_schema_version_is_refused(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("$schema: https://trenchclub.studio/schema/map.schema.json\n"
                    "schema_version: 7\n", encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        load_document(path)
    assert codes(exc) == ["document.version"]
    assert exc.value.problems[0].line == 2


def test_positions_behave_like_a_mapping():
    _, pos = parse_yaml("a:\n  b: 1\n")
    assert pos["/a/b"] == (2, 6)
    assert "/a" in pos and "/zz" not in pos
    assert pos.get("/zz") is None


def test_non_regular_file_is_refused(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(ContentError) as exc:
        load_document(fifo)
    assert codes(exc) == ["file.unreadable"]


@pytest.mark.parametrize("text", [
    '{"a": [1, 2.5e3, -0, 1E5, {"b~c": "x\\u00e9/y"}], "d": {"e": null, "f": false}}',
    "[" * 64 + "]" * 64,
    '{"big": 123456789012345678901234567890, "t": true, "s": "\\ud83d\\ude00"}',
    "7",
])
def test_json_without_problems_finds_its_positions_only_when_asked(text):
    """A clean JSON file is parsed by json.loads alone; its data and, when first asked for,
    its positions are the position scanner's."""
    from engine.content.jsonio import _Scanner
    from engine.content.positions import LineIndex

    data, pos = parse_json(text)
    assert pos._find is not None  # nothing scanned yet
    want_data, want_pos = _Scanner(text, LineIndex(text), None).run()
    assert data == want_data and type(data) is type(want_data)
    assert pos.values == want_pos.values and pos.keys == want_pos.keys
    assert pos._find is None


def test_json_content_files_parse_alike_both_ways():
    from engine.content.jsonio import _Scanner
    from engine.content.positions import LineIndex
    from engine.paths import PROJECT_ROOT as ROOT

    files = sorted(ROOT.glob("schema/*.json")) + sorted(ROOT.glob("tests/**/*.json"))[:40]
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        try:
            data, pos = parse_json(text)
        except ContentError:
            continue
        want_data, want_pos = _Scanner(text, LineIndex(text), None).run()
        assert json.dumps(data) == json.dumps(want_data), path
        assert pos == want_pos, path


def _yaml_corpus() -> list[str]:
    from engine.paths import PROJECT_ROOT as ROOT

    files = sorted(ROOT.glob("content/**/*.yaml")) + sorted(ROOT.glob("tests/**/*.yaml"))
    return [p.read_text(encoding="utf-8") for p in files]


def test_yaml_without_problems_is_built_alike_without_positions():
    """A clean YAML file is built by a loop that records no positions: the same data as the
    located parse, whose positions come when first asked for."""
    from engine.content.yamlio import _UNSURE, _parse_located, _plain_data

    texts = _yaml_corpus()
    assert len(texts) > 10
    texts += ["a: 1\nb:\n  - [1, 2.5]\n  - {c: \"x/y\", d: null}\ne: no\nf: true\n",
              "x: !!str 12\n", "- ! 5\n- '7'\n- 0x1F\n- 1_000\n- .5\n- -.5e3\n", "null\n",
              "1: one\n? two\n: 2\n"]
    plain = 0
    for text in texts:
        data = _plain_data(text)
        try:
            want, want_pos = _parse_located(text, None)
        except ContentError:
            assert data is _UNSURE
            continue
        if data is _UNSURE:
            continue
        plain += 1
        assert json.dumps(data) == json.dumps(want)
        got, pos = parse_yaml(text)
        assert json.dumps(got) == json.dumps(want)
        assert pos._find is not None and pos == want_pos
    assert plain >= len(texts) - 3


@pytest.mark.parametrize("text", [
    "a: 1\na: 2\n", "a: &x [1]\nb: *x\n", "a: !!python/object:os.system x\n",
    "a: 1\n---\nb: 2\n", "a: .inf\n", "a: 1e999\n", "a: \x07\n", "? [1, 2]\n: x\n", "",
    "a:\n\t- 1\n", "[" * 70 + "]" * 70, "a: !!seq {b: 1}\n", "a: [1\n",
])
def test_yaml_refusals_are_left_to_the_located_parse(text):
    from engine.content.yamlio import _UNSURE, _plain_data

    assert _plain_data(text) is _UNSURE
