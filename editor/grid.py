"""Index-based grid helpers for editing: brush shapes, flood fill, rectangles.

They work on `GameMap.terrain` indices (row * width + col) because the editor's hot paths
(brush dabs, 10,000-hex fills) must not build a `Hex` per visited cell. Qt-free.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np

from engine.geometry import mask_hexes, offset_neighbour_deltas
from engine.hexes import Hex, disk, line
from engine.hexset import HexSet
from engine.model import GameMap


def neighbour_deltas(game_map: GameMap) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Offset (dcol, drow) of the six neighbours, for even and odd shoved lines of this map."""
    return offset_neighbour_deltas(game_map.layout.orientation, game_map.layout.offset)


def neighbour_indices(game_map: GameMap) -> Callable[[int], list[int]]:
    """A function giving the in-bounds neighbour indices of a terrain index."""
    w, h = game_map.width, game_map.height
    even, odd = neighbour_deltas(game_map)
    pointy = game_map.layout.orientation == "pointy"

    def neighbours(i: int) -> list[int]:
        row, col = divmod(i, w)
        deltas = odd if ((row if pointy else col) & 1) else even
        out = []
        for dc, dr in deltas:
            c, r = col + dc, row + dr
            if 0 <= c < w and 0 <= r < h:
                out.append(r * w + c)
        return out

    return neighbours


def flood_indices(game_map: GameMap, start: int, limit: int | None = None) -> list[int]:
    """Indices of the connected area of the same terrain as `start`, start included."""
    terrain = game_map.terrain
    target = terrain[start]
    neighbours = neighbour_indices(game_map)
    seen = {start}
    stack = [start]
    out = []
    while stack:
        i = stack.pop()
        out.append(i)
        if limit is not None and len(out) >= limit:
            break
        for n in neighbours(i):
            if n not in seen and terrain[n] == target:
                seen.add(n)
                stack.append(n)
    return out


def indices_of(game_map: GameMap, hexes: Iterable[Hex]) -> list[int]:
    """Terrain indices of the in-bounds hexes, in order, without duplicates."""
    out: dict[int, None] = {}
    for h in hexes:
        if game_map.in_bounds(h):
            out[game_map.index(h)] = None
    return list(out)


def brush_hexes(center: Hex, radius: int) -> list[Hex]:
    """Hexes covered by a round brush of `radius` (0 = one hex)."""
    return disk(center, max(0, radius))


def stroke_hexes(a: Hex, b: Hex, radius: int) -> list[Hex]:
    """Hexes covered by dragging a brush of `radius` in a straight line from a to b."""
    out: dict[Hex, None] = {}
    for c in line(a, b):
        for h in disk(c, radius):
            out[h] = None
    return list(out)


def _rect_bounds(game_map: GameMap, a: Hex, b: Hex) -> tuple[int, int, int, int]:
    ca, ra = game_map.to_offset(a)
    cb, rb = game_map.to_offset(b)
    c0, c1 = sorted((ca, cb))
    r0, r1 = sorted((ra, rb))
    return max(c0, 0), max(r0, 0), min(c1, game_map.width - 1), min(r1, game_map.height - 1)


def rect_hexset(game_map: GameMap, a: Hex, b: Hex) -> HexSet:
    """The offset-coordinate rectangle spanned by two hexes, clipped to the map, as runs: a
    drag across a million-hex map builds no tuple per hex."""
    c0, r0, c1, r1 = _rect_bounds(game_map, a, b)
    if c0 > c1 or r0 > r1:
        return HexSet()  # wholly off the map
    mask = np.zeros((game_map.height, game_map.width), dtype=bool)
    mask[r0:r1 + 1, c0:c1 + 1] = True
    return mask_hexes(game_map, mask.reshape(-1))


def indices_hexset(game_map: GameMap, indices: Iterable[int]) -> HexSet:
    """The hexes at these terrain indices, as runs."""
    mask = np.zeros(game_map.width * game_map.height, dtype=bool)
    mask[np.fromiter(indices, dtype=np.int64)] = True
    return mask_hexes(game_map, mask)


def rect_indices(game_map: GameMap, a: Hex, b: Hex) -> list[int]:
    """Indices of the offset-coordinate rectangle spanned by two hexes, clipped to the map."""
    c0, r0, c1, r1 = _rect_bounds(game_map, a, b)
    w = game_map.width
    return [r * w + c for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
