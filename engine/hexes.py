"""Hex grid geometry: axial coordinates, offset conversion at the file edge, pixel layout.

Axial coordinates (q, r) with s = -q - r, as in Red Blob Games' hex guide. Offset coordinates
(col, row) exist only where files and exports need them. Pixel geometry lives in `Layout`,
separate from grid topology.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, NamedTuple

Orientation = Literal["pointy", "flat"]
OffsetParity = Literal["odd", "even"]


class Hex(NamedTuple):
    """An axial hex coordinate. Immutable, hashable, supports + and - and integer scaling."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:  # type: ignore[override]
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __mul__(self, k: object) -> Hex:  # type: ignore[override]
        if not isinstance(k, int):
            return NotImplemented
        return Hex(self.q * k, self.r * k)

    def neighbor(self, direction: int) -> Hex:
        """The neighbour in direction 0..5 (see `DIRECTIONS`)."""
        d = DIRECTIONS[direction % 6]
        return Hex(self.q + d.q, self.r + d.r)

    def neighbors(self) -> list[Hex]:
        """The six neighbours, in direction order 0..5."""
        q, r = self.q, self.r
        return [Hex(q + d.q, r + d.r) for d in DIRECTIONS]

    def length(self) -> int:
        """Distance from the origin in hex steps."""
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: Hex) -> int:
        """Number of hex steps between two hexes."""
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def direction_to(self, other: Hex) -> int | None:
        """Direction index 0..5 if `other` is adjacent, else None."""
        diff = Hex(other.q - self.q, other.r - self.r)
        try:
            return DIRECTIONS.index(diff)
        except ValueError:
            return None

    def rotate_180(self, center: Hex) -> Hex:
        """This hex rotated by 180 degrees around `center`."""
        return Hex(2 * center.q - self.q, 2 * center.r - self.r)

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


# Direction i and i+3 are opposite; order is the one of Red Blob's guide.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)


def opposite_direction(direction: int) -> int:
    """The direction pointing the other way."""
    return (direction + 3) % 6


def hex_round(fq: float, fr: float) -> Hex:
    """Round fractional axial coordinates to the nearest hex."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from a to b, both included."""
    n = a.distance(b)
    if n == 0:
        return [a]
    # The nudge keeps points exactly on hex edges from flipping between machines.
    aq, ar = a.q + 1e-6, a.r + 1e-6
    bq, br = b.q + 1e-6, b.r + 1e-6
    return [hex_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly `radius` steps from center, walking once around (radius 0: the center)."""
    if radius == 0:
        return [center]
    results: list[Hex] = []
    h = center + DIRECTIONS[4] * radius
    for side in range(6):
        for _ in range(radius):
            results.append(h)
            h = h.neighbor(side)
    return results


def spiral(center: Hex, radius: int) -> Iterator[Hex]:
    """Center, then ring 1, ring 2, … up to `radius`."""
    for k in range(radius + 1):
        yield from ring(center, k)


def disk(center: Hex, radius: int) -> list[Hex]:
    """Every hex within `radius` steps of center."""
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append(Hex(center.q + dq, center.r + dr))
    return out


# --- offset coordinates (files and exports only) ---------------------------------------------


def offset_to_axial(
    col: int, row: int, orientation: Orientation, parity: OffsetParity = "odd"
) -> Hex:
    """Convert offset (col, row) to axial.

    Pointy-top maps use row offsets ("odd-r": odd rows are shoved right by half a hex; "even-r":
    even rows). Flat-top maps use column offsets ("odd-q"/"even-q": columns shoved down).
    """
    if orientation == "pointy":
        if parity == "odd":
            return Hex(col - (row - (row & 1)) // 2, row)
        return Hex(col - (row + (row & 1)) // 2, row)
    if parity == "odd":
        return Hex(col, row - (col - (col & 1)) // 2)
    return Hex(col, row - (col + (col & 1)) // 2)


def axial_to_offset(
    h: Hex, orientation: Orientation, parity: OffsetParity = "odd"
) -> tuple[int, int]:
    """Convert axial to offset (col, row); inverse of `offset_to_axial`."""
    q, r = h
    if orientation == "pointy":
        if parity == "odd":
            return q + (r - (r & 1)) // 2, r
        return q + (r + (r & 1)) // 2, r
    if parity == "odd":
        return q, r + (q - (q & 1)) // 2
    return q, r + (q + (q & 1)) // 2


# --- pixel layout -----------------------------------------------------------------------------

_SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Layout:
    """Pixel geometry of a hex grid: orientation, hex size (centre to corner) and origin.

    The centre of Hex(0, 0) sits at `origin`. Coordinates grow right and down (screen space).
    """

    orientation: Orientation = "pointy"
    size: float = 32.0
    origin: tuple[float, float] = (0.0, 0.0)

    def hex_to_pixel(self, h: Hex) -> tuple[float, float]:
        """Centre of a hex in pixels."""
        s = self.size
        if self.orientation == "pointy":
            x = s * (_SQRT3 * h.q + _SQRT3 / 2 * h.r)
            y = s * (1.5 * h.r)
        else:
            x = s * (1.5 * h.q)
            y = s * (_SQRT3 / 2 * h.q + _SQRT3 * h.r)
        return x + self.origin[0], y + self.origin[1]

    def pixel_to_fractional(self, x: float, y: float) -> tuple[float, float]:
        """Fractional axial coordinates of a pixel."""
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        if self.orientation == "pointy":
            return _SQRT3 / 3 * px - py / 3, 2 / 3 * py
        return 2 / 3 * px, -px / 3 + _SQRT3 / 3 * py

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        """The hex containing a pixel."""
        return hex_round(*self.pixel_to_fractional(x, y))

    def corner_offsets(self) -> list[tuple[float, float]]:
        """Offsets of the six corners from a hex centre, clockwise in screen space."""
        start = 30.0 if self.orientation == "pointy" else 0.0
        out = []
        for i in range(6):
            angle = math.radians(start + 60 * i)
            out.append((self.size * math.cos(angle), self.size * math.sin(angle)))
        return out

    def polygon(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of a hex in pixels."""
        cx, cy = self.hex_to_pixel(h)
        return [(cx + dx, cy + dy) for dx, dy in self.corner_offsets()]

    @property
    def width(self) -> float:
        """Width of one hex in pixels."""
        return _SQRT3 * self.size if self.orientation == "pointy" else 2 * self.size

    @property
    def height(self) -> float:
        """Height of one hex in pixels."""
        return 2 * self.size if self.orientation == "pointy" else _SQRT3 * self.size
