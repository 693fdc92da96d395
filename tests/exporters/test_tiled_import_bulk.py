"""The Tiled import's bulk paths (polygons shaped and tested together, terrain in arrays,
TMX objects converted as they are parsed, points as arrays) give what the import gave
before them (tests/exporters/tiled_import_before.py) on maps edited every way a Tiled user
or a broken file can: in all four layouts, as TMX and TMJ, with small blocks and chunks so
that every boundary between them is crossed."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from exporters import tiled_cells, tiled_import, tiledxml
from exporters.tiled import build_tiled, tiled_to_tmj
from exporters.tiled_import import import_tiled
from exporters.tiled_tmx import tiled_to_tmx

from .conftest import sample_map
from .tiled_import_before import _points_before, import_before, read_before

LAYOUTS = [("pointy", "odd"), ("pointy", "even"), ("flat", "odd"), ("flat", "even")]
REGION_IDS = ["half_1_6", "island", "drawn_a", "drawn_b", "drawn_c"]


def _layer(doc: dict, name: str) -> dict:
    return next(lay for lay in doc["layers"] if lay["name"] == name)


def _drop(obj: dict, *names: str) -> None:
    obj["properties"] = [p for p in obj["properties"] if p["name"] not in names]


def _ring(rng: random.Random, doc: dict, fmt: str, messy: bool) -> list[dict[str, Any]]:
    """Points around a spot on or beside the map: ordinary, crossing itself, degenerate,
    or (when messy, now and then) holding values that are no finite numbers."""
    span_x = doc["width"] * doc["tilewidth"]
    span_y = doc["height"] * doc["tileheight"]
    cx, cy = rng.uniform(-80, span_x + 80), rng.uniform(-80, span_y + 80)
    size = rng.choice([20, 60, 150, 400])
    shape = rng.random()
    if shape < 0.1:  # all on one line: empty once made valid
        pts = [(cx + k * 10, cy + k * 5) for k in range(rng.randint(3, 5))]
    elif shape < 0.15:  # too few points
        pts = [(cx, cy), (cx + size, cy)]
    else:
        pts = [(cx + rng.uniform(-size, size), cy + rng.uniform(-size, size))
               for _ in range(rng.randint(3, 9))]
    if rng.random() < 0.5:
        pts = [(round(x), round(y)) for x, y in pts]  # whole pixels, as Tiled writes them
    out: list[dict[str, Any]] = [{"x": x, "y": y} for x, y in pts]
    odd = rng.random() if messy else 1.0
    if odd < 0.08:
        k = rng.randrange(len(out))
        if fmt == "tmx":
            out[k]["x"] = rng.choice([float("nan"), float("inf"), "1,2", "", "1_0", "2e1"])
        else:
            out[k]["x"] = rng.choice([True, None, "3", [1], 2 ** 60, -(2 ** 60), 1e300])
    elif odd < 0.1 and fmt == "tmj":
        del out[rng.randrange(len(out))]["y"]
    return out


def _varied(orientation: str, offset: str, seed: int, fmt: str) -> dict:
    """The sample map as Tiled JSON, then edited: random terrain tiles (flipped; when
    messy, unknown or no numbers), Studio properties taken away so geometry counts, and
    many drawn polygons, forts and roads. A messy map (odd seed) has errors, so only its
    problems are compared; the others come in."""
    rng = random.Random(seed)
    messy = seed % 2 == 1
    width, height = rng.randint(12, 23), rng.randint(10, 19)
    doc = build_tiled(sample_map(orientation, offset, width, height), "m.terrain.png")
    terrain = _layer(doc, "terrain")
    data = terrain["data"]
    for k in rng.sample(range(len(data)), rng.randint(0, 40)):
        data[k] = rng.choice([2 | 0x80000000, 5 | 0x40000000, 3 | 0x20000000, 4])
        if messy:
            data[k] = rng.choice([0, 7, 99, data[k]])
        if messy and fmt == "tmj" and rng.random() < 0.3:
            data[k] = rng.choice([True, 2.0, "3", None, -1, 2 ** 40 + 1])
    next_id = 1000
    regions = _layer(doc, "regions")
    for obj in regions["objects"]:
        if rng.random() < 0.5:
            _drop(obj, "tc_spans")
        elif rng.random() < 0.5:
            obj.pop("polygon", None)
    for _ in range(rng.randint(20, 70)):
        next_id += 1
        rid = rng.choice(REGION_IDS)
        obj = {"id": next_id, "name": rid.replace("_", " "), "type": "region", "x": 0,
               "y": 0, "width": 0, "height": 0, "rotation": 0, "visible": True,
               "properties": [{"name": "tc_id", "type": "string", "value": rid}],
               "polygon": _ring(rng, doc, fmt, messy)}
        if rng.random() < 0.1:
            obj["polygon"] = []
            obj["properties"].append({"name": "tc_spans", "type": "string",
                                      "value": f"[[0, 0, {width - 1}], [1, 2, 3]]"})
        if rng.random() < 0.3:
            obj["x"], obj["y"] = rng.uniform(-30, 30), rng.randint(-30, 30)
        regions["objects"].append(obj)
    forts = _layer(doc, "forts")
    for obj in forts["objects"]:
        if obj["type"] == "fort" and rng.random() < 0.7:
            _drop(obj, "tc_hexes")
            if messy and rng.random() < 0.5:
                obj["polygon"] = _ring(rng, doc, fmt, messy)
    paths = _layer(doc, "paths")
    for obj in paths["objects"]:
        if rng.random() < 0.5:
            _drop(obj, "tc_points")
    for k in range(rng.randint(0, 4)):
        next_id += 1
        line = _ring(rng, doc, fmt, messy)[:rng.randint(1 if messy else 2, 6)]
        paths["objects"].append({"id": next_id, "name": f"drawn road {k}", "type": "road",
                                 "x": 0, "y": 0, "width": 0, "height": 0, "rotation": 0,
                                 "visible": True, "properties": [], "polyline": line})
    return doc


def _write(tmp_path: Path, doc: dict, fmt: str) -> Path:
    path = tmp_path / f"varied.{fmt}"
    if fmt == "tmj":
        path.write_bytes(tiled_to_tmj(doc))
        return path
    text = tiled_to_tmx(doc).decode("utf-8")
    # what the TMJ writer has no words for: a group of layers, an object outside any
    # object layer and a tile's collision shapes (objects of no map layer either)
    start = text.index("<objectgroup")
    end = text.index("</objectgroup>", start) + len("</objectgroup>")
    text = (text[:start] + '<group id="90" name="drawn">\n'
            + '<object id="9001" name="stray" type="region" x="1" y="1"/>\n'
            + text[start:end] + "\n</group>" + text[end:])
    text = text.replace('<tile id="1">', '<tile id="1">\n<objectgroup draworder="index">'
                        '<object id="9002" type="region" x="0" y="0"><polygon points="0,0 9,0 '
                        '0,9"/></object></objectgroup>', 1)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(params=["default", "small"])
def block_sizes(request, monkeypatch):
    """The sizes as shipped, or tiny: every polygon run and terrain block split."""
    if request.param == "small":
        monkeypatch.setattr(tiled_cells, "_CHUNK", 5)
        monkeypatch.setattr(tiled_import, "_BLOCK", 7)
    return request.param


@pytest.mark.parametrize("fmt", ["tmx", "tmj"])
@pytest.mark.parametrize(("orientation", "offset"), LAYOUTS)
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_import_matches_the_one_before_on_varied_maps(tmp_path, block_sizes, fmt,
                                                          orientation, offset, seed):
    path = _write(tmp_path, _varied(orientation, offset, seed, fmt), fmt)
    before = import_before(path)
    now = import_tiled(path)
    assert [p.format() for p in now.problems] == [p.format() for p in before.problems]
    assert now.data == before.data
    if seed % 2 == 0:
        assert before.data is not None and len(before.data["regions"]) >= 4


def _plain(value: Any) -> Any:
    """The reader's output with point arrays as the {x, y} dicts they were."""
    if isinstance(value, np.ndarray):
        return [{"x": x, "y": y} for x, y in value.tolist()]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


@pytest.mark.parametrize(("orientation", "offset"), LAYOUTS)
def test_the_reader_gives_the_objects_and_places_the_whole_tree_gave(tmp_path, orientation,
                                                                       offset):
    path = _write(tmp_path, _varied(orientation, offset, 5, "tmx"), "tmx")
    now, before = tiledxml.read_map(path), read_before(path)
    assert repr(_plain(now.doc)) == repr(before.doc)  # repr: NaN points compare too
    assert now.lines == before.lines
    group = next(lay for lay in now.doc["layers"] if lay["type"] == "group")
    assert len(group["layers"][0]["objects"]) > 20


def test_polygon_points_read_as_before():
    rng = random.Random(5)
    pieces = ["1", "2.5", "-3", "1e3", "nan", "inf", "-Infinity", "1_0", "", "x", "٣", " "]
    texts = ["", "   ", "0,0", "0,0 1,1", "0,0\n\t1,1  ", "0,0,0", "0 0", "0,0 1", ",", "1,"]
    for _ in range(400):
        pairs = [f"{rng.choice(pieces)}{rng.choice([',', ',', ',', '', ',,'])}"
                 f"{rng.choice(pieces)}" for _ in range(rng.randint(0, 4))]
        texts.append(rng.choice([" ", "  ", "\n"]).join(pairs))
    for text in texts:
        now, before = tiledxml._points(text), _points_before(text)
        if isinstance(before, str):
            assert now == before, text
        else:
            assert repr(_plain(now)) == repr(before), text
