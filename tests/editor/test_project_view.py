"""The project view and opening the right editor: a content folder listed by kind with its
problems, a double-click opens catalogs and rulesets in their editors and maps in the map
editor, `tcstudio edit DIR|CATALOG|RULESET`, new files from templates, and recovered catalog
work offered again at start."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

import engine.content.loaders as loaders
from editor import app as editor_app
from editor.authoring import shots
from editor.authoring.catalog_editor import CatalogEditor
from editor.authoring.opener import content_kind, open_content_editor, restore_content
from editor.authoring.project import ProjectWindow
from editor.authoring.ruleset_editor import RulesetEditor
from engine.content import load_ruleset

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def folder(tmp_path):
    target = tmp_path / "content"
    shutil.copytree(ROOT / "content", target)
    broken = target / "rulesets" / "broken.ruleset.yaml"
    text = (target / "rulesets" / "current.ruleset.yaml").read_text(encoding="utf-8")
    broken.write_text(text.replace("id: current", "id: broken").replace(
        "experience: {veteran: 3, hero: 5}", "experience: {veteran: 5, hero: 3}"),
        encoding="utf-8")
    return target


@pytest.fixture
def project(qtbot, folder, recovery):
    opened_maps: list[Path] = []
    w = ProjectWindow(folder, opened_maps.append, recovery)
    w.told = []
    w.tell = lambda title, text: w.told.append((title, text))
    w.opened_maps = opened_maps
    qtbot.addWidget(w)
    yield w
    for editor in w.editors:
        editor.doc.undo_stack.setClean()
        editor.close()


def test_the_folder_is_listed_by_kind_with_its_problems(project, folder):
    groups = {project.tree.topLevelItem(k).text(0): project.tree.topLevelItem(k)
              for k in range(project.tree.topLevelItemCount())}
    assert list(groups) == ["Maps", "Unit catalogs", "Rulesets", "Scenarios",
                            "Der Erste Weltkrieg scenarios", "Der Erste Weltkrieg maps",
                            "Other content"]
    items = project.file_items()
    broken = items[str(folder / "rulesets" / "broken.ruleset.yaml")]
    assert broken.text(1) == "1 error"
    assert "hero needs no more XP" in broken.child(0).text(0)
    assert items[str(folder / "catalog" / "base.catalog.yaml")].text(1) == "ok"


def test_double_click_opens_the_right_editor_and_goes_to_the_problem(project, folder):
    items = project.file_items()
    catalog = project.open_path(folder / "catalog" / "base.catalog.yaml")
    assert isinstance(catalog, CatalogEditor)
    broken = items[str(folder / "rulesets" / "broken.ruleset.yaml")]
    project._activated(broken.child(0))
    ruleset = project.editors[-1]
    assert isinstance(ruleset, RulesetEditor) and ruleset.doc.path.name == "broken.ruleset.yaml"
    # The problem is at /experience: the first field inside it has the focus.
    veteran = ruleset.binder.fields[("experience", "veteran")]
    assert ruleset.focusWidget() is veteran.spin
    project._activated(items[str(folder / "scenarios" / "default-2p.scenario.yaml")])
    assert project.opened_maps == [folder / "scenarios" / "default-2p.scenario.yaml"]
    assert project.open_path(folder / "catalog" / "base.catalog.yaml") is catalog  # once
    project.open_path(folder / "solo" / "earlier.enemy-table.yaml")
    assert project.told and "no editor for this kind" in project.told[-1][1]


def test_a_new_ruleset_from_the_template_validates_and_opens(project, folder):
    path = project.new_from_template("ruleset", "winter")
    assert path == folder / "winter.ruleset.yaml"
    assert load_ruleset(path).id == "winter"
    assert isinstance(project.editors[-1], RulesetEditor)
    assert project.new_from_template("ruleset", "winter") is None  # exists: refused
    assert "exists already" in project.told[-1][1]


def test_tcstudio_edit_opens_a_folder_or_a_catalog_offscreen(folder, tmp_path, capsys):
    shot = tmp_path / "project.png"
    assert editor_app.run(str(folder), str(shot)) == 0 and shot.stat().st_size > 1000
    shot2 = tmp_path / "catalog.png"
    assert editor_app.run(str(folder / "catalog" / "base.catalog.yaml"), str(shot2)) == 0
    assert content_kind(folder / "catalog" / "base.catalog.yaml") == "catalog"
    assert content_kind(tmp_path / "nothing.yaml") is None
    assert visible_windows() == []  # a left-over window would take later tests' mouse events


def visible_windows() -> list:
    """The top-level windows still shown."""
    return [w for w in QApplication.topLevelWidgets() if w.isVisible()]


def test_recovered_catalog_work_reopens_unsaved_in_its_editor(qtbot, folder, recovery):
    path = folder / "catalog" / "base.catalog.yaml"
    w = open_content_editor(path, recovery)
    qtbot.addWidget(w)
    w.doc.set_value(("units", 0, "name", "en"), "Flak")
    w.recovery_writer.flush()
    slot = w.recovery_writer.slot
    slot.release()  # the process dies with unsaved work
    w.recovery_writer.slot = None
    w.doc.undo_stack.setClean()
    w.close()
    (orphan,) = type(recovery)(recovery.dir).orphans()
    restored = restore_content(orphan, recovery)
    qtbot.addWidget(restored)
    assert isinstance(restored, CatalogEditor) and restored.doc.path == path
    assert restored.doc.value(("units", 0, "name", "en")) == "Flak"
    assert restored.isWindowModified()
    assert restored.recovery_writer.slot is orphan  # the restored window keeps the slot
    restored.ask_unsaved = lambda: "discard"
    restored.close()
    assert not orphan.dir.exists()


def test_the_content_editor_screenshots_render(qtbot, tmp_path):
    assert shots.main([str(tmp_path)]) == 0
    assert visible_windows() == []
    for name in shots.SHOTS:
        image = QImage(str(tmp_path / name))
        assert image.width() >= 800 and image.height() >= 600, name


def test_closing_the_project_closes_its_editors_and_cancel_keeps_it(project, folder):
    editor = project.open_path(folder / "catalog" / "base.catalog.yaml")
    editor.doc.set_value(("units", 0, "name", "en"), "Flak")
    editor.ask_unsaved = lambda: "cancel"
    assert not project.close()
    assert editor.isVisible()
    editor.ask_unsaved = lambda: "discard"
    assert project.close() and not editor.isVisible()


def test_a_folder_far_above_the_content_says_it_lists_only_the_first_files(qtbot, tmp_path,
                                                                          monkeypatch):
    for i in range(4):
        (tmp_path / f"m{i}.map.yaml").write_text("a: 1\n", encoding="utf-8")
    monkeypatch.setattr(loaders, "MAX_CONTENT_FILES", 3)
    window = ProjectWindow(tmp_path)
    qtbot.addWidget(window)
    note = window.tree.topLevelItem(0)
    assert "more than 3 content files" in note.text(0)
    assert "content folder itself" in note.text(1) and note.toolTip(0)
    assert len(window.file_items()) == 3


def test_editing_a_fifo_is_refused_without_blocking(tmp_path, capsys):
    fifo = tmp_path / "pipe.map.yaml"
    os.mkfifo(fifo)
    assert editor_app.run(str(fifo), str(tmp_path / "shot.png")) == 1
    assert "not a regular file" in capsys.readouterr().err
