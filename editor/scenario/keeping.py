"""Keeping a scenario's unsaved edits: a recovery copy after every edit (in the map editor's
recovery store, kind "scenario", written off the GUI thread), dropped once saved, and the
question before a window with unsaved edits closes."""

from __future__ import annotations

import copy
from typing import Any

import shiboken6
from PySide6.QtWidgets import QMessageBox, QWidget

from editor.i18n import tr
from editor.recovery import RecoveryStore, RecoveryWriter
from editor.scenario.document import ScenarioDocument


class ScenarioKeeper:
    """Recovery copies and the close question for one scenario document's window."""

    def __init__(self, doc: ScenarioDocument, window: QWidget,
                 recovery: RecoveryStore | None) -> None:
        self.doc, self.window = doc, window
        self.writer = RecoveryWriter(recovery.claim) if recovery is not None else None
        doc.undo_stack.indexChanged.connect(self.keep)
        doc.fileChanged.connect(self.keep)

    def keep(self, *_args: Any) -> None:
        """Copy unsaved edits into the recovery slot; drop the copy when all is saved."""
        if self.writer is None or not shiboken6.isValid(self.doc.undo_stack):
            return
        if self.doc.modified:
            name = self.doc.value(("id",))
            self.writer.write(copy.deepcopy(self.doc.data), self.doc.path,
                              str(name) if name else None, "scenario")
        else:
            self.writer.discard()

    def ask_unsaved(self) -> str:
        """Ask what to do with unsaved edits: "save", "discard" or "cancel"."""
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self.window, tr("Unsaved changes"),
            tr("The scenario {name} has unsaved changes. Save them?").format(
                name=self.doc.path.name),
            buttons.Save | buttons.Discard | buttons.Cancel)
        return {buttons.Save: "save", buttons.Discard: "discard"}.get(answer, "cancel")

    def may_close(self, save: Any) -> bool:
        """Whether the window may close (asks about unsaved edits; `save()` saves them);
        a clean close removes this window's recovery slot."""
        if self.doc.modified:
            answer = self.ask_unsaved()
            if answer == "cancel" or (answer == "save" and not save()):
                return False
        if self.writer is not None:
            self.writer.close()
        return True
