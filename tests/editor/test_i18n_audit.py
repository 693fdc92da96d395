"""Issue 18, done when "`LANG=de_DE.UTF-8 tcstudio edit` shows a fully German editor and
play-test": with German installed, the main window (every dock and menu), every dialog its
menus open (New, Open with an error, Preferences, Map properties and size, Export, Import
Tiled with an error, Shortcuts, About, Play-test), the content editors (units, rulesets,
scenario form, triggers, unit placements, project), the area editor and its play-test, and a
running play-test with its combat and money panels show no English (tests/editor/
english_audit.py says what counts)."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog, QLabel, QMessageBox, QWidget

from editor import files, i18n
from engine.content import load_map
from engine.paths import PROJECT_ROOT
from tests.editor.english_audit import english_texts, english_words
from tests.editor.test_i18n_parts_german import clipped

pytestmark = pytest.mark.qt

CONTENT = PROJECT_ROOT / "content"
DEFAULT_MAP = CONTENT / "maps" / "default.map.yaml"
SCENARIO = CONTENT / "scenarios" / "default-2p.scenario.yaml"
AREA_SCENARIO = CONTENT / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml"


@pytest.fixture
def german(qapp, monkeypatch):
    """German for the test's windows; English again afterwards."""
    monkeypatch.setattr(files, "_OPENED_VIA", {})
    i18n.install_translators(qapp, "de")
    yield
    i18n.install_translators(qapp, "en")


@pytest.fixture
def shown(monkeypatch):
    """Dialogs and message boxes the menus open, recorded instead of run modally:
    (dialogs, [(title, text)] of message boxes)."""
    dialogs: list[QDialog] = []
    boxes: list[tuple[str, str]] = []

    def run(self: QDialog) -> int:
        dialogs.append(self)
        self.show()
        return 0

    def box(_parent: QWidget | None, title: str, text: str, *_args: object) -> int:
        boxes.append((title, text))
        return int(QMessageBox.StandardButton.Cancel.value)

    monkeypatch.setattr(QDialog, "exec", run)
    for name in ("about", "critical", "warning", "information", "question"):
        monkeypatch.setattr(QMessageBox, name, box)
    return dialogs, boxes


def _with_docks(w) -> QWidget:
    for dock in w.findChildren(type(w.tools_dock)):
        dock.show()
        dock.raise_()
    return w


def test_the_detector_flags_english_and_passes_german_and_names():
    assert english_words("Save the map") == ["Save", "the", "map"]
    assert english_words("&Open Recent") == ["Open"]
    assert english_words("<b>Round 2</b>: the move phase") == ["Round", "the", "move"]
    assert english_words("Karte speichern") == []
    assert english_words("Über Trench Club Studio") == []
    assert english_words("FR-infantry-1 erreicht 3,4 nicht") == []  # ids are data
    assert english_words("default-2p.scenario.yaml geladen") == []
    assert english_words("Einheit") == []


def test_a_new_english_label_fails_the_audit(german, qtbot):
    holder = QWidget()
    qtbot.addWidget(holder)
    QLabel("Alles gut", holder)
    assert english_texts(holder) == []
    QLabel("Click a unit to select it", holder)
    assert len(english_texts(holder)) == 1


def test_the_main_window_its_docks_and_menus_are_german(german, make_window, qtbot):
    w = make_window(load_map(DEFAULT_MAP), DEFAULT_MAP)
    w.resize(1280, 720)
    w.validator.check_sync()
    w._fill_recent()
    for menu_action in w.menuBar().actions():
        menu = menu_action.menu()
        if menu is not None:
            menu.aboutToShow.emit()
    w.balance_dock.show()
    found = english_texts(_with_docks(w), "main window")
    assert found == [], "\n".join(found)


def test_the_dialogs_the_menus_open_are_german(german, make_window, shown, monkeypatch,
                                               tmp_path, qtbot):
    dialogs, boxes = shown
    bad_yaml = tmp_path / "broken.map.yaml"
    bad_yaml.write_text("id: [unclosed\n", encoding="utf-8")
    bad_tmx = tmp_path / "broken.tmx"
    bad_tmx.write_text("<map><nothing/></map>", encoding="utf-8")
    picked = {"path": str(bad_yaml)}
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        lambda *_a, **_k: (picked["path"], ""))
    w = make_window(load_map(DEFAULT_MAP), DEFAULT_MAP)
    for action in (w.act_new, w.act_open, w.act_prefs, w.act_properties, w.act_resize,
                   w.act_export, w.act_shortcuts, w.act_about, w.act_playtest):
        action.trigger()
    picked["path"] = str(bad_tmx)
    w.act_import_tiled.trigger()
    opened = {type(d).__name__ for d in dialogs}
    assert {"NewMapDialog", "PreferencesDialog", "MapPropertiesDialog", "ResizeDialog",
            "ExportDialog", "ShortcutsDialog", "PlaytestDialog"} <= opened, opened
    assert w.errors and boxes, (w.errors, boxes)  # the open and import errors, About
    found = []
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        found += english_texts(dialog, type(dialog).__name__)
        # German text fits at 1280×720: each dialog at its own size, within that screen.
        size = QWidget.size(dialog)  # (a dialog may name a spin box `width`)
        dialog.resize(min(size.width(), 1280), min(size.height(), 720))
        qtbot.waitExposed(dialog)
        found += [f"{type(dialog).__name__}: clipped {c}" for c in clipped(dialog)]
    for title, text in [*w.errors, *boxes]:
        for part in (title, *text.splitlines()):
            if english_words(part):
                found.append(f"message box: {part!r} ({', '.join(english_words(part))})")
    assert found == [], "\n".join(found)


def test_the_content_editors_are_german(german, qtbot, tmp_path, recovery):
    from editor.authoring.catalog_editor import CatalogEditor
    from editor.authoring.document import ContentDocument
    from editor.authoring.project import ProjectWindow
    from editor.authoring.ruleset_editor import RulesetEditor
    from editor.scenario.document import ScenarioDocument
    from editor.scenario.properties import ScenarioProperties
    from editor.scenario.triggers import TriggerEditor
    from editor.scenario.units_form import UnitsForm

    shutil.copytree(CONTENT, tmp_path / "content")
    content = tmp_path / "content"
    catalog = CatalogEditor(ContentDocument.open(content / "catalog" / "base.catalog.yaml"),
                            recovery)
    ruleset = RulesetEditor(ContentDocument.open(next((content / "rulesets").glob("*.yaml"))),
                            recovery)
    doc = ScenarioDocument.open(content / "scenarios" / "default-2p.scenario.yaml")
    form = ScenarioProperties(doc)
    form.keeper.may_close = lambda save: True
    windows = [catalog, ruleset, form, TriggerEditor(doc), UnitsForm(doc),
               ProjectWindow(content)]
    found = []
    for window in windows:
        if hasattr(window, "ask_unsaved"):
            window.ask_unsaved = lambda: "discard"
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        found += english_texts(window, type(window).__name__)
    catalog.table.selectRow(0)
    found += english_texts(catalog, "CatalogEditor, a unit selected")
    assert found == [], "\n".join(found)


def test_the_area_editor_and_its_play_test_are_german(german, qtbot, shown):
    from editor.area.window import AreaEditorWindow, open_area

    opened = open_area(AREA_SCENARIO)
    assert not isinstance(opened, str), opened
    window = AreaEditorWindow(*opened)
    window.keeper.may_close = lambda save: True
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    found = english_texts(window, "area editor")
    play = window.playtest()
    assert play is not None, shown[1]
    qtbot.addWidget(play)
    found += english_texts(play, "area play-test")
    for step in range(60):  # the setup, the first moves and battles, by the random AI
        play.ai_move()
        if step % 10 == 9:
            found += english_texts(play, f"area play-test, step {step + 1}")
    assert found == [], "\n".join(found)


def test_a_running_play_test_with_combat_and_money_is_german(german, make_window, qtbot):
    from engine.ai.random_bot import RandomBot
    from engine.play.setup import PlaytestOptions, SeatChoice

    w = make_window(load_map(DEFAULT_MAP), DEFAULT_MAP)
    w.resize(1280, 720)
    assert w.enter_play_mode(PlaytestOptions(seed=3, setup="full",
                                             seats=[SeatChoice("DE"), SeatChoice("FR")]))
    c = w.playtest
    s = c.session
    found = english_texts(w, "play-test, setup")
    c.open_armies()
    found += [f for d in w.findChildren(QDialog) for f in english_texts(d, "armies")]
    bot = RandomBot(11)
    seen_phases = set()
    for _ in range(3000):
        st = s.state
        if st.phase not in seen_phases:
            seen_phases.add(st.phase)
            c.refresh()
            found += english_texts(w, f"play-test, phase {st.phase}")
            if st.phase == "money":
                c.open_money()
                found += english_texts(c.money_dialog, "money dialog")
                c.money_dialog.close()
        if st.phase == "combat" and st.is_chance_node() is False and "fought" not in \
                seen_phases:
            c.start_combat() if hasattr(c, "start_combat") else None
            c.refresh()
            found += english_texts(w, "play-test, combat")
            seen_phases.add("fought")
        if {"move", "declare", "combat", "money", "fought"} <= seen_phases:
            break
        s.apply(bot.choose(st))
    assert {"move", "declare", "money"} <= seen_phases, seen_phases
    assert found == [], "\n".join(found)


def test_a_note_on_a_guess_is_checked_like_any_text(german, qtbot):
    from editor.authoring.fields import NumberField
    from engine.i18n import in_language

    field = NumberField(compact=True)  # the note is the number's tooltip, as in the tables
    qtbot.addWidget(field)
    field.show()
    field.load({"value": 1, "estimated": True, "note": "GAP: the cell is cut off at both ends"})
    assert english_texts(field)  # a plain English note is not allow-listed any more
    with in_language("de"):
        field.load({"value": 1, "estimated": True, "note": {
            "de": "GAP: das Feld ist an beiden Enden abgeschnitten",
            "en": "GAP: the cell is cut off at both ends"}})
    assert english_texts(field) == []
