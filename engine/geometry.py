"""Hex geometry of a whole map: edges, offset neighbours, pixel bounds, path curves, coverage.

`engine.hexes` holds single-hex math (axial coordinates, offset conversion, `Layout`); this
module holds what the editor canvas, the exporters and `tools/` need about a map as a whole.
Map transforms (mirror, rotate, translate) live in `engine.geometry_transform`.
Path points and label anchors are in hex units: pixels of a layout whose hex size is 1.
"""

from __future__ import annotations

import itertools
import math
import threading
from array import array
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterator
from typing import Protocol, runtime_checkable

import numpy as np
import shapely
from shapely.geometry import LineString, Point

from engine.centre_runs import runs_at_least
from engine.hexes import (
    DIRECTIONS,
    Hex,
    Layout,
    OffsetParity,
    Orientation,
    axial_to_offset,
    disk,
    line,
    offset_to_axial,
)
from engine.hexset import HexSet
from engine.model import GameMap, MapPath

XY = tuple[float, float]

# --- edges and neighbours ---------------------------------------------------------------------


def edge_corner_indices(layout: Layout) -> list[tuple[int, int]]:
    """For each direction 0..5, the indices (clockwise) into `layout.corner_offsets()` of the
    two corners of the hex edge facing the neighbour in that direction."""
    corners = layout.corner_offsets()
    out = []
    for d in range(6):
        nx, ny = layout.hex_to_pixel(Hex(0, 0).neighbor(d))
        if layout.origin != (0.0, 0.0):
            nx, ny = nx - layout.origin[0], ny - layout.origin[1]
        best = min(
            range(6),
            key=lambda i: math.dist(
                ((corners[i][0] + corners[(i + 1) % 6][0]) / 2,
                 (corners[i][1] + corners[(i + 1) % 6][1]) / 2),
                (nx / 2, ny / 2),
            ),
        )
        out.append((best, (best + 1) % 6))
    return out


def edge_offsets(layout: Layout) -> list[tuple[XY, XY]]:
    """For each direction 0..5, the edge facing that neighbour as two corner offsets from the
    hex centre (clockwise order)."""
    corners = layout.corner_offsets()
    return [(corners[a], corners[b]) for a, b in edge_corner_indices(layout)]


def edge(layout: Layout, h: Hex, direction: int) -> tuple[XY, XY]:
    """The edge of hex `h` facing its neighbour in `direction`, in pixels."""
    cx, cy = layout.hex_to_pixel(h)
    (ax, ay), (bx, by) = edge_offsets(layout)[direction % 6]
    return (cx + ax, cy + ay), (cx + bx, cy + by)


def offset_neighbour_deltas(
    orientation: Orientation, parity: OffsetParity
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Offset (dcol, drow) of the six neighbours in direction order, for hexes on an even and
    on an odd shoved line (rows of pointy maps, columns of flat maps)."""
    out = []
    for odd in (0, 1):
        col, row = (4, 4 + odd) if orientation == "pointy" else (4 + odd, 4)
        h = offset_to_axial(col, row, orientation, parity)
        deltas = []
        for d in DIRECTIONS:
            nc, nr = axial_to_offset(h + d, orientation, parity)
            deltas.append((nc - col, nr - row))
        out.append(deltas)
    return out[0], out[1]


def outline_edges(hexes: set[Hex] | frozenset[Hex]) -> list[tuple[Hex, int]]:
    """(hex, direction) of every edge between a hex of the set and a hex outside it, in
    sorted hex order."""
    return [(h, d) for h in sorted(hexes) for d in range(6) if h.neighbor(d) not in hexes]


def index_function(game_map: GameMap) -> Callable[[int, int], int]:
    """A fast `(q, r) -> terrain index` of the map, -1 off the map: `GameMap.index` and
    `in_bounds` in one step, without building offsets, for loops over a million hexes."""
    w, h = game_map.width, game_map.height
    pointy = game_map.layout.orientation == "pointy"
    even = game_map.layout.offset == "even"

    def index(q: int, r: int) -> int:
        if pointy:
            col, row = q + ((r + (r & 1)) if even else (r - (r & 1))) // 2, r
        else:
            col, row = q, r + ((q + (q & 1)) if even else (q - (q & 1))) // 2
        if 0 <= col < w and 0 <= row < h:
            return row * w + col
        return -1

    return index


@runtime_checkable
class HexRuns(Protocol):
    """A hex collection stored as runs along axial rows (a compact hex set)."""

    def runs(self) -> Iterator[tuple[int, int, int]]:
        """The runs (r, first_q, last_q), inclusive."""
        ...


def index_mask(game_map: GameMap, hexes: Collection[Hex]) -> np.ndarray:
    """A boolean array over the map's terrain indices, true at the in-bounds hexes given:
    a region's membership in one megabyte instead of a set of a million tuples. A
    collection stored as runs (`HexRuns`) is read run by run, never hex by hex."""
    w, h = game_map.width, game_map.height
    mask = np.zeros(w * h, dtype=bool)
    if not hexes:
        return mask
    if isinstance(hexes, HexRuns):
        runs = np.array(list(hexes.runs()), dtype=np.int64).reshape(-1, 3)
        lengths = runs[:, 2] - runs[:, 1] + 1
        r = np.repeat(runs[:, 0], lengths)
        q = np.repeat(runs[:, 1] - np.cumsum(lengths) + lengths, lengths) + np.arange(
            int(lengths.sum()))
    else:
        qr = np.fromiter(itertools.chain.from_iterable(hexes), dtype=np.int64,
                         count=2 * len(hexes)).reshape(-1, 2)
        q, r = qr[:, 0], qr[:, 1]
    col, row = offset_arrays(game_map, q, r)
    inside = (col >= 0) & (col < w) & (row >= 0) & (row < h)
    mask[(row * w + col)[inside]] = True
    return mask


def mask_hexes(game_map: GameMap, mask: np.ndarray) -> HexSet:
    """The hexes where a mask from `index_mask` is true, as runs (no object per hex)."""
    if game_map.layout.orientation != "pointy":
        return _sorted_index_hexset(game_map, np.flatnonzero(mask))
    # Pointy maps: an offset row is an axial row, so the runs are where each row of the
    # mask switches on and off (no axial coordinates of a million hexes needed).
    w, h = game_map.width, game_map.height
    grid = np.asarray(mask, dtype=bool).reshape(h, w)
    # Only the rows holding a hex are walked: a pasted block is a few hundred of a
    # thousand rows.
    used = np.flatnonzero(grid.any(axis=1))
    if used.size == 0:
        return HexSet()
    first = int(used[0])
    padded = np.zeros((int(used[-1]) + 1 - first, w + 2), dtype=np.int8)
    padded[:, 1:-1] = grid[first:int(used[-1]) + 1]
    step = np.diff(padded, axis=1)
    rows, on = np.nonzero(step == 1)
    _, off = np.nonzero(step == -1)
    rows = rows + first
    odd = game_map.layout.offset == "odd"
    shift = ((rows - (rows & 1)) if odd else (rows + (rows & 1))) // 2
    return _runs_hexset(rows, on - shift, off - shift)


def index_hexset(game_map: GameMap, indices: np.ndarray) -> HexSet:
    """The hexes at these terrain indices (in bounds, any order, repeats allowed) as a
    `HexSet` built run by run with numpy: a million hexes in milliseconds."""
    seen = np.zeros(game_map.width * game_map.height, dtype=bool)
    seen[np.asarray(indices, dtype=np.int64)] = True
    return mask_hexes(game_map, seen)


def _sorted_index_hexset(game_map: GameMap, idx: np.ndarray) -> HexSet:
    if idx.size == 0:
        return HexSet()
    q, r = axial_arrays(game_map, idx)
    if game_map.layout.orientation != "pointy":
        # Offset columns are axial q; sort into axial rows (on pointy maps the index order
        # already is (r, q) order).
        order = np.lexsort((q, r))
        q, r = q[order], r[order]
    cut = np.flatnonzero((r[1:] != r[:-1]) | (q[1:] != q[:-1] + 1)) + 1
    first = np.r_[0, cut]
    last = np.r_[cut - 1, q.size - 1]
    return _runs_hexset(r[first], q[first], q[last] + 1)


def _runs_hexset(run_r: np.ndarray, start: np.ndarray, stop: np.ndarray) -> HexSet:
    """A HexSet from runs [start, stop) of q along axial rows run_r, sorted by (r, q) and
    never touching."""
    if run_r.size == 0:
        return HexSet()
    bounds = np.empty(2 * run_r.size, dtype=np.int64)
    bounds[0::2] = start
    bounds[1::2] = stop
    row_cut = np.flatnonzero(run_r[1:] != run_r[:-1]) + 1
    starts = np.r_[0, row_cut]
    stops = np.r_[row_cut, run_r.size]
    rows = []
    for rr, a, b in zip(run_r[starts].tolist(), starts.tolist(), stops.tolist(), strict=True):
        row = array("q")
        row.frombytes(bounds[2 * a:2 * b].tobytes())
        rows.append((rr, row))
    return HexSet.from_row_bounds(rows)


def map_hexset(game_map: GameMap) -> HexSet:
    """Every hex of the map as a `HexSet`: one run per axial row (Select All)."""
    return rect_hexset(game_map.layout.orientation, game_map.layout.offset,
                       0, game_map.width - 1, 0, game_map.height - 1)


def rect_hexset(orientation: Orientation, parity: OffsetParity, c0: int, c1: int, r0: int,
                r1: int) -> HexSet:
    """The hexes of the offset rectangle cols c0..c1, rows r0..r1 (inclusive) as runs, a few
    per row, without visiting the hexes."""
    if c0 > c1 or r0 > r1:
        return HexSet()
    odd = parity == "odd"
    if orientation == "pointy":
        rows = []
        for row in range(r0, r1 + 1):
            q0 = c0 - ((row - (row & 1)) if odd else (row + (row & 1))) // 2
            rows.append((row, array("q", (q0, q0 + c1 - c0 + 1))))
        return HexSet.from_row_bounds(rows)
    # Flat: column q holds rows r = row - f(q) with f never decreasing, so each axial row r
    # meets the rectangle in one run of q.
    q = np.arange(c0, c1 + 1, dtype=np.int64)
    f = ((q - (q & 1)) if odd else (q + (q & 1))) // 2
    r = np.arange(r0 - int(f[-1]), r1 - int(f[0]) + 1, dtype=np.int64)
    lo = np.searchsorted(f, r0 - r, "left")
    hi = np.searchsorted(f, r1 - r, "right")
    keep = lo < hi
    return HexSet.from_row_bounds(
        (rr, array("q", (c0 + a, c0 + b)))
        for rr, a, b in zip(r[keep].tolist(), lo[keep].tolist(), hi[keep].tolist(), strict=True))


def axial_arrays(game_map: GameMap, indices: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Axial (q, r) arrays of an array of terrain indices."""
    row, col = np.divmod(indices, game_map.width)
    even = game_map.layout.offset == "even"
    if game_map.layout.orientation == "pointy":
        return col - ((row + (row & 1)) if even else (row - (row & 1))) // 2, row
    return col, row - ((col + (col & 1)) if even else (col - (col & 1))) // 2


def index_arrays(game_map: GameMap, q: np.ndarray, r: np.ndarray) -> np.ndarray:
    """Terrain indices of axial (q, r) arrays, -1 where a hex is off the map."""
    col, row = offset_arrays(game_map, q, r)
    w, h = game_map.width, game_map.height
    inside = (col >= 0) & (col < w) & (row >= 0) & (row < h)
    return np.where(inside, row * w + col, -1)


def hex_arrays(hexes: Collection[Hex]) -> tuple[np.ndarray, np.ndarray]:
    """(q, r) arrays of a collection of hexes."""
    qr = np.fromiter(itertools.chain.from_iterable(hexes), dtype=np.int64,
                     count=2 * len(hexes)).reshape(-1, 2)
    return qr[:, 0], qr[:, 1]


def offset_arrays(game_map: GameMap, q: np.ndarray, r: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Offset (col, row) arrays of axial (q, r) arrays (maybe off the map)."""
    even = game_map.layout.offset == "even"
    if game_map.layout.orientation == "pointy":
        return q + ((r + (r & 1)) if even else (r - (r & 1))) // 2, r
    return q, r + ((q + (q & 1)) if even else (q - (q & 1))) // 2


# --- bounds -----------------------------------------------------------------------------------


def centre_extent(
    layout: Layout, width: int, height: int, parity: OffsetParity
) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of the hex centres of a `width` × `height` offset grid."""
    xs: list[float] = []
    ys: list[float] = []
    # The first two lines and the last one suffice: the shove alternates with the parity.
    for row in sorted({0, min(1, height - 1), height - 1}):
        for col in sorted({0, min(1, width - 1), width - 1}):
            x, y = layout.hex_to_pixel(offset_to_axial(col, row, layout.orientation, parity))
            xs.append(x)
            ys.append(y)
    return min(xs), min(ys), max(xs), max(ys)


def map_pixel_bounds(
    layout: Layout, width: int, height: int, parity: OffsetParity
) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the hexes' bounding boxes of a `width` × `height` grid."""
    x0, y0, x1, y1 = centre_extent(layout, width, height, parity)
    hw, hh = layout.width / 2, layout.height / 2
    return x0 - hw, y0 - hh, x1 + hw, y1 + hh


# --- the curve through path points ------------------------------------------------------------


def bezier_controls(points: list[XY]) -> list[tuple[XY, XY]]:
    """Cubic Bézier control points of each span of the Catmull-Rom curve through `points`
    (end points repeated): the one curve every path is drawn with."""
    n = len(points)
    out = []
    for i in range(n - 1):
        p0 = points[max(i - 1, 0)]
        p1, p2 = points[i], points[i + 1]
        p3 = points[min(i + 2, n - 1)]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        out.append((c1, c2))
    return out


def smooth_points(points: list[XY], steps: int = 8) -> list[XY]:
    """Sample the Catmull-Rom curve through `points`, `steps` samples per span."""
    if len(points) < 3:
        return list(points)
    out: list[XY] = [points[0]]
    for (p1, p2), (c1, c2) in zip(
        itertools.pairwise(points), bezier_controls(points), strict=True
    ):
        for i in range(1, steps + 1):
            t = i / steps
            u = 1 - t
            out.append(
                (
                    u**3 * p1[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t**3 * p2[0],
                    u**3 * p1[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t**3 * p2[1],
                )
            )
    return out


# --- path coverage ----------------------------------------------------------------------------


def unit_layout(orientation: Orientation) -> Layout:
    """The layout of hex units (hex size 1, origin 0,0) in which paths and labels live."""
    return Layout(orientation, 1.0)


# A centre line running at least this far (hex units) through a hex covers it whatever the
# area: the end hexes of a path and both hexes beside a line along their shared edge would
# otherwise fall under the area threshold and leave gaps. A corner merely clipped stays out.
CENTRE_LINE_MIN_LENGTH = 0.25


def centre_arrays(layout: Layout, q: np.ndarray, r: np.ndarray) -> np.ndarray:
    """`layout.hex_to_pixel` of axial arrays, as an (n, 2) array (the same arithmetic)."""
    s = layout.size
    q, r = q.astype(float), r.astype(float)
    if layout.orientation == "pointy":
        x = s * (_SQRT3 * q + _SQRT3 / 2 * r)
        y = s * (1.5 * r)
    else:
        x = s * (1.5 * q)
        y = s * (_SQRT3 / 2 * q + _SQRT3 * r)
    return np.stack([x + layout.origin[0], y + layout.origin[1]], axis=1)


_SQRT3 = math.sqrt(3.0)


# Tiles of hex centres (in hex radii) the buffered path is cut into before the hexes of each
# tile are intersected with their piece: GEOS walks a whole shape per intersection, and a long
# road's shape has thousands of vertices (60 ms per road of a 1M map, intersected hex by hex).
_TILE_RADII = 8.0
_EXACT_BAND = 1e-6  # an area this close to a decision is taken again on the whole shape


def _covered_areas(polys: np.ndarray, centres: np.ndarray, shape: shapely.Geometry,
                   boundary: float, radius: float) -> np.ndarray:
    """Area of each hex polygon inside `shape`. Each hex is intersected with the piece of
    `shape` in a box reaching a hex radius beyond every hex of its tile, so the cut edges stay
    away from it: the areas differ from whole-shape ones by rounding only (~1e-14). Any area
    within `_EXACT_BAND` of 0 or of `boundary` (the covering threshold) is measured on the
    whole shape as before, so which hexes are covered is exactly what it was."""
    if len(polys) == 0:
        return np.zeros(0)
    tile = _TILE_RADII * radius
    keys = np.floor(centres / tile)
    corners, which = np.unique(keys, axis=0, return_inverse=True)
    pad = 2 * radius
    boxes = shapely.box(corners[:, 0] * tile - pad, corners[:, 1] * tile - pad,
                        (corners[:, 0] + 1) * tile + pad, (corners[:, 1] + 1) * tile + pad)
    pieces = shapely.intersection(shape, boxes)
    areas = shapely.area(shapely.intersection(polys, pieces[which.reshape(-1)]))
    near = (areas < _EXACT_BAND) | (np.abs(areas - boundary) < _EXACT_BAND)
    if near.any():
        areas[near] = shapely.area(shapely.intersection(polys[near], shape))
    return areas


def _first_rows(pairs: np.ndarray) -> np.ndarray:
    """The index of the first occurrence of each distinct (q, r) row, as
    `np.unique(pairs, axis=0, return_index=True)` gives, from one integer per row (sorting
    rows as records took several times as long)."""
    if len(pairs) == 0:
        return np.zeros(0, dtype=np.int64)
    lo = pairs.min(axis=0)
    span = pairs.max(axis=0) - lo + 1
    if int(span[0]) * int(span[1]) >= 1 << 62:  # coordinates too far apart for one integer
        return np.unique(pairs, axis=0, return_index=True)[1]
    keys = (pairs[:, 0] - lo[0]) * span[1] + (pairs[:, 1] - lo[1])
    return np.unique(keys, return_index=True)[1]


# The latest answers of `covered_hexes`: a drawn path is covered by the path tool's preview,
# the command that paints its terrain and the canvas's road cover, one after the other.
# Bounded in entries and in hexes per entry, so it holds a few megabytes at most.
_RECENT_COVERS: OrderedDict[tuple, tuple[Hex, ...]] = OrderedDict()
RECENT_COVERS = 8
RECENT_COVER_MAX_HEXES = 20_000
_COVERS_LOCK = threading.Lock()


def covered_hexes(game_map: GameMap, path: MapPath) -> list[Hex]:
    """In-bounds hexes a path covers (RULES §11.1: players agree which hexes count): those
    whose area the path, buffered to its width, covers at least `game_map.path_coverage` of,
    and those its centre line runs through for at least CENTRE_LINE_MIN_LENGTH hex units.
    The result along a continuous path is a connected chain of hexes."""
    key = (tuple(map(tuple, path.points)), path.width, game_map.path_coverage,
           game_map.layout.orientation, game_map.layout.offset, game_map.width,
           game_map.height)
    with _COVERS_LOCK:  # the editor's road cover asks from two threads
        found = _RECENT_COVERS.get(key)
        if found is not None:
            _RECENT_COVERS.move_to_end(key)
            return list(found)
    found = tuple(coverage(path.points, path.width, game_map.path_coverage,
                           unit_layout(game_map.layout.orientation), game_map.in_bounds))
    if len(found) > RECENT_COVER_MAX_HEXES:
        return list(found)
    with _COVERS_LOCK:
        _RECENT_COVERS[key] = found
        if len(_RECENT_COVERS) > RECENT_COVERS:
            _RECENT_COVERS.popitem(last=False)
    return list(found)


def coverage(
    points: list[XY], width: float, min_fraction: float, layout: Layout,
    in_bounds: Callable[[Hex], bool],
) -> list[Hex]:
    """The rule of `covered_hexes` for bare points: `in_bounds(hex) -> bool` limits the
    result; `layout` is the hex-unit layout of the map."""
    if not points:
        return []
    geom = Point(points[0]) if len(points) == 1 else LineString(points)
    shape = geom.buffer(max(width, 0.01) / 2)
    reach = math.ceil(width) + 1
    hexes = [layout.pixel_to_hex(x, y) for x, y in points]
    along = [c for a, b in zip(hexes, hexes[1:] or hexes, strict=False) for c in line(a, b)]
    # The disk around every hex along the line, in that order, each hex once (where it
    # first appears): numpy, as the loop over ~20 neighbours of each hex dominated.
    around = np.array(disk(Hex(0, 0), reach), dtype=np.int64)
    every = (np.array(along, dtype=np.int64)[:, None, :] + around[None, :, :]).reshape(-1, 2)
    ordered = every[np.sort(_first_rows(every))]
    # One array of corner rings for all candidates (the same floats as layout.polygon and
    # layout.hex_to_pixel): building 10^4-10^5 polygons one by one dominated opening maps
    # with long roads.
    centres = centre_arrays(layout, ordered[:, 0], ordered[:, 1])
    offsets = np.array(layout.corner_offsets(), dtype=float)
    radius = float(np.hypot(offsets[:, 0], offsets[:, 1]).max())
    # Hex tuples only for the candidates asked about: most of them miss the line.
    listed = ordered.tolist()
    inside = next((k for k, qr in enumerate(listed) if in_bounds(Hex._make(qr))), None)
    if inside is None:
        return []
    hex_area = float(shapely.area(shapely.polygons(centres[inside] + offsets)))
    # Most candidates miss the buffered line. A hex meeting the buffer has its centre
    # within a hex radius of it, and the buffer lies within half the width of the line
    # (its arcs are chords; a whole width is allowed, as GEOS may simplify the line first):
    # polygons for those hexes alone, and a prepared predicate rules out the rest of them
    # far faster than intersecting them (they would cover nothing).
    shapely.prepare(geom)
    reachable = np.flatnonzero(shapely.dwithin(
        geom, shapely.points(centres), max(width, 0.01) + radius + 1e-6))
    shapely.destroy_prepared(geom)
    corner_xy = centres[reachable][:, None, :] + offsets[None, :, :]
    centres = centres[reachable]
    polys = shapely.polygons(corner_xy)
    shapely.prepare(shape)
    near = [(k, Hex._make(listed[reachable[k]]))
            for k in np.flatnonzero(shapely.intersects(shape, polys)).tolist()]
    shapely.destroy_prepared(shape)
    hit = [k for k, h in near if in_bounds(h)]
    cand = [h for _, h in near if in_bounds(h)]
    threshold = min_fraction * hex_area
    # A hex is covered by its area or by the centre line's run through it, whichever is
    # measured first. Along a narrow road the run decides nearly every hex and is far
    # cheaper to measure than the area: it goes first when the line itself meets most of
    # the hexes, the areas then only for the others. A wide path is mostly covered by area.
    hit_polys, hit_centres, hit_corners = polys[hit], centres[hit], corner_xy[hit]
    boundary = threshold - 1e-9
    shapely.prepare(geom)
    on_line = shapely.intersects(geom, hit_polys)
    shapely.destroy_prepared(geom)
    covered = np.zeros(len(hit), dtype=bool)

    def by_area(which: np.ndarray) -> None:
        if which.size:
            areas = _covered_areas(hit_polys[which], hit_centres[which], shape, boundary,
                                   radius)
            covered[which] = (areas > 0) & (areas >= boundary)

    def by_run(which: np.ndarray) -> None:
        which = which[on_line[which]]  # off the line a hex has no run through it
        if which.size:
            covered[which] = runs_at_least(hit_polys[which], hit_corners[which], geom,
                                           CENTRE_LINE_MIN_LENGTH)

    every = np.arange(len(hit))
    if 3 * int(on_line.sum()) >= 2 * len(hit):
        by_run(every)
        by_area(np.flatnonzero(~covered))
    else:
        by_area(every)
        by_run(np.flatnonzero(~covered))
    return [h for h, yes in zip(cand, covered.tolist(), strict=True) if yes]
