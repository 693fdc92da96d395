"""Tiled export read back with pytmx (a real third-party reader): terrain and every object."""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
from pathlib import Path

import pytest
import pytmx
import shapely
from PIL import Image, ImageColor
from shapely.geometry import Point, Polygon

from engine.content.loaders import load_map
from engine.model import TERRAINS, Fort, GameMap, MapLayout, MapPath, StartMarker
from exporters.board import PALETTE
from exporters.tiled import TiledGrid, build_tiled, clip_polyline, export_tiled

from .conftest import sample_map
from .tiled_oracle import TiledHexRenderer


def _cell_at(tm: pytmx.TiledMap, x: float, y: float) -> tuple[int, int]:
    """The cell Tiled itself puts pixel (x, y) in."""
    return TiledHexRenderer.from_doc(tm).screen_to_tile(x, y)


def _tiled_center(tm: pytmx.TiledMap, col: int, row: int) -> tuple[float, float]:
    return TiledHexRenderer.from_doc(tm).tile_centre(col, row)


def _read(tmp_path, m: GameMap) -> pytmx.TiledMap:
    out = export_tiled(m, tmp_path / "board.tmx", "tmx")
    assert (tmp_path / "board.terrain.png").is_file()
    return pytmx.TiledMap(str(out))


def test_header_matches_orientation_and_offset(tmp_path, any_map):
    tm = _read(tmp_path, any_map)
    assert tm.orientation == "hexagonal"
    assert tm.staggeraxis == ("y" if any_map.layout.orientation == "pointy" else "x")
    assert tm.staggerindex == any_map.layout.offset
    assert tm.hexsidelength == 32
    assert tm.tilewidth % 2 == tm.tileheight % 2 == 0  # Tiled halves them
    assert (tm.width, tm.height) == (any_map.width, any_map.height)
    assert tm.properties["tc_id"] == "sample"


def test_every_hex_terrain_round_trips(tmp_path, any_map):
    tm = _read(tmp_path, any_map)
    layer = tm.get_layer_by_name("terrain")
    layer_index = list(tm.layers).index(layer)
    for row in range(any_map.height):
        for col in range(any_map.width):
            props = tm.get_tile_properties(col, row, layer_index)
            assert props["terrain"] == any_map.terrain_at(any_map.to_axial(col, row)), (col, row)


def test_forts_and_entrances_round_trip(tmp_path, any_map):
    tm = _read(tmp_path, any_map)
    objects = {o.id: o for o in tm.get_layer_by_name("forts")}
    forts = [o for o in objects.values() if o.type == "fort"]
    assert len(forts) == len(any_map.forts)
    for obj in forts:
        fort = any_map.fort(obj.properties["tc_id"])
        assert obj.name == fort.name and obj.properties["tc_owner"] == fort.owner
        assert json.loads(obj.properties["tc_hexes"]) == [list(any_map.to_offset(h))
                                                          for h in fort.hexes]
        entrances = [objects[obj.properties[f"tc_entrance_{i}"]] for i in (1, 2)]
        for ent, want in zip(entrances, fort.entrances, strict=True):
            assert ent.type == "entrance" and ent.properties["tc_fort"] == obj.id
            assert _cell_at(tm, ent.x, ent.y) == any_map.to_offset(want)
        # the outline polygon encloses the centre of every footprint hex
        poly = Polygon([(p.x, p.y) for p in obj.points])
        for h in fort.hexes:
            assert poly.contains(Point(_tiled_center(tm, *any_map.to_offset(h))))


def test_start_markers_sit_on_their_hexes(tmp_path, any_map):
    tm = _read(tmp_path, any_map)
    got = {int(o.properties["tc_number"]): _cell_at(tm, o.x, o.y)
           for o in tm.get_layer_by_name("start_markers")}
    assert got == {m.number: any_map.to_offset(m.hex) for m in any_map.start_markers}


def test_regions_paths_and_labels_round_trip(tmp_path, any_map):
    tm = _read(tmp_path, any_map)
    regions: dict[str, set] = {}
    for o in tm.get_layer_by_name("regions"):
        for row, first, last in json.loads(o.properties["tc_spans"]):
            regions.setdefault(o.properties["tc_id"], set()).update(
                any_map.to_axial(c, row) for c in range(first, last + 1))
    assert regions == {r.id: r.hexes for r in any_map.regions}
    assert len([o for o in tm.get_layer_by_name("regions")
                if o.properties["tc_id"] == "island"]) == 2  # two separate parts
    paths: dict[str, list] = {}
    for o in tm.get_layer_by_name("paths"):
        paths.setdefault(o.properties["tc_id"], []).append(o)
    assert set(paths) == {p.id for p in any_map.paths}
    for path in any_map.paths:
        parts = sorted(paths[path.id], key=lambda o: o.properties["tc_part"])
        assert [o.properties["tc_part"] for o in parts] == list(range(len(parts)))
        for o in parts:
            assert o.properties["tc_kind"] == path.kind
            assert [tuple(p) for p in json.loads(o.properties["tc_points"])] == path.points
            assert not getattr(o, "closed", False)
    labels = sorted(tm.get_layer_by_name("labels"), key=lambda o: o.properties["tc_index"])
    assert [(o.properties["tc_text"], tuple(json.loads(o.properties["tc_at"])))
            for o in labels] == [(lb.text, lb.at) for lb in any_map.labels]


def test_tmj_holds_the_same_map(tmp_path):
    m = sample_map("flat", "odd")
    out = export_tiled(m, tmp_path / "board.tmj", "tmj")
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["orientation"] == "hexagonal" and doc["staggeraxis"] == "x"
    terrain = next(la for la in doc["layers"] if la["name"] == "terrain")
    tiles = {t["id"]: t["properties"][0]["value"] for t in doc["tilesets"][0]["tiles"]}
    assert [tiles[g - 1] for g in terrain["data"]] == [
        m.terrain_at(m.hex_at_index(i)) for i in range(m.width * m.height)]
    objects = [o for la in doc["layers"] if la["type"] == "objectgroup" for o in la["objects"]]
    assert len({o["id"] for o in objects}) == len(objects) == doc["nextobjectid"] - 1
    tmx_doc = export_tiled(m, tmp_path / "board.tmx", "tmx")
    assert pytmx.TiledMap(str(tmx_doc)).properties["tc_offset"] == "odd"


@pytest.mark.parametrize("fmt", ["tmx", "tmj"])
def test_tiled_export_is_reproducible(tmp_path, fmt):
    a = export_tiled(sample_map(), tmp_path / f"a.{fmt}", fmt).read_bytes()
    b = export_tiled(sample_map(), tmp_path / f"b.{fmt}", fmt).read_bytes()
    assert a.replace(b"b.terrain", b"a.terrain") == a == b.replace(b"b.terrain", b"a.terrain")


CONTENT = Path(__file__).resolve().parents[2] / "content"
LAYOUTS = [("pointy", "odd"), ("pointy", "even"), ("flat", "odd"), ("flat", "even")]


def _objects(doc: dict) -> list[dict]:
    return [o for la in doc["layers"] if la["type"] == "objectgroup" for o in la["objects"]]


def _check_objects_against_tiled(m: GameMap, doc: dict) -> None:
    """Every object sits where Tiled's renderer draws its cell; polylines stay on the map."""
    tiled = TiledHexRenderer.from_doc(doc)
    map_w, map_h = tiled.map_size(m.width, m.height)
    hexes_by_fort = {f.id: f.hexes for f in m.forts}
    checked = 0
    for o in _objects(doc):
        props = {p["name"]: p["value"] for p in o["properties"]}
        if o.get("point") and "tc_hex" in props:
            want = tuple(json.loads(props["tc_hex"]))
            assert tiled.screen_to_tile(o["x"], o["y"]) == want, (o["name"], want)
            assert (o["x"], o["y"]) == pytest.approx(tiled.tile_centre(*want), abs=1e-3)
            checked += 1
        if o["type"] == "fort":
            poly = Polygon([(o["x"] + p["x"], o["y"] + p["y"]) for p in o["polygon"]])
            for h in hexes_by_fort[props["tc_id"]]:
                assert poly.contains(Point(tiled.tile_centre(*m.to_offset(h))))
            checked += 1
        for p in o.get("polyline", []):
            x, y = o["x"] + p["x"], o["y"] + p["y"]
            assert -1e-3 <= x <= map_w + 1e-3 and -1e-3 <= y <= map_h + 1e-3, (o["name"], x, y)
    assert checked >= len(m.forts) + len(m.start_markers)


@pytest.mark.parametrize("orientation,offset", LAYOUTS)
def test_default_map_objects_sit_in_tiled_cells(orientation, offset):
    """Regression: 55 px tiles were laid out every 54 px by Tiled, so from column 27 of the
    default map forts, entrances and start markers sat in the neighbouring cell."""
    m = _relayout(load_map(CONTENT / "maps" / "default.map.yaml"), orientation, offset)
    _check_objects_against_tiled(m, build_tiled(m, "t.png"))


def _relayout(m: GameMap, orientation: str, offset: str) -> GameMap:
    """The same objects on the same offset cells of a map in another layout."""
    out = sample_map(orientation, offset, m.width, m.height)
    out.layout = MapLayout(orientation, m.layout.hex_size, offset)
    cell = m.to_offset
    out.forts = [Fort(f.id, f.name, [out.to_axial(*cell(h)) for h in f.hexes],
                      [out.to_axial(*cell(h)) for h in f.entrances], owner=f.owner)
                 for f in m.forts]
    out.start_markers = [StartMarker(s.number, out.to_axial(*cell(s.hex)))
                         for s in m.start_markers]
    return out


@pytest.mark.parametrize("orientation,offset", LAYOUTS)
@pytest.mark.parametrize("hex_size", [9.0, 27.5, 32.0, 33.0, 55.0])
@pytest.mark.parametrize("size", [(3, 1000), (1000, 3)])
def test_every_cell_centre_matches_tiled_up_to_1000(orientation, offset, hex_size, size):
    m = GameMap.blank("big", *size, layout=MapLayout(orientation, hex_size, offset))
    grid = TiledGrid.for_map(m)
    tiled = TiledHexRenderer.from_header(grid.tile_w, grid.tile_h, grid.side,
                                         grid.stagger_axis, offset)
    for row in range(m.height):
        for col in range(m.width):
            x, y = grid.center(col, row)
            assert (x, y) == tiled.tile_centre(col, row), (col, row)
            assert tiled.screen_to_tile(x, y) == (col, row)
    assert grid.map_pixel_size(*size) == tiled.map_size(*size)


@pytest.mark.parametrize("orientation,offset", LAYOUTS)
def test_wide_map_markers_and_clipped_paths(orientation, offset):
    m = sample_map(orientation, offset, width=60, height=40)
    m.start_markers = [StartMarker(n, m.to_axial(5 * n - 1, 3 * n)) for n in range(1, 13)]
    m.paths.append(MapPath("rail_out", "rail", [(-5.0, -5.0), (200.0, 150.0)], None, 0.3))
    m.paths.append(MapPath("far", "rail", [(500.0, 500.0), (600.0, 600.0)], None, 0.3))
    doc = build_tiled(m, "t.png")
    _check_objects_against_tiled(m, doc)
    far = [o for o in _objects(doc) if o["name"] == "far"]
    assert len(far) == 1 and far[0]["point"]  # kept (tc_points) though wholly off the map


def test_clip_polyline_splits_and_orders_parts():
    area = shapely.geometry.box(0, 0, 10, 10)
    parts = clip_polyline([(-5, 5), (5, 5), (5, 15), (8, 15), (8, 5)], area)
    assert parts == [[(0.0, 5.0), (5.0, 5.0), (5.0, 10.0)], [(8.0, 10.0), (8.0, 5.0)]]


TMXRASTERIZER = shutil.which("tmxrasterizer")


@pytest.mark.skipif(TMXRASTERIZER is None,
                    reason="tmxrasterizer missing: `apt-get install tiled` to render with Tiled")
@pytest.mark.parametrize("orientation,offset", LAYOUTS)
def test_tmxrasterizer_draws_terrain_where_our_grid_says(tmp_path, orientation, offset):
    """Tiled's own renderer draws each cell's terrain colour at the centre we place objects."""
    m = sample_map(orientation, offset, width=40, height=12)
    out = export_tiled(m, tmp_path / "board.tmx", "tmx")
    png = tmp_path / "tiled.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run([TMXRASTERIZER, "--show-layer", "terrain", str(out), str(png)], check=True,
                   env=env, timeout=120, capture_output=True)
    img = Image.open(png).convert("RGB")
    grid = TiledGrid.for_map(m)
    assert img.size == tuple(int(v) for v in grid.map_pixel_size(m.width, m.height))
    colours = {t: ImageColor.getrgb(PALETTE[t]) for t in TERRAINS}
    wrong = []
    for row in range(m.height):
        for col in range(m.width):
            x, y = grid.center(col, row)
            got = img.getpixel((int(x), int(y)))
            terrain = m.terrain_at(m.to_axial(col, row))
            if math.dist(got, colours[terrain]) > 30:
                wrong.append((col, row, terrain, got))
    assert not wrong, wrong[:5]
    for o in _objects(build_tiled(m, "t.png")):
        if o.get("point") and o["type"] == "start":
            col, row = json.loads(next(p["value"] for p in o["properties"]
                                       if p["name"] == "tc_hex"))
            got = img.getpixel((int(o["x"]), int(o["y"])))
            assert math.dist(got, colours[m.terrain_at(m.to_axial(col, row))]) <= 30
