"""The play-test and authoring parts in German at run time (#18): both parts' catalogs are
compiled with pyside6-lrelease and installed, the engine's language is German, and the
play-test, the content editors, the scenario form and the area editor show German words (the
rulebooks' and the content's own for rules and units) without clipped text at 1280×720.
"""

from __future__ import annotations

import subprocess

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTranslator
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QToolButton, QWidget

from engine import i18n
from engine.content import load_map
from tests.editor.test_i18n_parts import PARTS, ROOT, TOOLS, TRANSLATIONS

DEFAULT_MAP = ROOT / "content" / "maps" / "default.map.yaml"
CATALOG = ROOT / "content" / "catalog" / "base.catalog.yaml"
AREA_SCENARIO = ROOT / "content" / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml"


@pytest.fixture
def german(qapp, tmp_path):
    """Both parts' catalogs (and the core's, which holds the seat controllers' words) compiled
    and installed, and the engine's language German."""
    translators = []
    for part in (*PARTS, "core"):
        qm = tmp_path / f"{part}_de.qm"
        subprocess.run([str(TOOLS / "pyside6-lrelease"), str(TRANSLATIONS / f"{part}_de.ts"),
                        "-qm", str(qm)], check=True, capture_output=True)
        translator = QTranslator()
        assert translator.load(str(qm)), qm
        qapp.installTranslator(translator)
        translators.append(translator)
    i18n.set_language("de")
    yield translators
    i18n.set_language("en")
    for translator in translators:
        qapp.removeTranslator(translator)


def texts(root: QWidget) -> set[str]:
    """Every label's and button's text under `root`."""
    found = {w.text() for w in root.findChildren(QLabel)}
    return found | {w.text() for w in root.findChildren(QAbstractButton)}


def clipped(root: QWidget) -> list[str]:
    """Visible one-line labels and buttons whose text is wider than the widget shows."""
    out = []
    for w in [*root.findChildren(QLabel), *root.findChildren(QAbstractButton)]:
        text = w.text().replace("&", "")
        if not w.isVisible() or not text or "<" in text or "\n" in text:
            continue
        if isinstance(w, QLabel) and w.wordWrap():
            continue
        if isinstance(w, QToolButton) and \
                w.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly:
            continue
        room = w.contentsRect().width() - (12 if isinstance(w, QAbstractButton) else 0)
        need = w.fontMetrics().horizontalAdvance(text)
        if need > room:
            out.append(f"{type(w).__name__} {text!r}: needs {need}px, has {room}px")
    return out


def test_the_free_tr_and_self_tr_plurals_speak_german(german):
    from editor.controller_words import controller_label
    from editor.i18n import tr
    from editor.playtest.words import nation_name, phase_name

    assert tr("Loaded %1: %n actions replayed.", "", 1) == "%1 geladen: 1 Aktion nachgespielt."
    assert tr("Loaded %1: %n actions replayed.", "", 4) == "%1 geladen: 4 Aktionen nachgespielt."
    assert nation_name("AH") == "Österreich-Ungarn"
    assert phase_name("declare") == "Angriffe benennen"
    assert controller_label("ai") == "KI (zufällig)"
    assert QCoreApplication.translate("Variants", "victory points") == "Siegpunkte"


def test_the_play_test_speaks_german_with_german_unit_names(german, make_window, qtbot):
    from editor.playtest.armies import ArmiesDialog
    from engine.play.setup import PlaytestOptions, SeatChoice

    w = make_window(load_map(DEFAULT_MAP), DEFAULT_MAP)
    w.resize(1280, 720)
    dialog = w.new_playtest_dialog()
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Spieltest"
    assert dialog.start_button.text() == "Spieltest starten"
    assert "Spielerplätze (in Zugreihenfolge)" in {g.title()
                                                   for g in dialog.findChildren(QGroupBox)}
    assert dialog.setup.itemText(1) == "vollständig (Armeen zuteilen und aufstellen)"
    w.playtest.start(PlaytestOptions(seed=3, setup="full",
                                     seats=[SeatChoice("DE"), SeatChoice("FR")]))
    panel = w.playtest.panel
    qtbot.waitUntil(lambda: panel.isVisible())
    shown = texts(panel)
    assert {"Phase beenden", "Kampf beginnen", "Zurück zum Bearbeiten"} <= shown, shown
    assert "Runde 0 · Deutschland (DE, Mensch) · Phase „Aufstellung“" in panel.header.text()
    assert [panel.tabs.tabText(i) for i in range(panel.tabs.count())][:2] == [
        "Kampfprotokoll", "Spielverlauf"]
    st = w.playtest.session.state
    armies = ArmiesDialog(st, lambda _a: True, lambda _t: None)
    qtbot.addWidget(armies)
    lines = [armies.unassigned.item(i).text() for i in range(armies.unassigned.count())]
    assert lines
    for line in lines:
        name, uid = line.rsplit(" · ", 1)
        assert name == st.units[uid].type.name["de"], line
    qtbot.waitUntil(lambda: panel.width() > 0)
    assert not clipped(panel), clipped(panel)


def test_the_catalog_editor_speaks_german(german, qtbot, tmp_path, recovery):
    import shutil

    from editor.authoring.catalog_editor import CatalogEditor
    from editor.authoring.document import ContentDocument

    path = tmp_path / "base.catalog.yaml"
    shutil.copy(CATALOG, path)
    editor = CatalogEditor(ContentDocument.open(path), recovery)
    editor.ask_unsaved = lambda: "discard"
    qtbot.addWidget(editor)
    editor.resize(1280, 720)
    editor.show()
    qtbot.waitExposed(editor)
    assert "Einheitenkatalog" in editor.windowTitle()
    headers = [editor.table.horizontalHeaderItem(i).text()
               for i in range(editor.table.columnCount())]
    assert headers == ["Id", "Name", "Klasse", "Nationen", "Spezial"]
    menus = [a.text().replace("&", "") for a in editor.menuBar().actions()]
    assert "Datei" in menus and "Einheit" in menus, menus
    row = next(r for r in range(editor.table.rowCount())
               if editor.table.item(r, 0).text() == "assault_gun")
    assert editor.table.item(row, 1).text() == "Sturmgeschütz"
    assert editor.table.item(row, 2).text() == "Artillerie"
    editor.table.selectRow(row)
    combo = editor.form.binder.field_for(("class",)).combo
    assert combo.currentText() == "Artillerie" and combo.count() == 8
    combo.activated.emit(combo.findText("Panzer"))  # a German word shown, the id stored
    index = next(i for i, u in enumerate(editor.doc.value(("units",)))
                 if u["id"] == "assault_gun")
    assert editor.doc.value(("units", index, "class")) == "tank"
    assert not clipped(editor), clipped(editor)


def test_the_area_editor_speaks_german(german, qtbot):
    from editor.area.window import AreaEditorWindow, open_area

    opened = open_area(AREA_SCENARIO)
    assert not isinstance(opened, str), opened
    window = AreaEditorWindow(*opened)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    menus = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert menus[:3] == ["Datei", "Bearbeiten", "Spielen"], menus
    tools = {a.text() for a in window.findChildren(QAction)}
    assert {"Stadt", "Basis", "Angriffslinie", "Front"} <= tools, tools
    assert window.owner_box.currentText() == "Deutsche"  # the army catalog's word
    assert window.owner_box.currentData() == "germans"  # the id the map stores
    assert not clipped(window), clipped(window)


def test_the_money_dialog_keeps_its_buy_row_below_the_table(make_window, qtbot):
    """Regression: a word-wrapped note inside the Repair box let the layout squeeze the Buy
    box below its minimum, so the fort, pick and buy row was drawn over the unit table."""
    from engine.play.setup import PlaytestOptions, SeatChoice

    w = make_window(load_map(DEFAULT_MAP), DEFAULT_MAP)
    w.playtest.start(PlaytestOptions(seed=3, seats=[SeatChoice("DE"), SeatChoice("FR")]))
    w.playtest.open_money()
    dialog = w.playtest.money_dialog
    qtbot.waitUntil(lambda: dialog.isVisible())
    box = dialog.buy_table.parentWidget()
    assert box.height() >= box.minimumSizeHint().height()
    assert dialog.where_label.geometry().top() > dialog.buy_table.geometry().bottom()


def test_the_scenario_properties_speak_german_and_fit_a_720_screen(german, qtbot, tmp_path):
    import shutil

    from editor.scenario.document import ScenarioDocument
    from editor.scenario.properties import ScenarioProperties

    shutil.copytree(ROOT / "content", tmp_path / "content")
    doc = ScenarioDocument.open(tmp_path / "content" / "scenarios" / "default-2p.scenario.yaml")
    form = ScenarioProperties(doc)
    form.keeper.may_close = lambda save: True
    qtbot.addWidget(form)
    form.resize(620, 680)
    form.show()
    qtbot.waitExposed(form)
    assert form.windowTitle().startswith("Szenario-Eigenschaften — default-2p")
    assert form.half.currentText() == "Startnummern 1–6" and form.half.currentData() == "half_1_6"
    assert form.objectives.item(0).text() == (
        "central_holds_five: Forts halten für Mittelmächte Anzahl 5")
    assert form.contents.text() == "0 vorplatzierte Einheiten, 0 Auslöser."
    assert form.minimumSizeHint().height() <= 680  # it scrolls instead of leaving the screen
    assert not clipped(form), clipped(form)


def test_the_other_windows_of_the_parts_fit_in_german(german, make_window, qtbot, tmp_path):
    """The project view, the trigger and unit forms, the end screen and the Balance dock."""
    import shutil

    from editor.authoring.project import ProjectWindow
    from editor.playtest.end_screen import EndDialog
    from editor.scenario.document import ScenarioDocument
    from editor.scenario.triggers import TriggerEditor
    from editor.scenario.units_form import UnitsForm
    from engine.play.session import PlaytestSession
    from engine.rules.actions import Surrender

    shutil.copytree(ROOT / "content", tmp_path / "content")
    project = ProjectWindow(tmp_path / "content")
    doc = ScenarioDocument.open(tmp_path / "content" / "scenarios" / "default-2p.scenario.yaml")
    triggers, units = TriggerEditor(doc), UnitsForm(doc)
    session = PlaytestSession(load_scenario_file(), seed=3)
    session.apply(Surrender())
    end = EndDialog(session)
    w = make_window(load_map(DEFAULT_MAP), DEFAULT_MAP)
    w.resize(1280, 720)
    w.balance_dock.show()
    shown = [project, triggers, units, end, w]
    for window, size in zip(shown, ((1280, 720), (900, 700), (640, 420), (520, 520),
                                    (1280, 720)), strict=True):
        if window is not w:
            qtbot.addWidget(window)
            window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
    assert project.windowTitle().startswith("Projekt — ")
    assert "Mittelmächte" in end.title.text() or "Entente" in end.title.text()
    assert w.balance_dock.windowTitle() == "Balance"
    assert "Partien" in texts(w.balance_dock)
    for window in [project, triggers, units, end, w.balance_dock]:
        assert not clipped(window), clipped(window)


def load_scenario_file():
    from engine.content import load_scenario

    return load_scenario(ROOT / "content" / "scenarios" / "default-2p.scenario.yaml")


def test_the_scenario_tab_shows_the_german_name_briefing_and_messages(german, qtbot):
    from types import SimpleNamespace

    from editor.playtest.scenario_view import ScenarioView
    from engine.rules.events import ScenarioMessage

    scenario = SimpleNamespace(id="crossing", name={"de": "Übergang", "en": "Crossing"},
                               briefing={"de": "Nur die Westhälfte.", "en": "Only the west."},
                               objectives=[])
    state = SimpleNamespace(game=SimpleNamespace(scenario=scenario), log=[
        ScenarioMessage("t1", "Reinforcements arrive.", "Verstärkung trifft ein."),
        ScenarioMessage("t2", "Only English here.")])
    view = ScenarioView()
    qtbot.addWidget(view)
    view.show_state(state)
    text = view.label.text()
    for part in ("<b>Übergang</b>", "Nur die Westhälfte.", "<b>Ziele</b>",
                 "die Siegbedingungen des Regelwerks", "<b>Meldungen</b>",
                 "Verstärkung trifft ein.", "Only English here."):
        assert part in text, (part, text)
    assert "Crossing" not in text and "Reinforcements" not in text


def test_the_area_play_tests_actions_and_log_read_as_german_words(german):
    """Regression: under German the area play-test listed the English command text beside
    its German meaning (`place de-1 12 — Armee aufstellen: …`), and a battle result with no
    marker played showed `{}` in the log."""
    from editor.area.words import action_label, event_text
    from engine.rules.area.actions import AreaAction

    place = AreaAction("place", army="de-1", setup_slot=12)
    label = action_label(place)
    assert not label.startswith("place"), label
    assert label.startswith("Armee aufstellen: Armee de-1"), label
    factions = {"germans": "Deutsche"}
    none = event_text({"event": "battle_result", "round": 2, "front": 1, "markers": {},
                       "leads": {"att": "de-1", "dfd": "fr-2"}}, factions)
    assert "{}" not in none and ": keine" not in none, none
    assert "keine" in none and "Angreifer de-1, Verteidiger fr-2" in none, none
    i18n.set_language("en")  # the engine's language decides; Qt's translators stay German
    try:
        assert action_label(place).startswith("place de-1 12 — ")
    finally:
        i18n.set_language("de")
