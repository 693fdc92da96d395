"""Scenario ▸ Properties keeps unsaved edits like the map editor: a recovery copy after each
edit, restored at the next start as unsaved changes, and a question before closing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from editor import files
from editor.app import restore_scenario

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def scenario_path(tmp_path):
    root = tmp_path / "content"
    for part in ("maps", "rulesets", "catalog", "scenarios"):
        shutil.copytree(ROOT / "content" / part, root / part)
    return root / "scenarios" / "default-2p.scenario.yaml"


def test_unsaved_scenario_edits_are_kept_and_restored(make_window, scenario_path, recovery):
    w = make_window()
    assert w.open_file(scenario_path, ask=False)
    props = w.open_scenario_properties()
    props.doc.set_value(("name", "en"), "Verdun", "Edit name")
    props.keeper.writer.flush()
    slot = props.keeper.writer.slot
    assert slot.work_path("scenario").is_file() and slot.info().kind == "scenario"
    assert slot.info().original == scenario_path
    slot.release()  # the process dies with the edit unsaved
    props.keeper.writer.slot = None
    props.doc.undo_stack.setClean()
    props.close()

    (orphan,) = files.RecoveryStore(recovery.dir).orphans()
    target = make_window()
    restored = restore_scenario(target, orphan)
    assert restored is not None and restored.doc.value(("name", "en")) == "Verdun"
    assert restored.doc.modified and restored.windowTitle().endswith("*")
    assert restored.keeper.writer.slot is orphan
    assert target.document.path.name == "default.map.yaml"  # the scenario's map is open
    restored.keeper.ask_unsaved = lambda: "discard"
    assert restored.close()
    assert not orphan.dir.exists()  # discarded on purpose: nothing is offered again


def test_closing_with_unsaved_scenario_edits_asks_and_cancel_keeps_it(make_window,
                                                                       scenario_path):
    w = make_window()
    assert w.open_file(scenario_path, ask=False)
    props = w.open_scenario_properties()
    props.doc.set_value(("name", "en"), "Verdun", "Edit name")
    props.keeper.ask_unsaved = lambda: "cancel"
    assert not props.close() and props.isVisible()
    assert not w.close() and w.isVisible()  # the main window asks its scenario window too
    props.keeper.ask_unsaved = lambda: "save"
    assert props.close()
    assert "Verdun" in scenario_path.read_text(encoding="utf-8")
