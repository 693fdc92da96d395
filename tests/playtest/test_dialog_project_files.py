"""The play-test dialog of a map in a content folder offers that folder's own catalogs and
rulesets (a designer's new units and editions), besides the installed ones; a scenario
saved from the form refers to the one chosen."""

from __future__ import annotations

import shutil

from engine.content import load_scenario
from engine.paths import CONTENT_DIR
from engine.play.setup import project_files
from tests.playtest.conftest import ROOT


def test_project_files_are_the_content_folders_own(tmp_path):
    root = tmp_path / "content"
    for part in ("maps", "rulesets", "catalog"):
        shutil.copytree(ROOT / "content" / part, root / part)
    (root / "maps" / "legacy.catalog.yaml").write_bytes(
        (root / "catalog" / "base.catalog.yaml").read_bytes())
    map_path = root / "maps" / "default.map.yaml"
    catalogs = project_files(map_path, "catalog")
    assert {p.name for p in catalogs} == {"base.catalog.yaml", "legacy.catalog.yaml"}
    assert all(p.is_relative_to(root.resolve()) for p in catalogs)
    assert {p.name for p in project_files(map_path, "ruleset")} == {
        p.name for p in (CONTENT_DIR / "rulesets").glob("*.ruleset.yaml")}
    assert project_files(None, "catalog") == []


def test_the_dialog_offers_and_saves_the_projects_catalog(make_window, tmp_path):
    root = tmp_path / "content"
    for part in ("maps", "rulesets", "catalog"):
        shutil.copytree(ROOT / "content" / part, root / part)
    w = make_window()
    assert w.open_file(root / "maps" / "default.map.yaml", ask=False)
    dialog = w.new_playtest_dialog()
    mine = (root / "catalog" / "base.catalog.yaml").resolve()
    edition = (root / "rulesets" / "current.ruleset.yaml").resolve()
    assert dialog.catalog.findData(str(mine)) >= 0, [
        dialog.catalog.itemData(i) for i in range(dialog.catalog.count())]
    assert dialog.ruleset.findData(str(edition)) >= 0
    dialog.catalog.setCurrentIndex(dialog.catalog.findData(str(mine)))
    dialog.ruleset.setCurrentIndex(dialog.ruleset.findData(str(edition)))
    target = root / "maps" / "mine.scenario.yaml"
    dialog.ask_scenario_path = lambda suggested: target
    assert dialog.save_scenario(), dialog.status.text()
    scenario = load_scenario(target)
    assert (scenario.catalog_ref, scenario.ruleset_ref) == (
        "../catalog/base.catalog.yaml", "../rulesets/current.ruleset.yaml")
