"""Crash recovery of the area-map editor, as in the hex editor: after a pause in editing (the
same `autosave_seconds` preference, and at the latest after AUTOSAVE_MAX_WAIT intervals of
continuous editing) the unsaved map is kept in the window's own slot of the recovery store
(editor/recovery.py, kind "area-map"), written off the GUI thread; a save or a clean close
drops it. `restore_document` opens a slot's work again as unsaved edits to its original file, and
`recovered_scenario` the area scenario the window had opened it through (its armies and
ruleset: the play-test needs them), which the slot names.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from editor.area.document import AreaDocument
from editor.recovery import RecoverySlot, RecoveryStore, RecoveryWriter
from editor.settings import AUTOSAVE_MAX_WAIT, Settings
from engine.area_model import AreaMap, AreaScenario
from engine.content import load_file
from engine.content.convert_area import area_map_to_dict

KIND = "area-map"


class AreaAutosave(QObject):
    """Keeps the unsaved work of one area editor window in its recovery slot."""

    def __init__(self, recovery: RecoveryStore | None, report: Callable[[str], None],
                 parent: QObject | None = None, settings: Settings | None = None) -> None:
        super().__init__(parent)
        self.writer = RecoveryWriter(recovery.claim) if recovery is not None else None
        self.report = report  # a status-bar message
        self.doc: AreaDocument | None = None
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(int((settings or Settings()).pref("autosave_seconds")) * 1000)
        self.timer.timeout.connect(self.autosave)
        self.pending_since = 0.0

    @property
    def slot(self) -> RecoverySlot | None:
        """The window's recovery slot (None until its first copy)."""
        return self.writer.slot if self.writer is not None else None

    def watch(self, doc: AreaDocument) -> None:
        """Keep copies of `doc` (the window's document from now on); the previous document's
        copy is dropped at once when the new one has nothing unsaved."""
        self.doc = doc
        doc.undo_stack.indexChanged.connect(self.edited)
        doc.undo_stack.cleanChanged.connect(self.edited)
        self.autosave()

    def edited(self, *_args: object) -> None:
        """An edit: wait for a pause, but never longer than AUTOSAVE_MAX_WAIT intervals."""
        if self.writer is None:
            return
        now = time.monotonic()
        if not self.timer.isActive():
            self.pending_since = now
        elif now - self.pending_since > AUTOSAVE_MAX_WAIT * self.timer.interval() / 1000:
            return
        self.timer.start()

    def autosave(self) -> None:
        """Keep a copy of the unsaved map now (dropped when nothing is unsaved)."""
        self.timer.stop()
        writer, doc = self.writer, self.doc
        if writer is None or doc is None:
            return
        failure = writer.take_failure()
        if failure:
            self.report(self.tr("Could not write the recovery copy: %1").replace("%1", failure))
        if doc.undo_stack.isClean():
            writer.discard()
            return
        try:
            writer.write(area_map_to_dict(doc.map), doc.path, doc.map.id, KIND,
                         doc.scenario_path)
        except Exception as exc:  # a failed recovery copy must not interrupt editing
            self.report(self.tr("Could not write the recovery copy: %1").replace("%1", str(exc)))

    def saved(self) -> None:
        """The map was saved: its copy is no longer needed."""
        self.timer.stop()
        if self.writer is not None:
            self.writer.discard()

    def adopt(self, slot: RecoverySlot) -> None:
        """Make `slot` (restored work) this window's slot."""
        if self.writer is not None:
            self.writer.adopt(slot)

    def close(self) -> None:
        """A clean close: remove this window's slot, and only this one."""
        self.timer.stop()
        if self.writer is not None:
            self.writer.close()


def recovered_map(slot: RecoverySlot) -> AreaMap | str:
    """The area map kept in a slot, or why it cannot be read (located, with a hint)."""
    path = slot.work_path(KIND)
    loaded = load_file(path)
    if loaded.kind == KIND and loaded.model is not None:
        return loaded.model
    errors = loaded.errors or loaded.problems
    first = errors[0].format() if errors else f"{path}: not an area map"
    return f"{first}\n(hint: the work stays kept for a later start)"


def restore_document(slot: RecoverySlot) -> AreaDocument | str:
    """A document holding a slot's area-map work as unsaved edits to its original file, opened
    through the same area scenario file as before (if it was)."""
    made = recovered_map(slot)
    if isinstance(made, str):
        return made
    info = slot.info()
    doc = AreaDocument(made, info.original, info.scenario)
    doc.undo_stack.resetClean()  # recovered work is not saved anywhere yet
    return doc


def recovered_scenario(doc: AreaDocument) -> AreaScenario | str | None:
    """The area scenario a restored document was opened through, loaded again from its file
    (None when the map was opened alone), or why it cannot be (located, with a hint: the map's
    work is restored all the same)."""
    path = doc.scenario_path
    if path is None:
        return None
    loaded = load_file(path)
    if loaded.kind == "area-scenario" and loaded.model is not None:
        return loaded.model
    errors = loaded.errors or loaded.problems
    first = errors[0].format() if errors else QCoreApplication.translate(
        "AreaAutosave", "%1: not an area scenario").replace("%1", str(path))
    return first + "\n" + QCoreApplication.translate(
        "AreaAutosave", "(hint: the map is restored alone; open the scenario again when it "
        "loads)")
