"""A map edit while a play-test runs, answered "No, keep playing": the map returns exactly to
the one the game is played on, whatever the edit was (a new step, an undo, a redo); another
map opened ends the game instead of leaving it over the wrong map."""

from __future__ import annotations

import pytest

from engine.content.convert_map import map_to_dict
from engine.play.setup import PlaytestOptions

pytestmark = pytest.mark.qt


def _with_two_edits(make_window):
    w = make_window()
    doc = w.document
    m = doc.map
    doc.paint_terrain([m.to_axial(5, 5)], "water")
    doc.paint_terrain([m.to_axial(8, 8)], "forest")
    return w


@pytest.mark.parametrize("edit", ["undo", "redo"])
def test_no_after_an_undo_or_redo_keeps_the_played_map(make_window, qtbot, edit):
    w = _with_two_edits(make_window)
    stack = w.document.undo_stack
    if edit == "redo":
        stack.undo()
    played = map_to_dict(w.document.map)
    index = stack.index()
    assert w.enter_play_mode(PlaytestOptions(seed=3))
    asked = []
    w.playtest.ask_end_for_edit = lambda: asked.append(1) or False
    (w.act_undo if edit == "undo" else w.act_redo).trigger()
    qtbot.waitUntil(lambda: stack.index() == index)
    qtbot.wait(20)  # a second, wrong revert would run on the next turn of the event loop
    assert asked == [1] and w.playtest.session is not None
    assert stack.index() == index
    assert map_to_dict(w.document.map) == played


def test_opening_another_map_ends_the_play_test(make_window, qtbot):
    from tests.playtest.conftest import DEFAULT_MAP

    w = _with_two_edits(make_window)
    assert w.enter_play_mode(PlaytestOptions(seed=3))
    asked = []
    w.playtest.ask_end_for_edit = lambda: asked.append(1) or False
    assert w.open_file(DEFAULT_MAP, ask=False)
    assert asked == []  # nothing to take back: no question whose "No" could not be kept
    assert w.playtest.session is None and not w.playtest.active
    assert w.playtest.layer is None  # no game drawn over the newly opened map
