"""A seeded monkey on the map editor: random enabled menu and tool bar actions, clicks and
drags at random hexes with every tool, undo/redo storms, and edits while a play-test runs.
No exception may reach Qt's event loop, a running game's map never changes under it, and
undoing everything gives back the exact map that was opened."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMenu, QMessageBox

from engine.content import load_map
from engine.content.convert_map import map_to_dict
from engine.play.setup import PlaytestOptions
from tests.editor.conftest import DEFAULT_MAP, click, drag

pytestmark = pytest.mark.qt

# Actions that replace the map, leave the window or open other windows: the undo check
# needs the opened map, and the monkey stays in this one window.
LEAVE_ALONE = ("New", "Open", "Revert", "Import", "Export", "Quit", "Play-test", "Save",
               "Preferences", "Language", "Deutsch", "English", "System", "Properties…",
               "Keyboard", "About")


@pytest.fixture
def answers(monkeypatch):
    """Every question answered No or Cancel, every dialog cancelled, no file chosen."""
    buttons = QMessageBox.StandardButton
    for name in ("question", "warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, name, lambda *a, **k: buttons.No)
    monkeypatch.setattr(QMessageBox, "exec", lambda self: buttons.Cancel)
    monkeypatch.setattr(QDialog, "exec", lambda self: QDialog.DialogCode.Rejected)
    monkeypatch.setattr(QMenu, "exec", lambda self, *a, **k: None)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: ("", ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: ("", ""))
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("", False))


def actions(w) -> list:
    out = []
    for act in w.actions():
        text = act.text().replace("&", "")
        if act.isEnabled() and text and not any(word in text for word in LEAVE_ALONE):
            out.append(act)
    return out


def snapshot(w) -> dict:
    return map_to_dict(w.document.map)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_monkey_edits_undo_back_to_the_opened_map(make_window, qtbot, answers, seed):
    rng = random.Random(seed)
    w = make_window(load_map(DEFAULT_MAP), DEFAULT_MAP)
    w.playtest.ask_end_for_edit = lambda: rng.random() < 0.3
    m = w.document.map
    opened = snapshot(w)
    stack = w.document.undo_stack

    def somewhere():
        return m.to_axial(rng.randrange(2, m.width - 2), rng.randrange(2, m.height - 2))

    w.set_tool("brush")
    for _ in range(3):  # a history to undo from the first play-test on
        drag(w, [somewhere(), somewhere()])
    played_on = None
    for _ in range(120):
        roll = rng.random()
        if roll < 0.3:
            rng.choice(actions(w)).trigger()
        elif roll < 0.45:
            w.set_tool(rng.choice(sorted(w.tools)))
        elif roll < 0.75:
            button = rng.choice([Qt.MouseButton.LeftButton] * 3 + [Qt.MouseButton.RightButton])
            if rng.random() < 0.5:
                click(w, somewhere(), button=button)
            else:
                drag(w, [somewhere() for _ in range(rng.randrange(2, 5))], button=button)
        elif roll < 0.9:
            for _ in range(rng.randrange(1, 6)):
                (stack.undo if rng.random() < 0.6 else stack.redo)()
        elif w.playtest.session is None:
            # An edited map may be unplayable: the status bar says why, no game starts.
            if w.enter_play_mode(PlaytestOptions(seed=seed)):
                played_on = snapshot(w)
        else:
            w.leave_play_mode()
        qtbot.wait(1)  # deferred work (a kept game's revert) runs here
        if w.playtest.session is not None and played_on is not None:
            assert snapshot(w) == played_on, "the map changed under a running play-test"
        elif w.playtest.session is None:
            played_on = None
    if w.playtest.session is not None:
        w.playtest.end()
    stack.setIndex(0)
    assert snapshot(w) == opened
