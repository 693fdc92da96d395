"""Scenario ▸ Properties ▸ Units…: pre-placed units edited in a table, each edit one undo
step, problems at the cell, saved and placed by the engine."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtGui import QColor

from editor.scenario.document import ScenarioDocument
from editor.scenario.properties import ScenarioProperties
from editor.scenario.units_form import apply_cell
from engine.content import load_scenario

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def props(qtbot, tmp_path):
    root = tmp_path / "content"
    for part in ("maps", "rulesets", "catalog", "scenarios"):
        shutil.copytree(ROOT / "content" / part, root / part)
    w = ScenarioProperties(ScenarioDocument.open(root / "scenarios" / "default-2p.scenario.yaml"))
    w.keeper.ask_unsaved = lambda: "discard"
    qtbot.addWidget(w)
    return w


def test_units_added_and_edited_in_the_table_save_and_load(props):
    doc = props.doc
    form = props.open_units()
    form.add_button.click()
    assert doc.value(("units",)) == [{"nation": "FR", "type": "infantry", "hex": [1, 11]}]
    form.table.item(0, 1).setText("tonk")
    doc.revalidate()
    cell = form.table.item(0, 1)
    assert cell.background().color() == QColor("#f5c6cb") and "catalog" in cell.toolTip()
    form.table.item(0, 1).setText("tank")
    form.table.item(0, 3).setText("3")
    form.table.item(0, 2).setText("fort_apremont")
    doc.revalidate()
    assert [p for p in doc.problems if (p.pointer or "").startswith("/units")] == []
    assert doc.value(("units",)) == [{"nation": "FR", "type": "tank", "fort": "fort_apremont",
                                      "xp": 3}]
    doc.undo_stack.undo()
    assert doc.value(("units",))[0]["hex"] == [1, 11]
    doc.undo_stack.redo()
    assert props.save()
    assert load_scenario(doc.path).units == [{"nation": "FR", "type": "tank",
                                             "fort": "fort_apremont", "xp": 3}]
    form.table.selectRow(0)
    form.remove_button.click()
    assert doc.value(("units",)) is None  # the last one removed: no empty list left


def test_a_cell_that_is_not_a_value_is_refused_with_the_reason():
    unit = {"nation": "FR", "type": "infantry", "hex": [1, 11]}
    with pytest.raises(ValueError, match="whole number"):
        apply_cell(unit, "xp", "lots")
    with pytest.raises(ValueError, match="column, row"):
        apply_cell(unit, "where", "1, x")
    with pytest.raises(ValueError, match="column, row"):
        apply_cell(unit, "where", "&a 4, *a")  # anchors and aliases are refused
    apply_cell(unit, "where", "4, 5")
    assert unit["hex"] == [4, 5] and "fort" not in unit
