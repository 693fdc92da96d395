"""Issue 11's designer story, all of it through the UI: in the project view a new Legacy
special unit with an ability (unit catalog editor) and a ruleset variant with a parameter
(ruleset editor); on the map, the play-test dialog's "Save as scenario…" with the project's
catalog and ruleset; in Scenario ▸ Properties the special unit pre-placed (Units…), an
objective and a trigger (Triggers…); saved; play-tested: the unit is there, its ability
works, the variant is in play, the trigger fires and the objective ends the game; the
scenario exported as a pack (File ▸ Export…); `tcstudio validate` and `tcstudio build`
accept it all."""

from __future__ import annotations

import json
import shutil

from editor.authoring.project import ProjectWindow
from editor.export_dialog import ExportDialog, export_start_dir, scenario_for
from engine.play.setup import project_files
from engine.rules import combat
from engine.rules.actions import Capture, EndPhase
from engine.rules.events import TriggerFired, UnitSpawned
from packs.reader import read_pack
from tcstudio.cli import main as tcstudio
from tests.playtest.authoring_steps import author_unit_and_variant
from tests.playtest.conftest import ROOT


def _set_param(part, name: str, text: str) -> None:
    rows = {part.params.item(r, 0).text().rstrip(" *"): r for r in range(part.params.rowCount())}
    part.params.item(rows[name], 1).setText(text)


def _author_scenario(w, root, scenario_path) -> None:
    """The scenario made from the map's play-test form, then filled in its Properties."""
    assert w.open_file(root / "maps" / "default.map.yaml", ask=False)
    dialog = w.new_playtest_dialog()
    for combo, kind, file in ((dialog.catalog, "catalog", "base.catalog.yaml"),
                              (dialog.ruleset, "ruleset", "current.ruleset.yaml")):
        (mine,) = [p for p in project_files(root / "maps" / "default.map.yaml", kind)
                   if p.name == file]
        assert combo.findData(str(mine)) >= 0, "the project's own files are offered"
        combo.setCurrentIndex(combo.findData(str(mine)))
    dialog.players.setCurrentIndex(dialog.players.findData(2))
    dialog.half.setCurrentIndex(dialog.half.findData("half_1_6"))
    dialog.seat_rows[0][0].setCurrentIndex(dialog.seat_rows[0][0].findData("DE"))
    dialog.seat_rows[1][0].setCurrentIndex(dialog.seat_rows[1][0].findData("FR"))
    dialog.ask_scenario_path = lambda suggested: scenario_path
    assert dialog.save_scenario(), dialog.status.text()
    dialog.reject()

    props = w.open_scenario_properties()
    assert props is not None and props.doc.path == scenario_path
    units = props.open_units()
    units.add_button.click()
    units.table.item(0, 1).setText("storm_troops")
    units.table.item(0, 2).setText("1, 11")

    props.obj_kind.setCurrentIndex(props.obj_kind.findData("capture_fort"))
    props.obj_team.setCurrentIndex(props.obj_team.findData("entente"))
    props.obj_target.setText("fort_apremont")
    props.obj_id.setText("take_apremont")
    props.obj_add.click()

    t = props.open_triggers()
    t.add_button.click()
    t.id_edit.setText("reinforcements")
    t.id_edit.editingFinished.emit()
    t.conditions.kind.setCurrentIndex(t.conditions.kind.findData("round_is"))
    t.conditions.add_button.click()
    _set_param(t.conditions, "round", "2")
    t.actions.kind.setCurrentIndex(t.actions.kind.findData("show_message"))
    t.actions.add_button.click()
    _set_param(t.actions, "text", "German reinforcements arrive.")
    t.actions.kind.setCurrentIndex(t.actions.kind.findData("spawn_unit"))
    t.actions.add_button.click()
    _set_param(t.actions, "nation", "DE")
    _set_param(t.actions, "unit_type", "infantry")
    _set_param(t.actions, "hex", "5, 2")
    props.doc.revalidate()
    errors = [p.format() for p in props.doc.problems if p.is_error]
    assert errors == []
    assert props.save()


def test_the_designer_story_through_the_ui(make_window, qtbot, tmp_path, capsys):
    root = tmp_path / "content"
    for part in ("maps", "rulesets", "catalog"):
        shutil.copytree(ROOT / "content" / part, root / part)
    (root / "scenarios").mkdir()
    scenario_path = root / "scenarios" / "storm.scenario.yaml"
    project = ProjectWindow(root)
    qtbot.addWidget(project)
    author_unit_and_variant(project, root)
    w = make_window()
    _author_scenario(w, root, scenario_path)

    assert w.open_file(scenario_path, ask=False)
    dialog = w.new_playtest_dialog()
    dialog.seed.setText("3")
    assert dialog.start_button.isEnabled(), dialog.status.text()
    assert w.enter_play_mode(dialog.options())
    c = w.playtest
    state = c.session.state
    assert state.game.ruleset.destroyed_at_damage == 4  # the variant and its parameter
    placed = next(e for e in state.log if isinstance(e, UnitSpawned) and e.trigger == "start")
    storm = state.units[placed.unit]
    assert storm.type.id == "storm_troops" and storm.type.special and storm.nation == "FR"
    assert state.game.map.to_offset(state.hex_of(storm)) == (1, 11)
    enemy = next(u for u in state.units.values() if u.nation == "DE")
    assert combat.hit_value(state.game.ruleset, state.fighter(storm),
                            state.fighter(enemy)) == storm.type.hit["recruit"] + 2

    while c.session.state.round < 2:
        assert c.apply(EndPhase())
    state = c.session.state
    assert TriggerFired("reinforcements", 2) in state.log
    assert "German reinforcements arrive." in c.panel.log.toPlainText()
    assert any(isinstance(e, UnitSpawned) and e.trigger == "reinforcements" for e in state.log)
    while state.nation != "FR" or state.phase != "move":
        assert c.apply(EndPhase())
        state = c.session.state
    capture = next(a for a in state.legal_actions()
                   if isinstance(a, Capture) and a.unit == storm.id)
    assert capture.fort == "fort_apremont"
    assert c.apply(capture)
    state = c.session.state
    assert state.is_terminal() and state.winner() == "entente"
    assert state.reason == "objective take_apremont"

    assert "✔ <i>take_apremont</i>" in c.panel.scenario_view.label.text()
    assert c.end_dialog is not None and c.end_dialog.isVisible()
    c.end_dialog.close()
    w.leave_play_mode()

    # File ▸ Export… of the scenario's map (what show_export_dialog builds, without exec)
    dlg = ExportDialog(w.document.map, scenario_for(w.source_scenario, w.document.path), w,
                       start_dir=export_start_dir(w.document.path))
    qtbot.addWidget(dlg)
    dlg.errors = []
    dlg.show_error = lambda title, text: dlg.errors.append((title, text))
    dlg.set_format("pack")
    dlg.path_edit.setText(str(tmp_path / "storm.tcpack"))
    dlg.accept()
    assert dlg.errors == [] and dlg.result_info is not None
    pack = dlg.result_info.path
    manifest, entries = read_pack(pack)
    assert manifest["pack"]["id"] == "storm"
    catalog, ruleset, scenario = (json.loads(entries[f"{name}.json"])
                                  for name in ("catalog", "ruleset", "scenario"))
    assert any(u["id"] == "storm_troops" for u in catalog["units"])  # the catalog used
    assert ruleset["variants"]["early_destruction"] == {"enabled": True,
                                                        "destroyed_at_damage": 4}
    assert scenario["events"]["triggers"][0]["id"] == "reinforcements"
    assert scenario["units"][0]["type"] == "storm_troops" and scenario["objectives"]
    assert tcstudio(["validate", str(root)]) == 0, capsys.readouterr().out
    assert tcstudio(["build", str(root), "--out", str(tmp_path / "packs"), "--quiet"]) == 0
    index = json.loads((tmp_path / "packs" / "index.json").read_text("utf-8"))
    assert "storm" in json.dumps(index)
    for editor in project.editors:
        editor.close()
