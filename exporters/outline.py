"""Outlines of hex sets from runs of cells, for exports that draw regions as polygons.

A staggered hex grid is a stack of *lines* (rows of a pointy-top map, columns of a flat-top
one) in which neighbouring cells share a straight edge; consecutive lines interlock along a
zigzag. A set of hexes is first cut into runs of consecutive cells along those lines, and the
outline is built from the runs: a run contributes its two end edges and the parts of its
zigzags not covered by a run of the next line. Nothing is done per hex, so a region of half a
million hexes in a thousand runs costs a thousand steps plus its perimeter.

Coordinates are on an integer lattice: `a` along the lines in half cell widths, `b` across
them in quarter cell heights (a cell of line j, position i, has its centre at
a = 2i + shift(j) + 1, b = 3j + 2 and its corners at a ± 1, b ± 1 and a, b ± 2), so every
corner is exact and the caller scales the lattice to its own pixels.
"""

from __future__ import annotations

import itertools
from bisect import bisect_right
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import numpy as np

from engine.hexes import Hex, OffsetParity, Orientation

LatticePoint = tuple[int, int]


@runtime_checkable
class AxialRuns(Protocol):
    """A hex set that can list itself as axial runs (r, first_q, last_q), inclusive."""

    def runs(self) -> Iterator[tuple[int, int, int]]: ...


@dataclass(frozen=True)
class Runs:
    """Runs of consecutive cells along the lines of a grid, sorted by line then position."""

    line: np.ndarray
    first: np.ndarray
    last: np.ndarray

    def __len__(self) -> int:
        return len(self.line)

    def cells(self) -> tuple[np.ndarray, np.ndarray]:
        """Every cell as (line, position) arrays."""
        lengths = self.last - self.first + 1
        line = np.repeat(self.line, lengths)
        ends = np.cumsum(lengths)
        pos = np.arange(int(ends[-1]) if len(ends) else 0, dtype=np.int64)
        pos += np.repeat(self.first - (ends - lengths), lengths)
        return line, pos


@dataclass(frozen=True)
class Part:
    """One edge-connected part of a hex set: its outer ring on the lattice (an (n, 2) int
    array of lattice points) and its runs."""

    ring: np.ndarray
    runs: Runs


def runs_of(hexes: Collection[Hex], orientation: Orientation, parity: OffsetParity) -> Runs:
    """The runs of a hex set along the grid's lines: rows (pointy) or columns (flat)."""
    if isinstance(hexes, AxialRuns):
        table = np.array(list(hexes.runs()), dtype=np.int64).reshape(-1, 3)
        if orientation == "pointy":
            # Along a pointy row axial r is constant and q grows by one per column: each
            # axial run is one line run, so nothing is expanded.
            r = table[:, 0]
            shift = (r + (r & 1)) // 2 if parity == "even" else (r - (r & 1)) // 2
            return _merged(r, table[:, 1] + shift, table[:, 2] + shift)
        r, q = Runs(table[:, 0], table[:, 1], table[:, 2]).cells()
    else:
        flat = np.fromiter(itertools.chain.from_iterable(hexes), dtype=np.int64,
                           count=2 * len(hexes))
        q, r = flat[0::2], flat[1::2]
    if orientation == "pointy":
        shift = (r + (r & 1)) // 2 if parity == "even" else (r - (r & 1)) // 2
        return cell_runs(r, q + shift)
    shift = (q + (q & 1)) // 2 if parity == "even" else (q - (q & 1)) // 2
    return cell_runs(q, r + shift)


def cell_runs(line: np.ndarray, pos: np.ndarray) -> Runs:
    """The runs of distinct cells given as (line, position) arrays, in any order."""
    if len(line) == 0:
        empty = np.zeros(0, dtype=np.int64)
        return Runs(empty, empty, empty)
    l0, p0 = int(line.min()), int(pos.min())
    height, width = int(line.max()) - l0 + 1, int(pos.max()) - p0 + 1
    if height * (width + 2) <= 8 * len(line) + 65_536:
        # Dense enough for a bitmap of the bounding box: runs are where it steps up/down.
        grid = np.zeros((height, width + 2), dtype=np.int8)
        grid[line - l0, pos - p0 + 1] = 1
        steps = np.diff(grid, axis=1)
        rows, starts = np.nonzero(steps == 1)
        _, ends = np.nonzero(steps == -1)
        return Runs(rows + l0, starts + p0, ends - 1 + p0)
    order = np.lexsort((pos, line))
    line, pos = line[order], pos[order]
    breaks = np.flatnonzero((np.diff(line) != 0) | (np.diff(pos) != 1)) + 1
    starts = np.concatenate(([0], breaks))
    ends = np.concatenate((breaks - 1, [len(line) - 1]))
    return Runs(line[starts], pos[starts], pos[ends])


def _merged(line: np.ndarray, first: np.ndarray, last: np.ndarray) -> Runs:
    """Runs sorted, with runs that touch along a line joined (inputs never overlap)."""
    order = np.lexsort((first, line))
    line, first, last = line[order], first[order], last[order]
    if len(line) == 0:
        return Runs(line, first, last)
    joins = (np.diff(line) == 0) & (first[1:] == last[:-1] + 1)
    starts = np.flatnonzero(np.concatenate(([True], ~joins)))
    ends = np.concatenate((starts[1:] - 1, [len(line) - 1]))
    return Runs(line[starts], first[starts], last[ends])


def outline_parts(runs: Runs, shifted: Callable[[int], bool]) -> list[Part]:
    """The edge-connected parts of a set of runs, each with its outer ring.

    `shifted(line)` says whether a line is pushed half a cell along (the grid's stagger).
    Rings run clockwise on screen (y down) and start anywhere; holes are left out.
    """
    lines = runs.line.tolist()
    firsts = runs.first.tolist()
    lasts = runs.last.tolist()
    n = len(lines)
    lo = [0] * n
    hi = [0] * n
    by_line: dict[int, list[int]] = {}
    for k in range(n):
        sh = 1 if shifted(lines[k]) else 0
        lo[k], hi[k] = 2 * firsts[k] + sh, 2 * lasts[k] + sh + 2
        by_line.setdefault(lines[k], []).append(k)
    his = {j: [hi[k] for k in ks] for j, ks in by_line.items()}

    parent = list(range(n))

    def find(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    # The boundary as chains of lattice points (end edges and open stretches of zigzag),
    # each under the run it belongs to; a chain starts where the one before it ends.
    # A zigzag stretch is kept as (first x, stop x, step, base, sign, odd) and its points
    # (x, base + sign * ((x + odd) & 1)) made only when its ring is walked: as point tuples,
    # the stretches of a region of 10^4 parts took over 100 MB.
    chains: list[tuple[int, LatticePoint, LatticePoint, Any]] = []
    for j, here in by_line.items():
        top, bottom = 3 * j, 3 * j + 4
        # corners at cell centres are the zigzag's peaks: b = top there, top + 1 between
        odd = 0 if shifted(j) else 1
        above, below = by_line.get(j - 1, []), by_line.get(j + 1, [])
        his_above, his_below = his.get(j - 1, []), his.get(j + 1, [])
        for k in here:
            chains.append((k, (lo[k], top + 3), (lo[k], top + 1),
                           [(lo[k], top + 3), (lo[k], top + 1)]))
            chains.extend((k, (x0, top + ((x0 + odd) & 1)), (x1, top + ((x1 + odd) & 1)),
                           (x0, x1 + 1, 1, top, 1, odd))
                          for x0, x1 in _uncovered(lo[k], hi[k], above, his_above, lo, hi))
            chains.append((k, (hi[k], top + 1), (hi[k], top + 3),
                           [(hi[k], top + 1), (hi[k], top + 3)]))
            chains.extend((k, (x1, bottom - ((x1 + odd) & 1)), (x0, bottom - ((x0 + odd) & 1)),
                           (x1, x0 - 1, -1, bottom, -1, odd))
                          for x0, x1 in _uncovered(lo[k], hi[k], below, his_below, lo, hi))
            for i in range(bisect_right(his_below, lo[k]), len(below)):
                m = below[i]
                if lo[m] >= hi[k]:
                    break
                parent[find(m)] = find(k)

    members: dict[int, list[int]] = {}
    for k in range(n):
        members.setdefault(find(k), []).append(k)
    nexts: dict[int, dict[LatticePoint, tuple[LatticePoint, Any]]] = {}
    for k, start, end, chain in chains:
        nexts.setdefault(find(k), {})[start] = (end, chain)
    # From here each part's chains are dropped once its ring is an array: the point tuples
    # of a region of 10^4 parts took 90 MB.
    del chains
    parts = []
    for root, ks in members.items():
        step = nexts.pop(root)
        # The left end of the part's first run (topmost line, leftmost) is on its outer
        # ring: nothing of the part lies above that line.
        first = (lo[ks[0]], 3 * lines[ks[0]] + 3)
        ring: list[LatticePoint] = []
        point = first
        while True:
            point, chain = step[point]
            if type(chain) is list:
                ring.extend(chain[:-1])
            else:  # a zigzag stretch, its last point left for the next chain
                x_from, x_stop, x_step, base, sign, odd = chain
                ring.extend((x, base + sign * ((x + odd) & 1))
                            for x in range(x_from, x_stop - x_step, x_step))
            if point == first:
                break
        idx = np.array(ks, dtype=np.int64)
        parts.append(Part(np.array(ring, dtype=np.int64).reshape(-1, 2),
                          Runs(runs.line[idx], runs.first[idx], runs.last[idx])))
    return parts


def _uncovered(start: int, stop: int, others: list[int], his: list[int], lo: list[int],
               hi: list[int]) -> Iterator[tuple[int, int]]:
    """The parts of [start, stop] that the extents of runs `others` (sorted along the line,
    `his` their ends) leave open."""
    at = start
    for i in range(bisect_right(his, at), len(others)):
        m = others[i]
        if lo[m] >= stop:
            break
        if lo[m] > at:
            yield at, lo[m]
        at = hi[m]
        if at >= stop:
            return
    if at < stop:
        yield at, stop
