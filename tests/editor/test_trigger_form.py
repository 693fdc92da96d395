"""Scenario ▸ Triggers…: a trigger built in the form (kinds and parameters from the engine's
runtime), each edit one undo step, the engine's problems at the cells, saved and valid."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtGui import QColor

from editor.scenario.document import ScenarioDocument
from editor.scenario.properties import ScenarioProperties
from editor.scenario.triggers import parse_value
from engine.content import load_scenario

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def props(qtbot, tmp_path):
    root = tmp_path / "content"
    for part in ("maps", "rulesets", "catalog", "scenarios"):
        shutil.copytree(ROOT / "content" / part, root / part)
    doc = ScenarioDocument.open(root / "scenarios" / "default-2p.scenario.yaml")
    w = ScenarioProperties(doc)
    w.keeper.ask_unsaved = lambda: "discard"
    qtbot.addWidget(w)
    return w


def _set(part, name: str, text: str) -> None:
    rows = {part.params.item(r, 0).text().rstrip(" *"): r for r in range(part.params.rowCount())}
    part.params.item(rows[name], 1).setText(text)


def test_a_trigger_built_in_the_form_validates_saves_and_loads(props):
    doc = props.doc
    t = props.open_triggers()
    t.add_trigger()
    t.id_edit.setText("reinforcements")
    t.id_edit.editingFinished.emit()
    t.conditions.kind.setCurrentIndex(t.conditions.kind.findData("round_is"))
    t.conditions.add()
    _set(t.conditions, "round", "2")
    t.actions.kind.setCurrentIndex(t.actions.kind.findData("spawn_unit"))
    t.actions.add()
    _set(t.actions, "nation", "DE")
    _set(t.actions, "unit_type", "panzer_x")
    doc.revalidate()
    cell_rows = {t.actions.params.item(r, 0).text().rstrip(" *"): r
                 for r in range(t.actions.params.rowCount())}
    bad = t.actions.params.item(cell_rows["unit_type"], 1)
    assert bad.background().color() == QColor("#f5c6cb") and "catalog" in bad.toolTip()
    assert any("exactly one of hex or fort" in t.problems.item(i).text()
               for i in range(t.problems.count()))
    _set(t.actions, "unit_type", "infantry")
    _set(t.actions, "hex", "5, 2")
    doc.revalidate()
    assert t.problems_at("/events") == []
    steps = doc.undo_stack.count()
    _set(t.actions, "hex", "")  # removing a parameter is one step, and undoes
    assert "hex" not in doc.value(("events",))["triggers"][0]["actions"][0]["params"]
    doc.undo_stack.undo()
    assert doc.undo_stack.count() == steps + 1 and doc.value(("events",))["triggers"][0][
        "actions"][0]["params"]["hex"] == [5, 2]
    assert props.save()
    scenario = load_scenario(doc.path)
    (trigger,) = scenario.events["triggers"]
    assert trigger["id"] == "reinforcements" and trigger["on"] == "round_start"
    assert trigger["conditions"] == [{"kind": "round_is", "params": {"round": 2}}]
    assert trigger["actions"][0]["params"] == {"nation": "DE", "unit_type": "infantry",
                                               "hex": [5, 2]}


def test_a_bad_parameter_text_is_refused_with_the_reason(props):
    t = props.open_triggers()
    t.add_trigger()
    t.conditions.add()  # the first kind: round_is
    before = props.doc.value(("events",))
    _set(t.conditions, "round", "soon")
    assert props.doc.value(("events",)) == before
    assert "whole number" in t.problems.item(0).text()
    with pytest.raises(ValueError, match="column, row"):
        parse_value("5", "hex")
    with pytest.raises(ValueError, match="column, row"):
        parse_value("[&a 3, *a]", "hex")  # anchors and aliases are refused
    assert parse_value("[3, 4]", "hex") == [3, 4]
