"""End to end as a designer would: a scenario with a pre-placed unit, an objective and a
trigger is written, validated by `tcstudio validate` and `tcstudio build`, opened in the
editor and play-tested: the unit is there, the trigger fires, the objective ends the game."""

from __future__ import annotations

import shutil

import yaml

from engine.rules.actions import Capture, EndPhase
from engine.rules.events import ScenarioMessage, TriggerFired, UnitSpawned
from tcstudio.cli import main as tcstudio
from tests.playtest.conftest import ROOT

SCENARIO = {
    "$schema": "https://trenchclub.studio/schema/scenario.schema.json",
    "schema_version": 1,
    "id": "apremont_raid",
    "name": {"de": "Handstreich auf Apremont", "en": "Raid on Apremont"},
    "map": "../maps/default.map.yaml",
    "ruleset": "../rulesets/current.ruleset.yaml",
    "catalog": "../catalog/base.catalog.yaml",
    "players": 2,
    "half": "half_1_6",
    "seats": [{"seat": 1, "nation": "DE", "team": "central", "controller": "human"},
              {"seat": 2, "nation": "FR", "team": "entente", "controller": "human"}],
    "briefing": {"de": "Nehmt Fort Apremont.", "en": "Take Fort Apremont."},
    "units": [{"nation": "FR", "type": "infantry", "hex": [1, 11], "xp": 1}],
    "objectives": [{"id": "take_apremont", "kind": "capture_fort", "team": "entente",
                    "fort": "fort_apremont"}],
    "events": {"version": 1, "triggers": [{
        "id": "reinforcements", "on": "round_start", "once": True,
        "conditions": [{"kind": "round_is", "params": {"round": 2}}],
        "actions": [
            {"kind": "show_message", "params": {"text": "German reinforcements arrive."}},
            {"kind": "give_money", "params": {"nation": "DE", "amount": 3}},
            {"kind": "spawn_unit", "params": {"nation": "DE", "unit_type": "infantry",
                                              "hex": [5, 2]}}]}]},
}


def _content_copy(tmp_path):
    root = tmp_path / "content"
    for part in ("maps", "rulesets", "catalog"):
        shutil.copytree(ROOT / "content" / part, root / part)
    (root / "scenarios").mkdir()
    path = root / "scenarios" / "raid.scenario.yaml"
    path.write_text(yaml.safe_dump(SCENARIO, allow_unicode=True, sort_keys=False), "utf-8")
    return root, path


def test_author_validate_build_and_play_test_a_scenario(make_window, tmp_path, capsys):
    root, path = _content_copy(tmp_path)
    assert tcstudio(["validate", str(path)]) == 0, capsys.readouterr()
    assert tcstudio(["build", str(root), "--out", str(tmp_path / "packs"), "--quiet"]) == 0
    assert (tmp_path / "packs" / "index.json").is_file()

    w = make_window()
    assert w.open_file(path, ask=False)
    dialog = w.new_playtest_dialog()
    assert "Raid on Apremont" in dialog.scenario_label.text()
    dialog.seed.setText("3")
    assert dialog.start_button.isEnabled(), dialog.status.text()
    assert w.enter_play_mode(dialog.options())
    c = w.playtest
    state = c.session.state
    placed = next(e for e in state.log if isinstance(e, UnitSpawned) and e.trigger == "start")
    raider = state.units[placed.unit]
    assert state.game.map.to_offset(state.hex_of(raider)) == (1, 11) and raider.xp == 1

    while c.session.state.round < 2:
        assert c.apply(EndPhase())
    state = c.session.state
    assert TriggerFired("reinforcements", 2) in state.log
    assert any(isinstance(e, ScenarioMessage) for e in state.log)
    assert "German reinforcements arrive." in c.panel.log.toPlainText()
    assert state.money["DE"] >= 3
    shown = c.panel.scenario_view.label.text()
    assert "Take Fort Apremont." in shown and "German reinforcements arrive." in shown
    assert "entente to take fort_apremont: held by neutral" in shown

    while state.nation != "FR" or state.phase != "move":
        assert c.apply(EndPhase())
        state = c.session.state
    capture = next(a for a in state.legal_actions()
                   if isinstance(a, Capture) and a.unit == raider.id)
    assert capture.fort == "fort_apremont"
    assert c.apply(capture)
    state = c.session.state
    assert state.is_terminal() and state.winner() == "entente"
    assert state.reason == "objective take_apremont"
    assert c.end_dialog is not None and c.end_dialog.isVisible()
    assert "✔ <i>take_apremont</i>" in c.panel.scenario_view.label.text()
    c.panel.tabs.setCurrentWidget(c.panel.scenario_view)
    c.panel.grab().save(str(tmp_path / "scenario_tab.png"))
