"""Fixtures for the editor tests: isolated settings and recovery folder, a real main window
driven through its map view's viewport."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QSettings, QStandardPaths, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from editor import files
from editor.document import MapDocument
from editor.settings import Settings
from engine.hexes import Hex
from engine.model import GameMap

QStandardPaths.setTestModeEnabled(True)
ROOT = Path(__file__).resolve().parents[2]
DEFAULT_MAP = ROOT / "content" / "maps" / "default.map.yaml"


def view_factory():
    """The real canvas MapView (what the app uses)."""
    from editor.canvas.view import MapView

    return MapView


@pytest.fixture
def settings(tmp_path):
    return Settings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def recovery(tmp_path):
    return files.RecoveryStore(tmp_path / "recovery")


@pytest.fixture
def make_window(qtbot, settings, recovery, tmp_path):
    from editor.main_window import MainWindow
    from editor.stamp_library import StampLibrary

    made = []

    def make(game_map: GameMap | None = None, path=None, **kwargs):
        doc = MapDocument(game_map or GameMap.blank("test", 20, 16, name="Test"), path)
        kwargs.setdefault("stamps", StampLibrary(tmp_path / "stamps"))
        w = MainWindow(doc, view_factory=view_factory(), settings=settings,
                       recovery=recovery, **kwargs)
        w.ask_unsaved = lambda: "discard"
        w.errors = []
        w.show_error = lambda title, msg: w.errors.append((title, msg))
        qtbot.addWidget(w)
        w.resize(1200, 800)
        w.show()
        qtbot.waitExposed(w)
        w.activateWindow()
        w.view.setFocus()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=10000)
        w.set_zoom(1.0)
        made.append(w)
        return w

    yield make
    for w in made:
        w.validator.shutdown()
        w.document.undo_stack.setClean()


def viewport_point(window, h: Hex) -> QPoint:
    """Where hex h is on the map view's viewport (centres the view on it first if hidden)."""
    view = window.view
    x, y = window.document.map.layout.pixel_layout().hex_to_pixel(h)
    p = view.mapFromScene(QPointF(x, y))
    if not view.viewport().rect().contains(p):
        view.center_on_hex(h)
        p = view.mapFromScene(QPointF(x, y))
    return p


def send_mouse(window, kind: str, h: Hex, button=Qt.MouseButton.LeftButton,
               modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    """Deliver a real QMouseEvent to the view's viewport at hex h."""
    vp = window.view.viewport()
    p = QPointF(viewport_point(window, h))
    types = {"press": QEvent.Type.MouseButtonPress, "move": QEvent.Type.MouseMove,
             "release": QEvent.Type.MouseButtonRelease,
             "double": QEvent.Type.MouseButtonDblClick}
    held = Qt.MouseButton.NoButton if kind == "release" else button
    if kind == "move" and button == Qt.MouseButton.NoButton:
        held = Qt.MouseButton.NoButton
    ev_button = Qt.MouseButton.NoButton if kind == "move" else button
    event = QMouseEvent(types[kind], p, vp.mapToGlobal(p), ev_button, held, modifiers)
    QApplication.sendEvent(vp, event)


def click(window, h: Hex, **kw) -> None:
    send_mouse(window, "press", h, **kw)
    send_mouse(window, "release", h, **kw)


def drag(window, hexes: list[Hex], **kw) -> None:
    send_mouse(window, "press", hexes[0], **kw)
    for h in hexes[1:]:
        send_mouse(window, "move", h, **kw)
    send_mouse(window, "release", hexes[-1], **kw)
