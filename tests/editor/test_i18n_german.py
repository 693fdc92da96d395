"""Issue 18: the editor in German. With language "de" the menus, the terrain palette (the
rulebook's words), dialogs, the Problems panel, undo texts and Qt's own buttons are German;
German text fits its widgets at 1280×720; View ▸ Language stores the choice for the next
start; the translators load from the compiled .qm files."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialogButtonBox,
    QLabel,
    QMenuBar,
    QPushButton,
    QTableWidget,
    QWidget,
)

from editor import app, i18n
from editor.dialogs import MapPropertiesDialog, NewMapDialog, ShortcutsDialog
from editor.i18n_parts import TRANSLATIONS
from editor.main_window import MainWindow
from editor.settings import Settings
from editor.window_language import choose_language
from engine import i18n as engine_i18n
from engine.hexes import Hex
from engine.model import GameMap

pytestmark = pytest.mark.qt


@pytest.fixture
def german(qapp):
    """German for the test's windows; English again afterwards."""
    installed = i18n.install_translators(qapp, "de")
    yield installed
    i18n.install_translators(qapp, "en")


def test_translators_load_every_part_and_qts_own(german, qapp):
    loaded = {t.filePath().rsplit("/", 1)[-1] for t in german}
    assert {"core_de.qm", "qtbase_de.qm"} <= loaded
    assert engine_i18n.current_language() == "de"
    assert QApplication.translate("MainWindow", "&File") == "&Datei"
    i18n.install_translators(qapp, "en")
    assert QApplication.translate("MainWindow", "&File") == "&File"
    assert engine_i18n.current_language() == "en"


def test_a_stale_qm_is_compiled_again(tmp_path, monkeypatch):
    ts = TRANSLATIONS / "core_de.ts"
    qm = TRANSLATIONS / "core_de.qm"
    if qm.exists():
        qm.unlink()
    monkeypatch.setattr(i18n, "_cache_dir", lambda: tmp_path)
    found = i18n.qm_files("de")
    assert qm in found or tmp_path / "core_de.qm" in found
    assert qm.exists() and qm.stat().st_mtime >= ts.stat().st_mtime


def _menu_titles(window: MainWindow) -> list[str]:
    return [a.text().replace("&", "") for a in window.menuBar().actions()]


def test_main_window_is_german(german, make_window, qtbot):
    w = make_window()
    assert _menu_titles(w)[:4] == ["Datei", "Bearbeiten", "Ansicht", "Karte"]
    assert "Werkzeuge" in _menu_titles(w) and "Hilfe" in _menu_titles(w)
    palette = {b.objectName(): b.text() for b in w.tools_panel.findChildren(QAbstractButton)
               if b.objectName().startswith("terrain_")}
    assert [palette[f"terrain_{t}"] for t in ("meadow", "forest", "road", "bridge", "water",
                                                "trench")] == [
        "Wiese", "Wald", "Straße", "Brücke", "Wasser", "Graben"]
    header = w.problems_panel.tree.headerItem()
    assert [header.text(i) for i in range(4)] == ["Problem", "Wo", "Behebung", "Code"]
    w.validator.check_sync()
    assert w.problems_dock.windowTitle() == "Probleme – ✔ Keine Probleme"
    assert w.tools_dock.windowTitle() == "Werkzeuge"
    assert w.act_undo.iconText() == "Rückgängig"
    assert w.tool_actions["fort"].text() == "Fort"
    assert w.tool_actions["marker"].text() == "Startmarker"
    w._show_hex(Hex(2, 2))
    assert w.terrain_label.text() == "Wiese"
    w._fill_recent()  # a mixin's (FileActions) self.tr strings translate too
    assert [a.text() for a in w.recent_menu.actions()] == ["(keine)"]
    language = [a.text() for a in w.language_menu.actions()]
    assert language == ["System", "English", "Deutsch"]


def test_undo_texts_are_german(german, make_window):
    w = make_window()
    w.document.paint_terrain([Hex(2, 2), Hex(3, 2)], "forest", None)
    assert w.document.undo_stack.undoText() == "Malen: Wald (2 Felder)"
    assert w.act_undo.text() == "&Rückgängig Malen: Wald (2 Felder)"
    w.document.set_selection({Hex(2, 2)})
    assert w.selection_label.text() == "1 Feld ausgewählt"
    w.document.set_selection({Hex(2, 2), Hex(3, 2)})
    assert w.selection_label.text() == "2 Felder ausgewählt"
    w.copy()  # a plural in a mixin (EditActions)
    assert w.statusBar().currentMessage() == "2 Felder kopiert"


def test_dialogs_and_qt_buttons_are_german(german, qapp):
    new = NewMapDialog()
    assert new.windowTitle() == "Neue Karte"
    assert new.orientation.currentText() == "Spitze oben"
    assert new.values()["orientation"] == "pointy"
    buttons = new.findChild(QDialogButtonBox)
    assert {b.text().replace("&", "") for b in buttons.buttons()} == {"OK", "Abbrechen"}
    props = MapPropertiesDialog(GameMap.blank("m", 4, 4, name="M"))
    assert props.season.currentText() == "Sommer"
    assert props.changes() == {}
    props.season.setCurrentIndex(1)
    assert props.changes() == {"season": "winter"}


def test_shortcuts_dialog_names_keys_in_german(german, settings, qtbot):
    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    dialog = ShortcutsDialog(w.actions(), w)
    table = dialog.findChild(QTableWidget)
    rows = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    assert rows["Speichern"] == "Strg+S"
    w.validator.shutdown()


def test_a_subclass_of_a_window_still_translates(german, settings, qtbot):
    class MyWindow(MainWindow):
        pass

    w = MyWindow(settings=settings)
    qtbot.addWidget(w)
    assert _menu_titles(w)[0] == "Datei"
    w.validator.shutdown()


def _label_clipped(label: QLabel) -> str | None:
    text = label.text()
    has_picture = label.pixmap() is not None and not label.pixmap().isNull()
    if not text or label.wordWrap() or "<" in text or has_picture:
        return None
    margins = label.contentsMargins()
    room = label.width() - margins.left() - margins.right()
    if label.fontMetrics().horizontalAdvance(text) > room:
        return f"label {text!r}: {room}px"
    return None


def _clipped(root: QWidget) -> list[str]:
    """Visible buttons and labels whose text is wider than the widget shows it."""
    out = []
    for widget in root.findChildren(QWidget):
        if not widget.isVisible() or widget.width() <= 0:
            continue
        if isinstance(widget, QLabel):
            problem = _label_clipped(widget)
            if problem:
                out.append(problem)
        elif (isinstance(widget, QAbstractButton) and widget.text()
              and widget.sizeHint().width() > widget.width() + 1):
            out.append(f"button {widget.text()!r}: {widget.width()} < "
                       f"{widget.sizeHint().width()}px")
    return out


def test_german_text_fits_at_1280x720(german, make_window, qtbot):
    w = make_window(compact=True)
    w.resize(1280, 720)
    qtbot.wait(100)
    assert _clipped(w) == []
    bar = w.findChild(QMenuBar)
    hidden = [a.text() for a in bar.actions() if bar.actionGeometry(a).right() > bar.width()]
    assert hidden == []
    for dock in (w.inspector_dock, w.layers_dock, w.stamps_dock, w.history_dock):
        dock.raise_()
        qtbot.wait(20)
        assert _clipped(dock) == [], dock.objectName()


def test_clipped_text_is_detected(german, qtbot):
    holder = QWidget()
    qtbot.addWidget(holder)
    label = QLabel("Geländezeile mit sehr langem deutschen Text", holder)
    button = QPushButton("Gelände in überdeckte Felder schreiben", holder)
    holder.show()
    label.resize(40, 20)
    button.resize(40, 20)
    assert len(_clipped(holder)) == 2


def test_language_setting_applies_at_the_next_start(tmp_path, qapp, monkeypatch):
    settings = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert settings.pref("language") == "system"
    assert i18n.chosen_language(settings) == "de"
    told = []
    assert choose_language(QWidget(), settings, "en", lambda t, m: told.append((t, m)))
    assert i18n.chosen_language(settings) == "en"
    assert told == [i18n.RESTART_NOTES["en"]]
    assert choose_language(QWidget(), settings, "de", lambda t, m: told.append((t, m)))
    assert told[-1] == ("Sprache", "Trench Club Studio spricht ab dem nächsten Start Deutsch.")
    assert not choose_language(QWidget(), settings, "de", lambda t, m: told.append((t, m)))
    monkeypatch.setenv("LC_ALL", "C")
    settings.set_pref("language", "system")
    assert i18n.chosen_language(settings) == "en"


def test_editor_start_follows_a_german_locale(qapp, tmp_path, monkeypatch):
    """`LANG=de_DE.UTF-8 tcstudio edit`: app.run installs German before the window exists."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    titles = []

    def shoot(_app, window, _out) -> int:
        titles.append([a.text() for a in window.menuBar().actions()])
        window.document.undo_stack.setClean()
        window.close()
        return 0

    monkeypatch.setattr(app, "_screenshot", shoot)
    try:
        assert app.run(screenshot=str(tmp_path / "shot.png")) == 0
    finally:
        i18n.install_translators(qapp, "en")
    assert titles[0][:3] == ["&Datei", "&Bearbeiten", "&Ansicht"]


def test_an_explicit_language_wins_over_the_locale(qapp, tmp_path, monkeypatch):
    """`tcstudio --lang en edit` under a German locale: English."""
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    titles = []

    def shoot(_app, window, _out) -> int:
        titles.append(window.menuBar().actions()[0].text())
        window.document.undo_stack.setClean()
        window.close()
        return 0

    monkeypatch.setattr(app, "_screenshot", shoot)
    try:
        assert app.run(screenshot=str(tmp_path / "shot.png"), language="en") == 0
        assert app.run(screenshot=str(tmp_path / "shot.png")) == 0
    finally:
        i18n.install_translators(qapp, "en")
    assert titles == ["&File", "&Datei"]
