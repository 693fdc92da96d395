"""render_map_image: a map drawn into a QImage of a given size (thumbnails, screenshots)."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from engine.geometry import index_mask
from engine.model import GameMap

from . import objects_paint as op
from . import style
from .geometry import GridGeometry
from .objects_layer import PATH_ORDER
from .overview import OverviewImage
from .road_cover import RoadCover
from .terrain_layer import OVERVIEW_HEX_PX
from .terrain_paint import HexShapes, TerrainStyle, paint_terrain

DEFAULT_OVERLAYS = frozenset({"grid", "regions", "paths"})


def render_map_image(game_map: GameMap, width_px: int, height_px: int,
                     overlays: Iterable[str] = DEFAULT_OVERLAYS) -> QImage:
    """The whole map fitted (aspect kept, centred on paper) into width_px × height_px.

    `overlays` may hold "grid", "coords", "regions", "paths" and "objects"-independent
    extras; forts, start markers and labels are always drawn. Needs a QGuiApplication."""
    if width_px <= 0 or height_px <= 0:
        raise ValueError(f"image size must be positive, got {width_px}×{height_px}")
    overlays = set(overlays)
    img = QImage(width_px, height_px, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(style.PAPER)
    geom = GridGeometry.of(game_map)
    left, top, right, bottom = geom.scene_bounds()
    rect = QRectF(left, top, right - left, bottom - top)
    scale = min(width_px / rect.width(), height_px / rect.height())
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    p.translate((width_px - rect.width() * scale) / 2, (height_px - rect.height() * scale) / 2)
    p.scale(scale, scale)
    p.translate(-rect.left(), -rect.top())
    roads = RoadCover()
    if "paths" in overlays:
        roads.update(game_map)
    if geom.hex_w * scale < OVERVIEW_HEX_PX:
        ov = OverviewImage(game_map)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        p.drawImage(ov.rect, ov.image)
    else:
        regions = []
        if "regions" in overlays:
            for k, region in enumerate(game_map.regions):
                regions.append((style.REGION_COLORS[k % len(style.REGION_COLORS)],
                                index_mask(game_map, region.hexes)))
        tstyle = TerrainStyle(grid="grid" in overlays, coords="coords" in overlays,
                              regions=regions, road_spots=roads.spots)
        paint_terrain(p, game_map, HexShapes(geom), rect, tstyle, scale)
    s = geom.size
    if "paths" in overlays:
        p.save()
        p.setClipRect(rect)
        for mp in sorted(game_map.paths, key=lambda m: PATH_ORDER.get(m.kind, len(PATH_ORDER))):
            curve = op.smooth_path(mp.points, s)
            op.paint_bridge_decks(p, roads.bridges_of(game_map, mp.id), s, scale)
            op.paint_map_path(p, mp, [(curve, op.path_decoration(mp, curve, s))], s, scale)
        p.restore()
    for fort in game_map.forts:
        op.paint_fort(p, fort, geom, scale)
    for marker in game_map.start_markers:
        op.paint_marker(p, marker, geom, scale)
    for label in game_map.labels:
        op.paint_label(p, label, op.label_path(label, s), s, scale)
    p.setPen(Qt.PenStyle.NoPen)
    p.end()
    return img
