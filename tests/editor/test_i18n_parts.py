"""German for the play-test and authoring parts of the Studio (#18).

Each part's committed catalog (editor/translations/<part>_de.ts) must hold a finished German
translation of every message `pyside6-lupdate` finds in the part's sources; every string the
sources mark (tr, translate, QT_*_NOOP) must be one lupdate finds (it silently drops some call
forms); no user-visible literal goes to a Qt setter unwrapped. Then the compiled catalogs are
loaded and the play-test, the catalog editor and the area editor are checked to speak German
without clipping at 1280×720.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTranslator
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QToolButton, QWidget

from engine import i18n
from engine.content import load_map

ROOT = Path(__file__).resolve().parents[2]
EDITOR = ROOT / "editor"
TRANSLATIONS = EDITOR / "translations"
TOOLS = Path(sys.executable).parent
DEFAULT_MAP = ROOT / "content" / "maps" / "default.map.yaml"
CATALOG = ROOT / "content" / "catalog" / "base.catalog.yaml"
AREA_SCENARIO = ROOT / "content" / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml"

PARTS = {
    "playtest": [*sorted((EDITOR / "playtest").glob("*.py")), EDITOR / "balance_dock.py"],
    "authoring": [*sorted((EDITOR / "authoring").glob("*.py")),
                  *sorted((EDITOR / "scenario").glob("*.py")),
                  *sorted((EDITOR / "area").glob("*.py"))],
}

# Setter -> the positions of its user-visible text arguments (None: every argument).
TEXT_ARGS: dict[str, tuple[int, ...] | None] = {
    "setText": (0,), "setToolTip": (0,), "setStatusTip": (0,), "setWindowTitle": (0,),
    "setPlaceholderText": (0,), "addMenu": (0,), "addTab": (1,), "setTabText": (1,),
    "setHorizontalHeaderLabels": (0,), "setVerticalHeaderLabels": (0,),
    "setHeaderLabels": (0,), "addItem": (0,), "addItems": (0,), "setItemText": (1,),
    "showMessage": (0,), "setTitle": (0,), "setLabelText": (0,), "addRow": (0,),
    "setSpecialValueText": (0,), "setFormat": (0,), "setPrefix": (0,), "setSuffix": (0,),
    "QAction": (0,), "QLabel": (0,), "QPushButton": (0,), "QCheckBox": (0,),
    "QRadioButton": (0,), "QGroupBox": (0,), "QToolButton": (0,), "QDockWidget": (0,),
    "QListWidgetItem": (0,), "QTreeWidgetItem": (0,), "QUndoCommand": (0,),
    "information": (1, 2), "warning": (1, 2), "critical": (1, 2), "question": (1, 2),
    "getSaveFileName": (1, 3), "getOpenFileName": (1, 3), "getText": (1, 2),
    "getExistingDirectory": (1,), "beginMacro": (0,), "setInformativeText": (0,),
    # The parts' own ways to a status bar or a message box.
    "status": (0,), "tell": (0, 1), "show_error": (0, 1),
}
WRAPPERS = {"tr", "translate", "QT_TR_NOOP", "QT_TRANSLATE_NOOP"}


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else None


def _words(text: str) -> bool:
    """Whether a literal holds words a person reads (markup and symbols alone do not)."""
    return re.search(r"[A-Za-z]{2,}", re.sub(r"<[^>]*>", "", text)) is not None


def unwrapped_literals(node: ast.expr) -> list[str]:
    """The literal texts with words inside `node` that no translation call wraps."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if _words(node.value) else []
    if isinstance(node, ast.Call) and _name(node.func) in WRAPPERS:
        return []
    if isinstance(node, ast.JoinedStr):
        return [v.value for v in node.values
                if isinstance(v, ast.Constant) and _words(str(v.value))]
    if isinstance(node, ast.Call) and _name(node.func) in ("replace", "format", "join") \
            and isinstance(node.func, ast.Attribute):
        return unwrapped_literals(node.func.value) + [
            t for a in node.args for t in unwrapped_literals(a)]
    children: list[ast.expr] = []
    if isinstance(node, ast.BinOp):
        children = [node.left, node.right]
    elif isinstance(node, ast.IfExp):
        children = [node.body, node.orelse]
    elif isinstance(node, (ast.List, ast.Tuple)):
        children = list(node.elts)
    return [t for c in children for t in unwrapped_literals(c)]


def unwrapped_in(path: Path, root: Path = ROOT) -> list[str]:
    """`file:line: setter: text` for each user-visible literal passed to a Qt setter bare."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        positions = TEXT_ARGS.get(_name(node.func) or "", ())
        args = [a for i, a in enumerate(node.args) if positions is None or i in positions]
        for arg in args:
            for text in unwrapped_literals(arg):
                found.append(f"{path.relative_to(root)}:{node.lineno}: "
                             f"{_name(node.func)}: {text!r}")
    return found


def marked_strings(path: Path) -> tuple[set[tuple[str, str, bool]], list[str]]:
    """(context, source, plural) of every literal the file marks for translation, as lupdate
    should file it, and the calls that translate an f-string or a computed text."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[tuple[str, str, bool]] = set()
    bad: list[str] = []

    def visit(node: ast.AST, cls: str) -> None:
        for child in ast.iter_child_nodes(node):
            visit(child, child.name if isinstance(child, ast.ClassDef) else cls)
        if not isinstance(node, ast.Call):
            return
        name = _name(node.func)
        if name not in WRAPPERS or not node.args:
            return
        with_context = name in ("translate", "QT_TRANSLATE_NOOP")
        text_at = 1 if with_context else 0
        if len(node.args) <= text_at:
            return
        text = node.args[text_at]
        if isinstance(text, ast.JoinedStr):
            bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}(f-string)")
            return
        if not (isinstance(text, ast.Constant) and isinstance(text.value, str)):
            return  # a variable holding a string marked elsewhere
        first = node.args[0]
        if with_context:
            if not isinstance(first, ast.Constant):
                return  # translate(context_variable, …): the context is looked up at run time
            context = str(first.value)
        else:
            is_self = isinstance(node.func, ast.Attribute) and isinstance(
                node.func.value, ast.Name) and node.func.value.id == "self"
            context = cls if is_self else ""
        plural = len(node.args) > text_at + 2
        found.add((context, text.value, plural))

    visit(tree, "")
    return found, bad


def read_ts(path: Path) -> dict[tuple[str, str], ET.Element]:
    """The messages of a .ts file by (context, source)."""
    out = {}
    for ctx in ET.parse(path).getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for message in ctx.iter("message"):
            out[(name, message.findtext("source") or "")] = message
    return out


def _lupdate_files(files: list[Path], target: Path) -> Path:
    # Absolute paths: the tool resolves a relative -ts path against another directory.
    subprocess.run([str(TOOLS / "pyside6-lupdate"), *[str(f.resolve()) for f in files], "-ts",
                    str(target.resolve()), "-locations", "none"], check=True,
                   capture_output=True)
    return target


def lupdate(part: str, target: Path) -> dict[tuple[str, str], ET.Element]:
    """Run pyside6-lupdate over the part's sources into `target` and read it."""
    return read_ts(_lupdate_files(PARTS[part], target))


def unfinished(message: ET.Element) -> str | None:
    """Why a committed message has no usable German (None: it has)."""
    translation = message.find("translation")
    if translation is None or translation.get("type") in ("unfinished", "obsolete", "vanished"):
        return "unfinished"
    if message.get("numerus") == "yes":
        forms = [f.text or "" for f in translation.iter("numerusform")]
        if len(forms) != 2 or not all(f.strip() for f in forms):
            return "needs a singular and a plural form"
        return None
    return None if (translation.text or "").strip() else "empty"


def missing_german(files: list[Path], committed_ts: Path, tmp: Path) -> list[str]:
    """The messages lupdate finds in `files` that `committed_ts` has no finished German for."""
    fresh = read_ts(_lupdate_files(files, tmp))
    committed = read_ts(committed_ts)
    out = []
    for key, message in fresh.items():
        ctx, src = key
        why = "missing" if key not in committed else unfinished(committed[key])
        if why is None and message.get("numerus") == "yes" \
                and committed[key].get("numerus") != "yes":
            why = "needs plural forms"
        if why:
            out.append(f"{ctx or '<free tr>'}: {src!r} ({why})")
    return out


@pytest.mark.parametrize("part", sorted(PARTS))
def test_every_message_of_the_part_has_a_finished_german_translation(part, tmp_path):
    assert len(lupdate(part, tmp_path / "count.ts")) > 100
    missing = missing_german(PARTS[part], TRANSLATIONS / f"{part}_de.ts", tmp_path / "p.ts")
    assert not missing, (f"{len(missing)} message(s) of {part} lack German in "
                         f"editor/translations/{part}_de.ts (run pyside6-lupdate over the part "
                         f"and translate them): {missing[:10]}")


@pytest.mark.parametrize("part", sorted(PARTS))
def test_lupdate_finds_every_string_the_sources_mark(part, tmp_path):
    fresh = lupdate(part, tmp_path / f"{part}.ts")
    marked: set[tuple[str, str, bool]] = set()
    fstrings: list[str] = []
    for path in PARTS[part]:
        found, bad = marked_strings(path)
        marked |= found
        fstrings += bad
    assert not fstrings, f"translate the template, then fill it in: {fstrings}"
    dropped = [(ctx, src) for ctx, src, _plural in marked if (ctx, src) not in fresh]
    assert not dropped, (f"pyside6-lupdate does not see these (a translate() count that is "
                         f"not a plain name, a context that is not the class…): {dropped[:10]}")
    singular = [(ctx, src) for ctx, src, plural in marked
                if plural and fresh[(ctx, src)].get("numerus") != "yes"]
    assert not singular, (f"plural forms need self.tr(…, '', n) or the free tr(…, '', n); "
                          f"lupdate filed these without them: {singular}")


@pytest.mark.parametrize("part", sorted(PARTS))
def test_no_user_visible_literal_reaches_a_qt_setter_unwrapped(part):
    found = [hit for path in PARTS[part] for hit in unwrapped_in(path)]
    assert not found, found


def test_the_checks_catch_a_new_english_string(tmp_path):
    """An unwrapped label fails the scan; a new tr() without German fails the catalog check."""
    probe = tmp_path / "probe.py"
    probe.write_text('from PySide6.QtWidgets import QLabel, QWidget\n\n\n'
                     'class Probe(QWidget):\n'
                     '    def make(self):\n'
                     '        QLabel("Brand new words")\n'
                     '        return self.tr("Another new sentence")\n', encoding="utf-8")
    assert [hit.split(": ", 2)[2] for hit in unwrapped_in(probe, tmp_path)] == [
        "'Brand new words'"]
    files = [*PARTS["playtest"], probe]
    missing = missing_german(files, TRANSLATIONS / "playtest_de.ts", tmp_path / "p.ts")
    assert missing == ["Probe: 'Another new sentence' (missing)"]


# --- the compiled catalogs at run time --------------------------------------------------------


@pytest.fixture
def german(qapp, tmp_path):
    """Both parts' catalogs compiled and installed, and the engine's language German."""
    translators = []
    for part in PARTS:
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
    from editor.playtest.words import controller_label, nation_name, phase_name, tr

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
