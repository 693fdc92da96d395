"""The board's grid arrays (hexes in index order, neighbour rows) computed on the offset grid
agree with the definition: per hex, its axial neighbours in direction order that lie on the
map and in play."""

from __future__ import annotations

import random

import pytest

from engine.hexes import DIRECTIONS
from engine.model import GameMap
from engine.rules.board import _neighbour_rows

SIZES = [(w, h) for w in (1, 2, 3, 4, 7) for h in (1, 2, 3, 5, 8)]


def _blank(width: int, height: int, orientation: str, parity: str) -> GameMap:
    game_map = GameMap.blank("grid", width, height)
    game_map.layout.orientation = orientation  # type: ignore[assignment]
    game_map.layout.offset = parity  # type: ignore[assignment]
    return game_map


def _by_definition(game_map: GameMap, outside: bytearray) -> list[tuple[int, ...]]:
    hexes = [game_map.hex_at_index(i) for i in range(game_map.width * game_map.height)]
    index_of = {h: i for i, h in enumerate(hexes)}
    rows = []
    for i, (q, r) in enumerate(hexes):
        near = (index_of.get((q + dq, r + dr)) for dq, dr in DIRECTIONS)
        rows.append(() if outside[i] else
                    tuple(j for j in near if j is not None and not outside[j]))
    return rows


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@pytest.mark.parametrize("parity", ["odd", "even"])
def test_hex_list_is_every_hex_in_index_order(orientation, parity):
    for width, height in SIZES:
        game_map = _blank(width, height, orientation, parity)
        assert game_map.hex_list() == [game_map.hex_at_index(i)
                                       for i in range(width * height)]


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@pytest.mark.parametrize("parity", ["odd", "even"])
def test_neighbour_rows_match_the_definition_with_and_without_hexes_out_of_play(
        orientation, parity):
    rng = random.Random(f"{orientation}{parity}")
    for width, height in SIZES:
        game_map = _blank(width, height, orientation, parity)
        for share in (0.0, 0.15, 0.6):
            outside = bytearray(rng.random() < share for _ in range(width * height))
            assert _neighbour_rows(game_map, outside) == _by_definition(game_map, outside), \
                (width, height, share)
