"""Tiled export read back with pytmx (a real third-party reader): terrain and every object."""

from __future__ import annotations

import json
import math

import pytest
import pytmx

from engine.model import GameMap
from exporters.tiled import export_tiled

from .conftest import sample_map


def _tiled_center(tm: pytmx.TiledMap, col: int, row: int) -> tuple[float, float]:
    """Cell centre per Tiled's documented staggered hexagonal layout (independent oracle)."""
    w, h, s = tm.tilewidth, tm.tileheight, tm.hexsidelength
    shifted = (lambda i: i % 2 == 1) if tm.staggerindex == "odd" else (lambda i: i % 2 == 0)
    if tm.staggeraxis == "y":
        return col * w + (w / 2 if shifted(row) else 0) + w / 2, row * (h + s) / 2 + h / 2
    return col * (w + s) / 2 + w / 2, row * h + (h / 2 if shifted(col) else 0) + h / 2


def _cell_at(tm: pytmx.TiledMap, x: float, y: float) -> tuple[int, int]:
    cells = ((c, r) for r in range(tm.height) for c in range(tm.width))
    return min(cells, key=lambda cr: math.dist(_tiled_center(tm, *cr), (x, y)))


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
        from shapely.geometry import Point, Polygon

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
    paths = {o.properties["tc_id"]: o for o in tm.get_layer_by_name("paths")}
    for path in any_map.paths:
        o = paths[path.id]
        assert o.properties["tc_kind"] == path.kind
        assert [tuple(p) for p in json.loads(o.properties["tc_points"])] == path.points
        assert len(o.points) == len(path.points) and not o.closed
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
