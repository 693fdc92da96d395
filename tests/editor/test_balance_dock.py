"""The Balance dock: runs in the background, reports win rates with intervals, draws the
fort-capture heatmap over the map, compares with the previous run, and can be cancelled."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QGraphicsItemGroup

from engine.content import load_map
from engine.model import GameMap
from engine.paths import CONTENT_DIR


@pytest.fixture(scope="module")
def default_map():
    return load_map(CONTENT_DIR / "maps" / "default.map.yaml")


def test_a_map_that_cannot_be_played_gets_a_message(make_window):
    w = make_window(GameMap.blank("empty", 10, 8, name="Empty"))
    panel = w.balance_dock.widget()
    panel.run_button.click()
    assert panel.result.text().startswith("Cannot simulate this map:")
    assert not panel.running() and panel.run_button.isEnabled()


def test_run_reports_win_rates_and_draws_the_heatmap(make_window, qtbot, default_map):
    w = make_window(default_map)
    panel = w.balance_dock.widget()
    assert w.balance_dock.isHidden()
    panel.games.setValue(3)
    panel.run_button.click()
    assert not panel.run_button.isEnabled() and panel.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: panel.summary is not None, timeout=60_000)
    text = panel.result.text()
    assert "Central:" in text and "95% CI" in text and "3 games" in text
    assert isinstance(panel.heat, QGraphicsItemGroup) and panel.heat.scene() is w.view.scene()
    assert len(panel.heat.childItems()) == 2 * len(panel.summary["forts"])
    first = panel.summary
    panel.seed.setText("other")
    panel.run_button.click()
    qtbot.waitUntil(lambda: panel.summary is not first, timeout=60_000)
    assert ", was " in panel.result.text() and panel.previous is first
    heats = [i for i in w.view.scene().items() if isinstance(i, QGraphicsItemGroup)
             and i.zValue() == panel.heat.zValue()]
    assert heats == [panel.heat]  # the old heatmap was replaced


def test_cancel_stops_a_long_run(make_window, qtbot, default_map):
    w = make_window(default_map)
    panel = w.balance_dock.widget()
    panel.games.setValue(5000)
    panel.run_button.click()
    qtbot.waitUntil(lambda: panel.progress.value() >= 1, timeout=60_000)
    panel.cancel_button.click()
    qtbot.waitUntil(lambda: panel.result.text() == "Cancelled.", timeout=60_000)
    assert not panel.running() and panel.run_button.isEnabled()
    assert panel.progress.value() < 5000


def test_opening_another_map_drops_the_old_maps_run_and_heatmap(make_window, qtbot,
                                                                default_map, tmp_path):
    from editor import files

    w = make_window(default_map)
    panel = w.balance_dock.widget()
    panel.games.setValue(2)
    panel.run_button.click()
    qtbot.waitUntil(lambda: panel.summary is not None, timeout=60_000)
    assert panel.heat is not None
    panel.games.setValue(5000)
    panel.run_button.click()  # still running when the other map opens
    other = tmp_path / "other.map.yaml"
    files.save_map(GameMap.blank("other", 12, 10, name="Other"), other)
    assert w.open_file(other, ask=False)
    heats = [i for i in w.view.scene().items() if isinstance(i, QGraphicsItemGroup)]
    assert heats == [] and panel.heat is None and panel.summary is None
    assert panel.run_button.isEnabled() and not panel.cancel_button.isEnabled()
    qtbot.wait(300)  # a game of the old run may finish meanwhile: it must not show
    assert panel.summary is None and "%" not in panel.result.text()
