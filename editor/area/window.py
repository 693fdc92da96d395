"""The Der Erste Weltkrieg area-map editor window: canvas, tools, properties, live problems,
undo, atomic save, crash recovery of unsaved work (editor.area.recovery), and a play-test of
the map with its scenario's armies and ruleset."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QUndoGroup
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QListWidget,
    QMainWindow,
    QMessageBox,
    QToolBar,
)

from editor.area.canvas import TOOLS, AreaCanvas
from editor.area.document import AreaDocument
from editor.area.properties import AreaProperties, faction_names
from editor.area.recovery import AreaAutosave, recovered_scenario, restore_document
from editor.recovery import RecoverySlot, RecoveryStore
from engine.area_model import AreaScenario
from engine.content import load_file
from engine.i18n import localized

TOOL_KEYS = {"select": "S", "front": "F", "city": "C", "base": "B", "line": "L"}


NEW_FILE = "new.area-map.yaml"  # the file name Save As suggests (a name, not text)


class AreaEditorWindow(QMainWindow):
    """Edits one area map; opened on an area map or an area scenario (whose armies and ruleset
    the play-test then uses)."""

    def __init__(self, doc: AreaDocument, scenario: AreaScenario | None = None,
                 recovery: RecoveryStore | None = None) -> None:
        super().__init__()
        self.doc = doc
        self.scenario = scenario
        self.recovery = recovery
        self.keeper = AreaAutosave(recovery, lambda text: self.statusBar().showMessage(
            text, 6000), self)
        self.playtests: list[object] = []
        self.undo_group = QUndoGroup(self)
        self.undo_group.cleanChanged.connect(lambda _c: self._title())
        self.undo_group.indexChanged.connect(lambda _i: self._title())
        self.canvas = AreaCanvas(doc)
        self.setCentralWidget(self.canvas)
        self.properties = AreaProperties(doc)
        self.problems = QListWidget()
        for name, title, widget, area in (
                ("Properties", self.tr("Properties"), self.properties,
                 Qt.DockWidgetArea.RightDockWidgetArea),
                ("Problems", self.tr("Problems"), self.problems,
                 Qt.DockWidgetArea.BottomDockWidgetArea)):
            dock = QDockWidget(title, self)
            dock.setObjectName(name)  # the same in every language
            dock.setWidget(widget)
            self.addDockWidget(area, dock)
        self._menus()
        self.canvas.selected.connect(self.properties.show_selection)
        self.canvas.status.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self._connect(doc)
        self.resize(1280, 800)

    def _connect(self, doc: AreaDocument) -> None:
        self.undo_group.addStack(doc.undo_stack)
        self.undo_group.setActiveStack(doc.undo_stack)
        doc.problems_changed.connect(self._show_problems)
        doc.changed.connect(lambda: self.properties.show_selection(self.canvas.selection))
        doc.setParent(self)  # the document lives as long as its window
        self.keeper.watch(doc)
        self._show_problems()
        self._title()

    def _menus(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu(self.tr("&File"))
        for text, key, slot in ((self.tr("&New Area Map"), QKeySequence.StandardKey.New,
                                 self.new_map),
                                (self.tr("&Open…"), QKeySequence.StandardKey.Open, self.open),
                                (self.tr("&Save"), QKeySequence.StandardKey.Save, self.save),
                                (self.tr("Save &As…"), QKeySequence.StandardKey.SaveAs,
                                 self.save_as),
                                (self.tr("&Close"), QKeySequence.StandardKey.Close, self.close)):
            action = file.addAction(text, slot)
            action.setShortcut(key)
        edit = bar.addMenu(self.tr("&Edit"))
        undo = self.undo_group.createUndoAction(self, self.tr("&Undo"))
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.undo_group.createRedoAction(self, self.tr("&Redo"))
        redo.setShortcut(QKeySequence.StandardKey.Redo)
        self.undo_action, self.redo_action = undo, redo
        edit.addActions([undo, redo])
        delete = edit.addAction(self.tr("&Delete"), self._delete)
        delete.setShortcut(QKeySequence.StandardKey.Delete)
        play = bar.addMenu(self.tr("&Play"))
        test = play.addAction(self.tr("&Play-test…"), self.playtest)
        test.setShortcut(QKeySequence("Ctrl+T"))
        tools = QToolBar(self.tr("Tools"))
        tools.setObjectName("tools")
        self.addToolBar(tools)
        group = QActionGroup(self)
        self.tool_actions: dict[str, QAction] = {}
        names = {"select": self.tr("Select"), "front": self.tr("Front"), "city": self.tr("City"),
                 "base": self.tr("Base"), "line": self.tr("Attack line")}
        for tool in TOOLS:
            action = QAction(names[tool], self, checkable=True)
            action.setShortcut(QKeySequence(TOOL_KEYS[tool]))
            action.setStatusTip(self.tr("%1 tool (%2)").replace("%1", names[tool]).replace(
                "%2", TOOL_KEYS[tool]))
            action.triggered.connect(lambda _c=False, t=tool: self.canvas.set_tool(t))
            group.addAction(action)
            tools.addAction(action)
            self.tool_actions[tool] = action
        self.tool_actions["select"].setChecked(True)
        self.owner_box = QComboBox()
        for faction, name in faction_names().items():
            self.owner_box.addItem(name, faction)
        self.owner_box.setCurrentIndex(self.owner_box.findData("germans"))
        self.owner_box.setToolTip(self.tr("Owner of new cities and bases"))
        self.owner_box.currentIndexChanged.connect(
            lambda _i: setattr(self.canvas, "owner", self.owner_box.currentData()))
        tools.addWidget(self.owner_box)

    def _delete(self) -> None:
        if self.canvas.selection:
            self.doc.delete(self.canvas.selection)
            self.canvas.select("")

    def _show_problems(self) -> None:
        self.problems.clear()
        for p in self.doc.problems:
            where = self.tr(" at %1").replace("%1", p.pointer) if p.pointer else ""
            hint = f" — {p.hint}" if p.hint else ""
            severity = QCoreApplication.translate("Problems", p.severity)
            self.problems.addItem(f"{severity} {p.code}: {p.message}{where}{hint}")
        if not self.doc.problems:
            self.problems.addItem(self.tr("No problems"))

    def _title(self) -> None:
        if self.undo_group.activeStack() is None:
            return
        name = self.doc.path.name if self.doc.path else self.tr("untitled")
        dirty = "" if self.undo_group.isClean() else "*"
        self.setWindowTitle(self.tr("%1%2 — %3 — Trench Club Studio").replace(
            "%1", dirty).replace("%2", name).replace("%3", localized(self.doc.map.name)))


    # ------------------------------------------------------------------ files
    def _confirm_discard(self) -> bool:
        if self.doc.undo_stack.isClean():
            return True
        answer = QMessageBox.question(
            self, self.tr("Unsaved changes"), self.tr("Save the changes to this area map?"),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def _replace(self, doc: AreaDocument, scenario: AreaScenario | None) -> None:
        self.doc = doc
        self.scenario = scenario
        self.canvas.set_document(doc)
        self.properties.set_document(doc)
        self._connect(doc)

    def new_map(self) -> None:
        """Start an empty area map (after asking about unsaved changes)."""
        if self._confirm_discard():
            self._replace(AreaDocument.blank(), None)

    def open(self, path: str | None = None) -> bool:
        """Open an area map or area scenario; problems are listed, never a crash."""
        if path is None and not self._confirm_discard():
            return False
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, self.tr("Open area map"), "",
                                                  self.tr("Content (*.yaml *.yml *.json)"))
            if not path:
                return False
        opened = open_area(Path(path))
        if isinstance(opened, str):
            QMessageBox.warning(self, self.tr("Cannot open file"), opened)
            return False
        self._replace(*opened)
        return True

    def save(self) -> bool:
        """Save to the map's file (atomic); Save As when it has none."""
        if self.doc.path is None:
            return self.save_as()
        try:
            self.doc.save()
        except OSError as exc:
            self._cannot_save(self.doc.path, exc)
            return False
        self.keeper.saved()
        self.statusBar().showMessage(self.tr("Saved %1").replace("%1", str(self.doc.path)))
        return True

    def save_as(self) -> bool:
        """Save to a new file."""
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save area map"),
                                              NEW_FILE, self.tr("YAML (*.yaml)"))
        if not path:
            return False
        try:
            self.doc.save(Path(path))
        except OSError as exc:
            self._cannot_save(Path(path), exc)
            return False
        self.keeper.saved()
        self._title()
        return True

    def _cannot_save(self, path: Path, exc: OSError) -> None:
        # strerror, not str(exc): that names the hidden temporary file, not the user's.
        QMessageBox.warning(self, self.tr("Cannot save"), self.tr(
            "%1: %2\n(hint: Save As to a folder that exists and that you can write to; your "
            "changes are still open)").replace("%1", str(path)).replace(
                "%2", str(exc.strerror or exc)))

    def playtest(self) -> object | None:
        """Play the edited map with the scenario's armies and ruleset (hot-seat or AI seats)."""
        # lazy: the play-test window and the engine load only when asked for
        from editor.area.playtest import AreaPlaytestWindow, playtest_scenario
        made = playtest_scenario(self.doc, self.scenario)
        if isinstance(made, str):
            QMessageBox.warning(self, self.tr("Cannot play-test"), made)
            return None
        window = AreaPlaytestWindow(made, map_path=self.doc.path)
        window.show()
        self.playtests.append(window)
        return window

    @property
    def recovery_slot(self) -> RecoverySlot | None:
        """This window's recovery slot (None until its first recovery copy)."""
        return self.keeper.slot

    def adopt_recovery(self, slot: RecoverySlot) -> None:
        """Make `slot` (restored work) this window's recovery slot, dropping its own."""
        self.keeper.adopt(slot)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._confirm_discard():
            self.keeper.close()
            event.accept()
        else:
            event.ignore()


def open_area(path: Path) -> tuple[AreaDocument, AreaScenario | None] | str:
    """The document (and scenario) of an area map or area scenario file, or why not."""
    loaded = load_file(path)
    if loaded.kind == "area-scenario" and loaded.model is not None and \
            loaded.model.map is not None:
        map_path = (path.parent / loaded.model.map_ref).resolve()
        return AreaDocument(loaded.model.map, map_path, path.resolve()), loaded.model
    if loaded.kind == "area-map" and loaded.model is not None:
        return AreaDocument(loaded.model, path), None
    errors = loaded.errors or loaded.problems
    first = errors[0].format() if errors else QCoreApplication.translate(
        "AreaEditorWindow", "%1: not an area map or area scenario").replace("%1", str(path))
    return first + "\n" + QCoreApplication.translate(
        "AreaEditorWindow", "(hint: open a .area-map.yaml or .area-scenario.yaml file)")


def restore_area_window(slot: RecoverySlot,
                        recovery: RecoveryStore | None) -> AreaEditorWindow | str:
    """A new, shown area editor window holding a recovery slot's area-map work as unsaved
    edits to its original file, with the area scenario it was opened through (the window keeps
    the slot), or why the work cannot be read. A scenario that no longer loads is said in a
    message; the map is restored alone."""
    doc = restore_document(slot)
    if isinstance(doc, str):
        return doc
    scenario = recovered_scenario(doc)
    if isinstance(scenario, str):
        doc.scenario_path = None  # the window plays the map alone now
    window = AreaEditorWindow(doc, scenario if not isinstance(scenario, str) else None,
                              recovery)
    window.adopt_recovery(slot)
    window.show()
    window.canvas.zoom_to_fit()
    if isinstance(scenario, str):  # said once, whole: a status bar would cut the hint off
        QMessageBox.warning(window, QCoreApplication.translate(
            "AreaEditorWindow", "Scenario not reopened"), scenario)
    return window
