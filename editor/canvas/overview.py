"""Low-resolution terrain image with a fixed block of pixels per hex (overview, minimap).

Built with numpy straight from `GameMap.terrain`: the terrain ids are repeated into blocks and
looked up in a palette of ARGB values written into the image's memory. An edit rewrites only
the band of rows (pointy) or columns (flat) it touched, the same way; a per-pixel
`setPixelColor` loop took 74 % of a 10,000-hex fill with the window open. Pointy maps put
each hex in a `bw` × `bh` block with shoved rows offset by half a block; flat maps likewise
per column.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from engine.model import TERRAINS, GameMap

from . import style
from .geometry import GridGeometry


class OverviewImage:
    """The terrain as a mosaic image placed over the map's scene rectangle."""

    def __init__(self, game_map: GameMap, block: tuple[int, int] | None = None) -> None:
        self.map = game_map
        self.geom = GridGeometry.of(game_map)
        n = game_map.width * game_map.height
        # Four by three pixels per hex reads well down to a few screen pixels per hex; huge
        # maps get two by one to keep the image small.
        bw, bh = block or ((4, 3) if n <= 250_000 else (2, 1))
        # Flat maps are the transpose: blocks taller than wide, columns shoved.
        self.bw, self.bh = (bw, bh) if self.geom.pointy else (bh, bw)
        colors = style.terrain_colors(game_map.season)
        self.colors = [colors[t].rgb() for t in TERRAINS]
        # One more entry, transparent, for the pixels outside the map.
        self.palette = np.array([*self.colors, 0], dtype=np.uint32)
        self._shift = (self._shifted(0), self._shifted(1))  # shoves alternate by parity
        self.image = self._build()
        self.rect = self._scene_rect()

    def _shifted(self, k: int) -> bool:
        g = self.geom
        if g.pointy:
            return g.center(0, k)[0] > min(g.center(0, 0)[0], g.center(0, 1)[0] if g.height > 1
                                           else g.center(0, 0)[0])
        return g.center(k, 0)[1] > min(g.center(0, 0)[1], g.center(1, 0)[1] if g.width > 1
                                       else g.center(0, 0)[1])

    def _build(self) -> QImage:
        m, g = self.map, self.geom
        half = self.bw // 2 if g.pointy else self.bh // 2
        if g.pointy:
            iw, ih = m.width * self.bw + half, m.height * self.bh
        else:
            iw, ih = m.width * self.bw, m.height * self.bh + half
        img = QImage(iw, ih, QImage.Format.Format_ARGB32_Premultiplied)
        self.image = img
        self._write_band(0, (m.height if g.pointy else m.width) - 1)
        return img

    def _pixels(self) -> np.ndarray:
        img = self.image
        return np.frombuffer(img.bits(), dtype=np.uint32).reshape(
            img.height(), img.bytesPerLine() // 4)[:, :img.width()]

    def _write_band(self, lo: int, hi: int) -> None:
        """Rewrite the blocks of rows lo..hi (pointy) or columns lo..hi (flat)."""
        m, g = self.map, self.geom
        terrain = np.frombuffer(m.terrain, dtype=np.uint8).reshape(m.height, m.width)
        # Work along the shoved axis: rows of a pointy map, columns of a flat one.
        lines = terrain[lo:hi + 1] if g.pointy else terrain[:, lo:hi + 1].T
        across, along = (self.bw, self.bh) if g.pointy else (self.bh, self.bw)
        half = across // 2
        cells = np.repeat(lines, across, axis=1)
        band = np.full((len(lines), cells.shape[1] + half), len(self.colors), dtype=np.uint8)
        shoved = np.array([self._shift[k % 2] for k in range(lo, hi + 1)], dtype=bool)
        band[~shoved, :cells.shape[1]] = cells[~shoved]
        band[shoved, half:] = cells[shoved]
        px = self.palette[np.repeat(band, along, axis=0)]
        if g.pointy:
            self._pixels()[lo * along:(hi + 1) * along, :] = px
        else:
            self._pixels()[:, lo * along:(hi + 1) * along] = px.T

    def _scene_rect(self) -> QRectF:
        g = self.geom
        if g.pointy:
            left = min(g.center(0, r)[0] for r in range(min(2, g.height))) - g.hex_w / 2
            step_x, step_y = g.hex_w / self.bw, 1.5 * g.size / self.bh
            top = -0.75 * g.size
        else:
            top = min(g.center(c, 0)[1] for c in range(min(2, g.width))) - g.hex_h / 2
            step_x, step_y = 1.5 * g.size / self.bw, g.hex_h / self.bh
            left = -0.75 * g.size
        return QRectF(left, top, self.image.width() * step_x, self.image.height() * step_y)

    def update_indices(self, indices: list[int]) -> QRectF:
        """Repaint the blocks of the given terrain indices; returns their scene rectangle."""
        if len(indices) == 0:
            return QRectF()
        m, g = self.map, self.geom
        bw, bh = self.bw, self.bh
        rows, cols = np.divmod(np.asarray(indices, dtype=np.int64), m.width)
        major = rows if g.pointy else cols
        self._write_band(int(major.min()), int(major.max()))
        half = bw // 2 if g.pointy else bh // 2
        shift = np.where(major % 2 == 1, half * self._shift[1], half * self._shift[0])
        xs = cols * bw + (shift if g.pointy else 0)
        ys = rows * bh + (0 if g.pointy else shift)
        img = self.image
        sx = self.rect.width() / img.width()
        sy = self.rect.height() / img.height()
        x0, x1, y0, y1 = int(xs.min()), int(xs.max()), int(ys.min()), int(ys.max())
        return QRectF(self.rect.left() + (x0 - 1) * sx, self.rect.top() + (y0 - 1) * sy,
                      (x1 - x0 + bw + 2) * sx, (y1 - y0 + bh + 2) * sy)
