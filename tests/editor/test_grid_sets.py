"""Rectangles and flood areas as hex runs (editor.grid): the same hexes as their index
lists, in every layout, so a drag across a million-hex map builds no tuple per hex."""

from __future__ import annotations

import random

import pytest

from editor import grid
from engine.hexset import HexSet
from engine.model import TERRAIN_ID, GameMap


def _blank(orientation: str, parity: str) -> GameMap:
    game_map = GameMap.blank("grid", 13, 9)
    game_map.layout.orientation = orientation  # type: ignore[assignment]
    game_map.layout.offset = parity  # type: ignore[assignment]
    return game_map


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@pytest.mark.parametrize("parity", ["odd", "even"])
def test_rect_and_flood_hexsets_hold_the_hexes_of_their_indices(orientation, parity):
    m = _blank(orientation, parity)
    rng = random.Random(f"{orientation}{parity}")
    for _ in range(40):
        a = m.to_axial(rng.randrange(-3, 16), rng.randrange(-3, 12))
        b = m.to_axial(rng.randrange(-3, 16), rng.randrange(-3, 12))
        area = grid.rect_hexset(m, a, b)
        assert isinstance(area, HexSet)
        assert area == {m.hex_at_index(i) for i in grid.rect_indices(m, a, b)}
    for i in rng.sample(range(len(m.terrain)), 30):
        m.terrain[i] = TERRAIN_ID["forest"]
    start = next(i for i, t in enumerate(m.terrain) if t == TERRAIN_ID["meadow"])
    flood = grid.flood_indices(m, start)
    assert grid.indices_hexset(m, flood) == {m.hex_at_index(i) for i in flood}
