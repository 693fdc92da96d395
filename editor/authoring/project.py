"""The project view: a content folder's maps, unit catalogs, rulesets and scenarios in a
tree with their problems (the engine's validation of the folder), new catalogs and rulesets
from the built-in ones, and a double-click that opens the right editor — catalogs and
rulesets in their editors, maps and scenarios in the map editor (through `open_map`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QT_TR_NOOP, Qt
from PySide6.QtGui import QAction, QBrush, QCloseEvent, QColor, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QMainWindow,
    QMessageBox,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from editor.authoring.document import key_of
from editor.authoring.opener import content_kind, open_content_editor
from editor.authoring.window import ContentWindow
from editor.i18n import tr
from editor.recovery import RecoveryStore
from engine.content import (
    ContentError,
    collect_files,
    load_document,
    save_document,
    validate_report,
)
from engine.content.problems import Problem
from engine.paths import CONTENT_DIR

GROUPS = (("map", QT_TR_NOOP("Maps")), ("catalog", QT_TR_NOOP("Unit catalogs")),
          ("ruleset", QT_TR_NOOP("Rulesets")), ("scenario", QT_TR_NOOP("Scenarios")),
          ("area-scenario", QT_TR_NOOP("Der Erste Weltkrieg scenarios")),
          ("area-map", QT_TR_NOOP("Der Erste Weltkrieg maps")), ("", QT_TR_NOOP("Other content")))
TEMPLATES = {"catalog": CONTENT_DIR / "catalog" / "base.catalog.yaml",
             "ruleset": CONTENT_DIR / "rulesets" / "current.ruleset.yaml"}
PATH_ROLE = Qt.ItemDataRole.UserRole
POINTER_ROLE = Qt.ItemDataRole.UserRole + 1


def counted(problems: list[Problem]) -> str:
    """"2 errors, 1 warning", or "ok"."""
    errors = sum(p.severity == "error" for p in problems)
    warnings = len(problems) - errors
    parts = [tr("1 error") if errors == 1 else tr("{n} errors").format(n=errors)] if errors else []
    parts += ([tr("1 warning") if warnings == 1 else tr("{n} warnings").format(n=warnings)]
              if warnings else [])
    return ", ".join(parts) or tr("ok")


class ProjectWindow(QMainWindow):
    """A content folder as a tree; `open_map(path)` opens a map or scenario for editing."""

    def __init__(self, folder: Path, open_map: Callable[[Path], object] | None = None,
                 recovery: RecoveryStore | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("projectWindow")
        self.folder = Path(folder)
        self.open_map = open_map
        self.recovery = recovery
        self.editors: list[ContentWindow] = []
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([tr("File"), tr("Problems")])
        self.tree.setColumnWidth(0, 420)
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemDoubleClicked.connect(self._activated)
        self.setCentralWidget(self.tree)
        menu = self.menuBar().addMenu(tr("&File"))
        for text, keys, slot in (
                (tr("Open &Folder…"), "Ctrl+Shift+O", self.choose_folder),
                (tr("New unit &catalog…"), None, lambda: self.new_from_template("catalog")),
                (tr("New &ruleset…"), None, lambda: self.new_from_template("ruleset")),
                (tr("&Refresh"), QKeySequence.StandardKey.Refresh, self.refresh),
                (tr("&Close"), QKeySequence.StandardKey.Close, self.close)):
            action = QAction(text, self)
            if keys is not None:
                action.setShortcut(QKeySequence(keys))
            action.triggered.connect(slot)
            menu.addAction(action)
            self.addAction(action)
        self.resize(760, 560)
        self.refresh()

    def refresh(self) -> None:
        """Read the folder again: its content files by kind, each with its problems."""
        self.setWindowTitle(tr("Project — {folder}").format(folder=self.folder))
        self.tree.clear()
        files, _ = collect_files([self.folder])
        _, problems = validate_report([self.folder])
        by_file: dict[str, list[Problem]] = {}
        for p in problems:
            by_file.setdefault(str(Path(p.file).resolve()) if p.file else "", []).append(p)
        groups: dict[str, QTreeWidgetItem] = {}
        for kind, label in GROUPS:
            group = QTreeWidgetItem([tr(label), ""])
            font = group.font(0)
            font.setBold(True)
            group.setFont(0, font)
            groups[kind] = group
        for path in files:
            kind = content_kind(path) or ""
            found = by_file.get(str(path.resolve()), [])
            item = QTreeWidgetItem([str(path.relative_to(self.folder)), counted(found)])
            item.setData(0, PATH_ROLE, str(path))
            item.setToolTip(0, str(path))
            if any(p.severity == "error" for p in found):
                item.setForeground(1, QBrush(QColor("#b03a2e")))
            for p in found:
                where = f"{p.line}:{p.col}" if p.line else (p.pointer or "")
                child = QTreeWidgetItem([f"{where} {p.message}", p.hint])
                child.setData(0, PATH_ROLE, str(path))
                child.setData(0, POINTER_ROLE, p.pointer or "")
                child.setToolTip(0, tr("{code}: {message} (hint: {hint})").format(
                    code=p.code, message=p.message, hint=p.hint))
                item.addChild(child)
            groups.get(kind, groups[""]).addChild(item)
        for kind, _label in GROUPS:
            group = groups[kind]
            group.setText(1, str(group.childCount()))
            if group.childCount():
                self.tree.addTopLevelItem(group)
                group.setExpanded(True)
        if not files:
            self.tree.addTopLevelItem(QTreeWidgetItem([tr("No content files in this folder "
                                                          "(*.map.yaml, *.catalog.yaml, …)")]))
        for p in problems:
            if p.code == "file.too_many":  # the folder's own problem: no file item shows it
                note = QTreeWidgetItem([p.message, p.hint])
                note.setForeground(0, QBrush(QColor("#b03a2e")))
                note.setToolTip(0, f"{p.message} ({p.hint})")
                self.tree.insertTopLevelItem(0, note)

    def file_items(self) -> dict[str, QTreeWidgetItem]:
        """The tree's file items by path."""
        out = {}
        for g in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(g)
            for k in range(group.childCount()):
                item = group.child(k)
                out[item.data(0, PATH_ROLE)] = item
        return out

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        path = item.data(0, PATH_ROLE)
        if path:
            self.open_path(Path(path), item.data(0, POINTER_ROLE) or "")

    def open_path(self, path: Path, pointer: str = "") -> object:
        """Open a content file in the editor for its kind (and show the problem at
        `pointer`); a message says why when it cannot be opened."""
        kind = content_kind(path)
        if kind in ("catalog", "ruleset"):
            for editor in self.editors:
                if editor.doc.path == path and editor.isVisible():
                    editor.raise_()
                    break
            else:
                try:
                    editor = open_content_editor(path, self.recovery)
                except (ContentError, OSError) as exc:
                    self.tell(tr("Cannot open"), f"{path}: {exc}")
                    return None
                self.editors.append(editor)
            if pointer:
                editor.go_to(key_of(pointer))
            return editor
        if kind in ("map", "scenario") and self.open_map is not None:
            return self.open_map(path)
        if kind in ("area-map", "area-scenario"):
            return self._open_area(path)
        self.tell(tr("Cannot open"), tr("{path}: the Studio has no editor for this kind of "
                                        "content yet (hint: edit it as text and run "
                                        "tcstudio validate)").format(path=path))
        return None

    def _open_area(self, path: Path) -> object:
        """A Der Erste Weltkrieg map or scenario in the area editor."""
        # lazy: the area editor loads only when an area file is opened
        from editor.area.window import AreaEditorWindow, open_area
        opened = open_area(path)
        if isinstance(opened, str):
            self.tell(tr("Cannot open"), opened)
            return None
        window = AreaEditorWindow(*opened, recovery=self.recovery)
        window.show()
        self.editors.append(window)  # type: ignore[arg-type]
        return window

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the project closes the editors opened from it (each asks about its unsaved
        work; Cancel in one keeps the project open)."""
        for editor in self.editors:
            if editor.isVisible() and not editor.close():
                event.ignore()
                return
        event.accept()

    def tell(self, title: str, text: str) -> None:
        """Show a message the user must read."""
        QMessageBox.information(self, title, text)

    def choose_folder(self) -> None:
        """File ▸ Open Folder…: show another content folder."""
        folder = QFileDialog.getExistingDirectory(self, tr("Open content folder"),
                                                  str(self.folder))
        if folder:
            self.folder = Path(folder)
            self.refresh()

    def new_from_template(self, kind: str, file_id: str | None = None) -> Path | None:
        """A new catalog or ruleset in the folder, copied from the built-in one under a new
        id, opened in its editor; None when cancelled or it cannot be written."""
        if file_id is None:
            text, ok = QInputDialog.getText(self, tr("New {kind}").format(kind=kind),
                                            tr("Id (lower case letters, digits, _):"))
            if not ok or not text.strip():
                return None
            file_id = text.strip()
        target = self.folder / f"{file_id}.{kind}.yaml"
        if target.exists():
            self.tell(tr("Cannot create"), tr("{path} exists already (hint: pick another "
                                              "id)").format(path=target))
            return None
        data = load_document(TEMPLATES[kind]).data
        data["id"] = file_id
        data["name"] = {"de": file_id, "en": file_id}
        try:
            save_document(data, target)
        except OSError as exc:
            self.tell(tr("Cannot create"), f"{target}: {exc.strerror or exc}")
            return None
        self.refresh()
        self.open_path(target)
        return target
