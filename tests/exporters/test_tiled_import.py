"""Tiled import: the Studio's own exports come back unchanged (also after the real Tiled
re-saved them), maps painted or edited in Tiled are read from their geometry, and bad
files get located problems, exit 1, never a traceback."""

from __future__ import annotations

import base64
import json
import random
import re
import shutil
import subprocess
import zlib
from pathlib import Path

import numpy as np
import pytest
import shapely
from shapely.geometry import Polygon

from engine.content.convert_map import map_to_dict
from engine.content.loaders import load_map
from engine.paths import CONTENT_DIR
from exporters import tiledxml
from exporters.tiled import build_tiled, export_tiled, tiled_to_tmj, tiled_to_tmx
from exporters.tiled_import import _Importer, import_tiled
from exporters.tiledxml import read_map
from tcstudio.cli import main

from .conftest import sample_map

DEFAULT_MAP = CONTENT_DIR / "maps" / "default.map.yaml"


def _tiled_errors(result) -> list[str]:
    """Problems of the Tiled file itself (the sample map breaks map rules on purpose)."""
    return [p.format() for p in result.problems if p.code.startswith("tiled.")]


@pytest.mark.parametrize("fmt", ["tmx", "tmj"])
def test_round_trip_is_lossless_in_every_layout(tmp_path, any_map, fmt):
    any_map.description = "Ein Fluss, zwei Brücken"
    out = export_tiled(any_map, tmp_path / f"m.{fmt}", fmt)
    result = import_tiled(out)
    assert _tiled_errors(result) == []
    assert result.data == map_to_dict(any_map)


def test_round_trip_of_the_default_map_through_the_cli(tmp_path):
    export = tmp_path / "default.tmx"
    assert main(["export", str(DEFAULT_MAP), "--format", "tiled", "--out", str(export)]) == 0
    back = tmp_path / "back.map.yaml"
    assert main(["import-tiled", str(export), "--out", str(back)]) == 0
    assert map_to_dict(load_map(back)) == map_to_dict(load_map(DEFAULT_MAP))


@pytest.mark.skipif(shutil.which("tiled") is None,
                    reason="the real Tiled is not installed (apt-get install tiled)")
@pytest.mark.parametrize("target", ["resaved.tmx", "resaved.tmj"])
def test_a_map_resaved_by_the_real_tiled_comes_back_unchanged(tmp_path, target):
    source = load_map(DEFAULT_MAP)
    export_tiled(source, tmp_path / "default.tmx", "tmx")
    fmt = "tmx" if target.endswith("tmx") else "json"
    subprocess.run(["tiled", "--export-map", fmt, str(tmp_path / "default.tmx"),
                    str(tmp_path / target)], check=True, capture_output=True, timeout=120,
                   env={"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path),
                        "PATH": "/usr/bin:/bin"})
    text = (tmp_path / target).read_text(encoding="utf-8")
    assert "1.8" in text or "1.9" in text or "1.10" in text or "1.11" in text
    result = import_tiled(tmp_path / target)
    assert result.ok, [p.format() for p in result.problems]
    assert result.data == map_to_dict(source)


def _edited(tmp_path: Path, edit) -> Path:
    m = sample_map()
    doc = build_tiled(m, "m.terrain.png")
    edit(doc, m)
    path = tmp_path / "edited.tmj"
    path.write_bytes(tiled_to_tmj(doc))
    return path


def _layer(doc, name):
    return next(lay for lay in doc["layers"] if lay["name"] == name)


def test_forts_without_entrance_references_find_the_entrances_that_name_them(tmp_path):
    """A fort drawn in Tiled has no tc_entrance_1/2: its entrances are the entrance objects
    whose tc_fort names the fort object, or whose tc_fort_id names its id, by name."""
    def edit(doc, m):
        objects = [o for layer in doc["layers"] for o in layer.get("objects", [])]
        fort_of_object = {}
        for obj in objects:
            if obj["type"] == "fort":
                props = obj["properties"]
                fort_of_object[obj["id"]] = next(p["value"] for p in props
                                                 if p["name"] == "tc_id")
                obj["properties"] = [p for p in props if not p["name"].startswith(
                    "tc_entrance_")]
        for obj in objects:
            if obj["type"] != "entrance":
                continue
            ref = next(p for p in obj["properties"] if p["name"] == "tc_fort")
            if fort_of_object[ref["value"]] == "fort_nord":
                # the first fort's entrances name its id instead of its object
                ref.update(name="tc_fort_id", type="string", value="fort_nord")
        # an entrance of no fort, and one naming a list: neither belongs to any fort
        layer = next(lay for lay in doc["layers"] if any(
            o["type"] == "entrance" for o in lay.get("objects", [])))
        stray = dict(layer["objects"][-1], id=990, name="stray")
        stray["properties"] = [{"name": "tc_fort", "type": "string", "value": "nowhere"}]
        odd = dict(stray, id=991, name="odd", properties=[{"name": "tc_fort_id",
                                                           "type": "string", "value": [1]}])
        layer["objects"] += [stray, odd]

    result = import_tiled(_edited(tmp_path, edit))
    want = map_to_dict(sample_map())
    assert [f["entrances"] for f in result.data["forts"]] == [
        f["entrances"] for f in want["forts"]]
    assert not _tiled_errors(result)


def test_objects_without_studio_properties_are_read_from_their_geometry(tmp_path):
    def edit(doc, m):
        doc["properties"] = []
        for layer in doc["layers"]:
            for obj in layer.get("objects", []):
                keep = {"tc_entrance_1", "tc_entrance_2", "tc_fort"}
                obj["properties"] = [p for p in obj["properties"] if p["name"] in keep]
        marker = next(o for o in _layer(doc, "start_markers")["objects"] if o["name"] == "3")
        col, row = 6, 2
        marker["x"], marker["y"] = _centre(doc, col, row)
        _layer(doc, "paths")["objects"].append({
            "id": 999, "name": "new_road", "type": "road", "x": 0, "y": 0, "width": 0,
            "height": 0, "rotation": 0, "visible": True, "properties": [],
            "polyline": [{"x": x, "y": y} for x, y in (_centre(doc, 0, 0), _centre(doc, 5, 0))]})

    result = import_tiled(_edited(tmp_path, edit))
    data = result.data
    m = sample_map()
    want = map_to_dict(m)
    assert [f["hexes"] for f in data["forts"]] == [f["hexes"] for f in want["forts"]]
    assert [f["entrances"] for f in data["forts"]] == [f["entrances"] for f in want["forts"]]
    assert [f["id"] for f in data["forts"]] == ["fort_nord", "fort_s_d"]
    assert {r["id"]: r["spans"] for r in data["regions"]} == {
        "half_1_6": want["regions"][0]["spans"], "island": want["regions"][1]["spans"]}
    markers = {s["number"]: s["hex"] for s in data["start_markers"]}
    assert markers[3] == [6, 2] and markers[1] == want["start_markers"][0]["hex"]
    road = next(p for p in data["paths"] if p["id"] == "new_road")
    assert road["terrain"] == "road"
    assert [c for p in road["points"] for c in p] == pytest.approx([0, 0, 5 * 3**0.5, 0], abs=0.02)
    assert data["layout"]["hex_size"] == 32.0 and data["id"] == "edited"
    labels = {lb["text"]: lb["at"] for lb in data["labels"]}
    assert labels["Flussufer"] == pytest.approx([4.0, 9.0], abs=0.02)


def _centre(doc, col, row):
    from exporters.tiled import TiledGrid

    grid = TiledGrid("pointy", doc["staggerindex"], doc["tilewidth"], doc["tileheight"],
                     doc["hexsidelength"])
    return grid.center(col, row)


def test_a_moved_start_marker_and_an_unknown_object_are_reported(tmp_path):
    def edit(doc, m):
        marker = _layer(doc, "start_markers")["objects"][0]
        marker["x"], marker["y"] = -500, -500
        _layer(doc, "labels")["objects"].append({
            "id": 998, "name": "tree", "type": "decoration", "x": 5, "y": 5, "width": 0,
            "height": 0, "rotation": 0, "visible": True, "properties": []})

    path = _edited(tmp_path, edit)
    result = import_tiled(path)
    assert result.data is None
    off = next(p for p in result.problems if p.code == "tiled.off_map")
    assert off.severity == "error" and off.file == str(path) and off.line is not None
    unknown = next(p for p in result.problems if p.code == "tiled.unmapped_object")
    assert unknown.severity == "warning" and "decoration" in unknown.message


def _tmx(m=None) -> str:
    return tiled_to_tmx(build_tiled(m or sample_map(), "m.terrain.png")).decode()


def test_an_empty_cell_is_located_on_its_line_of_the_tmx(tmp_path):
    text = _tmx()
    lines = text.split("\n")
    data_line = next(i for i, line in enumerate(lines) if "<data" in line)
    row = 2
    cells = lines[data_line + 1 + row].split(",")
    cells[4] = "0"
    lines[data_line + 1 + row] = ",".join(cells)
    path = tmp_path / "hole.tmx"
    path.write_text("\n".join(lines), encoding="utf-8")
    result = import_tiled(path)
    problem = next(p for p in result.problems if p.code == "tiled.cell_terrain")
    assert problem.hex == (4, 2) and problem.line == data_line + 2 + row
    assert result.data is None


@pytest.mark.parametrize("compression", ["zlib", "gzip", None])
def test_base64_tile_data_is_read(tmp_path, compression):
    m = sample_map()
    text = _tmx(m)
    gids = [t + 1 for t in m.terrain]
    raw = b"".join(g.to_bytes(4, "little") for g in gids)
    if compression == "zlib":
        raw = zlib.compress(raw)
    elif compression == "gzip":
        c = zlib.compressobj(wbits=16 + zlib.MAX_WBITS)
        raw = c.compress(raw) + c.flush()
    attrs = 'encoding="base64"' + (f' compression="{compression}"' if compression else "")
    text = re.sub(r'<data encoding="csv">.*?</data>',
                  f"<data {attrs}>{base64.b64encode(raw).decode()}</data>", text, flags=re.S)
    path = tmp_path / "b64.tmx"
    path.write_text(text, encoding="utf-8")
    result = import_tiled(path)
    assert _tiled_errors(result) == [] and result.data["terrain"] == map_to_dict(m)["terrain"]


BAD_TMX = {
    "dtd": ('<?xml version="1.0"?>\n<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa">'
            '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<map>&b;</map>\n', "tiled.dtd", 2),
    "syntax": ('<?xml version="1.0"?>\n<map orientation="hexagonal">\n<layer>\n</map>\n',
               "tiled.xml_syntax", 4),
    "not_map": ('<?xml version="1.0"?>\n<tileset name="x"/>\n', "tiled.not_map", 2),
    "object_root": ('<?xml version="1.0"?>\n<object id="1"><polygon points="0,0"/></object>',
                    "tiled.not_map", 2),
    "orthogonal": ('<?xml version="1.0"?>\n<map orientation="orthogonal" width="2" height="2"'
                   ' tilewidth="32" tileheight="32"/>\n', "tiled.not_hexagonal", 2),
    "zstd": (None, "tiled.bad_data", None),
    "too_big": ('<map orientation="hexagonal" width="5000" height="5000" tilewidth="56" '
                'tileheight="64" hexsidelength="32" staggeraxis="y" staggerindex="odd"/>',
                "tiled.too_large", 1),
}


@pytest.mark.parametrize("case", sorted(BAD_TMX))
def test_bad_tmx_gets_a_located_message_and_exit_1(tmp_path, capsys, case):
    text, code, line = BAD_TMX[case]
    if text is None:
        text = re.sub(r'<data encoding="csv">.*?</data>',
                      '<data encoding="base64" compression="zstd">KLUv/QBYAQAA</data>', _tmx(),
                      flags=re.S)
    path = tmp_path / "bad.tmx"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "out.map.yaml"
    assert main(["import-tiled", str(path), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert code in err and "Traceback" not in err
    assert err.split("\n")[0].endswith(")")  # the hint
    if line is not None:
        assert f"{path}:{line}:" in err
    assert not out.exists()


def test_bad_tmj_is_located(tmp_path, capsys):
    doc = build_tiled(sample_map(), "m.terrain.png")
    doc["layers"][0]["data"][30] = 77
    path = tmp_path / "bad.tmj"
    path.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    assert main(["import-tiled", str(path), "--out", str(tmp_path / "o.map.yaml")]) == 1
    err = capsys.readouterr().err
    assert "tiled.cell_terrain" in err and "hex [6, 2]" in err
    line = [x.strip() for x in json.dumps(doc, indent=1).split("\n")].index("77,") + 1
    assert f"{path}:{line}:" in err


def test_cli_refuses_a_missing_file_and_keeps_an_existing_target(tmp_path, capsys):
    assert main(["import-tiled", str(tmp_path / "none.tmx"), "--out",
                 str(tmp_path / "x.map.yaml")]) == 2
    export = export_tiled(load_map(DEFAULT_MAP), tmp_path / "m.tmx", "tmx")
    target = tmp_path / "mine.map.yaml"
    target.write_text("precious", encoding="utf-8")
    assert main(["import-tiled", str(export), "--out", str(target)]) == 2
    assert target.read_text(encoding="utf-8") == "precious"
    assert "--force" in capsys.readouterr().err
    assert main(["import-tiled", str(export), "--out", str(target), "--force"]) == 0
    assert map_to_dict(load_map(target)) == map_to_dict(load_map(DEFAULT_MAP))


def test_a_map_that_breaks_the_map_rules_is_written_for_the_editor_and_exits_1(tmp_path,
                                                                             capsys):
    m = load_map(DEFAULT_MAP)
    m.start_markers[1].hex = m.start_markers[0].hex  # two markers on one hex
    export = export_tiled(m, tmp_path / "m.tmx", "tmx")
    out = tmp_path / "o.map.yaml"
    assert main(["import-tiled", str(export), "--out", str(out)]) == 1
    captured = capsys.readouterr()
    assert "(in the imported map)" in captured.err and str(export) in captured.err
    assert "to fix" in captured.out
    assert out.is_file()


def test_a_map_without_an_orientation_is_not_called_none(tmp_path, capsys):
    """Regression: a <map> without an orientation was refused with "the map is None, not
    hexagonal" (German: "die Karte ist None")."""
    path = tmp_path / "bare.tmx"
    path.write_text("<map><nothing/></map>", encoding="utf-8")
    assert main(["import-tiled", str(path), "--out", str(tmp_path / "o.map.yaml")]) == 1
    err = capsys.readouterr().err
    assert "tiled.not_hexagonal" in err and "None" not in err, err
    assert "has no orientation" in err, err


@pytest.mark.parametrize(("layer", "prop", "value"), [
    ("labels", "tc_at", '["\\ud800", 2]'),
    ("labels", "tc_at", "[NaN, 1]"),
    ("regions", "tc_spans", "[[0, 0, 1000000000000]]"),
    ("regions", "tc_spans", "[[0, 1]]"),
    ("forts", "tc_hexes", '[["a", 1]]'),
    ("paths", "tc_points", "[[0, 0], [true, 1]]"),
    ("paths", "tc_points", "[" * 5000 + "]" * 5000),
])
def test_a_studio_property_that_is_not_what_the_studio_wrote_is_located(tmp_path, layer, prop,
                                                                        value):
    def edit(doc, m):
        obj = next(o for o in _layer(doc, layer)["objects"]
                   if any(p["name"] == prop for p in o["properties"]))
        for p in obj["properties"]:
            if p["name"] == prop:
                p["value"] = value
        if prop != "tc_at":  # without its geometry, the object has only the property
            obj.pop("polygon", None)
            obj.pop("polyline", None)

    result = import_tiled(_edited(tmp_path, edit))
    bad = [p for p in result.problems if p.code == "tiled.bad_property"]
    assert bad and prop in bad[0].message and bad[0].line is not None


@pytest.mark.parametrize(("old", "new"), [
    ('type="region" x="0" y="16"', 'type="region" x="nan" y="inf"'),  # a GEOS exception
    ('name="tc_width" type="float" value="0.3"', 'name="tc_width" type="float" value="nan"'),
    ('<polyline points="0,0 ', '<polyline points="nan,0 '),
])
def test_numbers_that_are_not_finite_are_never_a_traceback(tmp_path, capsys, old, new):
    text = _tmx()
    assert old in text
    path = tmp_path / "m.tmx"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    code = main(["import-tiled", str(path), "--out", str(tmp_path / "m.map.yaml")])
    err = capsys.readouterr().err
    assert code in (0, 1) and "Traceback" not in err
    if "tc_width" in new:
        assert code == 1 and "tc_width is nan, not a float" in err


def _with_external_tilesets(tmp_path: Path, copies: int) -> Path:
    """The sample map with its tileset in terrain.tsx, named `copies` times."""
    text = _tmx()
    start, end = text.index("<tileset "), text.index("</tileset>") + len("</tileset>")
    tileset = text[start:end].replace(' firstgid="1"', "", 1)
    (tmp_path / "terrain.tsx").write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + tileset,
                                          encoding="utf-8")
    refs = "".join(f'<tileset firstgid="{1 + 6 * k}" source="terrain.tsx"/>\n'
                   for k in range(copies))
    path = tmp_path / "m.tmx"
    path.write_text(text[:start] + refs + text[end:], encoding="utf-8")
    return path


def test_an_external_tileset_is_read_and_named_too_often_is_refused(tmp_path, monkeypatch):
    """A map naming one .tsx 100,000 times read and kept it 100,000 times."""
    assert import_tiled(_with_external_tilesets(tmp_path, 1)).data is not None
    with pytest.raises(tiledxml.TiledReadError) as refused:
        import_tiled(_with_external_tilesets(tmp_path, 65))
    assert [p.code for p in refused.value.problems] == ["tiled.too_many_tilesets"]
    monkeypatch.setattr(tiledxml, "MAX_TILED_BYTES", 12_000)  # the .tsx has about 800 bytes
    with pytest.raises(tiledxml.TiledReadError) as refused:
        import_tiled(_with_external_tilesets(tmp_path, 20))
    assert [p.code for p in refused.value.problems] == ["tiled.too_large"]
    assert refused.value.problems[0].line is not None


@pytest.mark.parametrize(("orientation", "offset"), [
    ("pointy", "odd"), ("pointy", "even"), ("flat", "odd"), ("flat", "even")])
def test_a_polygon_holds_the_same_cells_as_when_every_centre_was_tested(tmp_path, orientation,
                                                                         offset):
    """cells_in tests only the block of cells in the polygon's bounds (speed); the answer
    must be the one testing every centre of the map gave."""
    path = export_tiled(sample_map(orientation, offset, 15, 11), tmp_path / "m.tmx", "tmx")
    importer = _Importer(read_map(path), "m")
    importer.run()
    xs, ys = importer.centres[:, 0], importer.centres[:, 1]
    rng = random.Random(4)
    for _ in range(300):
        cx, cy = rng.uniform(-60, xs.max() + 60), rng.uniform(-60, ys.max() + 60)
        ring = [(cx + rng.uniform(-90, 90), cy + rng.uniform(-90, 90))
                for _ in range(rng.randint(3, 7))]
        poly = Polygon(ring)
        poly = poly if poly.is_valid else poly.buffer(0)
        every = np.flatnonzero(shapely.contains_xy(poly, xs, ys))
        expected = {(int(i % importer.width), int(i // importer.width)) for i in every}
        assert importer.cells_in(ring) == expected
