"""MinimapWidget: click and drag pan the view; terrain changes reach its image."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt

from editor.canvas import MinimapWidget


def test_click_and_drag_pan_the_view(make_view, qtbot):
    view, doc, _tool = make_view(80, 60)
    view.set_zoom(1.0)
    mini = MinimapWidget(doc, view)
    qtbot.addWidget(mini)
    mini.resize(240, 180)
    with qtbot.waitExposed(mini):
        mini.show()
    area = mini.map_area()
    target = QPointF(area.left() + area.width() * 0.75, area.top() + area.height() * 0.25)
    qtbot.mouseClick(mini, Qt.MouseButton.LeftButton, pos=target.toPoint())
    centre = view.visible_scene_rect().center()
    expected = mini.to_scene(QPointF(target.toPoint()))
    # Within three minimap pixels.
    tol_x = 3 / area.width() * mini.overview.rect.width()
    tol_y = 3 / area.height() * mini.overview.rect.height()
    assert abs(centre.x() - expected.x()) < tol_x
    assert abs(centre.y() - expected.y()) < tol_y
    qtbot.mousePress(mini, Qt.MouseButton.LeftButton, pos=target.toPoint())
    qtbot.mouseMove(mini, QPoint(int(area.left() + 5), int(area.bottom() - 5)))
    qtbot.mouseRelease(mini, Qt.MouseButton.LeftButton)
    moved = view.visible_scene_rect().center()
    assert moved.x() < centre.x() and moved.y() > centre.y()
    # The view rectangle is drawn where the view is.
    top_left = mini.from_scene(view.visible_scene_rect().topLeft())
    assert area.adjusted(-200, -200, 200, 200).contains(top_left)


def test_terrain_change_updates_minimap_image(make_view, qtbot):
    view, doc, _tool = make_view(30, 20)
    mini = MinimapWidget(doc, view)
    qtbot.addWidget(mini)
    ov = mini.overview
    h = doc.map.to_axial(10, 10)
    x = 10 * ov.bw + (ov.bw // 2 if ov._shifted(10) else 0)
    y = 10 * ov.bh
    before = ov.image.pixelColor(x, y)
    doc.paint([h], "water")
    assert ov.image.pixelColor(x, y) != before
    assert ov.image.pixelColor(x, y).blue() > ov.image.pixelColor(x, y).red()


def test_map_replaced_rebuilds_minimap(make_view, qtbot):
    from .fakes import generate_map

    view, doc, _tool = make_view(30, 20)
    mini = MinimapWidget(doc, view)
    qtbot.addWidget(mini)
    doc.replace_map(generate_map(90, 70))
    assert mini.overview.map is doc.map
    assert mini.overview.image.width() >= 90
