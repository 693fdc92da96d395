"""Regions stored as HexSet runs write exactly the bytes the per-hex writer wrote.

The oracle is the writer as it was before HexSet: every hex to offset coordinates, sorted,
joined into runs. Every map in content/ and in the example pack is written both ways, as is
each of them turned flat-top, and the pack's own canonical map.json must come back unchanged.
"""

from __future__ import annotations

import dataclasses
import zipfile
from pathlib import Path
from typing import Any

import pytest

from engine.content import document_from_text, dump_canonical, load_file, map_to_dict
from engine.content.convert_map import map_from_dict, region_spans, span_hexes
from engine.hexes import Hex
from engine.hexset import HexSet
from engine.model import GameMap, MapLayout
from exporters.packcontent import map_json
from tests.bigmaps import big_map_data

ROOT = Path(__file__).resolve().parents[2]
MAP_FILES = sorted(ROOT.glob("content/**/*.map.*")) + sorted(ROOT.glob("examples/**/*.map.*"))
PACKS = sorted(ROOT.glob("examples/**/*.tcpack"))


def _oracle_spans(m: GameMap, hexes: set[Hex]) -> list[list[int]]:
    cells = sorted((r, c) for c, r in (m.to_offset(h) for h in hexes))
    spans: list[list[int]] = []
    for row, col in cells:
        if spans and spans[-1][0] == row and spans[-1][2] == col - 1:
            spans[-1][2] = col
        else:
            spans.append([row, col, col])
    return spans


def _oracle_text(m: GameMap, fmt: str) -> str:
    data = map_to_dict(m)
    data["regions"] = [{"id": r.id, "name": r.name, "spans": _oracle_spans(m, set(r.hexes))}
                       for r in m.regions]
    return dump_canonical(data, fmt)


def _pack_maps() -> list[tuple[str, str]]:
    out = []
    for pack in PACKS:
        with zipfile.ZipFile(pack) as z:
            out.append((pack.name, z.read("map.json").decode("utf-8")))
    return out


def _flat(m: GameMap) -> GameMap:
    flat = dataclasses.replace(m, layout=MapLayout("flat", m.layout.hex_size, m.layout.offset))
    flat.regions = [dataclasses.replace(r, hexes=HexSet(r.hexes)) for r in m.regions]
    return flat


def test_there_are_files_to_compare() -> None:
    assert MAP_FILES and PACKS


@pytest.mark.parametrize("path", MAP_FILES, ids=lambda p: p.name)
def test_content_maps_write_as_before(path: Path) -> None:
    loaded = load_file(path)
    assert loaded.ok, loaded.problems
    m = loaded.model
    assert all(isinstance(r.hexes, HexSet) and r.hexes for r in m.regions)
    for fmt in ("yaml", "json"):
        assert dump_canonical(map_to_dict(m), fmt) == _oracle_text(m, fmt)
        assert dump_canonical(map_to_dict(_flat(m)), fmt) == _oracle_text(_flat(m), fmt)


@pytest.mark.parametrize(("name", "text"), _pack_maps(), ids=lambda v: v[:20])
def test_canonical_pack_map_comes_back_byte_for_byte(name: str, text: str) -> None:
    doc = document_from_text(text, "json")
    m = map_from_dict(doc.data)
    assert dump_canonical(map_json(m), "json") == text
    # the map file's part: the pack adds only each trench path's `covers`
    paths = [{k: v for k, v in p.items() if k != "covers"} for p in doc.data["paths"]]
    bare = dump_canonical({**doc.data, "paths": paths}, "json")
    assert bare != text
    assert dump_canonical(map_to_dict(m), "json") == bare
    assert _oracle_text(m, "json") == bare


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@pytest.mark.parametrize("offset", ["odd", "even"])
def test_big_map_spans_round_trip(orientation: str, offset: str) -> None:
    data: dict[str, Any] = big_map_data(120, 90)
    data["layout"] = {"orientation": orientation, "hex_size": 32, "offset": offset}
    m = map_from_dict(data)
    for region, source in zip(m.regions, data["regions"], strict=True):
        expected = {m.to_axial(c, row) for row, first, last in source["spans"]
                    for c in range(first, last + 1)}
        assert region.hexes == expected
        assert region_spans(m, region.hexes) == _oracle_spans(m, expected)
        assert region_spans(m, set(region.hexes)) == region_spans(m, region.hexes)
        assert span_hexes(m, region_spans(m, region.hexes)) == region.hexes
