"""Selection transforms through engine.geometry_transform.carry (make bench).

Issue 13 asks every selection transform on a 1M-hex map to take <= 1 s; these measure the
whole undo command (carry + terrain child + selection) on 250,000 hexes, and run the
transform/inverse property test with 2,000 random cases (500 run in make test).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QApplication

from editor.document import MapDocument
from engine.geometry_transform import carry
from engine.hexes import Hex
from engine.model import TERRAIN_ID, GameMap, MapPath
from tests.engine.map_strategies import assert_same_map, map_and_selection, mapping_for, snapshot

SIDE = 500  # 250,000 hexes


@pytest.fixture(scope="module")
def app():
    return QApplication.instance() or QApplication([])


def big_doc() -> MapDocument:
    m = GameMap.blank("bench", SIDE, SIDE)
    forest = TERRAIN_ID["forest"]
    for i in range(0, len(m.terrain), 7):
        m.terrain[i] = forest
    m.paths.append(MapPath("road", "road", [(float(x), 10.0) for x in range(0, 800, 4)],
                           "road", 0.4))
    doc = MapDocument(m)
    doc.set_selection(set(m.hexes()))
    return doc


@pytest.mark.parametrize("kind", ["mirror_h", "rotate_180"])
def test_bench_transform_whole_selection(benchmark, app, kind):
    doc = big_doc()
    benchmark.pedantic(doc.transform_selection, args=(kind,), rounds=3, iterations=1)
    assert doc.undo_stack.count() == 3


def test_bench_move_selection(benchmark, app):
    doc = big_doc()
    doc.set_selection({doc.map.to_axial(c, r) for c in range(100, 300) for r in range(100, 300)})
    benchmark.pedantic(doc.move_selection, args=(Hex(1, 0),), rounds=3, iterations=1)


def test_bench_transform_property_2000_cases(benchmark):
    @settings(max_examples=2000, deadline=None)
    @given(st.data())
    def round_trip(data):
        m, sel = data.draw(map_and_selection())
        mapping = data.draw(mapping_for(m, sel))
        before = snapshot(m)
        there = carry(m, mapping, sel)
        back = carry(there.map, mapping.inverse(), there.landed)
        assert_same_map(back.map, before)

    benchmark.pedantic(round_trip, rounds=1, iterations=1)
