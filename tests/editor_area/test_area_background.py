"""The area editor shows the map's background picture where the exported boards draw it:
stretched over the map's rectangle at its opacity, under fronts whose tints let it through."""

from __future__ import annotations

import io

from PIL import Image
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsPixmapItem

from editor.area.window import AreaEditorWindow, open_area
from engine.area_geometry import FRONT_OPACITY_OVER_PICTURE
from exporters.area_board import THEATRE_TINTS
from tests.exporters.area_pack_sources import linked_copy

BLUE = (0, 0, 255)
PAPER = (0xEF, 0xE9, 0xD6)


def _solid() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (50, 32), BLUE).save(out, "PNG")
    return out.getvalue()


def _over(under, colour, alpha: float) -> tuple[float, ...]:
    return tuple(u * (1 - alpha) + c * alpha for u, c in zip(under, colour, strict=True))


def _rgb(image: QImage, x: int, y: int) -> tuple[int, int, int]:
    c = QColor(image.pixel(x, y))
    return (c.red(), c.green(), c.blue())


def _close(got, want, tolerance: float = 6) -> bool:
    return all(abs(g - w) <= tolerance for g, w in zip(got, want, strict=True))


def _window(qtbot, path) -> AreaEditorWindow:
    opened = open_area(path)
    assert not isinstance(opened, str)
    window = AreaEditorWindow(*opened)
    qtbot.addWidget(window)
    return window


def test_the_editor_shows_the_background_where_the_board_draws_it(qtbot, tmp_path):
    scenario = linked_copy(tmp_path / "weltkrieg", _solid())
    window = _window(qtbot, scenario)
    scene = window.canvas.scene()
    (item,) = [i for i in scene.items() if isinstance(i, QGraphicsPixmapItem)]
    assert item.sceneBoundingRect() == QRectF(0, 0, 1000, 640)  # the map's size
    assert item.opacity() == 0.5
    # the scene at one pixel per board unit: the picture on the paper, and under front 1
    image = QImage(1000, 640, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 1000, 640), QRectF(0, 0, 1000, 640))
    painter.end()
    picture = _over(PAPER, BLUE, 0.5)
    tint = QColor(THEATRE_TINTS[0])
    assert _close(_rgb(image, 150, 600), picture)
    assert _close(_rgb(image, 20, 110), _over(picture, (tint.red(), tint.green(), tint.blue()),
                                              FRONT_OPACITY_OVER_PICTURE))
    window.doc.undo_stack.setClean()


def test_a_missing_picture_leaves_the_map_drawn_without_it(qtbot, tmp_path):
    scenario = linked_copy(tmp_path / "weltkrieg", _solid())
    (scenario.parent / "europe.png").unlink()
    window = _window(qtbot, scenario)
    items = window.canvas.scene().items()
    assert not [i for i in items if isinstance(i, QGraphicsPixmapItem)]
    assert len(window.doc.map.fronts) == 11
    window.doc.undo_stack.setClean()
