"""`ContentWindow`: what the catalog and ruleset editors share — File and Edit menus with
shortcuts, the dirty marker in the title, asking before closing unsaved work, the problems
list (a click goes to the field), atomic save with a located error, and crash recovery of
unsaved edits in the map editor's recovery store (editor/recovery.py)."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import shiboken6
from PySide6.QtCore import QT_TR_NOOP, Qt
from PySide6.QtGui import QAction, QBrush, QCloseEvent, QColor, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from editor.authoring.document import ContentDocument, Key, key_of
from editor.i18n import tr
from editor.playtest.words import severity_word
from editor.recovery import RecoveryStore, RecoveryWriter
from engine.content.problems import Problem

# A `#` that starts a line or follows a blank: YAML comments, which a save cannot keep.
COMMENT = re.compile(r"(^|\s)#", re.MULTILINE)


def file_has_comments(path: Path) -> bool:
    """Whether a YAML file probably holds comments (a save writes canonical YAML without
    them). Quoted `#` can make it say yes wrongly; it never misses a comment line."""
    if path.suffix == ".json" or not path.is_file():
        return False
    try:
        return bool(COMMENT.search(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError):
        return False


class ContentWindow(QMainWindow):
    """A main window around one ContentDocument; subclasses build the form in `central`
    and implement `go_to(key)` to show the field of a problem."""

    kind_label = QT_TR_NOOP("content")

    def __init__(self, doc: ContentDocument, recovery: RecoveryStore | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.comments_acknowledged = not file_has_comments(doc.path)
        self.recovery_writer = RecoveryWriter(recovery.claim) if recovery is not None else None
        self.problem_list = QListWidget()
        self.problem_list.setObjectName("problems")
        self.problem_list.setMaximumHeight(96)
        self.problem_list.itemActivated.connect(self._problem_clicked)
        self.problem_list.itemClicked.connect(self._problem_clicked)
        dock = QDockWidget(tr("Problems"), self)
        dock.setObjectName("problemsDock")
        dock.setWidget(self.problem_list)
        dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        dock.setMaximumHeight(124)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        self._build_menus()
        doc.fileChanged.connect(self.update_title)
        doc.problemsChanged.connect(self.show_problems)
        doc.undo_stack.indexChanged.connect(self.keep_recovery_copy)
        self.update_title()

    # --- menus ------------------------------------------------------------------------------

    def _action(self, text: str, shortcut: QKeySequence | str | None, slot: object) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(tr("&File"))
        file_menu.addAction(self._action(tr("&Save"), QKeySequence.StandardKey.Save, self.save))
        file_menu.addAction(self._action(tr("Save &As…"), QKeySequence.StandardKey.SaveAs,
                                         self.save_as))
        file_menu.addSeparator()
        file_menu.addAction(self._action(tr("&Close"), QKeySequence.StandardKey.Close,
                                         self.close))
        edit = self.menuBar().addMenu(tr("&Edit"))
        undo = self.doc.undo_stack.createUndoAction(self, tr("&Undo"))
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.doc.undo_stack.createRedoAction(self, tr("&Redo"))
        redo.setShortcuts([QKeySequence.StandardKey.Redo, QKeySequence("Ctrl+Shift+Z")])
        edit.addAction(undo)
        edit.addAction(redo)
        self.undo_action, self.redo_action = undo, redo

    # --- title, problems --------------------------------------------------------------------

    def update_title(self) -> None:
        """`name* — Unit catalog` while there are unsaved edits (the dirty marker)."""
        self.setWindowModified(self.doc.modified)
        self.setWindowTitle(f"{self.doc.path.name}[*] — {tr(self.kind_label)}")

    def show_problems(self) -> None:
        """List every problem (errors first) with its location and hint."""
        self.problem_list.clear()
        ordered = sorted(self.doc.problems, key=lambda p: (p.severity != "error", p.pointer or ""))
        for p in ordered:
            where = p.pointer or "/"
            item = QListWidgetItem(f"{severity_word(p.severity)}: {where}: {p.message} — {p.hint}")
            item.setData(Qt.ItemDataRole.UserRole, p.pointer or "")
            item.setForeground(QBrush(QColor("#b03a2e" if p.severity == "error" else "#9a6700")))
            self.problem_list.addItem(item)
        if not ordered:
            self.problem_list.addItem(tr("No problems: the file validates."))

    def _problem_clicked(self, item: QListWidgetItem) -> None:
        pointer = item.data(Qt.ItemDataRole.UserRole)
        if pointer:
            self.go_to(key_of(pointer))

    def go_to(self, key: Key) -> None:
        """Show the field at `key` (subclasses)."""

    def errors(self) -> list[Problem]:
        """The problems that are errors."""
        return [p for p in self.doc.problems if p.severity == "error"]

    # --- save, close, recovery --------------------------------------------------------------

    def save(self) -> bool:
        """Save in place (atomic); False when it was not saved (error shown or refused)."""
        return self._save_to(self.doc.path)

    def save_as(self) -> bool:
        """Ask for a file name, then save there."""
        name, _ = QFileDialog.getSaveFileName(self, tr("Save as"), str(self.doc.path),
                                              tr("Content (*.yaml *.json)"))
        return bool(name) and self._save_to(Path(name))

    def _save_to(self, path: Path) -> bool:
        if not self.comments_acknowledged and path == self.doc.path:
            if not self.ask_drop_comments(path):
                return False
            self.comments_acknowledged = True
        self.doc.revalidate()
        errors = self.errors()
        if errors:
            first = errors[0]
            self.tell(tr("Saved with errors"),
                      tr("{n} error(s) remain; the file is saved but will not load until they "
                         "are fixed.\nFirst: {where}: {message} (hint: {hint})").format(
                          n=len(errors), where=first.pointer or "/", message=first.message,
                          hint=first.hint))
        try:
            self.doc.save(path)
        except OSError as exc:
            self.tell(tr("Cannot save"),
                      tr("{path}: {error}\n(hint: check the folder exists and is writable; "
                         "your edits are still open)").format(path=path,
                                                             error=exc.strerror or exc))
            return False
        self.keep_recovery_copy()
        self.statusBar().showMessage(tr("Saved {path}").format(path=path), 4000)
        return True

    def keep_recovery_copy(self) -> None:
        """Keep unsaved edits in this window's recovery slot (written off the GUI thread);
        drop the copy once nothing is unsaved."""
        writer = self.recovery_writer
        if writer is None or not shiboken6.isValid(self.doc.undo_stack):
            return  # no store, or the stack is going away with its window
        if self.doc.modified:
            name = self.doc.value(("id",))
            writer.write(copy.deepcopy(self.doc.data), self.doc.path,
                         str(name) if name else None, self.doc.kind)
        else:
            writer.discard()
        failure = writer.take_failure()
        if failure:
            self.statusBar().showMessage(
                tr("Could not write the recovery copy: {error}").format(error=failure), 6000)

    # --- questions (tests replace these) ----------------------------------------------------

    def ask_unsaved(self) -> str:
        """Ask what to do with unsaved edits: "save", "discard" or "cancel"."""
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self, tr("Unsaved changes"),
            tr("{name} has unsaved changes. Save them?").format(name=self.doc.path.name),
            buttons.Save | buttons.Discard | buttons.Cancel)
        return {buttons.Save: "save", buttons.Discard: "discard"}.get(answer, "cancel")

    def ask_drop_comments(self, path: Path) -> bool:
        """Whether to save over a file whose comments the canonical form drops."""
        answer = QMessageBox.question(
            self, tr("Comments will be dropped"),
            tr("{name} has comments. Saving writes the data in canonical form without them."
               "\n\nSave anyway? (Save As… keeps the original file as it is.)").format(
                name=path.name))
        return answer == QMessageBox.StandardButton.Yes

    def tell(self, title: str, text: str) -> None:
        """Show a message the user must read."""
        QMessageBox.information(self, title, text)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask before closing unsaved edits: Save, Discard or Cancel."""
        if self.doc.modified:
            answer = self.ask_unsaved()
            if answer == "cancel" or (answer == "save" and not self.save()):
                event.ignore()
                return
        if self.recovery_writer is not None:
            self.recovery_writer.close()
        event.accept()
