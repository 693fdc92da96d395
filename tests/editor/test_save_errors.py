"""Saving where no file can be written: the message names the user's file, the reason and
what to do, never the hidden temporary file; the work stays open and unsaved."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from editor.area.window import AreaEditorWindow, open_area
from engine.paths import CONTENT_DIR

pytestmark = pytest.mark.qt


@pytest.fixture
def blocked(tmp_path):
    """A path no one can write, root included: its folder is a file."""
    (tmp_path / "plain-file").write_text("not a folder")
    return tmp_path / "plain-file" / "x.map.yaml"


def test_map_editor_save_to_an_unusable_path_says_why_and_keeps_the_changes(
        make_window, blocked):
    w = make_window()
    w.document.paint_terrain([w.document.map.to_axial(2, 2)], "water")
    assert not w.save_to(blocked)
    (title, text), = w.errors
    assert title == "Cannot save"
    assert str(blocked) in text and "Not a directory" in text and "hint:" in text
    assert ".tcs-tmp" not in text
    assert w.document.modified and w.document.path is None


def test_area_editor_save_as_to_an_unusable_path_says_why(qtbot, monkeypatch, blocked):
    opened = open_area(CONTENT_DIR / "weltkrieg" / "europe.area-map.yaml")
    assert not isinstance(opened, str)
    w = AreaEditorWindow(*opened)
    qtbot.addWidget(w)
    original = w.doc.path
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, title, text, *a: shown.append((title, text)))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(blocked), ""))
    assert not w.save_as()
    (title, text), = shown
    assert title == "Cannot save"
    assert str(blocked) in text and "Not a directory" in text and "hint:" in text
    assert ".tcs-tmp" not in text
    assert w.doc.path == original
