"""Property: the run-based land connectivity of check_map agrees with a plain BFS."""

from __future__ import annotations

from collections import deque

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.content import check_map
from engine.hexes import Hex
from engine.model import Fort, GameMap, MapLayout, StartMarker


@st.composite
def maps(draw):
    w = draw(st.integers(3, 12))
    h = draw(st.integers(3, 12))
    layout = MapLayout(draw(st.sampled_from(["pointy", "flat"])), 32,
                       draw(st.sampled_from(["odd", "even"])))
    m = GameMap("t", "t", w, h, layout=layout)
    water = draw(st.floats(0.0, 0.6))
    for i in range(w * h):
        if draw(st.floats(0, 1)) < water:
            m.terrain[i] = 4  # water
    used: set[Hex] = set()
    for k in range(draw(st.integers(1, 4))):
        centre = m.to_axial(draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1)))
        d = draw(st.integers(0, 5))
        entrances = [centre.neighbor(d), centre.neighbor((d + 3) % 6)]
        cells = [centre, *entrances]
        if any(c in used or not m.in_bounds(c) for c in cells):
            continue
        used.update(cells)
        for e in entrances:
            m.set_terrain(e, "meadow")
        m.forts.append(Fort(f"f{k}", "F", [centre], entrances))
    col, row = draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))
    start = m.to_axial(col, row)
    if start not in used:
        m.set_terrain(start, "meadow")
        m.start_markers.append(StartMarker(1, start))
    return m


def bfs_unreachable(m: GameMap) -> set[str]:
    blocked = {c for f in m.forts for c in (*f.hexes, *f.entrances)}

    def passable(x: Hex) -> bool:
        return m.in_bounds(x) and x not in blocked and m.terrain_at(x) != "water"

    seen = {s.hex for s in m.start_markers if passable(s.hex)}
    queue = deque(seen)
    while queue:
        for n in queue.popleft().neighbors():
            if n not in seen and passable(n):
                seen.add(n)
                queue.append(n)
    return {f.id for f in m.forts
            if not any(n in seen for e in f.entrances for n in e.neighbors())}


@settings(max_examples=300, deadline=None)
@given(maps())
def test_unreachable_forts_match_bfs(m):
    assume(m.forts and m.start_markers)
    found = {m.forts[int(p.pointer.split("/")[2])].id for p in check_map(m)
             if p.code == "fort.unreachable"}
    assert found == bfs_unreachable(m)
