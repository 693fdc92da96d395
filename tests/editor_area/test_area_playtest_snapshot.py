"""An area play-test plays the map as it was when it started: editing the map in the area
editor meanwhile (deleting a front the game has armies for) neither changes the running game
nor makes its buttons raise."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QPushButton

from editor.area.playtest import AreaPlaytestWindow
from editor.area.window import AreaEditorWindow, open_area
from engine.paths import CONTENT_DIR

pytestmark = pytest.mark.qt

SCENARIO = CONTENT_DIR / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml"


def test_editing_the_map_during_an_area_play_test_leaves_the_game_alone(qtbot):
    opened = open_area(SCENARIO)
    assert not isinstance(opened, str)
    editor = AreaEditorWindow(*opened)
    qtbot.addWidget(editor)
    play = editor.playtest()
    assert isinstance(play, AreaPlaytestWindow)
    qtbot.addWidget(play)
    first = play.actions.item(0).data(256)  # Qt.ItemDataRole.UserRole
    fronts = len(play.game.map.fronts)
    first_actor = play.state.actor

    editor.doc.delete(f"front-{first.front}")  # the front the first legal action places on
    editor.doc.undo_stack.setClean()  # closing the editor at teardown asks nothing
    # Counted first: pytest's message would otherwise print the whole scenario.
    edited, played = len(editor.doc.map.fronts), len(play.game.map.fronts)
    assert (edited, played) == (fronts - 1, fronts)

    do_it = next(b for b in play.findChildren(QPushButton) if b.text() == "Do it")
    do_it.click()  # pytest-qt fails the test on an exception in the slot
    assert {"action": first.to_json(), "by": first_actor} in play.state.history
