"""The hex cells of a board (terrain fills, forest trees, grid lines) rasterised with numpy.

Every output pixel finds its hex by rounding its fractional axial coordinates, takes the hex's
terrain colour, and gets the grid line's coverage from its distance to the hex's edge (a box
filter across the line: anti-aliased without supersampling). Trees are discs covered the same
way. No Python runs per hex or per pixel, so a 100k-hex board costs a few array passes.
"""

from __future__ import annotations

import math

import numpy as np

from engine.model import TERRAINS
from exporters.board import Cells

SQRT3 = math.sqrt(3.0)
_FOREST = TERRAINS.index("forest")
LEVELS = 9


def rgb(colour: str) -> tuple[int, int, int]:
    """#rrggbb as an (r, g, b) tuple."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def cell_layers(cells: Cells, k: float, top: int, rows: int, cols: int, line_px: float
                ) -> tuple[np.ndarray, np.ndarray]:
    """The pixel rows `top` .. `top + rows` (all `cols` columns) at `k` pixels per mm: the
    terrain colours with trees as (rows, cols, 3) float32 (0..255), paper outside the map,
    and the coverage (0..1, float32) of grid lines `line_px` pixels wide."""
    bl, m = cells.layout, cells.map
    size = bl.size
    xs = ((np.arange(cols, dtype=np.float64) + 0.5) / k - bl.ox) / size
    ys = ((np.arange(top, top + rows, dtype=np.float64) + 0.5) / k - bl.oy) / size
    pointy = m.layout.orientation == "pointy"
    if pointy:
        fq = (SQRT3 / 3 * xs).astype(np.float32)[None, :] - (ys / 3).astype(np.float32)[:, None]
        fr = np.broadcast_to((2 / 3 * ys).astype(np.float32)[:, None], fq.shape)
    else:
        fr = (SQRT3 / 3 * ys).astype(np.float32)[:, None] - (xs / 3).astype(np.float32)[None, :]
        fq = np.broadcast_to((2 / 3 * xs).astype(np.float32)[None, :], fr.shape)
    q, r, dq, dr = _hex_round(fq, fr)
    qi, ri = q.astype(np.int32), r.astype(np.int32)
    inside, index = _cell_index(m, qi, ri)
    codes = np.frombuffer(bytes(m.terrain), dtype=np.uint8)
    terrain = np.where(inside, codes[np.where(inside, index, 0)], len(cells.fills))
    lut = np.array([rgb(c) for c in [*cells.fills, cells.paper]], dtype=np.float32)
    colour = lut[terrain]
    forest = terrain == _FOREST
    if forest.any():
        _draw_trees(colour, forest, dq[forest], dr[forest], cells, k, pointy)
    # Distance to the hex's edge: 1 - the largest projection on the three edge normals, in
    # apothems (the cube coordinates' differences are those projections).
    e1, e2, e3 = dq - dr, dq + 2 * dr, -2 * dq - dr
    reach = np.maximum(np.maximum(np.abs(e1), np.abs(e2)), np.abs(e3))
    apothem = np.float32(size * SQRT3 / 2 * k)
    half = np.float32(line_px / 2)
    cover = _line_cover((1.0 - reach) * apothem, half)
    outside = ~inside & (cover > 0)
    if outside.any():
        # Lines on the map's edge are drawn outside it too: each edge of an outside hex whose
        # neighbour across it is on the map.
        cover[outside] = _edge_cover_outside(m, qi[outside], ri[outside], e1[outside],
                                             e2[outside], e3[outside], apothem, half)
    return colour, cover


def _line_cover(d: np.ndarray, half: np.float32) -> np.ndarray:
    """How much of a pixel `d` pixels from a line's middle the line (2 * `half` wide) covers,
    in the steps of 3 × 3 supersampling."""
    cover = np.clip(np.minimum(d + 0.5, half) - np.maximum(d - 0.5, -half), 0.0, 1.0)
    return _steps(cover)


def _steps(cover: np.ndarray) -> np.ndarray:
    """Coverage rounded to ninths: the levels supersampled shapes have, which keep the PNG as
    small (and its encoding as fast) as a supersampled one."""
    return np.rint(cover * np.float32(LEVELS)) * np.float32(1 / LEVELS)


def _hex_round(fq: np.ndarray, fr: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Nearest hexes of fractional axial coordinates (as `engine.hexes.hex_round`) and the
    fractional remainders."""
    fs = -fq - fr
    q, r, s = np.rint(fq), np.rint(fr), np.rint(fs)
    aq, ar, as_ = np.abs(q - fq), np.abs(r - fr), np.abs(s - fs)
    fix_q = (aq > ar) & (aq > as_)
    q = np.where(fix_q, -r - s, q)
    r = np.where(~fix_q & (ar > as_), -q - s, r)
    return q, r, fq - q, fr - r


def _cell_index(m: object, q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Whether axial hexes are on the map, and their row-major index (as `GameMap.index`)."""
    lay = m.layout  # type: ignore[attr-defined]
    odd = lay.offset == "odd"
    if lay.orientation == "pointy":
        col, row = q + (r >> 1 if odd else (r + 1) >> 1), r
    else:
        col, row = q, r + (q >> 1 if odd else (q + 1) >> 1)
    width, height = m.width, m.height  # type: ignore[attr-defined]
    inside = (col >= 0) & (col < width) & (row >= 0) & (row < height)
    return inside, row * width + col


def _edge_cover_outside(m: object, q: np.ndarray, r: np.ndarray, e1: np.ndarray,
                        e2: np.ndarray, e3: np.ndarray, apothem: np.float32, half: np.float32
                        ) -> np.ndarray:
    """Line coverage of pixels in hexes off the map: of the edges whose far side is on it."""
    cover = np.zeros(q.shape, dtype=np.float32)
    # e1, e2, e3 grow towards the neighbours (1, -1), (0, 1) and (-1, 0) in axial (q, r)
    for e, (sq, sr) in ((e1, (1, -1)), (e2, (0, 1)), (e3, (-1, 0))):
        sign = np.where(e >= 0, 1, -1).astype(np.int32)
        inside, _ = _cell_index(m, q + sign * sq, r + sign * sr)
        edge = _line_cover((1.0 - np.abs(e)) * apothem, half)
        np.maximum(cover, np.where(inside, edge, 0.0), out=cover)
    return cover


def _draw_trees(colour: np.ndarray, forest: np.ndarray, dq: np.ndarray, dr: np.ndarray,
                cells: Cells, k: float, pointy: bool) -> None:
    """Blend the tree discs into the forest pixels of `colour` (anti-aliased by coverage)."""
    size = cells.layout.size
    if pointy:
        lx, ly = size * (SQRT3 * dq + SQRT3 / 2 * dr), size * 1.5 * dr
    else:
        lx, ly = size * 1.5 * dq, size * (SQRT3 / 2 * dq + SQRT3 * dr)
    cover = np.zeros(lx.shape, dtype=np.float32)
    radius, px = np.float32(cells.tree_radius), np.float32(k)
    near = (cells.tree_radius + 1 / k) ** 2
    for tx, ty in cells.trees:
        ax, ay = lx - np.float32(tx), ly - np.float32(ty)
        d2 = ax * ax + ay * ay
        hit = np.flatnonzero(d2 < near)  # only pixels a disc reaches get a square root
        disc = np.clip((radius - np.sqrt(d2[hit])) * px + 0.5, 0.0, 1.0)
        cover[hit] = np.maximum(cover[hit], disc)
    covered = np.flatnonzero(cover)
    where = np.flatnonzero(forest)[covered]
    flat = colour.reshape(-1, 3)
    tree = np.array(rgb(cells.tree), dtype=np.float32)
    mixed = flat[where]
    flat[where] = mixed + (tree - mixed) * _steps(cover[covered])[:, None]
