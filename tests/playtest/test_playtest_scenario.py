"""The play-test plays exactly what is open: the scenario a map was opened through, or a
scenario form for a map alone; a start that cannot work is refused with a jump to the fix."""

from __future__ import annotations

import copy

import yaml
from PySide6.QtCore import Qt

from engine.content import load_map
from tests.playtest.conftest import DEFAULT_MAP, ROOT

SCENARIOS = ROOT / "content" / "scenarios"


def _problem_items(dialog):
    return [dialog.start_list.item(i) for i in range(dialog.start_list.count())]


def test_the_4_player_earlier_scenario_is_played_as_opened(make_window):
    w = make_window()
    assert w.open_file(SCENARIOS / "default-4p-earlier.scenario.yaml", ask=False)
    dialog = w.new_playtest_dialog()
    assert "Scenario:" in dialog.scenario_label.text()
    assert dialog.save_button.isHidden()  # already a scenario: nothing to save
    opts = dialog.options()
    assert opts.players == 4 and opts.half is None
    assert [s.nation for s in opts.seats] == ["DE", "GB", "AH", "FR"]
    assert opts.ruleset.name == "earlier.ruleset.yaml"
    assert dialog.start_button.isEnabled(), dialog.status.text()
    assert w.enter_play_mode(opts)
    game = w.playtest.session.game
    assert game.ruleset.id == "earlier" and len(game.nations) == 4
    assert game.scenario.id == "default_4p_earlier"
    assert game.scenario.objectives == yaml.safe_load(
        (SCENARIOS / "default-4p-earlier.scenario.yaml").read_text("utf-8"))["objectives"]


def test_a_custom_scenario_brings_its_money_and_seats(make_window, tmp_path):
    data = yaml.safe_load((SCENARIOS / "default-2p.scenario.yaml").read_text("utf-8"))
    for key in ("map", "ruleset", "catalog"):
        data[key] = str((SCENARIOS / data[key]).resolve())
    data["starting_money"] = {"DE": 9}
    data["seats"][1]["controller"] = "ai"
    path = tmp_path / "mine.scenario.yaml"
    path.write_text(yaml.safe_dump(data), "utf-8")
    w = make_window()
    assert w.open_file(path, ask=False)
    dialog = w.new_playtest_dialog()
    assert [(s.nation, s.controller) for s in dialog.options().seats] == [
        ("DE", "human"), ("FR", "random")]  # "ai" in a scenario file is the random bot
    assert w.enter_play_mode(dialog.options())
    assert w.playtest.session.state.money["DE"] == 9


def test_a_map_alone_gets_a_scenario_form(make_window):
    w = make_window()
    assert w.open_file(DEFAULT_MAP, ask=False)
    dialog = w.new_playtest_dialog()
    assert "No scenario" in dialog.scenario_label.text()
    assert dialog.options().scenario is None and dialog.start_button.isEnabled()


def test_a_map_without_halves_is_refused_with_a_jump_to_the_half(make_window, qtbot):
    no_halves = copy.deepcopy(load_map(DEFAULT_MAP))
    no_halves.regions = [r for r in no_halves.regions if not r.id.startswith("half_")]
    w = make_window(no_halves)
    dialog = w.new_playtest_dialog()
    assert dialog.errors == []  # the map itself is fine; the 2-player start is not
    assert not dialog.start_button.isEnabled()
    item = next(i for i in _problem_items(dialog)
                if i.data(Qt.ItemDataRole.UserRole).code == "scenario.unknown_region")
    assert "half_1_6" in item.text()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.start_list.itemClicked.emit(item)
    qtbot.waitUntil(dialog.half.hasFocus)
    dialog.players.setCurrentIndex(1)  # 4 players use the whole map: the start can work
    assert dialog.start_button.isEnabled(), dialog.status.text()


def test_a_half_without_its_start_numbers_jumps_to_the_region_on_the_map(make_window):
    thin = copy.deepcopy(load_map(DEFAULT_MAP))
    half = thin.region("half_1_6")
    thin.start_markers = [s for s in thin.start_markers if s.hex not in half.hexes]
    w = make_window(thin)
    dialog = w.new_playtest_dialog()
    assert not dialog.start_button.isEnabled()
    item = next(i for i in _problem_items(dialog)
                if i.data(Qt.ItemDataRole.UserRole).code == "scenario.start_numbers_missing")
    dialog.start_list.itemClicked.emit(item)
    assert w.document.selection == set(w.document.map.region("half_1_6").hexes)


def test_an_unreadable_scenario_blocks_the_start_with_its_reason(make_window, tmp_path):
    data = yaml.safe_load((SCENARIOS / "default-2p.scenario.yaml").read_text("utf-8"))
    data["map"] = str((SCENARIOS / data["map"]).resolve())
    data["ruleset"] = "missing.ruleset.yaml"
    data["catalog"] = str((SCENARIOS / data["catalog"]).resolve())
    path = tmp_path / "broken.scenario.yaml"
    path.write_text(yaml.safe_dump(data), "utf-8")
    w = make_window()
    assert w.open_file(path, ask=False)
    dialog = w.new_playtest_dialog()
    assert "cannot be read" in dialog.scenario_label.text()
    assert "missing.ruleset.yaml" in dialog.scenario_label.text()
    assert not dialog.start_button.isEnabled()


def test_authoring_screenshots_render(qtbot, tmp_path):
    from PySide6.QtGui import QImage

    from editor.playtest.authoring_shots import SHOTS, main

    assert main([str(tmp_path)]) == 0
    for name in SHOTS:
        image = QImage(str(tmp_path / name))
        assert image.width() >= 300 and image.height() >= 250, name


def test_a_map_alone_becomes_a_scenario_that_packs(make_window, tmp_path, capsys):
    import shutil

    from editor.export_dialog import scenario_for
    from tcstudio.cli import main as tcstudio

    (tmp_path / "maps").mkdir()
    map_path = tmp_path / "maps" / "front.map.yaml"
    shutil.copy(DEFAULT_MAP, map_path)
    w = make_window()
    assert w.open_file(map_path, ask=False)
    assert scenario_for(w.source_scenario, w.document.path) is None  # no pack yet
    dialog = w.new_playtest_dialog()
    assert not dialog.save_button.isHidden()
    assert dialog.save_button.isEnabled()
    target = tmp_path / "scenarios" / "front.scenario.yaml"
    target.parent.mkdir()
    asked = []
    dialog.ask_scenario_path = lambda suggested: asked.append(suggested) or target
    dialog.seat_rows[1][1].setCurrentIndex(dialog.seat_rows[1][1].findData("random"))
    assert dialog.save_scenario(), dialog.status.text()
    assert asked == [map_path.parent / "front.scenario.yaml"]
    assert tcstudio(["validate", str(target)]) == 0, capsys.readouterr()
    assert scenario_for(w.source_scenario, w.document.path) == target.resolve()
    assert dialog.options().scenario_path == target.resolve()
    assert w.enter_play_mode(dialog.options())
    assert w.playtest.session.controllers == ["human", "random"]
    again = w.new_playtest_dialog()
    assert "Scenario:" in again.scenario_label.text()


def test_an_unsaved_map_cannot_be_saved_as_a_scenario(make_window):
    w = make_window()
    w.document.path = None
    dialog = w.new_playtest_dialog()
    assert not dialog.save_button.isEnabled()
    assert not dialog.save_scenario() and "Save the map first" in dialog.status.text()
