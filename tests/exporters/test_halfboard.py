"""Per-half boards: a 2-player half printed as its own board, with the whole map's hex
numbers, only the forts and markers in play, everything else moved with its hexes."""

from __future__ import annotations

import math
import re

import pytest

from engine.content.loaders import load_map, load_scenario
from engine.halves import forts_in_half
from engine.model import Region
from engine.paths import CONTENT_DIR
from exporters.base import ExportError
from exporters.board import BoardLayout, build_board
from exporters.halfboard import half_board
from exporters.pack import build_pack
from packs.safezip import read_zip
from tcstudio.cli import main

from .conftest import sample_map

DEFAULT_MAP = CONTENT_DIR / "maps" / "default.map.yaml"
SCENARIOS = CONTENT_DIR / "scenarios"


@pytest.mark.parametrize("region_id", ["half_1_6", "half_7_12"])
def test_default_halves_hold_their_forts_markers_and_terrain(region_id):
    m = load_map(DEFAULT_MAP)
    region = m.region(region_id)
    half = half_board(m, region_id)
    part = half.map
    col0, row0 = half.origin
    assert (part.width, part.height) == (18, 28) and half.out_of_play == frozenset()
    assert {f.id for f in part.forts} == {f.id for f in forts_in_half(m.forts, region.hexes)}
    assert len(part.forts) == 7
    numbers = {s.number for s in part.start_markers}
    assert numbers == ({1, 2, 3, 4, 5, 6} if region_id == "half_1_6" else set(range(7, 13)))
    for row in range(part.height):
        for col in range(part.width):
            assert part.terrain_at(part.to_axial(col, row)) == m.terrain_at(
                m.to_axial(col + col0, row + row0))
    for fort in part.forts:
        old = m.fort(fort.id)
        assert [part.to_offset(h) for h in fort.hexes] == [
            (c - col0, r - row0) for c, r in (m.to_offset(h) for h in old.hexes)]
    margin = next(g for g in half.board().groups if g.name == "margin")
    numbers_drawn = [s.text for s in margin.shapes if s.kind == "text"]
    assert numbers_drawn[0] == str(col0) and str(col0 + 17) in numbers_drawn
    assert "0" in numbers_drawn and "27" in numbers_drawn  # rows keep their numbers


@pytest.mark.parametrize("layout", [("pointy", "odd"), ("pointy", "even"), ("flat", "odd"),
                                    ("flat", "even")], ids=lambda p: f"{p[0]}-{p[1]}")
def test_a_cut_at_an_odd_row_or_column_keeps_the_hexes_in_place(layout):
    m = sample_map(*layout)
    cells = {m.to_axial(c, r) for r in range(1, 8) for c in range(3, 10)}
    cells -= {m.to_axial(3, 1), m.to_axial(9, 7)}
    m.regions.append(Region("odd_cut", "Odd cut", cells))
    half = half_board(m, "odd_cut")
    part = half.map
    assert half.origin == (3, 1)
    whole, cut = BoardLayout(m, 30.0, 0.0), BoardLayout(part, 30.0, 0.0)
    first_old, first_new = m.to_axial(3, 1), part.to_axial(0, 0)
    for h in cells:
        col, row = m.to_offset(h)
        new = part.to_axial(col - 3, row - 1)
        ox, oy = whole.center(h)
        nx, ny = cut.center(new)
        fx, fy = whole.center(first_old)
        gx, gy = cut.center(first_new)
        assert math.isclose(ox - fx, nx - gx, abs_tol=1e-6), (h, col, row)
        assert math.isclose(oy - fy, ny - gy, abs_tol=1e-6), (h, col, row)
    # a path point on an old hex centre lands on the centre of the same hex in the cut
    river = next(p for p in part.paths if p.id == "river_1")
    original = next(p for p in m.paths if p.id == "river_1")
    px, py = original.points[1]
    qx, qy = river.points[1]
    assert math.isclose(whole.unit_point((px, py))[0] - fx, cut.unit_point((qx, qy))[0] - gx,
                        abs_tol=1e-6)
    assert half.out_of_play == {part.to_axial(0, 0), part.to_axial(6, 6)}
    grey = next(g for g in half.board().groups if g.name == "out_of_play")
    assert len(grey.shapes) == 2


def test_unknown_region_is_an_export_error_naming_the_regions():
    with pytest.raises(ExportError) as err:
        half_board(load_map(DEFAULT_MAP), "north")
    assert "north" in str(err.value) and "half_1_6, half_7_12" in err.value.hint


def _forts_in_svg(svg: bytes) -> set[str]:
    return set(re.findall(rb'data-fort="([^"]+)"', svg))


def test_the_2_player_pack_shows_its_half_as_the_board():
    two = build_pack(load_scenario(SCENARIOS / "default-2p.scenario.yaml"))
    four = build_pack(load_scenario(SCENARIOS / "default-4p.scenario.yaml"))
    two_svg, four_svg = read_zip(two.data)["board.svg"], read_zip(four.data)["board.svg"]
    assert len(_forts_in_svg(four_svg)) == 14
    assert len(_forts_in_svg(two_svg)) == 7
    assert read_zip(two.data)["preview.png"] != read_zip(four.data)["preview.png"]


def test_cli_prints_a_half_of_a_map_and_the_2_player_scenarios_half(tmp_path, capsys):
    out = tmp_path / "east.svg"
    assert main(["export", str(DEFAULT_MAP), "--format", "svg", "--half", "half_7_12",
                 "--out", str(out)]) == 0
    assert len(_forts_in_svg(out.read_bytes())) == 7
    scenario = SCENARIOS / "default-2p.scenario.yaml"
    assert main(["export", str(scenario), "--format", "svg", "--out", str(tmp_path)]) == 0
    (half_file,) = tmp_path.glob("default_2p-*.svg")
    assert len(_forts_in_svg(half_file.read_bytes())) == 7
    whole = tmp_path / "whole.svg"
    assert main(["export", str(scenario), "--format", "svg", "--half", "all", "--out",
                 str(whole)]) == 0
    assert len(_forts_in_svg(whole.read_bytes())) == 14
    half_width = half_board(load_map(DEFAULT_MAP), "half_1_6").board().width
    assert build_board(load_map(DEFAULT_MAP)).width > 1.8 * half_width
    capsys.readouterr()
    assert main(["export", str(DEFAULT_MAP), "--format", "pdf", "--half", "north", "--out",
                 str(tmp_path / "x.pdf")]) == 1
    err = capsys.readouterr().err
    assert "no region 'north'" in err and "half_1_6" in err and "Traceback" not in err
    assert main(["export", str(DEFAULT_MAP), "--format", "tiled", "--half", "half_1_6",
                 "--out", str(tmp_path / "x.tmx")]) == 1
    assert "--half is for the boards" in capsys.readouterr().err
