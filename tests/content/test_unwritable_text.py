"""A map text no board file can hold (a control character from an escape or a paste) is an
error located on its field, so validate, build and export refuse it before writing XML."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.content import check_map, dump_canonical, map_from_dict, validate_report
from engine.content.documents import SCHEMA_OF_KIND
from engine.content.schemas import all_schemas
from exporters.svg import map_to_svg
from tcstudio.cli import main
from tests.content.fixtures import valid_map


@pytest.mark.parametrize(("edit", "pointer", "code"), [
    (lambda d: d["labels"][0].update(text="La\x0bRivière"), "/labels/0/text", "U+000B"),
    (lambda d: d.update(name={"de": "Karte\x0c", "en": "Map"}), "/name/de", "U+000C"),
    (lambda d: d.update(author="a\x1b[2Jb"), "/author", "U+001B"),
    (lambda d: d["forts"][1].update(name="Fort\x00"), "/forts/1/name", "U+0000"),
    (lambda d: d["regions"][0].update(name="Half\ufffe"), "/regions/0/name", "U+FFFE"),
])
def test_an_unwritable_character_is_a_located_error(tmp_path, edit, pointer, code):
    data = valid_map()
    edit(data)
    path = tmp_path / "m.map.yaml"
    path.write_text(dump_canonical(data, "yaml"), encoding="utf-8")
    _, problems = validate_report([path])
    found = [p for p in problems if p.code == "map.unwritable_text"]
    assert [p.pointer for p in found] == [pointer]
    assert code in found[0].message and found[0].line is not None


def test_the_map_check_sees_it_in_an_edited_model():
    game_map = map_from_dict(valid_map())
    game_map.labels[0].text = "pasted\x0bfrom a word processor"
    game_map.forts[0].name = "half a pair \ud800"
    assert [p.pointer for p in check_map(game_map) if p.code == "map.unwritable_text"] == [
        "/forts/0/name", "/labels/0/text"]


def test_tabs_and_line_breaks_are_text_every_xml_reader_takes():
    data = valid_map()
    data["labels"][0]["text"] = "two\nlines\tand\r\na tab, \x7f and \x85 too"
    game_map = map_from_dict(data)
    assert not [p for p in check_map(game_map) if p.code == "map.unwritable_text"]
    svg = map_to_svg(game_map)
    ET.fromstring(svg)
    assert b"a tab" in svg


def test_export_refuses_it_and_writes_nothing(tmp_path, capsys):
    data = valid_map()
    data["labels"][0]["text"] = "a\x07b"
    path = tmp_path / "m.map.yaml"
    path.write_text(dump_canonical(data, "yaml"), encoding="utf-8")
    for fmt in ("svg", "tiled"):
        assert main(["export", str(path), "--format", fmt, "--out", str(tmp_path / "out")]) == 1
        assert "map.unwritable_text" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_an_area_map_text_is_checked_too(tmp_path):
    data = copy.deepcopy(all_schemas()[SCHEMA_OF_KIND["area-map"]]["examples"][0])
    data["fronts"][0]["name"] = {"de": "Flandern\x0b", "en": "Flanders"}
    path = tmp_path / "m.yaml"
    path.write_text(dump_canonical(data, "yaml"), encoding="utf-8")
    _, problems = validate_report([path])
    found = [p for p in problems if p.code == "area.unwritable_text"]
    assert [p.pointer for p in found] == ["/fronts/0/name/de"] and found[0].line is not None


def test_the_built_in_content_has_none(tmp_path):
    _, problems = validate_report([Path(__file__).parents[2] / "content"])
    assert not [p for p in problems if p.code.endswith("unwritable_text")]
