"""index_mask / mask_hexes: a region's hexes as a boolean array over terrain indices."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.geometry import index_mask, mask_hexes
from engine.hexes import Hex
from engine.model import GameMap, MapLayout


def _map(orientation: str, offset: str, w: int = 7, h: int = 5) -> GameMap:
    return GameMap.blank("m", w, h, layout=MapLayout(orientation=orientation,  # type: ignore
                                                     offset=offset))  # type: ignore


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@pytest.mark.parametrize("offset", ["odd", "even"])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_mask_matches_index_and_round_trips(orientation, offset, data):
    m = _map(orientation, offset)
    hexes = data.draw(st.sets(st.builds(Hex, st.integers(-9, 12), st.integers(-9, 12)),
                              max_size=40))
    mask = index_mask(m, hexes)
    inside = {h for h in hexes if m.in_bounds(h)}
    assert set(mask.nonzero()[0].tolist()) == {m.index(h) for h in inside}
    assert mask_hexes(m, mask) == inside


class _Runs(set):
    """A set that also offers its hexes as runs, like a compact hex set does."""

    def runs(self):
        by_r: dict[int, list[int]] = {}
        for q, r in self:
            by_r.setdefault(r, []).append(q)
        for r, qs in sorted(by_r.items()):
            qs.sort()
            start = prev = qs[0]
            for q in qs[1:]:
                if q != prev + 1:
                    yield r, start, prev
                    start = q
                prev = q
            yield r, start, prev


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@settings(max_examples=40, deadline=None)
@given(hexes=st.sets(st.builds(Hex, st.integers(-9, 12), st.integers(-9, 12)), max_size=60))
def test_runs_give_the_same_mask_as_hexes(orientation, hexes):
    m = _map(orientation, "odd")
    assert (index_mask(m, _Runs(hexes)) == index_mask(m, set(hexes))).all()


def test_empty_region_gives_an_empty_mask():
    m = _map("pointy", "odd")
    assert not index_mask(m, set()).any()
    assert mask_hexes(m, index_mask(m, set())) == set()
