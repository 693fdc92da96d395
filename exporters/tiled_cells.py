"""Map cells from Tiled geometry in bulk: which cells' centres each polygon holds, and the
row spans of a set of cells, for the Tiled import (exporters/tiled_import.py).

A Studio export of a 1,000,000-hex map has some 33,000 region polygons. Shaped and tested
one by one, with each cell a Python tuple in a set, they cost most of the import; here the
polygons are built, checked and tested against the centres in a few array calls, and cells
stay flat indices (row * width + col) until they are written as spans. The answers are the
ones shapely gives for each polygon alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import shapely
from shapely.geometry import Polygon

_NONE = np.empty(0, dtype=np.int32)
_CHUNK = 1 << 18  # candidate cells tested in one call: bounds the arrays' memory


def ranges(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The concatenated ranges starts[i] .. starts[i] + counts[i] - 1 (int64)."""
    counts = np.asarray(counts, dtype=np.int64)
    total = int(counts.sum())
    if total == 0:
        return np.empty(0, dtype=np.int64)
    ends = np.cumsum(counts)
    offsets = np.arange(total, dtype=np.int64) - np.repeat(ends - counts, counts)
    return offsets + np.repeat(np.asarray(starts, dtype=np.int64), counts)


def spans(cells: np.ndarray, width: int) -> list[list[int]]:
    """[row, first col, last col] runs of the cells (flat indices, any order, repeats
    allowed), by row then column: the map file's region spans."""
    if not len(cells):
        return []
    # timsort: the parts come ascending, so this is mostly merging them
    cells = np.sort(cells, kind="stable")
    cells = cells[np.concatenate(([True], cells[1:] != cells[:-1]))]
    rows = cells // width
    breaks = np.flatnonzero((np.diff(cells) != 1) | (np.diff(rows) != 0)) + 1
    first = np.concatenate(([0], breaks))
    last = np.concatenate((breaks - 1, [len(cells) - 1]))
    return np.stack([rows[first], cells[first] % width, cells[last] % width],
                    axis=1).tolist()


CentreXY = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]


class CellCentres:
    """The centres of a map's cells, worked out for the cells tested (a map's million of
    them took 16 MB), and per column and per row the range of their x and y (stagger
    moves them by half a tile): a polygon's bounds give the block of cells worth testing."""

    def __init__(self, centre_xy: CentreXY, width: int, height: int) -> None:
        self.centre_xy = centre_xy
        self.width, self.height = width, height
        # a centre's x depends on its column and the parity of its row, y on its row and
        # the parity of its column: two rows and two columns give every range
        xs = centre_xy(np.arange(min(height, 2) * width))[0].reshape(-1, width)
        ys = centre_xy((np.arange(height)[:, None] * width
                        + np.arange(min(width, 2))[None, :]).ravel())[1].reshape(height, -1)
        # both ascend along their axis, so the cells within bounds are one block
        self.col_x = (xs.min(axis=0), xs.max(axis=0))
        self.row_y = (ys.min(axis=1), ys.max(axis=1))

    def in_rings(self, rings: Sequence[np.ndarray]) -> list[np.ndarray]:
        """For each ring (an (n, 2) float array) the flat indices, ascending, of the cells
        whose centres its polygon holds: what `shapely.contains_xy` says for the polygon
        (made valid with buffer(0) when it is not); none for a ring under 3 points."""
        out = [_NONE] * len(rings)
        todo = []
        for k, ring in enumerate(rings):
            if len(ring) < 3:
                continue
            if np.isfinite(ring).all():
                todo.append(k)
            else:  # sums that overflowed: left to shapely and GEOS as they always were
                out[k] = self.in_ring_alone(ring.tolist())
        if not todo:
            return out
        sizes = np.array([len(rings[k]) for k in todo])
        polys = shapely.polygons(shapely.linearrings(
            np.concatenate([rings[k] for k in todo]),
            indices=np.repeat(np.arange(len(todo)), sizes)))
        for k in np.flatnonzero(~shapely.is_valid(polys)):
            polys[k] = polys[k].buffer(0)
        keep = np.flatnonzero(~shapely.is_empty(polys))
        polys, todo = polys[keep], [todo[k] for k in keep]
        bounds = shapely.bounds(polys)
        c0 = np.searchsorted(self.col_x[1], bounds[:, 0], side="left")
        c1 = np.searchsorted(self.col_x[0], bounds[:, 2], side="right")
        r0 = np.searchsorted(self.row_y[1], bounds[:, 1], side="left")
        r1 = np.searchsorted(self.row_y[0], bounds[:, 3], side="right")
        ncols, nrows = np.maximum(c1 - c0, 0), np.maximum(r1 - r0, 0)
        # one run per polygon and row of its block, in that order: cells come out grouped
        # by polygon, ascending within each, and are tested some _CHUNK at a time with only
        # the polygons of that chunk prepared (GEOS's indexes of them all took 60 MB)
        run_owner = np.repeat(np.arange(len(polys)), nrows)
        run_start = ranges(r0, nrows) * self.width + c0[run_owner]
        run_len = ncols[run_owner]
        chunk = (np.cumsum(run_len) - run_len) // _CHUNK
        edges = np.concatenate(([0], np.flatnonzero(np.diff(chunk)) + 1, [len(chunk)]))
        last_run = np.cumsum(nrows) - 1
        found, counts = [], np.zeros(len(polys), dtype=np.int64)
        for a, b in zip(edges[:-1].tolist(), edges[1:].tolist(), strict=True):
            if a == b:
                continue
            first, last = int(run_owner[a]), int(run_owner[b - 1])
            shapely.prepare(polys[first:last + 1])
            cells = ranges(run_start[a:b], run_len[a:b])
            owner = np.repeat(run_owner[a:b], run_len[a:b])
            inside = shapely.contains_xy(polys[owner], *self.centre_xy(cells))
            found.append(cells[inside].astype(np.int32))  # a map has at most 1M cells
            counts += np.bincount(owner[inside], minlength=len(polys))
            done = last + 1 if last_run[last] < b else last  # the last may go on
            shapely.destroy_prepared(polys[first:done])
        cells = np.concatenate([_NONE, *found])
        del found
        at = np.concatenate(([0], np.cumsum(counts)))
        for i, k in enumerate(todo):
            out[k] = cells[at[i]:at[i + 1]]
        return out

    def in_ring_alone(self, ring: list) -> np.ndarray:
        """The cells of one ring, shaped and tested alone."""
        poly = Polygon(ring)
        if not poly.is_valid:
            poly = poly.buffer(0)
        if poly.is_empty:
            return _NONE
        min_x, min_y, max_x, max_y = poly.bounds
        cols = np.flatnonzero((self.col_x[1] >= min_x) & (self.col_x[0] <= max_x))
        rows = np.flatnonzero((self.row_y[1] >= min_y) & (self.row_y[0] <= max_y))
        block = (rows[:, None] * self.width + cols[None, :]).ravel()
        inside = shapely.contains_xy(poly, *self.centre_xy(block))
        return block[inside]
