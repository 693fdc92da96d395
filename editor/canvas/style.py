"""Colours and procedural textures of the map, in the muted tones of printed wargame maps.

Textures are generated once per process from a fixed seed (deterministic renders), tile
seamlessly and are anchored at the scene origin, so neighbouring hexes of the same terrain read
as one continuous meadow, wood or lake.
"""

from __future__ import annotations

import random
from functools import cache

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QRadialGradient

from engine.model import TERRAINS

TEXTURE_PX = 128  # side of a texture tile, in scene pixels at hex_size REFERENCE_SIZE
REFERENCE_SIZE = 32.0

# Solid colour per terrain: the mean tone of its texture, also the overview/minimap colour.
TERRAIN_COLOR: dict[str, QColor] = {
    "meadow": QColor("#c7d29c"),
    "forest": QColor("#5a7541"),
    "road": QColor("#d8c8a2"),
    "bridge": QColor("#8fb3ca"),
    "water": QColor("#8fb3ca"),
    "trench": QColor("#b39a72"),
}
# Winter: snow on the meadows and roads, frosted woods, ice-grey water; trenches stay dark
# earth so the lines read as strongly as in summer.
WINTER_COLOR: dict[str, QColor] = {
    "meadow": QColor("#e4e8ea"),
    "forest": QColor("#5b6b60"),
    "road": QColor("#d3cdc1"),
    "bridge": QColor("#a9c1cf"),
    "water": QColor("#a9c1cf"),
    "trench": QColor("#a08c72"),
}
SEASONS = ("summer", "winter")


def terrain_colors(season: str = "summer") -> dict[str, QColor]:
    """Solid colour per terrain in a season (unknown seasons draw as summer)."""
    return WINTER_COLOR if season == "winter" else TERRAIN_COLOR


ROAD_CASING = QColor("#7a5a34")
ROAD_FILL = QColor("#e9dcb8")
BRIDGE_DECK = QColor("#a07d52")
BRIDGE_PLANK = QColor("#6d5236")
TRENCH_LINE = QColor("#4a3826")
TRENCH_PARAPET = QColor("#d8c39a")
SHORE = QColor("#557f9e")
ROAD_EDGE = QColor("#b3a27c")
TRENCH_EDGE = QColor("#8c7453")
MAP_BORDER = QColor("#5a4d3a")
FOREST_EDGE = QColor("#3d5330")
GRID = QColor(52, 48, 36, 70)
COORD_TEXT = QColor(40, 36, 28, 170)
COORD_TEXT_ON_DARK = QColor(236, 240, 220, 210)
PAPER = QColor("#e8e1cf")  # scene background around the map

OWNER_COLORS: dict[str, tuple[QColor, ...]] = {
    # Flag stripes, first colour is the fort's main tint.
    "neutral": (QColor("#8a8a84"), QColor("#c9c9c2")),
    "DE": (QColor("#2f2f2f"), QColor("#f2f2f2"), QColor("#c0392b")),
    "AH": (QColor("#e2b822"), QColor("#1f1f1f")),
    "FR": (QColor("#2c5aa0"), QColor("#f2f2f2"), QColor("#c0392b")),
    "GB": (QColor("#b3262b"), QColor("#f2f2f2"), QColor("#233f7a")),
}

REGION_COLORS: tuple[QColor, ...] = (
    QColor("#c0392b"),
    QColor("#2c5aa0"),
    QColor("#8e44ad"),
    QColor("#d68910"),
    QColor("#16a085"),
    QColor("#7f8c8d"),
)

HIGHLIGHT_COLORS: dict[str, QColor] = {
    "preview": QColor("#fdfdfd"),
    "capture": QColor("#e67e22"),
    "problems": QColor("#d62c1a"),
    "selection": QColor("#2e86de"),
}


def owner_colors(owner: str) -> tuple[QColor, ...]:
    """Flag colours of a fort owner (unknown owners draw as neutral)."""
    return OWNER_COLORS.get(owner, OWNER_COLORS["neutral"])


def _wrapped(rng_points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    # Every element is drawn at its 9 wrapped positions so the tile repeats without seams.
    n = TEXTURE_PX
    return [(x + dx * n, y + dy * n) for x, y in rng_points for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)]


def _new_texture(base: QColor) -> tuple[QImage, QPainter]:
    img = QImage(TEXTURE_PX, TEXTURE_PX, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(base)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    return img, p


def _speckle(p: QPainter, rng: random.Random, colors: list[QColor], count: int,
             radius: tuple[float, float]) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    pts = [(rng.uniform(0, TEXTURE_PX), rng.uniform(0, TEXTURE_PX)) for _ in range(count)]
    for i, (x, y) in enumerate(pts):
        c = colors[i % len(colors)]
        r = rng.uniform(*radius)
        p.setBrush(c)
        for wx, wy in _wrapped([(x, y)]):
            p.drawEllipse(QPointF(wx, wy), r, r)


def _meadow(winter: bool = False) -> QImage:
    rng = random.Random(11)
    img, p = _new_texture(terrain_colors("winter" if winter else "summer")["meadow"])
    # Soft blotches give the paper-print mottling, short strokes the grass (in winter, dry
    # stalks through the snow).
    blotches = ([QColor(170, 185, 200, 40), QColor(255, 255, 255, 60)] if winter
                else [QColor(150, 170, 100, 28), QColor(230, 236, 190, 30)])
    stalk, light = ((QColor(120, 118, 96, 80), QColor(255, 255, 255, 120)) if winter
                    else (QColor(120, 145, 80, 90), QColor(235, 240, 200, 110)))
    _speckle(p, rng, blotches, 26, (8, 18))
    for i in range(170):
        x, y = rng.uniform(0, TEXTURE_PX), rng.uniform(0, TEXTURE_PX)
        c = stalk if i % 3 else light
        p.setPen(QPen(c, 0.9, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        dx, dy = rng.uniform(-1.2, 1.2), rng.uniform(-3.0, -1.6)
        for wx, wy in _wrapped([(x, y)]):
            p.drawLine(QPointF(wx, wy), QPointF(wx + dx, wy + dy))
    p.end()
    return img


def _forest(winter: bool = False) -> QImage:
    rng = random.Random(23)
    img, p = _new_texture(terrain_colors("winter" if winter else "summer")["forest"])
    tones = (("#c9d3cf", "#8a9a90", "#55665b") if winter else ("#87a862", "#66864a", "#4d6a39"))
    _speckle(p, rng, [QColor(40, 60, 30, 60)], 30, (4, 9))
    crowns = []
    for _ in range(34):
        crowns.append((rng.uniform(0, TEXTURE_PX), rng.uniform(0, TEXTURE_PX),
                       rng.uniform(7.5, 11.5)))
    crowns.sort(key=lambda c: c[1])  # lower crowns overlap upper ones, like a canopy seen aslant
    for x, y, r in crowns:
        for wx, wy in _wrapped([(x, y)]):
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(38, 56, 28, 120))
            p.drawEllipse(QPointF(wx + 1.8, wy + 2.4), r, r)
            grad = QRadialGradient(QPointF(wx - r * 0.35, wy - r * 0.4), r * 1.3)
            grad.setColorAt(0.0, QColor(tones[0]))
            grad.setColorAt(0.55, QColor(tones[1]))
            grad.setColorAt(1.0, QColor(tones[2]))
            p.setBrush(QBrush(grad))
            p.setPen(QPen(QColor(44, 62, 32, 150), 0.8))
            p.drawEllipse(QPointF(wx, wy), r, r)
    p.end()
    return img


def _water(winter: bool = False) -> QImage:
    rng = random.Random(5)
    img, p = _new_texture(terrain_colors("winter" if winter else "summer")["water"])
    _speckle(p, rng, [QColor(120, 160, 190, 40), QColor(175, 205, 225, 40)], 18, (10, 20))
    for i in range(22):
        x, y = rng.uniform(0, TEXTURE_PX), rng.uniform(0, TEXTURE_PX)
        length = rng.uniform(9, 15)
        dark = i % 2 == 0
        pen = QPen(QColor(92, 133, 166, 200) if dark else QColor(214, 231, 241, 210), 1.1,
                   Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for wx, wy in _wrapped([(x, y)]):
            path = QPainterPath(QPointF(wx, wy))
            path.quadTo(QPointF(wx + length / 4, wy - 2.6), QPointF(wx + length / 2, wy))
            path.quadTo(QPointF(wx + 3 * length / 4, wy + 2.6), QPointF(wx + length, wy))
            p.drawPath(path)
    p.end()
    return img


def _earth(base: QColor, seed: int, dark: QColor, light: QColor) -> QImage:
    rng = random.Random(seed)
    img, p = _new_texture(base)
    _speckle(p, rng, [QColor(dark.red(), dark.green(), dark.blue(), 30)], 20, (6, 14))
    _speckle(p, rng, [dark, light], 260, (0.4, 1.0))
    p.end()
    return img


@cache
def terrain_textures(season: str = "summer") -> dict[str, QImage]:
    """One seamless texture tile per terrain name in a season (bridge uses the water
    texture)."""
    winter = season == "winter"
    colors = terrain_colors(season)
    water = _water(winter)
    return {
        "meadow": _meadow(winter),
        "forest": _forest(winter),
        "road": _earth(colors["road"], 31, QColor(150, 125, 90, 110),
                       QColor(245, 238, 215, 120)),
        "bridge": water,
        "water": water,
        "trench": _earth(colors["trench"], 37, QColor(90, 70, 45, 120),
                         QColor(215, 195, 160, 120)),
    }


def terrain_brushes(hex_size: float, season: str = "summer") -> list[QBrush]:
    """Texture brushes indexed by terrain id, scaled to the map's hex size."""
    textures = terrain_textures(season)
    out = []
    for name in TERRAINS:
        brush = QBrush(textures[name])
        scale = hex_size / REFERENCE_SIZE
        if abs(scale - 1.0) > 1e-6:
            t = brush.transform()
            t.scale(scale, scale)
            brush.setTransform(t)
        out.append(brush)
    return out
