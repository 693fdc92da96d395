"""Issue 18: every user-visible string of the editor goes through Qt's translation and has
German. (a) an ast scan finds visible literals not wrapped in tr()/translate(); (b)
pyside6-lupdate extracts each part's strings into a scratch .ts, and every message must have
a finished German translation in the committed editor/translations/<part>_de.ts.

The playtest and authoring parts are translated on their own branch (qtparts); until it is
merged their part (a) lists the strings not wrapped yet there."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from editor.i18n_build import lupdate
from editor.i18n_parts import part_names, part_sources, ts_file
from tests.editor.i18n_scan import scan_part, scan_source

# Literals a visible call may take untranslated, each with why: (file, text) -> reason.
ALLOWED: dict[tuple[str, str], str] = {
    ("editor/export_dialog.py", "A4"): "ISO paper size names, the same in every language",
    ("editor/export_dialog.py", "A3"): "ISO paper size names, the same in every language",
    ("editor/commands/selection.py", "mirror_h"): "a transform id, not text",
    ("editor/commands/selection.py", "mirror_v"): "a transform id, not text",
    ("editor/commands/selection.py", "rotate_180"): "a transform id, not text",
    ("editor/main_window.py", "f-string: [, ]  q r"): "hex coordinates ([col, row] q r)",
}
# The main window's action helper takes a key sequence and dock helper an object name.
NOT_TEXT_ARGUMENTS = {"Ctrl+", "Shift+"}


def _is_key_or_name(text: str) -> bool:
    return (text.startswith(tuple(NOT_TEXT_ARGUMENTS)) or text.endswith("Dock")
            or ((len(text) <= 3 and text[0] in "FXYZ" and text[1:].isdigit()) or text in "XYZ"))


def untranslated(part: str) -> list[str]:
    """Part (a): the visible literals of a part that skip translation, minus ALLOWED."""
    return [str(hit) for hit in scan_part(part)
            if (hit.path, hit.text) not in ALLOWED and not _is_key_or_name(hit.text)]


def messages(ts: Path) -> dict[tuple[str, str], ET.Element]:
    """(context, source) -> <message> of a .ts file."""
    found = {}
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            found[(name, message.findtext("source"))] = message
    return found


def finished(message: ET.Element) -> bool:
    """Whether a message has a German translation that is not marked unfinished."""
    translation = message.find("translation")
    if translation is None or translation.get("type") in ("unfinished", "vanished", "obsolete"):
        return False
    if message.get("numerus") == "yes":
        forms = [f.text for f in translation.iter("numerusform")]
        return len(forms) == 2 and all(forms)
    return bool(translation.text and translation.text.strip())


def missing_german(part: str, scratch: Path) -> list[str]:
    """Part (b): messages lupdate finds in the part's sources without finished German in the
    committed .ts."""
    extracted = scratch / f"{part}_scratch.ts"
    lupdate(part, extracted)
    committed = messages(ts_file(part)) if ts_file(part).exists() else {}
    problems = []
    for key, _message in sorted(messages(extracted).items()):
        kept = committed.get(key)
        if kept is None or not finished(kept):
            problems.append(f"{part}: [{key[0]}] {key[1]!r} has no German in "
                            f"{ts_file(part).name} (run python -m editor.i18n_build --update "
                            "and translate it)")
    return problems


@pytest.mark.parametrize("part", part_names())
def test_every_visible_string_is_marked_for_translation(part):
    assert untranslated(part) == []


@pytest.mark.parametrize("part", part_names())
def test_every_marked_string_has_german(part, tmp_path):
    assert missing_german(part, tmp_path) == []


def test_the_parts_cover_the_editor_once():
    editor = Path(__file__).resolve().parents[2] / "editor"
    every = sorted(p for p in editor.rglob("*.py") if "__pycache__" not in p.parts)
    listed = [p for part in part_names() for p in part_sources(part)]
    assert sorted(listed) == every


def test_scan_finds_plain_and_formatted_literals_and_accepts_translated_ones():
    source = (
        "class W(QWidget):\n"
        "    def build(self, n):\n"
        "        QLabel('Plain words')\n"
        "        self.setWindowTitle(f'Map {n}')\n"
        "        button.setToolTip(self.tr('Fine'))\n"
        "        menu.addMenu(translate('Ctx', 'Also fine'))\n"
        "        combo.addItem(self.tr('Shown'), 'data_id')\n"
        "        box.setText('→')\n"
    )
    hits = [(h.call, h.text) for h in scan_source(source, "x.py")]
    assert hits == [("QLabel", "Plain words"), ("setWindowTitle", "f-string: Map ")]


def test_a_new_string_without_german_fails(tmp_path, monkeypatch):
    """The check catches a tr() string the committed .ts does not have: a scratch module
    with a new string is added to the core part's sources."""
    import editor.i18n_build as build

    new = tmp_path / "new_panel.py"
    new.write_text("class NewPanel(QWidget):\n"
                   "    def build(self):\n"
                   "        QLabel(self.tr('A brand-new label'))\n", encoding="utf-8")
    original = build.part_sources
    monkeypatch.setattr(build, "part_sources", lambda part: [*original(part), new])
    monkeypatch.setattr(build, "ROOT", Path("/"))
    problems = missing_german("core", tmp_path)
    assert any("A brand-new label" in p for p in problems), problems
