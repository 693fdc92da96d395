"""Hex mappings (translate, rotate 180°, mirror, any hex→hex function) and `carry`, the one
function that moves or copies every map object through a mapping.

A `HexMapping` maps hexes and hex-unit points (path points, label anchors) alike, so a river
line follows the water hexes it was drawn over. `carry` applies one to a set of hexes and
returns the new map with a named list of what could not be carried, so the editor can say
"fort F3: entrance would leave the map" instead of silently dropping the fort.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Callable, Collection, Container, Iterable
from dataclasses import dataclass, field

import numpy as np

from engine.gcpause import gc_paused
from engine.geometry import (
    XY,
    HexRuns,
    axial_arrays,
    hex_arrays,
    index_arrays,
    index_function,
    index_mask,
    mask_hexes,
    offset_arrays,
    unit_layout,
)
from engine.hexes import Hex, Layout, Orientation, hex_round
from engine.model import TERRAIN_ID, Fort, GameMap, Label, MapPath, Region, StartMarker

IntegerAffine = tuple[int, int, int, int, int, int]
# (source map, target map, source terrain indices) -> target indices, -1 where off the map.
IndexFunction = Callable[[GameMap, GameMap, np.ndarray], np.ndarray]
ObjectLists = tuple[list[Fort], list[StartMarker], list[Region], list[MapPath], list[Label]]

# Nudge so points exactly on a hex edge round the same way on every machine.
_NUDGE = 1e-6
_BISECT_STEPS = 30


@dataclass(frozen=True)
class Affine:
    """x' = a·x + b·y + c, y' = d·x + e·y + f, in hex units."""

    a: float
    b: float
    c: float
    d: float
    e: float
    f: float

    def __call__(self, p: XY) -> XY:
        x, y = p
        return self.a * x + self.b * y + self.c, self.d * x + self.e * y + self.f

    def inverse(self) -> Affine:
        """The affine map undoing this one."""
        det = self.a * self.e - self.b * self.d
        a, b, d, e = self.e / det, -self.b / det, -self.d / det, self.a / det
        return Affine(a, b, -(a * self.c + b * self.f), d, e, -(d * self.c + e * self.f))

    @property
    def mirrored(self) -> bool:
        """Whether the map turns the plane over (a reflection)."""
        return self.a * self.e - self.b * self.d < 0


class HexMapping:
    """A mapping of hexes together with the matching mapping of hex-unit points.

    Build one with `translation`, `rotation_180`, `mirror`, `symmetric` or
    `from_hex_function`; `inverse()` is exact for the rigid ones.
    """

    def __init__(
        self,
        hex_fn: Callable[[Hex], Hex],
        point_fn: Callable[[XY], XY],
        *,
        mirrored: bool = False,
        inverse: Callable[[], HexMapping] | None = None,
        name: str = "mapping",
        integer: IntegerAffine | None = None,
        index_fn: IndexFunction | None = None,
    ) -> None:
        self.hex = hex_fn
        self.point = point_fn
        # (a, b, c, d, e, f) with q' = a·q + b·r + c, r' = d·q + e·r + f, when the mapping is
        # that on the lattice: carry then maps a million hexes as arrays.
        self.integer = integer
        self._index_fn = index_fn
        self.mirrored = mirrored
        self._inverse = inverse
        self.name = name

    def map_indices(self, src: GameMap, dst: GameMap, si: np.ndarray) -> np.ndarray | None:
        """Where the hexes at terrain indices `si` of `src` land in `dst` (-1: off the map),
        all at once; None when the mapping can only be applied hex by hex."""
        if self._index_fn is not None:
            return self._index_fn(src, dst, si)
        if self.integer is None:
            return None
        a, b, c, d, e, f = self.integer
        q, r = axial_arrays(src, si)
        return index_arrays(dst, a * q + b * r + c, d * q + e * r + f)

    def inverse(self) -> HexMapping:
        """The mapping undoing this one (ValueError when it has none)."""
        if self._inverse is None:
            raise ValueError(f"{self.name} has no inverse")
        return self._inverse()

    def direction(self, h: Hex, direction: int) -> int | None:
        """Where direction `direction` seen from `h` points after the mapping (None if the
        mapping tears the two hexes apart)."""
        return self.hex(h).direction_to(self.hex(h.neighbor(direction)))

    def label_rotation(self, degrees: float) -> float:
        """A label's rotation after the mapping: mirrored text is turned back to read."""
        return -degrees + 0.0 if self.mirrored else degrees


def _affine_mapping(orientation: Orientation, aff: Affine, name: str,
                    fast: Callable[[Hex], Hex] | None = None) -> HexMapping:
    lay = unit_layout(orientation)

    def hex_fn(h: Hex) -> Hex:
        return lay.pixel_to_hex(*aff(lay.hex_to_pixel(h)))

    integer = _integer_form(hex_fn)
    return HexMapping(
        fast or (_integer_function(integer) if integer else hex_fn),
        aff,
        mirrored=aff.mirrored,
        inverse=lambda: _affine_mapping(orientation, aff.inverse(), f"inverse of {name}"),
        name=name,
        integer=integer,
    )


def _integer_function(k: IntegerAffine) -> Callable[[Hex], Hex]:
    a, b, c, d, e, f = k
    new = tuple.__new__

    def fast(h: Hex) -> Hex:
        q, r = h
        return new(Hex, (c + a * q + b * r, f + d * q + e * r))

    return fast


def _integer_form(hex_fn: Callable[[Hex], Hex]) -> IntegerAffine | None:
    """The same mapping as integer arithmetic on (q, r) when it is one (a rigid motion that
    sends centres to centres is affine on the lattice), checked on probes; else None."""
    c, f = hex_fn(Hex(0, 0))
    a, d = hex_fn(Hex(1, 0)) - Hex(c, f)
    b, e = hex_fn(Hex(0, 1)) - Hex(c, f)
    fast = _integer_function((a, b, c, d, e, f))
    probes = [Hex(q, r) for q in (-7, 0, 3, 11) for r in (-5, 0, 2, 9)]
    return (a, b, c, d, e, f) if all(fast(h) == hex_fn(h) for h in probes) else None


def translation(orientation: Orientation, delta: Hex) -> HexMapping:
    """Move every hex by an axial delta."""
    dx, dy = unit_layout(orientation).hex_to_pixel(delta)
    aff = Affine(1.0, 0.0, dx, 0.0, 1.0, dy)
    dq, dr = delta
    new = tuple.__new__
    mapping = _affine_mapping(orientation, aff, f"move by {delta}",
                              lambda h: new(Hex, (h[0] + dq, h[1] + dr)))
    mapping._inverse = lambda: translation(orientation, Hex(-delta.q, -delta.r))
    return mapping


def rotation_180(orientation: Orientation, center: Hex) -> HexMapping:
    """A half turn h -> 2·center - h, around the middle of `center` doubled: `center` may be
    any hex, the pivot is half of it (so pivots between hexes are possible)."""
    kx, ky = unit_layout(orientation).hex_to_pixel(center)
    aff = Affine(-1.0, 0.0, kx, 0.0, -1.0, ky)
    kq, kr = center
    new = tuple.__new__
    mapping = _affine_mapping(orientation, aff, "rotate 180°",
                              lambda h: new(Hex, (kq - h[0], kr - h[1])))
    mapping._inverse = lambda: mapping
    return mapping


def mirror(orientation: Orientation, axis: str, at: float) -> HexMapping:
    """Reflect across a vertical line x = at ("h": left and right swap) or a horizontal line
    y = at ("v"), in hex units. When the line falls where the grid is not symmetric (between
    two shoved rows), the reflection glides by half a hex so neighbours stay neighbours."""
    lay = unit_layout(orientation)
    if axis == "h":
        reflect = Affine(-1.0, 0.0, 2 * at, 0.0, 1.0, 0.0)
    elif axis == "v":
        reflect = Affine(1.0, 0.0, 0.0, 0.0, -1.0, 2 * at)
    else:
        raise ValueError(f"unknown mirror axis {axis!r}")
    probe = Hex(0, 0)
    x, y = reflect(lay.hex_to_pixel(probe))
    landed = lay.pixel_to_hex(x + _NUDGE, y + _NUDGE)
    lx, ly = lay.hex_to_pixel(landed)
    sx, sy = lx - x, ly - y
    aff = Affine(reflect.a, reflect.b, reflect.c + sx, reflect.d, reflect.e, reflect.f + sy)
    name = "mirror horizontally" if axis == "h" else "mirror vertically"
    return _affine_mapping(orientation, aff, name)


def symmetric(orientation: Orientation, hexes: Iterable[Hex], kind: str) -> HexMapping:
    """The mapping for `kind` in ("mirror_h", "mirror_v", "rotate_180") about the middle of the
    hexes' pixel bounding box, snapped to where the grid is symmetric.

    Rotation is a point reflection h -> K - h, always exact and its own inverse. Mirroring
    along the rows (horizontal on pointy maps, vertical on flat maps) is an exact reflection;
    across the rows it glides by half a hex when the axis falls between two rows. Shapes are
    never distorted; because offset rectangles have ragged edges, the image may stick out by
    half a hex on alternate rows."""
    layout = unit_layout(orientation)
    hexes = hexes if isinstance(hexes, Collection) else list(hexes)
    if not hexes:
        return translation(orientation, Hex(0, 0))
    # The middle of the centres' bounding box in whole steps of where the grid is symmetric:
    # along a line, half the centre spacing; across lines, a line of centres or halfway
    # between two. Integer arithmetic, so the result does not depend on the hexes' order.
    q, r = _extreme_arrays(hexes)
    if orientation == "pointy":
        sx, sy = layout.width / 2, 0.75  # x = sx·(2q + r), y = sy·2r
        ux, uy = 2 * q + r, 2 * r
    else:
        sx, sy = 0.75, layout.height / 2  # x = sx·2q, y = sy·(q + 2r)
        ux, uy = 2 * q, q + 2 * r
    ux_lo, ux_hi, uy_lo, uy_hi = int(ux.min()), int(ux.max()), int(uy.min()), int(uy.max())
    cx = sx * math.floor((ux_lo + ux_hi) / 2 + 0.5)
    cy = sy * math.floor((uy_lo + uy_hi) / 2 + 0.5)
    if kind == "rotate_180":
        return rotation_180(orientation, hex_round(*layout.pixel_to_fractional(2 * cx, 2 * cy)))
    if kind == "mirror_h":
        return mirror(orientation, "h", cx)
    if kind == "mirror_v":
        return mirror(orientation, "v", cy)
    raise ValueError(f"unknown transform {kind!r}")


def _extreme_arrays(hexes: Collection[Hex]) -> tuple[np.ndarray, np.ndarray]:
    """(q, r) arrays of hexes holding every extreme of a linear function of (q, r) over
    `hexes`: for a set stored as runs the two ends of each run suffice."""
    if isinstance(hexes, HexRuns):
        runs = np.array(list(hexes.runs()), dtype=np.int64).reshape(-1, 3)
        return np.r_[runs[:, 1], runs[:, 2]], np.r_[runs[:, 0], runs[:, 0]]
    return hex_arrays(hexes)


def map_frame(game_map: GameMap) -> list[Hex]:
    """The hexes that fix a whole map's pixel bounding box (its two outer lines each side)."""
    w, h = game_map.width, game_map.height
    return [
        game_map.to_axial(c, r)
        for c in sorted({0, min(1, w - 1), max(w - 2, 0), w - 1})
        for r in sorted({0, min(1, h - 1), max(h - 2, 0), h - 1})
    ]


def whole_map(game_map: GameMap, kind: str) -> HexMapping:
    """`symmetric` about the centre of the whole map (what "the other side" of a board is)."""
    return symmetric(game_map.layout.orientation, map_frame(game_map), kind)


def from_hex_function(
    hex_fn: Callable[[Hex], Hex], before: Orientation, after: Orientation | None = None,
    name: str = "mapping", index_fn: IndexFunction | None = None,
) -> HexMapping:
    """Any hex→hex function; a point keeps its offset from the centre of its hex (with the
    layout changing from `before` to `after` orientation, e.g. an orientation change).
    `index_fn`, the same function on terrain indices, lets `carry` map whole arrays."""
    lay_b = unit_layout(before)
    lay_a = unit_layout(after or before)

    def point_fn(p: XY) -> XY:
        h = lay_b.pixel_to_hex(*p)
        cx, cy = lay_b.hex_to_pixel(h)
        nx, ny = lay_a.hex_to_pixel(hex_fn(h))
        return (nx + p[0] - cx, ny + p[1] - cy)

    return HexMapping(hex_fn, point_fn, name=name, index_fn=index_fn)


# --- copies -----------------------------------------------------------------------------------


def clone_objects(m: GameMap) -> ObjectLists:
    """Fresh copies of the map's forts, markers, regions, paths and labels. Hexes and points
    are immutable tuples and are shared, and a region's HexSet is copied run by run, which
    keeps copying a million-hex region cheap."""
    return (
        [dataclasses.replace(f, hexes=list(f.hexes), entrances=list(f.entrances))
         for f in m.forts],
        [dataclasses.replace(s) for s in m.start_markers],
        [dataclasses.replace(r, hexes=r.hexes.copy()) for r in m.regions],
        [dataclasses.replace(p, points=list(p.points)) for p in m.paths],
        [dataclasses.replace(lab) for lab in m.labels],
    )


def set_objects(m: GameMap, objects: ObjectLists) -> None:
    """Put fresh copies of `objects` on the map (see `clone_objects`)."""
    holder = dataclasses.replace(m, forts=objects[0], start_markers=objects[1],
                                 regions=objects[2], paths=objects[3], labels=objects[4])
    m.forts, m.start_markers, m.regions, m.paths, m.labels = clone_objects(holder)


def clone_map(m: GameMap) -> GameMap:
    """A copy of the map that shares nothing mutable with it (cheaper than deepcopy)."""
    forts, markers, regions, paths, labels = clone_objects(m)
    return dataclasses.replace(m, layout=dataclasses.replace(m.layout),
                               terrain=bytearray(m.terrain), forts=forts,
                               start_markers=markers, regions=regions, paths=paths,
                               labels=labels)


# --- carrying a map's content through a mapping -----------------------------------------------


@dataclass
class CopyNaming:
    """How copies are told apart from their originals (copy mode only)."""

    fort_id_suffix: str = ""
    fort_name_suffix: str = ""
    marker_number: Callable[[int], int] | None = None


@dataclass
class Carried:
    """What `carry` produced: the new map, where the hexes landed (in bounds), the terrain
    indices that changed, what could not be carried and what the carried content replaced,
    each named (e.g. "fort F3: entrance would leave the map")."""

    map: GameMap
    landed: set[Hex]
    changed: list[int]
    dropped: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    replaced_verb: str = "Replaced"

    def message(self) -> str:
        """One sentence for the status bar naming what was not carried or was replaced."""
        parts = []
        if self.dropped:
            parts.append("Not carried: " + "; ".join(self.dropped))
        if self.replaced:
            parts.append(f"{self.replaced_verb}: " + "; ".join(self.replaced))
        return ". ".join(parts)


def clamp_to_map(game_map: GameMap, h: Hex) -> Hex:
    """The on-map hex nearest in offset terms (itself when on the map)."""
    col, row = game_map.to_offset(h)
    col = min(max(col, 0), game_map.width - 1)
    row = min(max(row, 0), game_map.height - 1)
    return game_map.to_axial(col, row)


class _Membership:
    """Whether a hex-unit point lies in a set of hexes; points off the map count with the
    nearest map hex, so a road drawn past the border stays with its border hex. `many`
    answers for arrays of points at once (the probes of `split_points`)."""

    def __init__(self, game_map: GameMap, hexes: Container[Hex]) -> None:
        self.map = game_map
        self.hexes = hexes
        self.layout: Layout = unit_layout(game_map.layout.orientation)
        self._mask: np.ndarray | None = None
        self._bounds: tuple[int, int, int, int] | None = None

    def __call__(self, p: XY) -> bool:
        h = self.layout.pixel_to_hex(p[0] + _NUDGE, p[1] + _NUDGE)
        if not self.map.in_bounds(h):
            h = clamp_to_map(self.map, h)
        return h in self.hexes

    def _the_mask(self) -> np.ndarray | None:
        if self._mask is None:
            if isinstance(self.hexes, _MaskedHexes):
                self._mask = self.hexes.mask
            elif isinstance(self.hexes, Collection):
                self._mask = index_mask(self.map, self.hexes)
        return self._mask

    def _fractional(self, xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        px, py = xs + _NUDGE, ys + _NUDGE
        if self.layout.orientation == "pointy":
            return _SQRT3 / 3 * px - py / 3, 2 / 3 * py
        return 2 / 3 * px, -px / 3 + _SQRT3 / 3 * py

    def misses(self, points: list[XY]) -> bool:
        """Whether no point in the bounding box of `points` can lie in the hexes: the box's
        offset range (clamped to the map, as points are) misses the hexes' offset range. A
        path far from the hexes then needs no probing; False when it cannot be told."""
        mask = self._the_mask()
        if mask is None:
            return False
        m = self.map
        if self._bounds is None:
            grid = mask.reshape(m.height, m.width)
            rows, cols = np.flatnonzero(grid.any(axis=1)), np.flatnonzero(grid.any(axis=0))
            self._bounds = ((int(cols[0]), int(cols[-1]), int(rows[0]), int(rows[-1]))
                            if rows.size else (1, 0, 1, 0))
        c0, c1, r0, r1 = self._bounds
        if c0 > c1:
            return True  # no hex of the map
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2) + _NUDGE
        (x0, y0), (x1, y1) = pts.min(axis=0).tolist(), pts.max(axis=0).tolist()
        # A point's offset column and row stay within 2 of these fractional ones (rounding
        # to its hex moves axial q and r by at most 1; the row's shove adds half a column).
        if self.layout.orientation == "pointy":
            cols, rows = (x0 / _SQRT3, x1 / _SQRT3), (2 * y0 / 3, 2 * y1 / 3)
        else:
            cols, rows = (2 * x0 / 3, 2 * x1 / 3), (y0 / _SQRT3, y1 / _SQRT3)
        lo_c = min(max(math.floor(cols[0]) - 3, 0), m.width - 1)
        hi_c = min(max(math.ceil(cols[1]) + 3, 0), m.width - 1)
        lo_r = min(max(math.floor(rows[0]) - 3, 0), m.height - 1)
        hi_r = min(max(math.ceil(rows[1]) + 3, 0), m.height - 1)
        return hi_c < c0 or lo_c > c1 or hi_r < r0 or lo_r > r1

    def many(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray | None:
        """`self(p)` for every point (xs[i], ys[i]), the same arithmetic in numpy; None when
        the hexes are neither a mask nor a collection (a plain `in` test only)."""
        if self._the_mask() is None:
            return None
        assert self._mask is not None
        fq, fr = self._fractional(xs, ys)
        q, r = _hex_round_arrays(fq, fr)
        col, row = offset_arrays(self.map, q, r)
        col = np.clip(col, 0, self.map.width - 1)
        row = np.clip(row, 0, self.map.height - 1)
        return self._mask[row * self.map.width + col]


_SQRT3 = math.sqrt(3.0)


def _hex_round_arrays(fq: np.ndarray, fr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`engine.hexes.hex_round` on arrays (both round half to even)."""
    fs = -fq - fr
    q, r, s = np.round(fq), np.round(fr), np.round(fs)
    dq, dr, ds = np.abs(q - fq), np.abs(r - fr), np.abs(s - fs)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    q = np.where(fix_q, -r - s, q)
    r = np.where(fix_r, -q - s, r)
    return q.astype(np.int64), r.astype(np.int64)


# Segments are probed this often (hex units) for crossings; a line grazing a hex for less
# than this may go unnoticed, as it would not cover the hex either (CENTRE_LINE_MIN_LENGTH).
_PROBE_STEP = 0.2


def split_points(points: list[XY], inside: Callable[[XY], bool]) -> list[tuple[bool, list[XY]]]:
    """Cut a polyline where it crosses the edge of a hex set: runs of (inside?, points), each
    run ending (or starting) on the crossing point, found by bisection along the segment.
    Only crossing points are added; the path's own points are kept as they are."""
    if not points:
        return []
    if isinstance(inside, _Membership) and inside.misses(points):
        return [(False, list(points))]
    probes = _probe_states(points, inside) if isinstance(inside, _Membership) else None
    runs: list[tuple[bool, list[XY]]] = []
    state = inside(points[0])
    current = [points[0]]
    for seg, (a, b) in enumerate(itertools.pairwise(points)):
        n = max(1, math.ceil(math.dist(a, b) / _PROBE_STEP))
        # With the probes answered at once, only those where the answer changes are walked.
        ks = probes.get(seg, ()) if probes is not None else range(1, n + 1)
        for k in ks:
            t0, t1 = (k - 1) / n, k / n
            p1 = b if k == n else (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            if inside(p1) != state:
                cut = _crossing(a, b, t0, t1, state, inside)
                current.append(cut)
                runs.append((state, current))
                state = not state
                current = [cut]
        current.append(b)
    runs.append((state, current))
    return runs


def _probe_states(points: list[XY], inside: _Membership) -> dict[int, list[int]] | None:
    """Per segment, the probe numbers k where `inside` differs from the probe before (or from
    the first point): all probes of the polyline answered at once with numpy."""
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    if len(pts) < 2:
        return {}
    a, b = pts[:-1], pts[1:]
    dist = np.array([math.dist(p, q) for p, q in itertools.pairwise(points)])
    n = np.maximum(1, np.ceil(dist / _PROBE_STEP)).astype(np.int64)
    seg = np.repeat(np.arange(len(n)), n)
    k = np.arange(int(n.sum())) - np.repeat(np.cumsum(n) - n, n) + 1
    t1 = k / n[seg]
    xs = a[seg, 0] + (b[seg, 0] - a[seg, 0]) * t1
    ys = a[seg, 1] + (b[seg, 1] - a[seg, 1]) * t1
    last = k == n[seg]
    xs[last], ys[last] = b[seg[last], 0], b[seg[last], 1]
    states = inside.many(xs, ys)
    if states is None:
        return None
    before = np.r_[inside(points[0]), states[:-1]]
    flips = np.flatnonzero(states != before)
    out: dict[int, list[int]] = {}
    for s_, k_ in zip(seg[flips].tolist(), k[flips].tolist(), strict=True):
        out.setdefault(s_, []).append(k_)
    return out


def _crossing(a: XY, b: XY, lo: float, hi: float, state: bool,
              inside: Callable[[XY], bool]) -> XY:
    for _ in range(_BISECT_STEPS):
        mid = (lo + hi) / 2
        if inside((a[0] + (b[0] - a[0]) * mid, a[1] + (b[1] - a[1]) * mid)) == state:
            lo = mid
        else:
            hi = mid
    return (a[0] + (b[0] - a[0]) * lo, a[1] + (b[1] - a[1]) * lo)


def _unique(base: str, taken: set[str]) -> str:
    candidate, n = base, 2
    while candidate in taken:
        candidate = f"{base}_{n}"
        n += 1
    taken.add(candidate)
    return candidate


def _fort_name(f: Fort) -> str:
    return f"fort {f.name or f.id}" if f.name == f.id or not f.name else f"fort {f.id} ({f.name})"


def _moved_fort(f: Fort, mapping: HexMapping, dst: GameMap) -> tuple[Fort, str | None]:
    c = dataclasses.replace(f)
    c.hexes = [mapping.hex(h) for h in f.hexes]
    c.entrances = [mapping.hex(h) for h in f.entrances]
    if f.facing is not None and f.hexes:
        d = mapping.direction(f.hexes[0], f.facing)
        c.facing = d if d is not None else f.facing
    if not all(dst.in_bounds(h) for h in c.hexes):
        return c, "footprint would leave the map"
    if not all(dst.in_bounds(h) for h in c.entrances):
        return c, "entrance would leave the map"
    return c, None


def carry(
    source: GameMap,
    mapping: HexMapping,
    hexes: Iterable[Hex] | None = None,
    *,
    target: GameMap | None = None,
    keep_source: bool = False,
    regions: bool = True,
    terrain: bool = True,
    naming: CopyNaming | None = None,
    fill: int = TERRAIN_ID["meadow"],
) -> Carried:
    """Map the content of `hexes` (default: the whole map) of `source` through `mapping`:
    terrain, forts with their entrances (only when wholly inside), start markers, region
    membership, paths (cut at the edge of `hexes`; the inside pieces move) and labels.

    Without `target` the result is a new version of `source`: the hexes are moved (vacated
    hexes get `fill`), or copied with `keep_source`. With `target`, content is copied from
    `source` (a stamp) into a new version of `target`. Content already where the hexes land
    and not carried is replaced (forts and markers removed, path stretches cut away, labels
    removed) and named in `replaced`; what cannot be carried stays where it was (moving) or
    is not copied, and is named in `dropped`. With `terrain=False` the terrain is left to the
    caller (layout changes and resizes copy it by offset, faster). Neither map passed in is
    changed."""
    # Building hundreds of thousands of Hex tuples next to a big live heap triggers full
    # cyclic collections that double the time; nothing here creates reference cycles.
    with gc_paused():
        return _carry(source, mapping, hexes, target, keep_source, regions, terrain, naming,
                      fill)


def _carry(
    src: GameMap,
    mapping: HexMapping,
    hexes: Iterable[Hex] | None,
    target: GameMap | None,
    keep_source: bool,
    regions: bool,
    terrain: bool,
    naming: CopyNaming | None,
    fill: int,
) -> Carried:
    moving = target is None and not keep_source
    dst = clone_map(target if target is not None else src)
    if mapping.map_indices(src, dst, np.zeros(0, dtype=np.int64)) is not None:
        return _carry_arrays(src, dst, mapping, hexes, target is None, moving, regions, terrain,
                             naming, fill)
    src_index, dst_index, fmap = index_function(src), index_function(dst), mapping.hex
    images: dict[Hex, Hex] = {}
    pairs: list[tuple[int, int]] = []  # (source index, target index) of hexes landing on dst
    vacated: list[int] = []
    landed: set[Hex] = set()
    for h in src.hexes() if hexes is None else hexes:
        si = src_index(h[0], h[1])
        if si < 0 or h in images:
            continue
        im = images[h] = fmap(h)
        vacated.append(si)
        di = dst_index(im[0], im[1])
        if di >= 0:
            landed.add(im)
            pairs.append((si, di))
    sel = set(images)
    out = Carried(dst, landed, [])
    if terrain:
        _carry_terrain(src, dst, pairs, vacated if moving else [], fill, out)
    _carry_forts(src, dst, sel, mapping, moving, naming, out, target is None)
    _carry_markers(src, dst, sel, mapping, moving, naming, out)
    if regions:
        _carry_regions(src, dst, images, sel if moving else set(), landed)
    _carry_paths(src, dst, sel, mapping, moving, out)
    _carry_labels(src, dst, sel, mapping, moving, out)
    return out


class _MaskedHexes:
    """In-bounds hexes of a map held as a mask over its terrain indices; `h in` as a set."""

    def __init__(self, game_map: GameMap, mask: np.ndarray) -> None:
        self._index = index_function(game_map)
        self.mask = mask
        self._view = memoryview(mask)

    def __contains__(self, h: object) -> bool:
        if not isinstance(h, tuple) or len(h) != 2:
            return False
        i = self._index(h[0], h[1])
        return i >= 0 and bool(self._view[i])


def selected_indices(src: GameMap, hexes: Iterable[Hex] | None) -> np.ndarray:
    """The terrain indices of the in-bounds hexes given (every hex for None), ascending."""
    if hexes is None:
        return np.arange(src.width * src.height, dtype=np.int64)
    if isinstance(hexes, HexRuns):
        return np.flatnonzero(index_mask(src, hexes))  # run by run, no tuple per hex
    hexes = hexes if isinstance(hexes, Collection) else list(hexes)
    if not hexes:
        return np.zeros(0, dtype=np.int64)
    idx = index_arrays(src, *hex_arrays(hexes))
    seen = np.zeros(src.width * src.height, dtype=bool)
    seen[idx[idx >= 0]] = True
    return np.flatnonzero(seen)


def _carry_arrays(src: GameMap, dst: GameMap, mapping: HexMapping, hexes: Iterable[Hex] | None,
                  same_map: bool, moving: bool, regions: bool, terrain: bool,
                  naming: CopyNaming | None, fill: int) -> Carried:
    """`_carry` for a mapping with an array form (`HexMapping.map_indices`): every hex at
    once as numpy arrays of terrain indices, selections as masks (a million hexes in about a
    second, where the per-hex loop took ten or more)."""
    si = selected_indices(src, hexes)
    di = mapping.map_indices(src, dst, si)
    assert di is not None
    ok = di >= 0
    si_ok, di_ok = si[ok], di[ok]
    sel_mask = np.zeros(src.width * src.height, dtype=bool)
    sel_mask[si] = True
    landed_mask = np.zeros(dst.width * dst.height, dtype=bool)
    landed_mask[di_ok] = True
    out = Carried(dst, mask_hexes(dst, landed_mask), [])
    if terrain:
        t = np.frombuffer(dst.terrain, dtype=np.uint8)
        old = t.copy()
        if moving:
            t[si] = fill
        t[di_ok] = np.frombuffer(src.terrain, dtype=np.uint8)[si_ok]
        out.changed = np.flatnonzero(t != old).tolist()
        del t  # release the view: the bytearray may be resized later
    sel = _MaskedHexes(src, sel_mask)
    _carry_forts(src, dst, sel, mapping, moving, naming, out, same_map)
    _carry_markers(src, dst, sel, mapping, moving, naming, out)
    if regions:
        _carry_region_masks(src, dst, si_ok, di_ok, sel_mask if moving else None, landed_mask)
    _carry_paths(src, dst, sel, mapping, moving, out)
    _carry_labels(src, dst, sel, mapping, moving, out)
    return out


def _carry_region_masks(src: GameMap, dst: GameMap, si: np.ndarray, di: np.ndarray,
                        vacated: np.ndarray | None, landed: np.ndarray) -> None:
    """`_carry_regions` on masks: (si, di) pairs of hexes landing on the map."""

    def moved(hexes: Collection[Hex]) -> np.ndarray:
        out = np.zeros(dst.width * dst.height, dtype=bool)
        out[di[index_mask(src, hexes)[si]]] = True
        return out

    cleared = landed if vacated is None else landed | vacated
    by_id = {r.id: r for r in src.regions}
    for r in dst.regions:
        s = by_id.get(r.id)
        mask = index_mask(dst, r.hexes)
        gained = moved(s.hexes) if s is not None else None
        if not (mask & cleared).any() and (gained is None or not gained.any()):
            continue  # untouched: keep the set as it is
        outside = {h for h in r.hexes if not dst.in_bounds(h)} if len(r.hexes) > mask.sum() \
            else set()
        mask &= ~cleared
        if gained is not None:
            mask |= gained
        r.hexes = mask_hexes(dst, mask)
        r.hexes |= outside
    have = {r.id for r in dst.regions}
    for r in src.regions:
        if r.id not in have:
            dst.regions.append(Region(r.id, r.name, mask_hexes(dst, moved(r.hexes))))


def _carry_terrain(src: GameMap, dst: GameMap, pairs: list[tuple[int, int]], vacated: list[int],
                   fill: int, out: Carried) -> None:
    old = bytes(dst.terrain)
    t, source = dst.terrain, src.terrain
    for i in vacated:
        t[i] = fill
    for si, di in pairs:
        t[di] = source[si]
    touched = set(vacated)
    touched.update(di for _, di in pairs)
    out.changed = sorted(i for i in touched if t[i] != old[i])


def _carry_forts(src: GameMap, dst: GameMap, sel: Container[Hex], mapping: HexMapping, moving: bool,
                 naming: CopyNaming | None, out: Carried, same_map: bool) -> None:
    taken = {f.id for f in dst.forts}
    carried: list[Fort] = []
    stays: list[Fort] = []
    for f in src.forts:
        parts = [*f.hexes, *f.entrances]
        inside = [h in sel for h in parts]
        if parts and all(inside):
            moved, why = _moved_fort(f, mapping, dst)
            if why is None:
                if not moving:
                    suffix = naming.fort_id_suffix if naming else ""
                    moved.id = _unique(f.id + suffix, taken)
                    if naming and naming.fort_name_suffix:
                        moved.name = f"{f.name}{naming.fort_name_suffix}"
                carried.append(moved)
                continue
            out.dropped.append(f"{_fort_name(f)}: {why}")
        elif any(inside):
            what = "entrance" if all(h in sel for h in f.hexes) else "footprint"
            where = "is only partly selected" if moving else "lies outside the selection"
            out.dropped.append(f"{_fort_name(f)}: {what} {where}")
        stays.append(dataclasses.replace(f, hexes=list(f.hexes), entrances=list(f.entrances)))
    base = stays if moving else dst.forts
    kept = []
    for f in base:
        parts = (*f.hexes, *f.entrances)
        # A fort straddling the selection edge is already named in `dropped` and stays, even
        # where carried hexes land on its outer part: nothing the user had is lost.
        straddles = same_map and any(h in sel for h in parts)
        if any(h in out.landed for h in parts) and not straddles:
            out.replaced.append(_fort_name(f))
        else:
            kept.append(f)
    dst.forts = kept + carried


def _carry_markers(src: GameMap, dst: GameMap, sel: Container[Hex], mapping: HexMapping,
                   moving: bool, naming: CopyNaming | None, out: Carried) -> None:
    carried: list[StartMarker] = []
    stays: list[StartMarker] = []
    for mk in src.start_markers:
        im = mapping.hex(mk.hex) if mk.hex in sel else None
        if im is None or not dst.in_bounds(im):
            if im is not None:
                out.dropped.append(f"start marker {mk.number}: would leave the map")
            stays.append(StartMarker(mk.number, mk.hex))
            continue
        number = mk.number
        if not moving and naming and naming.marker_number:
            number = naming.marker_number(number)
        carried.append(StartMarker(number, im))
    base = stays if moving else dst.start_markers
    kept = []
    for mk in base:
        if mk.hex in out.landed:
            out.replaced.append(f"start marker {mk.number}")
        else:
            kept.append(mk)
    dst.start_markers = kept + carried


def _carry_regions(src: GameMap, dst: GameMap, images: dict[Hex, Hex], vacated: set[Hex],
                   landed: set[Hex]) -> None:
    by_id = {r.id: r for r in src.regions}
    for r in dst.regions:
        s = by_id.get(r.id)
        # Walk the carried hexes, not the region: a half holds half a million of them.
        moved = {images[h] for h in images if h in s.hexes} if s is not None else set()
        r.hexes = (r.hexes - vacated - landed) | (moved & landed)
    have = {r.id for r in dst.regions}
    for r in src.regions:
        if r.id not in have:
            moved = {images[h] for h in images if h in r.hexes} & landed
            dst.regions.append(Region(r.id, r.name, moved))


def _carry_paths(src: GameMap, dst: GameMap, sel: Container[Hex], mapping: HexMapping, moving: bool,
                 out: Carried) -> None:
    inside = _Membership(src, sel)
    taken = {p.id for p in dst.paths}
    stays: list[MapPath] = []
    carried: list[MapPath] = []
    for p in src.paths:
        runs = split_points(p.points, inside)
        pieces = [pts for ins, pts in runs if ins]
        rest = [pts for ins, pts in runs if not ins]
        if moving:
            if not pieces:
                stays.append(dataclasses.replace(p, points=list(p.points)))
                continue
            stays.extend(_pieces(p, rest, taken, keep_id=True))
        moved = [[mapping.point(q) for q in pts] for pts in pieces]
        carried.extend(_pieces(p, moved, taken, keep_id=moving and not rest))
    on_landed = _Membership(dst, out.landed)
    kept: list[MapPath] = []
    for p in stays if moving else dst.paths:
        runs = split_points(p.points, on_landed)
        if not any(ins for ins, _ in runs):
            kept.append(p)
            continue
        out.replaced.append(f"path {p.id} (the stretch under the carried hexes)")
        kept.extend(_pieces(p, [pts for ins, pts in runs if not ins], taken, keep_id=True))
    dst.paths = kept + carried


def _carry_labels(src: GameMap, dst: GameMap, sel: Container[Hex], mapping: HexMapping,
                  moving: bool, out: Carried) -> None:
    inside = _Membership(src, sel)
    carried: list[Label] = []
    stays: list[Label] = []
    for lab in src.labels:
        if inside(lab.at):
            c = dataclasses.replace(lab)
            c.at = mapping.point(lab.at)
            c.rotation = mapping.label_rotation(lab.rotation)
            carried.append(c)
        elif moving:
            stays.append(dataclasses.replace(lab))
    on_landed = _Membership(dst, out.landed)
    kept = []
    for lab in stays if moving else dst.labels:
        if on_landed(lab.at):
            out.replaced.append(f"label {lab.text!r}")
        else:
            kept.append(lab)
    dst.labels = kept + carried


def erase(game_map: GameMap, hexes: Iterable[Hex], fill: int = TERRAIN_ID["meadow"]) -> Carried:
    """A new version of the map with `hexes` emptied: terrain set to `fill`, forts wholly
    inside, start markers and labels on them removed, and the stretches of paths over them cut
    away (a road erased from its hexes leaves no line behind). Forts only partly inside stay
    and are named in `dropped`; everything removed is named in `replaced`. Regions are zones,
    not content, and are kept."""
    dst = clone_map(game_map)
    # The selection as a mask over terrain indices: a million hexes in numpy, not in a loop.
    mask = np.zeros(dst.width * dst.height, dtype=bool)
    mask[selected_indices(dst, hexes)] = True
    sel = _MaskedHexes(dst, mask)
    out = Carried(dst, set(), [], replaced_verb="Erased")
    t = np.frombuffer(dst.terrain, dtype=np.uint8)
    out.changed = np.flatnonzero(mask & (t != fill)).tolist()
    t[mask] = fill
    del t  # release the view: the bytearray may be resized later
    forts = []
    for f in dst.forts:
        parts = [*f.hexes, *f.entrances]
        inside = [h in sel for h in parts]
        if parts and all(inside):
            out.replaced.append(_fort_name(f))
            continue
        if any(inside):
            out.dropped.append(f"{_fort_name(f)}: only partly selected, left in place")
        forts.append(f)
    dst.forts = forts
    markers = []
    for mk in dst.start_markers:
        if mk.hex in sel:
            out.replaced.append(f"start marker {mk.number}")
        else:
            markers.append(mk)
    dst.start_markers = markers
    inside = _Membership(dst, sel)
    labels = []
    for lab in dst.labels:
        if inside(lab.at):
            out.replaced.append(f"label {lab.text!r}")
        else:
            labels.append(lab)
    dst.labels = labels
    taken = {p.id for p in dst.paths}
    paths: list[MapPath] = []
    for p in dst.paths:
        runs = split_points(p.points, inside)
        if not any(ins for ins, _ in runs):
            paths.append(p)
            continue
        rest = [pts for ins, pts in runs if not ins]
        out.replaced.append(f"path {p.id}" + (" (the selected stretch)" if rest else ""))
        paths.extend(_pieces(p, rest, taken, keep_id=True))
    dst.paths = paths
    return out


# The hex terrains a path's line stands for: erasing them erases that stretch of the line.
LINE_TERRAINS: dict[str, frozenset[int]] = {
    "road": frozenset((TERRAIN_ID["road"], TERRAIN_ID["bridge"])),
    "water": frozenset((TERRAIN_ID["water"], TERRAIN_ID["bridge"])),
    "trench": frozenset((TERRAIN_ID["trench"],)),
}


def cut_paths(game_map: GameMap, hexes: Iterable[Hex]) -> tuple[list[MapPath], list[str]]:
    """The map's paths with the stretches cut away that run over those of `hexes` still
    holding the path's terrain (a road over road or bridge hexes, a river over water...), and
    the ids of the paths cut. Call it before the hexes are erased."""
    sel = [h for h in hexes if game_map.in_bounds(h)]
    taken = {p.id for p in game_map.paths}
    out: list[MapPath] = []
    cut: list[str] = []
    for p in game_map.paths:
        kinds = LINE_TERRAINS.get(p.terrain or "")
        hit = {h for h in sel if kinds and game_map.terrain[game_map.index(h)] in kinds}
        runs = split_points(p.points, _Membership(game_map, hit)) if hit else [(False, [])]
        if not any(ins for ins, _ in runs):
            out.append(p)
            continue
        cut.append(p.id)
        out.extend(_pieces(p, [pts for ins, pts in runs if not ins], taken, keep_id=True))
    return out, cut


# Stretches shorter than this (hex units) left by a cut are slivers nobody drew; dropped.
MIN_PIECE_LENGTH = 0.05


def _length(pts: list[XY]) -> float:
    return sum(math.dist(a, b) for a, b in itertools.pairwise(pts))


def _pieces(p: MapPath, runs: list[list[XY]], taken: set[str], keep_id: bool) -> list[MapPath]:
    out = []
    whole = len(runs) == 1 and len(runs[0]) == len(p.points)
    if len(p.points) == 1 or whole:
        kept = [r for r in runs if r]
    else:
        kept = [r for r in runs if len(r) >= 2 and _length(r) >= MIN_PIECE_LENGTH]
    for k, pts in enumerate(kept):
        pid = p.id if keep_id and k == 0 else _unique(p.id, taken)
        out.append(MapPath(pid, p.kind, list(pts), p.terrain, p.width))
    return out


__all__ = [
    "Affine",
    "Carried",
    "CopyNaming",
    "HexMapping",
    "carry",
    "clamp_to_map",
    "clone_map",
    "clone_objects",
    "cut_paths",
    "erase",
    "from_hex_function",
    "map_frame",
    "mirror",
    "rotation_180",
    "set_objects",
    "split_points",
    "symmetric",
    "translation",
    "whole_map",
]
