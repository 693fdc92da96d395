"""`ScenarioDocument`: one open scenario file — its data in file form, the undo stack, the
problems the engine's validation finds, and atomic save (the MapDocument pattern)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from engine.content import (
    ContentError,
    Document,
    check_document,
    load_document,
    save_document,
)
from engine.content.problems import Problem

Key = tuple[str, ...]  # a path into the scenario data: ("name", "en"), ("players",) …


def _get(data: dict[str, Any], key: Key) -> Any:
    node: Any = data
    for part in key:
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def _put(data: dict[str, Any], key: Key, value: Any) -> None:
    node = data
    for part in key[:-1]:
        node = node.setdefault(part, {})
    if value is None and key[-1] != "half":
        node.pop(key[-1], None)
    else:
        node[key[-1]] = copy.deepcopy(value)

translate = QCoreApplication.translate


class SetScenarioValue(QUndoCommand):
    """Change one value of the scenario (typing into one field merges into one undo step)."""

    ID = 4711

    def __init__(self, doc: ScenarioDocument, key: Key, value: Any, text: str) -> None:
        super().__init__(text)
        self.doc, self.key = doc, key
        self.old = copy.deepcopy(_get(doc.data, key))
        self.new = copy.deepcopy(value)

    def id(self) -> int:
        """Commands of this class merge (see mergeWith)."""
        return self.ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        """A further edit of the same text field becomes part of this step."""
        if not isinstance(other, SetScenarioValue) or other.key != self.key:
            return False
        if not isinstance(self.new, str) or not isinstance(other.new, str):
            return False
        self.new = other.new
        return True

    def redo(self) -> None:
        """Set the new value."""
        self.doc.set_raw(self.key, self.new)

    def undo(self) -> None:
        """Put the old value back."""
        self.doc.set_raw(self.key, self.old)


class ScenarioDocument(QObject):
    """An open scenario: `data` (file form), `undo_stack`, `problems`, `save()`."""

    changed = Signal(object)  # the Key that changed
    problemsChanged = Signal()
    fileChanged = Signal()

    def __init__(self, data: dict[str, Any], path: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.data = data
        self.path = Path(path)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self.fileChanged)
        self.problems: list[Problem] = []
        # Validation loads the map, ruleset and catalog (~0.3 s): it follows typing, once.
        self.validation_timer = QTimer(self)
        self.validation_timer.setSingleShot(True)
        self.validation_timer.setInterval(250)
        self.validation_timer.timeout.connect(self.revalidate)
        self.revalidate()

    @classmethod
    def open(cls, path: Path) -> ScenarioDocument:
        """Open a scenario file; ContentError (located problems) when it cannot be parsed or
        is not a scenario."""
        doc = load_document(path)
        if doc.kind != "scenario":
            raise ContentError([Problem("document.wrong_kind", "error",
                                        translate("ScenarioDocument",
                                                  "this is a %1 file, not a scenario")
                                        .replace("%1", doc.kind),
                                        translate("ScenarioDocument",
                                                  "open a .scenario.yaml file"),
                                        file=str(path))])
        return cls(copy.deepcopy(doc.data), path)

    @property
    def modified(self) -> bool:
        """Whether there are unsaved edits."""
        return not self.undo_stack.isClean()

    def value(self, key: Key) -> Any:
        """The value at `key` (None when absent)."""
        return _get(self.data, key)

    def set_value(self, key: Key, value: Any, text: str = "") -> None:
        """Change a value as one undo step (no step when it is unchanged)."""
        if _get(self.data, key) == value:
            return
        self.undo_stack.push(SetScenarioValue(self, key, value,
                                              text or translate("ScenarioDocument", "Edit %1")
                                              .replace("%1", "/".join(key))))

    def set_raw(self, key: Key, value: Any) -> None:
        """Change a value without undo (for the commands), then re-validate."""
        _put(self.data, key, value)
        self.changed.emit(key)
        self.validation_timer.start()

    def revalidate(self) -> None:
        """Check the data now as the saved file will be checked (schema, semantics,
        references); edits call it through `validation_timer`."""
        self.validation_timer.stop()
        doc = Document(copy.deepcopy(self.data), "scenario", self.path, self.path.suffix[1:]
                       if self.path.suffix in (".json",) else "yaml")
        self.problems = check_document(doc)
        self.problemsChanged.emit()

    def save(self, path: Path | None = None) -> None:
        """Write the scenario atomically (old file or new file, never a broken one)."""
        target = Path(path) if path is not None else self.path
        save_document(self.data, target)
        self.path = target
        self.undo_stack.setClean()
        self.fileChanged.emit()
