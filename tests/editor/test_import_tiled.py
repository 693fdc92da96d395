"""File ▸ Import Tiled…: a Tiled map from the Studio's own export comes back as a new unsaved
map; a file that cannot be mapped shows its located problems and leaves the open map, its
file and its undo history untouched."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from editor import app as editor_app
from editor.commands.terrain import PaintTerrain
from engine.content.convert_map import map_to_dict
from engine.content.loaders import load_map
from engine.hexes import Hex
from engine.model import TERRAIN_ID
from engine.paths import CONTENT_DIR
from exporters.tiled import export_tiled
from tests.exporters.conftest import sample_map

pytestmark = pytest.mark.qt
DEFAULT_MAP = CONTENT_DIR / "maps" / "default.map.yaml"


def _menu_action(window, object_name: str):
    file_menu = next(a.menu() for a in window.menuBar().actions()
                     if a.menu() is not None and a.menu().actions()
                     and window.act_open in a.menu().actions())
    return next(a for a in file_menu.actions() if a.objectName() == object_name)


def _choose(monkeypatch, path) -> list[str]:
    asked: list[str] = []

    def fake(parent, title, start, filters, *rest):
        asked.append(filters)
        return str(path), filters.split(";;")[0]

    monkeypatch.setattr(QFileDialog, "getOpenFileName", fake)
    return asked


def _edited_window(make_window, tmp_path):
    """A window on a saved map with one undoable edit (so the test sees it is kept)."""
    w = make_window(path=tmp_path / "open.map.yaml")
    doc = w.document
    doc.undo_stack.push(PaintTerrain(doc, [doc.map.index(Hex(1, 1))], TERRAIN_ID["forest"], None))
    return w


@pytest.mark.parametrize("fmt", ["tmx", "tmj"])
def test_the_menu_imports_the_tiled_round_trip_as_a_new_unsaved_map(make_window, tmp_path,
                                                                       monkeypatch, fmt):
    source = load_map(DEFAULT_MAP)
    tiled = export_tiled(source, tmp_path / f"default.{fmt}", fmt)
    w = _edited_window(make_window, tmp_path)
    asked = _choose(monkeypatch, tiled)
    _menu_action(w, "actionImportTiled").trigger()
    assert asked and "*.tmx" in asked[0] and "*.tmj" in asked[0]
    assert w.errors == []
    assert map_to_dict(w.document.map) == map_to_dict(source)
    assert w.document.path is None  # new and unsaved: Save asks where
    assert w.document.undo_stack.count() == 0
    assert "default" in w.windowTitle().lower() or source.name in w.windowTitle()
    assert "Imported" in w.statusBar().currentMessage()


def test_a_file_that_cannot_be_mapped_leaves_the_open_map_untouched(make_window, tmp_path,
                                                                      monkeypatch):
    bad = tmp_path / "square.tmx"
    bad.write_text('<?xml version="1.0" encoding="UTF-8"?>\n'
                   '<map version="1.8" orientation="orthogonal" renderorder="right-down" '
                   'width="4" height="4" tilewidth="32" tileheight="32"></map>\n',
                   encoding="utf-8")
    w = _edited_window(make_window, tmp_path)
    doc = w.document
    before_map, before_terrain = doc.map, bytes(doc.map.terrain)
    _choose(monkeypatch, bad)
    _menu_action(w, "actionImportTiled").trigger()
    assert len(w.errors) == 1
    title, message = w.errors[0]
    assert title == "Cannot import Tiled map"
    assert "square.tmx" in message and "unchanged" in message
    assert "hexagonal" in message.lower()  # the located problem and its hint
    assert doc.map is before_map and bytes(doc.map.terrain) == before_terrain
    assert doc.path == tmp_path / "open.map.yaml"
    assert doc.undo_stack.count() == 1 and doc.modified  # the edit is still there to undo


def test_unreadable_xml_is_a_located_message_in_a_real_dialog(make_window, tmp_path,
                                                               monkeypatch):
    bad = tmp_path / "broken.tmx"
    bad.write_text('<?xml version="1.0"?>\n<map orientation="hexagonal">\n<layer>\n',
                   encoding="utf-8")
    w = _edited_window(make_window, tmp_path)
    w.show_error = w._show_error
    boxes: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        lambda parent, title, text, *a: boxes.append((title, text)))
    assert not w.import_tiled_file(bad)
    assert len(boxes) == 1 and "broken.tmx" in boxes[0][1]
    assert "Traceback" not in boxes[0][1]
    assert w.document.undo_stack.count() == 1


def test_keeping_the_open_map_at_the_prompt_cancels_the_import(make_window, tmp_path):
    tiled = export_tiled(load_map(DEFAULT_MAP), tmp_path / "default.tmx", "tmx")
    w = _edited_window(make_window, tmp_path)
    w.ask_unsaved = lambda: "cancel"
    before = w.document.map
    assert not w.import_tiled_file(tiled)
    assert w.document.map is before and w.document.undo_stack.count() == 1


def test_a_map_breaking_map_rules_opens_with_its_problems_listed(make_window, tmp_path):
    tiled = export_tiled(sample_map(), tmp_path / "sample.tmj", "tmj")
    w = make_window()
    assert w.import_tiled_file(tiled)
    assert w.errors == []
    assert w.document.map.id == "sample" and w.document.path is None
    problems = w.document.problems
    assert problems and all("sample.tmj" in (p.file or "") for p in problems)
    assert w.problems_dock.isVisible()
    assert "problem" in w.statusBar().currentMessage()


@pytest.mark.parametrize("fmt", ["tmx", "tmj"])
def test_opening_a_tiled_map_imports_it_as_a_new_map(make_window, tmp_path, fmt):
    """File ▸ Open, a drop or `tcstudio edit M.tmx` said 'the file must hold a mapping'."""
    source = load_map(DEFAULT_MAP)
    tiled = export_tiled(source, tmp_path / f"default.{fmt}", fmt)
    w = make_window()
    asked: list[bool] = []
    w.ask_unsaved = lambda: asked.append(True) or "discard"
    assert w.open_file(tiled, ask=False)
    assert map_to_dict(w.document.map) == map_to_dict(source) and w.document.path is None
    assert asked == [] and w.errors == []


def test_tcstudio_edit_imports_a_tiled_map_or_says_why_not(tmp_path, capsys):
    tiled = export_tiled(sample_map(), tmp_path / "m.tmx", "tmx")
    shot = tmp_path / "shot.png"
    assert editor_app.run(str(tiled), str(shot)) == 0 and shot.stat().st_size > 1000
    broken = tmp_path / "broken.tmx"
    broken.write_text(tiled.read_text(encoding="utf-8").replace(
        'name="tc_width" type="float" value="0.3"', 'name="tc_width" type="float" value="x"', 1),
        encoding="utf-8")
    assert editor_app.run(str(broken), str(tmp_path / "no.png")) == 1
    assert "tc_width" in capsys.readouterr().err and not (tmp_path / "no.png").exists()
