"""Pixel geometry of a whole map grid, worked in offset (col, row) for speed.

The canvas paints rectangles of the scene, so it needs "which hexes touch this rectangle" and
"where is the centre of (col, row)" without going through `Hex` objects for every hex. The
formulas are those of `engine.hexes.Layout` specialised per orientation and offset parity; the
tests check them against `Layout.hex_to_pixel`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.geometry import map_pixel_bounds
from engine.hexes import Hex, Layout
from engine.model import GameMap

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class GridGeometry:
    """Centre positions and rectangle queries for a `width` × `height` offset grid."""

    orientation: str
    size: float
    parity: str
    width: int
    height: int

    @classmethod
    def of(cls, game_map: GameMap) -> GridGeometry:
        """The geometry of a map in scene pixels (its layout at scale 1, origin 0,0)."""
        lay = game_map.layout
        return cls(lay.orientation, float(lay.hex_size), lay.offset, game_map.width,
                   game_map.height)

    @property
    def layout(self) -> Layout:
        """The `engine.hexes.Layout` of the scene (origin 0,0)."""
        return Layout(self.orientation, self.size, (0.0, 0.0))  # type: ignore[arg-type]

    @property
    def pointy(self) -> bool:
        """Whether hexes are pointy-topped (rows shoved) rather than flat-topped."""
        return self.orientation == "pointy"

    @property
    def hex_w(self) -> float:
        """Width of one hex in pixels."""
        return SQRT3 * self.size if self.pointy else 2.0 * self.size

    @property
    def hex_h(self) -> float:
        """Height of one hex in pixels."""
        return 2.0 * self.size if self.pointy else SQRT3 * self.size

    def _shift(self, k: int) -> float:
        # Half-hex shove of row (pointy) or column (flat) k: +0.5 for odd, -0.5 for even parity.
        if not k & 1:
            return 0.0
        return 0.5 if self.parity == "odd" else -0.5

    def center(self, col: int, row: int) -> tuple[float, float]:
        """Centre of offset hex (col, row) in scene pixels."""
        if self.pointy:
            return self.hex_w * (col + self._shift(row)), 1.5 * self.size * row
        return 1.5 * self.size * col, self.hex_h * (row + self._shift(col))

    def hex_center(self, h: Hex) -> tuple[float, float]:
        """Centre of an axial hex in scene pixels."""
        return self.layout.hex_to_pixel(h)

    def corner_offsets(self) -> list[tuple[float, float]]:
        """Offsets of the six corners from a centre, clockwise in screen space."""
        return self.layout.corner_offsets()

    def scene_bounds(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the map's hexes in scene pixels."""
        return map_pixel_bounds(self.layout, self.width, self.height, self.parity)  # type: ignore[arg-type]

    def offset_range(
        self, x0: float, y0: float, x1: float, y1: float, margin: int = 0
    ) -> tuple[int, int, int, int]:
        """(col0, col1, row0, row1), inclusive and clipped to the map, of every hex whose
        bounding box may touch the rectangle; `margin` adds that many hexes on each side.
        Empty ranges have col0 > col1 or row0 > row1."""
        if self.pointy:
            step_y, step_x = 1.5 * self.size, self.hex_w
            r0 = math.floor((y0 - self.size) / step_y)
            r1 = math.ceil((y1 + self.size) / step_y)
            c0 = math.floor((x0 - step_x / 2) / step_x - 0.5)
            c1 = math.ceil((x1 + step_x / 2) / step_x + 0.5)
        else:
            step_x, step_y = 1.5 * self.size, self.hex_h
            c0 = math.floor((x0 - self.size) / step_x)
            c1 = math.ceil((x1 + self.size) / step_x)
            r0 = math.floor((y0 - step_y / 2) / step_y - 0.5)
            r1 = math.ceil((y1 + step_y / 2) / step_y + 0.5)
        return (
            max(0, c0 - margin),
            min(self.width - 1, c1 + margin),
            max(0, r0 - margin),
            min(self.height - 1, r1 + margin),
        )

    def hex_at(self, x: float, y: float) -> Hex:
        """The axial hex containing a scene point (it may lie off the map)."""
        return self.layout.pixel_to_hex(x, y)
