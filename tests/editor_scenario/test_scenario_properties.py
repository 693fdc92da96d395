"""Scenario ▸ Properties…: a ScenarioDocument with undo, live validation and atomic save,
driven through its form."""

from __future__ import annotations

import shutil

import yaml

from editor.scenario.document import ScenarioDocument
from editor.scenario.properties import ScenarioProperties
from engine.content import load_file
from tests.playtest.conftest import ROOT, make_window  # noqa: F401  (the fixture)

SCENARIOS = ROOT / "content" / "scenarios"


def _copy(tmp_path):
    root = tmp_path / "content"
    for part in ("maps", "rulesets", "catalog", "scenarios"):
        shutil.copytree(ROOT / "content" / part, root / part)
    return root / "scenarios" / "default-2p.scenario.yaml"


def test_edits_are_undo_steps_validated_live_and_saved_atomically(qtbot, tmp_path):
    path = _copy(tmp_path)
    doc = ScenarioDocument.open(path)
    form = ScenarioProperties(doc)
    form.keeper.ask_unsaved = lambda: "discard"  # closing unsaved work asks
    qtbot.addWidget(form)
    assert doc.problems == [] and form.status.text() == "valid"

    qtbot.keyClicks(form.name_en, " (mine)")
    assert doc.value(("name", "en")).endswith(" (mine)")
    assert doc.undo_stack.count() == 1  # typing is one undo step

    form.money["FR"].setValue(7)
    assert doc.value(("starting_money",)) == {"FR": 7}

    form.seat_rows[1][1].setCurrentIndex(form.seat_rows[1][1].findData("DE"))
    doc.revalidate()
    codes = {p.code for p in doc.problems if p.is_error}
    assert "scenario.duplicate_nation" in codes
    assert form.problem_list.count() >= 1 and "error" in form.status.text()
    doc.undo_stack.undo()
    doc.revalidate()
    assert doc.problems == [] and form.seat_rows[1][1].currentData() == "FR"

    form.players.setCurrentIndex(1)  # 4 players: one undo step for players, half and seats
    assert doc.value(("players",)) == 4 and doc.value(("half",)) is None
    assert [s["nation"] for s in doc.value(("seats",))] == ["DE", "GB", "AH", "FR"]
    doc.undo_stack.undo()
    assert doc.value(("players",)) == 2 and doc.value(("half",)) == "half_1_6"

    assert doc.modified and form.windowTitle().endswith("*")
    assert form.save()
    assert not doc.modified
    saved = load_file(path)
    assert saved.ok, saved.problems
    assert saved.model.starting_money == {"FR": 7}
    assert saved.model.name["en"].endswith(" (mine)")
    assert yaml.safe_load(path.read_text("utf-8"))["objectives"]  # nothing else was lost


def test_validation_follows_edits_without_a_call(qtbot, tmp_path):
    doc = ScenarioDocument.open(_copy(tmp_path))
    doc.set_value(("half",), "half_9_9")
    qtbot.waitUntil(lambda: any(p.code == "scenario.unknown_region" for p in doc.problems),
                    timeout=3000)


def test_a_save_that_cannot_write_keeps_the_edits(qtbot, tmp_path):
    doc = ScenarioDocument.open(_copy(tmp_path))
    form = ScenarioProperties(doc)
    form.keeper.ask_unsaved = lambda: "discard"  # closing unsaved work asks
    qtbot.addWidget(form)
    form.money["DE"].setValue(3)
    doc.path = tmp_path / "missing" / "dir" / "x.scenario.yaml"
    assert not form.save()
    assert "Cannot save" in form.status.text() and doc.modified


def test_the_menu_opens_the_scenario_the_map_came_from(make_window, tmp_path):  # noqa: F811
    path = _copy(tmp_path)
    w = make_window()
    assert w.open_scenario_properties() is None
    assert "No scenario is open" in w.statusBar().currentMessage()
    assert w.open_file(path, ask=False)
    window = w.open_scenario_properties()
    assert window is not None and window.doc.path == path.resolve()
    assert window.name_en.text() == window.doc.value(("name", "en"))
    window.grab().save(str(tmp_path / "scenario-properties.png"))


def test_objectives_are_added_and_removed_as_undo_steps(qtbot, tmp_path):
    path = _copy(tmp_path)
    doc = ScenarioDocument.open(path)
    form = ScenarioProperties(doc)
    form.keeper.ask_unsaved = lambda: "discard"  # closing unsaved work asks
    qtbot.addWidget(form)
    before = form.objectives.count()
    form.obj_kind.setCurrentIndex(form.obj_kind.findData("capture_fort"))
    form.obj_team.setCurrentIndex(form.obj_team.findData("entente"))
    form.obj_target.setText("fort_apremont")
    form.add_objective()
    added = doc.value(("objectives",))[-1]
    assert added == {"id": "entente_capture_fort", "kind": "capture_fort", "team": "entente",
                     "fort": "fort_apremont"}
    assert form.objectives.count() == before + 1
    doc.revalidate()
    assert doc.problems == []
    form.obj_target.setText("fort_nowhere")
    form.add_objective()
    assert doc.value(("objectives",))[-1]["id"] == "entente_capture_fort_1"
    doc.revalidate()
    assert any(p.code == "scenario.unknown_fort" for p in doc.problems)
    form.objectives.setCurrentRow(form.objectives.count() - 1)
    form.remove_objective()
    doc.revalidate()
    assert doc.problems == [] and form.objectives.count() == before + 1
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert form.objectives.count() == before
    assert form.save() and load_file(path).ok


def test_an_objective_gets_the_id_typed_and_a_taken_one_is_refused(qtbot, tmp_path):
    doc = ScenarioDocument.open(_copy(tmp_path))
    form = ScenarioProperties(doc)
    form.keeper.ask_unsaved = lambda: "discard"
    qtbot.addWidget(form)
    form.obj_kind.setCurrentIndex(form.obj_kind.findData("capture_fort"))
    form.obj_target.setText("fort_apremont")
    form.obj_id.setText("take_apremont")
    form.obj_add.click()
    assert doc.value(("objectives",))[-1]["id"] == "take_apremont"
    assert form.obj_id.text() == ""  # ready for the next one
    steps = doc.undo_stack.count()
    form.obj_id.setText("take_apremont")
    form.obj_add.click()
    assert doc.undo_stack.count() == steps
    assert [o["id"] for o in doc.value(("objectives",))].count("take_apremont") == 1
    assert "exists already" in form.status.text() and "hint" in form.status.text()


def test_changing_a_seat_keeps_its_coop_partner(qtbot, tmp_path):
    """The form has no partner column: editing a co-op scenario's seats must not drop the
    partner (RULES §9) while the seat keeps its nation."""
    path = _copy(tmp_path).with_name("coop-vs-automa.scenario.yaml")
    doc = ScenarioDocument.open(path)
    form = ScenarioProperties(doc)
    form.keeper.ask_unsaved = lambda: "discard"
    qtbot.addWidget(form)
    assert doc.problems == []
    form.seat_rows[0][2].setCurrentIndex(form.seat_rows[0][2].findData("automa:hard"))
    seats = doc.value(("seats",))
    assert seats[0]["controller"] == "automa:hard" and seats[1]["partner"] == "GB"
    form.seat_rows[1][1].setCurrentIndex(form.seat_rows[1][1].findData("GB"))
    assert "partner" not in doc.value(("seats",))[1]  # another nation: no partner kept
