"""MapView: hover and tool events map to the right hex, wheel zoom keeps the cursor's hex,
panning by middle-drag, Space+drag and arrow keys, fit and centring."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from editor.canvas.view import MAX_ZOOM, MIN_ZOOM, WHEEL_STEP


def _view_pos(view, h) -> QPoint:
    x, y = view.map_scene.terrain.geom.hex_center(h)
    return view.mapFromScene(QPointF(x, y))


def _wheel(view, pos: QPoint, notches: float) -> None:
    g = view.viewport().mapToGlobal(pos)
    ev = QWheelEvent(QPointF(pos), QPointF(g), QPoint(0, 0), QPoint(0, int(120 * notches)),
                     Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                     Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), ev)


@pytest.mark.parametrize("parity", ["odd", "even"])
def test_hover_emits_hex_under_cursor(make_view, qtbot, orientation, parity):
    view, doc, tool = make_view(orientation=orientation, parity=parity)
    view.set_zoom(1.3)
    m = doc.map
    for col, row in [(3, 4), (4, 4), (5, 7), (6, 2)]:
        h = m.to_axial(col, row)
        view.center_on_hex(m.to_axial(5, 5))
        with qtbot.waitSignal(view.hexHovered) as blocker:
            qtbot.mouseMove(view.viewport(), _view_pos(view, h))
        assert blocker.args == [h]
        assert ("hover", h) in [(c[0], c[1]) for c in tool.calls]


def test_hover_off_map_emits_none(make_view, qtbot):
    view, doc, _tool = make_view()
    view.zoom_to_fit()
    inside = _view_pos(view, doc.map.to_axial(2, 2))
    qtbot.mouseMove(view.viewport(), inside)
    with qtbot.waitSignal(view.hexHovered) as blocker:
        qtbot.mouseMove(view.viewport(), QPoint(1, 1))
    assert blocker.args == [None]


def test_tool_receives_press_move_release_with_hex(make_view, qtbot, orientation):
    view, doc, tool = make_view(orientation=orientation)
    view.set_zoom(1.0)
    m = doc.map
    a, b = m.to_axial(4, 5), m.to_axial(5, 5)
    view.center_on_hex(a)
    tool.calls.clear()
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=_view_pos(view, a))
    qtbot.mouseMove(view.viewport(), _view_pos(view, b))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=_view_pos(view, b))
    kinds = [(k, h) for k, h, _ in tool.calls if k != "hover"]
    assert kinds[0] == ("press", a)
    assert ("move", b) in kinds
    assert kinds[-1] == ("release", b)
    press_pos = tool.calls[[k for k, *_ in tool.calls].index("press")][2]
    cx, cy = view.map_scene.terrain.geom.hex_center(a)
    assert abs(press_pos.x() - cx) < 1.5 and abs(press_pos.y() - cy) < 1.5


def test_wheel_zooms_about_cursor_and_keeps_its_hex(make_view, orientation):
    view, doc, _tool = make_view(orientation=orientation)
    view.set_zoom(1.0)
    view.center_on_hex(doc.map.to_axial(10, 10))
    pos = QPoint(610, 140)
    before = view._to_scene(QPointF(pos))
    hex_before = view.hex_at(QPointF(pos))
    _wheel(view, pos, 2)
    assert view.zoom() == pytest.approx(WHEEL_STEP**2, rel=1e-6)
    after = view._to_scene(QPointF(pos))
    assert view.hex_at(QPointF(pos)) == hex_before
    assert abs(after.x() - before.x()) < 1.0 and abs(after.y() - before.y()) < 1.0
    _wheel(view, pos, -3)
    assert view.zoom() == pytest.approx(WHEEL_STEP**-1, rel=1e-6)
    assert view.hex_at(QPointF(pos)) == hex_before


def test_zoom_is_clamped_and_signalled(make_view, qtbot):
    view, _doc, _tool = make_view()
    with qtbot.waitSignal(view.zoomChanged) as blocker:
        view.set_zoom(1000)
    assert blocker.args == [MAX_ZOOM]
    view.set_zoom(1e-6)
    assert view.zoom() == MIN_ZOOM


def test_middle_drag_pans_and_is_not_forwarded(make_view, qtbot):
    view, doc, tool = make_view()
    view.set_zoom(1.0)
    view.center_on_hex(doc.map.to_axial(12, 12))
    start = view.visible_scene_rect()
    tool.calls.clear()
    vp = view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.MiddleButton, pos=QPoint(400, 300))
    qtbot.mouseMove(vp, QPoint(300, 250))
    qtbot.mouseRelease(vp, Qt.MouseButton.MiddleButton, pos=QPoint(300, 250))
    moved = view.visible_scene_rect()
    assert moved.left() - start.left() == pytest.approx(100, abs=1)
    assert moved.top() - start.top() == pytest.approx(50, abs=1)
    assert [c for c in tool.calls if c[0] in ("press", "release")] == []


def test_space_left_drag_pans(make_view, qtbot):
    view, doc, tool = make_view()
    view.set_zoom(2.0)
    view.center_on_hex(doc.map.to_axial(12, 12))
    start = view.visible_scene_rect()
    tool.calls.clear()
    vp = view.viewport()
    view.setFocus()
    qtbot.keyPress(view, Qt.Key.Key_Space)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=QPoint(400, 300))
    qtbot.mouseMove(vp, QPoint(460, 300))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=QPoint(460, 300))
    qtbot.keyRelease(view, Qt.Key.Key_Space)
    moved = view.visible_scene_rect()
    assert moved.left() - start.left() == pytest.approx(-30, abs=1)  # 60 px at zoom 2
    assert [c for c in tool.calls if c[0] in ("press", "release")] == []
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=QPoint(400, 300))
    assert [c[0] for c in tool.calls if c[0] == "press"] == ["press"]


def test_arrow_keys_pan(make_view, qtbot):
    view, doc, _tool = make_view()
    view.set_zoom(1.0)
    view.center_on_hex(doc.map.to_axial(12, 12))
    start = view.visible_scene_rect()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Down)
    moved = view.visible_scene_rect()
    assert moved.left() > start.left() + 50
    assert moved.top() > start.top() + 30


def test_zoom_to_fit_shows_whole_map_and_center_on_hex(make_view, orientation):
    view, doc, _tool = make_view(60, 40, orientation)
    view.zoom_to_fit()
    assert view.visible_scene_rect().contains(view.map_scene.map_rect())
    view.set_zoom(1.5)
    h = doc.map.to_axial(50, 30)
    view.center_on_hex(h)
    assert view.hex_at(QPointF(view.viewport().rect().center())) == h


def test_unknown_overlay_is_refused(make_view):
    view, _doc, _tool = make_view()
    with pytest.raises(ValueError, match="unknown overlay"):
        view.set_overlay_visible("weather", True)


def test_map_replaced_rebuilds_scene(make_view):
    from .fakes import generate_map

    view, doc, _tool = make_view(20, 10)
    doc.replace_map(generate_map(50, 45, "flat"))
    assert view.map_scene.terrain.geom.width == 50
    assert view.map_scene.terrain.geom.orientation == "flat"
    assert view.visible_scene_rect().contains(view.map_scene.map_rect())
