"""Low-resolution terrain image with a fixed block of pixels per hex (overview, minimap).

Built with byte slicing straight from `GameMap.terrain` (no per-hex Python loop for pointy
maps), updated per changed hex. Pointy maps put each hex in a `bw` × `bh` block with shoved rows
offset by half a block; flat maps likewise per column.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage

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
        bw, bh = self.bw, self.bh
        half = bw // 2 if g.pointy else bh // 2
        if g.pointy:
            iw, ih = m.width * bw + half, m.height * bh
        else:
            iw, ih = m.width * bw, m.height * bh + half
        img = QImage(iw, ih, QImage.Format.Format_Indexed8)
        img.setColorCount(len(self.colors) + 1)
        for i, c in enumerate(self.colors):
            img.setColor(i, c)
        background = len(self.colors)
        img.setColor(background, 0)  # transparent outside the map
        img.fill(background)
        stride = img.bytesPerLine()
        buf = bytearray([background]) * (stride * ih)
        terrain = m.terrain
        if g.pointy:
            for row in range(m.height):
                src = terrain[row * m.width:(row + 1) * m.width]
                line = bytearray(m.width * bw)
                for k in range(bw):
                    line[k::bw] = src
                start = half if self._shifted(row) else 0
                for y in range(row * bh, row * bh + bh):
                    off = y * stride + start
                    buf[off:off + len(line)] = line
        else:
            for col in range(m.width):
                src = terrain[col::m.width]
                start = half if self._shifted(col) else 0
                for x in range(col * bw, col * bw + bw):
                    for k in range(bh):
                        first = (start + k) * stride + x
                        buf[first:first + bh * stride * m.height:bh * stride] = src
        bits = img.bits()
        bits[: len(buf)] = buf
        return img.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)

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
        m, g = self.map, self.geom
        img = self.image
        bw, bh = self.bw, self.bh
        half = bw // 2 if g.pointy else bh // 2
        xs: list[int] = []
        ys: list[int] = []
        for i in indices:
            row, col = divmod(i, m.width)
            color = QColor.fromRgb(self.colors[m.terrain[i]])
            if g.pointy:
                x, y = col * bw + (half if self._shifted(row) else 0), row * bh
            else:
                x, y = col * bw, row * bh + (half if self._shifted(col) else 0)
            for dy in range(bh):
                for dx in range(bw):
                    img.setPixelColor(x + dx, y + dy, color)
            xs.append(x)
            ys.append(y)
        if not xs:
            return QRectF()
        sx = self.rect.width() / img.width()
        sy = self.rect.height() / img.height()
        return QRectF(self.rect.left() + (min(xs) - 1) * sx, self.rect.top() + (min(ys) - 1) * sy,
                      (max(xs) - min(xs) + bw + 2) * sx, (max(ys) - min(ys) + bh + 2) * sy)
