"""Hypothesis strategies for random maps with everything on a selection, and mappings of it.

Used by the engine property test (carry, then the inverse mapping) and by the editor's undo
property test, so both see the same kinds of maps.
"""

from __future__ import annotations

import copy
import math
import os

from hypothesis import strategies as st

from engine.geometry import unit_layout
from engine.geometry_transform import HexMapping, symmetric, translation
from engine.hexes import Hex
from engine.model import (
    TERRAINS,
    Fort,
    GameMap,
    Label,
    MapLayout,
    MapPath,
    Region,
    StartMarker,
)

# Random cases of the transform/inverse/undo property test (tests/editor/test_selection_carry.py):
# 500 in `make test`; `make bench` runs the same test with TC_TRANSFORM_CASES set far higher.
TRANSFORM_CASES = int(os.environ.get("TC_TRANSFORM_CASES", "500"))
VARIANTS = [("pointy", "odd"), ("pointy", "even"), ("flat", "odd"), ("flat", "even")]
W = H = 11
# Selections stay in the middle so that every mapping drawn below keeps them on the map.
INNER = range(3, 8)


@st.composite
def map_and_selection(draw: st.DrawFn) -> tuple[GameMap, set[Hex]]:
    """A map whose content (terrain, forts, markers, regions, paths, labels) lies on a random
    selection in its middle; the rest is bare meadow, so a round trip must restore it all."""
    orientation, parity = draw(st.sampled_from(VARIANTS))
    m = GameMap.blank("m", W, H, layout=MapLayout(orientation, 32.0, parity))
    cells = draw(st.sets(st.tuples(st.sampled_from(INNER), st.sampled_from(INNER)),
                         min_size=1, max_size=25))
    sel = {m.to_axial(c, r) for c, r in cells}
    order = sorted(sel)
    for h in order:
        m.terrain[m.index(h)] = draw(st.integers(0, len(TERRAINS) - 1))
    free = list(order)
    for k in range(draw(st.integers(0, 2))):
        for h in free:
            pair = [n for n in h.neighbors() if n in free]
            ends = [n for n in sel if n in free and n not in pair and n != h]
            if pair and len(ends) >= 2:
                a = pair[0]
                e1, e2 = ends[0], ends[-1]
                if e1 == e2:
                    continue
                facing = draw(st.one_of(st.none(), st.integers(0, 5)))
                m.forts.append(Fort(f"F{k}", f"Fort {k}", [h, a], [e1, e2], "neutral", facing))
                for x in (h, a, e1, e2):
                    free.remove(x)
                break
    for number in range(1, draw(st.integers(0, 3)) + 1):
        m.start_markers.append(StartMarker(number, draw(st.sampled_from(order))))
    m.regions.append(Region("half_1_6", "West", set(draw(st.sets(st.sampled_from(order))))))
    m.regions.append(Region("empty", "Empty", set()))
    lay = unit_layout(orientation)
    jitter = st.floats(-0.15, 0.15, allow_nan=False)
    for k in range(draw(st.integers(0, 2))):
        start = draw(st.sampled_from(order))
        chain = [start]
        for _ in range(draw(st.integers(1, 5))):
            nxt = [n for n in chain[-1].neighbors() if n in sel and n not in chain]
            if not nxt:
                break
            chain.append(draw(st.sampled_from(sorted(nxt))))
        pts = []
        for h in chain:
            x, y = lay.hex_to_pixel(h)
            pts.append((x + draw(jitter), y + draw(jitter)))
        kind = draw(st.sampled_from(["road", "river", "trench"]))
        m.paths.append(MapPath(f"p{k}", kind, pts, None, 0.4))
    for k in range(draw(st.integers(0, 2))):
        x, y = lay.hex_to_pixel(draw(st.sampled_from(order)))
        rot = draw(st.sampled_from([0.0, 15.0, -30.0, 90.0]))
        m.labels.append(Label(f"Label {k}", (x + draw(jitter), y + draw(jitter)), 1.0, rot))
    return m, sel


@st.composite
def mapping_for(draw: st.DrawFn, m: GameMap, sel: set[Hex]) -> HexMapping:
    """A translation by at most one step, or a mirror/half turn about the selection."""
    o = m.layout.orientation
    kind = draw(st.sampled_from(["move", "mirror_h", "mirror_v", "rotate_180"]))
    if kind == "move":
        return translation(o, draw(st.sampled_from([Hex(1, 0), Hex(0, -1), Hex(-1, 1),
                                                    Hex(1, -1), Hex(0, 0)])))
    return symmetric(o, sel, kind)


def assert_same_map(a: GameMap, b: GameMap, tol: float = 1e-9) -> None:
    """The two maps hold the same content (points equal within `tol`)."""
    assert (a.width, a.height, a.layout) == (b.width, b.height, b.layout)
    assert a.terrain == b.terrain
    assert sorted(a.forts, key=lambda f: f.id) == sorted(b.forts, key=lambda f: f.id)
    assert sorted(a.start_markers, key=lambda s: s.number) == sorted(
        b.start_markers, key=lambda s: s.number)
    assert {r.id: r.hexes for r in a.regions} == {r.id: r.hexes for r in b.regions}
    pa = {p.id: p for p in a.paths}
    pb = {p.id: p for p in b.paths}
    assert pa.keys() == pb.keys()
    for pid, p in pa.items():
        q = pb[pid]
        assert (p.kind, p.terrain, p.width, len(p.points)) == (
            q.kind, q.terrain, q.width, len(q.points))
        assert all(math.dist(u, v) <= tol for u, v in zip(p.points, q.points, strict=True))
    assert len(a.labels) == len(b.labels)
    for la, lb in zip(sorted(a.labels, key=lambda x: x.text),
                      sorted(b.labels, key=lambda x: x.text), strict=True):
        assert (la.text, la.size, la.rotation) == (lb.text, lb.size, lb.rotation)
        assert math.dist(la.at, lb.at) <= tol


def snapshot(m: GameMap) -> GameMap:
    """A deep copy to compare against later."""
    return copy.deepcopy(m)
