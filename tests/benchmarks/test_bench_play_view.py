"""Play-test view speed (make bench), each beside a baseline.

- Repainting the map view at the fit zoom in play mode (the play layer with the veiled half
  and grown counters over the canvas) against the same repaint in editing mode, and the
  play layer's own paint at that zoom (the veil is drawn unantialiased: about 27 ms with
  antialiasing, under 2 ms without, on the default map).
- A click selecting a unit through the interaction model against asking the engine
  directly (legal moves and contact map): what the model adds to the engine's answer.
Medians and ratios are printed at the end.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from editor import files
from editor.canvas.view import MapView
from editor.document import MapDocument
from editor.main_window import MainWindow
from editor.settings import Settings
from engine.content import load_map
from engine.paths import CONTENT_DIR
from engine.play.interaction import Interaction
from engine.play.setup import PlaytestOptions, SeatChoice
from engine.rules.movement import contact_map

QStandardPaths.setTestModeEnabled(True)
_medians: dict[str, float] = {}


@pytest.fixture(scope="module")
def window(qapp, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bench-play")
    path = CONTENT_DIR / "maps" / "default.map.yaml"
    w = MainWindow(MapDocument(load_map(path), path), view_factory=MapView,
                   settings=Settings(QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat)),
                   recovery=files.RecoveryStore(tmp / "recovery"))
    w.ask_unsaved = lambda: "discard"
    w.resize(1280, 720)
    w.show()
    assert w.enter_play_mode(PlaytestOptions(seed=3, seats=[SeatChoice("DE"),
                                                            SeatChoice("FR")]))
    w.view.zoom_to_fit()
    yield w
    w.playtest.ai_timer.stop()
    w.validator.shutdown()
    w.document.undo_stack.setClean()
    w.close()


def _report(name: str, base: str) -> None:
    if name in _medians and base in _medians:
        ours, ref = _medians[name], _medians[base]
        print(f"\n{name}: median {ours * 1000:.2f} ms, {base} {ref * 1000:.2f} ms, "
              f"ratio {ours / ref:.2f}")


def test_repaint_fit_zoom_editing_baseline(window, benchmark):
    window.playtest.layer.setVisible(False)
    image = benchmark(lambda: window.view.viewport().grab())
    assert not image.isNull()
    _medians["editing repaint"] = benchmark.stats.stats.median
    window.playtest.layer.setVisible(True)


def test_repaint_fit_zoom_play_mode(window, benchmark):
    assert window.playtest.layer.isVisible()
    image = benchmark(lambda: window.view.viewport().grab())
    assert not image.isNull()
    _medians["play-mode repaint"] = benchmark.stats.stats.median
    _report("play-mode repaint", "editing repaint")


def test_play_layer_paint_at_fit_zoom(window, benchmark):
    layer = window.playtest.layer
    image = QImage(1000, 700, QImage.Format.Format_ARGB32_Premultiplied)
    option = QStyleOptionGraphicsItem()
    option.exposedRect = layer.boundingRect()
    zoom = window.view.zoom()

    def paint() -> None:
        p = QPainter(image)
        p.scale(zoom, zoom)
        layer.paint(p, option, None)
        p.end()

    benchmark(paint)
    _medians["play layer paint"] = benchmark.stats.stats.median
    print(f"\nplay layer paint at zoom {zoom:.2f}: median "
          f"{_medians['play layer paint'] * 1000:.2f} ms")


def _mover(window):
    st = window.playtest.session.state
    return next(u for u in st.units.values() if u.nation == st.nation and st.can_move(u)
                and u.pos >= 0 and st.legal_moves(u))


def test_select_engine_baseline(window, benchmark):
    st = window.playtest.session.state
    u = _mover(window)
    moves, _contact = benchmark(lambda: (st.legal_moves(u), contact_map(st, u)))
    assert moves
    _medians["engine legal_moves + contact_map"] = benchmark.stats.stats.median


def test_select_through_the_interaction_model(window, benchmark):
    s = window.playtest.session
    u = _mover(window)
    ui = Interaction(s)
    h = s.state.hex_of(u)
    out = benchmark(lambda: ui.click(h))
    assert ui.selected == u.id and out.changed
    _medians["interaction click (select)"] = benchmark.stats.stats.median
    _report("interaction click (select)", "engine legal_moves + contact_map")
