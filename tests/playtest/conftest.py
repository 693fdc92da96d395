"""Fixtures for the play-test tests: a real editor MainWindow and its play mode."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QStandardPaths

from editor import files
from editor.document import MapDocument
from editor.settings import Settings
from engine.content import load_map

QStandardPaths.setTestModeEnabled(True)
ROOT = Path(__file__).resolve().parents[2]
DEFAULT_MAP = ROOT / "content" / "maps" / "default.map.yaml"
DEFAULT_2P = ROOT / "content" / "scenarios" / "default-2p.scenario.yaml"


def view_factory():
    """The canvas MapView once merged, else the editor tests' stand-in."""
    try:
        from editor.canvas.view import MapView
    except ImportError:
        from tests.editor.standin_view import StandInMapView as MapView
    return MapView


@pytest.fixture
def make_window(qtbot, tmp_path, monkeypatch):
    """make_window(game_map=None) -> an editor MainWindow (it owns its play mode)."""
    from editor.main_window import MainWindow

    # Which scenario a map was opened through is remembered per session: not across tests.
    monkeypatch.setattr(files, "_OPENED_VIA", {})

    made = []

    def make(game_map=None):
        settings = Settings(QSettings(str(tmp_path / "settings.ini"),
                                      QSettings.Format.IniFormat))
        doc = MapDocument(game_map or load_map(DEFAULT_MAP), DEFAULT_MAP)
        w = MainWindow(doc, view_factory=view_factory(), settings=settings,
                       recovery=files.RecoveryStore(tmp_path / "recovery"))
        w.ask_unsaved = lambda: "discard"
        w.errors = []
        w.show_error = lambda title, msg: w.errors.append((title, msg))
        qtbot.addWidget(w)
        w.resize(1400, 900)
        w.show()
        qtbot.waitExposed(w)
        made.append(w)
        return w

    yield make
    for w in made:
        if w.playtest.session is not None:
            w.playtest.ai_timer.stop()
        w.validator.shutdown()
        w.document.undo_stack.setClean()


def hover_hex(window, h) -> None:
    """A real mouse move (no button held) over hex h of the map view's viewport."""
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    view = window.view
    x, y = window.document.map.layout.pixel_layout().hex_to_pixel(h)
    if not view.viewport().rect().contains(view.mapFromScene(QPointF(x, y))):
        view.center_on_hex(h)
    p = QPointF(view.mapFromScene(QPointF(x, y)))
    vp = view.viewport()
    QApplication.sendEvent(vp, QMouseEvent(QEvent.Type.MouseMove, p, vp.mapToGlobal(p),
                                           Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                                           Qt.KeyboardModifier.NoModifier))


def click_hex(window, h, button=None) -> None:
    """A real press/release on hex h of the map view's viewport."""
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    button = button or Qt.MouseButton.LeftButton
    view = window.view
    x, y = window.document.map.layout.pixel_layout().hex_to_pixel(h)
    p = view.mapFromScene(QPointF(x, y))
    if not view.viewport().rect().contains(p):
        view.center_on_hex(h)
        p = view.mapFromScene(QPointF(x, y))
    vp = view.viewport()
    pf = QPointF(p)
    for kind, held in ((QEvent.Type.MouseButtonPress, button),
                       (QEvent.Type.MouseButtonRelease, Qt.MouseButton.NoButton)):
        QApplication.sendEvent(vp, QMouseEvent(kind, pf, vp.mapToGlobal(pf), button, held,
                                               Qt.KeyboardModifier.NoModifier))
