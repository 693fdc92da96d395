"""Der Erste Weltkrieg boards: `tcstudio export` writes SVG, PNG and PDF that real readers
open, with every front, city and base of the map."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import cairosvg
import pytest
from PIL import Image

from engine.content import load_file
from engine.paths import CONTENT_DIR
from exporters.area_board import build_area_board
from tcstudio.cli import main

SCENARIO = CONTENT_DIR / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml"
SVG = "{http://www.w3.org/2000/svg}"


def test_the_svg_names_every_front_and_city_and_renders(tmp_path, capsys):
    out = tmp_path / "board.svg"
    assert main(["export", str(SCENARIO), "--format", "svg", "--out", str(out)]) == 0
    root = ET.fromstring(out.read_bytes())
    texts = {t.text for t in root.iter(f"{SVG}text")}
    scenario = load_file(SCENARIO).model
    assert {c.name for c in scenario.map.cities} <= texts
    assert {f"{f.number}  {f.name['de']}" for f in scenario.map.fronts} <= texts
    assert "ab Runde 4" in texts  # the neutral line to Bucharest (6.6)
    png = cairosvg.svg2png(bytestring=out.read_bytes(), output_width=800)
    assert Image.open(io.BytesIO(png)).size[0] == 800


def test_owners_of_a_game_in_progress_colour_the_cities():
    scenario = load_file(SCENARIO).model
    start = build_area_board(scenario.map, scenario.catalog)
    taken = build_area_board(scenario.map, scenario.catalog, owner={"paris": "germans"})
    colours = {s.fill for g in start.groups if g.name == "places" for s in g.shapes}
    assert scenario.catalog.factions["germans"].colour in colours
    before = [s.fill for g in start.groups if g.name == "places" for s in g.shapes]
    after = [s.fill for g in taken.groups if g.name == "places" for s in g.shapes]
    assert sum(a != b for a, b in zip(before, after, strict=True)) == 1


@pytest.mark.parametrize(("fmt", "magic"), [("png", b"\x89PNG"), ("pdf", b"%PDF")])
def test_png_and_pdf_boards(tmp_path, fmt, magic, capsys):
    out = tmp_path / f"board.{fmt}"
    assert main(["export", str(SCENARIO), "--format", fmt, "--dpi", "40",
                 "--out", str(out)]) == 0
    assert out.read_bytes().startswith(magic)
    if fmt == "png":
        width, height = Image.open(out).size
        assert 900 < width < 1100 and width > height


def test_formats_the_area_game_lacks_are_refused_with_a_hint(tmp_path, capsys):
    assert main(["export", str(SCENARIO), "--format", "tiled", "--out",
                 str(tmp_path / "x.tmx")]) == 1
    assert "use svg, png, pdf" in capsys.readouterr().err
    assert not (tmp_path / "x.tmx").exists()
