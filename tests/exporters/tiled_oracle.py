"""Tiled's own hexagonal geometry, as a test oracle (written from reading Tiled's
`src/libtiled/hexagonalrenderer.cpp`: RenderParams, tileToScreenCoords, screenToTileCoords,
boundingRect). Integer arithmetic on purpose: Tiled halves tile sizes with C++ integer
division, which is exactly what made odd tile sizes drift. Never used by product code.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TiledHexRenderer:
    """The numbers Tiled derives from a hexagonal map's header."""

    stagger_x: bool
    stagger_even: bool
    tile_width: int
    tile_height: int
    side_length_x: int
    side_length_y: int
    side_offset_x: int
    side_offset_y: int
    column_width: int
    row_height: int

    @classmethod
    def from_header(cls, tilewidth: int, tileheight: int, hexsidelength: int,
                    staggeraxis: str, staggerindex: str) -> TiledHexRenderer:
        """Tiled's RenderParams for a map header."""
        stagger_x = staggeraxis == "x"
        side_x = hexsidelength if stagger_x else 0
        side_y = 0 if stagger_x else hexsidelength
        off_x = (tilewidth - side_x) // 2
        off_y = (tileheight - side_y) // 2
        col_w = off_x + side_x
        row_h = off_y + side_y
        return cls(stagger_x, staggerindex == "even", col_w + off_x, row_h + off_y,
                   side_x, side_y, off_x, off_y, col_w, row_h)

    @classmethod
    def from_doc(cls, doc: Any) -> TiledHexRenderer:
        """From a TMJ dict or a pytmx map."""
        get = (lambda k: doc[k]) if isinstance(doc, dict) else (lambda k: getattr(doc, k))
        return cls.from_header(int(get("tilewidth")), int(get("tileheight")),
                               int(get("hexsidelength")), get("staggeraxis"),
                               get("staggerindex"))

    def _stagger(self, i: int) -> bool:
        return bool((i & 1) ^ self.stagger_even)

    def tile_to_screen(self, x: int, y: int) -> tuple[int, int]:
        """Top-left pixel of tile (x, y)."""
        if self.stagger_x:
            py = y * (self.tile_height + self.side_length_y)
            if self._stagger(x):
                py += self.row_height
            return x * self.column_width, py
        px = x * (self.tile_width + self.side_length_x)
        if self._stagger(y):
            px += self.column_width
        return px, y * self.row_height

    def tile_centre(self, x: int, y: int) -> tuple[float, float]:
        """Centre of tile (x, y): the middle of its drawn hexagon."""
        px, py = self.tile_to_screen(x, y)
        return px + self.tile_width / 2, py + self.tile_height / 2

    def screen_to_tile(self, x: float, y: float) -> tuple[int, int]:
        """The tile a pixel falls in (nearest of four candidate centres, as Tiled does)."""
        if self.stagger_x:
            x -= self.tile_width if self.stagger_even else self.side_offset_x
        else:
            y -= self.tile_height if self.stagger_even else self.side_offset_y
        ref_x = math.floor(x / (self.column_width * 2))
        ref_y = math.floor(y / (self.row_height * 2))
        rel_x = x - ref_x * self.column_width * 2
        rel_y = y - ref_y * self.row_height * 2
        if self.stagger_x:
            ref_x = ref_x * 2 + (1 if self.stagger_even else 0)
            left = self.side_length_x // 2
            cx, cy = left + self.column_width, self.tile_height // 2
            centres = [(left, cy), (cx, cy - self.row_height), (cx, cy + self.row_height),
                       (cx + self.column_width, cy)]
            offsets = [(0, 0), (1, -1), (1, 0), (2, 0)]
        else:
            ref_y = ref_y * 2 + (1 if self.stagger_even else 0)
            top = self.side_length_y // 2
            cx, cy = self.tile_width // 2, top + self.row_height
            centres = [(cx, top), (cx - self.column_width, cy), (cx + self.column_width, cy),
                       (cx, cy + self.row_height)]
            offsets = [(0, 0), (-1, 1), (0, 1), (0, 2)]
        nearest = min(range(4), key=lambda i: (centres[i][0] - rel_x) ** 2
                      + (centres[i][1] - rel_y) ** 2)
        return ref_x + offsets[nearest][0], ref_y + offsets[nearest][1]

    def map_size(self, width: int, height: int) -> tuple[int, int]:
        """Pixel size of a width × height map (Tiled's boundingRect of the whole map)."""
        if self.stagger_x:
            w = width * self.column_width + self.side_offset_x
            h = height * (self.tile_height + self.side_length_y)
            if width > 1:
                h += self.row_height
            return w, h
        w = width * (self.tile_width + self.side_length_x)
        h = height * self.row_height + self.side_offset_y
        if height > 1:
            w += self.column_width
        return w, h
