"""`ContentDocument`: one open catalog or ruleset file in file form — its data, the undo
stack, the problems the engine's validation finds, and atomic save (the MapDocument pattern).

Every edit is one undo command: `SetContentValue` (a field; typing into one field merges into
one step until `end_merge`), `InsertContentItem` and `RemoveContentItem` (a unit type, an
ability). Validation runs the same pipeline as the saved file (`check_document`), coalesced
into one run per pass of the event loop."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from editor.i18n import tr
from engine.content import (
    ContentError,
    Document,
    Problem,
    SchemaMemo,
    check_document,
    kind_words,
    load_document,
    save_document,
)

Key = tuple[str | int, ...]  # a path into the data: ("units", 3, "speed"), ("currency",) …
EDITABLE_KINDS = ("catalog", "ruleset")


def get_at(data: Any, key: Key) -> Any:
    """The value at `key` in nested dicts and lists (None when absent)."""
    node = data
    for part in key:
        in_dict = isinstance(node, dict) and isinstance(part, str) and part in node
        in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if not (in_dict or in_list):
            return None
        node = node[part]
    return node


def put_at(data: Any, key: Key, value: Any) -> None:
    """Set the value at `key`; missing mappings are made, an index one past a list's end
    appends. None removes: a mapping key (and mappings it leaves empty), or a list item."""
    node = data
    chain: list[tuple[Any, str | int]] = []
    for part in key[:-1]:
        chain.append((node, part))
        node = node[part] if isinstance(part, int) else node.setdefault(part, {})
    last = key[-1]
    if isinstance(last, int):
        if value is None:
            if last < len(node):
                del node[last]
        elif last >= len(node):
            node.append(copy.deepcopy(value))
        else:
            node[last] = copy.deepcopy(value)
        return
    if value is not None:
        node[last] = copy.deepcopy(value)
        return
    node.pop(last, None)
    for parent, part in reversed(chain):
        if node or not isinstance(node, dict) or isinstance(part, int):
            break
        del parent[part]
        node = parent


def reachable(data: Any, key: Key) -> bool:
    """Whether `put_at(data, key, …)` can set the value: every list on the way exists and
    holds the index (one past the end for the last part); mappings are made as needed."""
    node = data
    for n, part in enumerate(key):
        last = n == len(key) - 1
        if isinstance(part, int):
            if not isinstance(node, list) or part > len(node) or (part == len(node)
                                                                 and not last):
                return False
            node = node[part] if part < len(node) else None
        else:
            if node is not None and not isinstance(node, dict):
                return False
            node = node.get(part) if isinstance(node, dict) else None
            if node is None and not last and isinstance(key[n + 1], int):
                return False
    return True


def pointer_of(key: Key) -> str:
    """The JSON pointer of `key` (as problems name locations)."""
    return "".join(f"/{part}" for part in key)


def key_of(pointer: str) -> Key:
    """The key of a JSON pointer (list indices become ints)."""
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    return tuple(int(p) if p.isdigit() else p for p in parts)


class SetContentValue(QUndoCommand):
    """Change one value (typing into one field merges into one undo step)."""

    ID = 4721

    def __init__(self, doc: ContentDocument, key: Key, value: Any, text: str) -> None:
        super().__init__(text)
        self.doc, self.key, self.serial = doc, key, doc.merge_serial
        self.old = copy.deepcopy(get_at(doc.data, key))
        self.new = copy.deepcopy(value)

    def id(self) -> int:
        """Commands of this class merge (see mergeWith)."""
        return self.ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        """A further edit of the same field, before the editor ended the edit, joins this step."""
        if not isinstance(other, SetContentValue) or other.key != self.key:
            return False
        if other.serial != self.serial:
            return False
        self.new = other.new
        return True

    def redo(self) -> None:
        """Set the new value."""
        self._apply(self.old, self.new)

    def undo(self) -> None:
        """Put the old value back."""
        self._apply(self.new, self.old)

    def _apply(self, before: Any, after: Any) -> None:
        # A list item that appears or goes shifts the items after it: insert or remove.
        *parent, last = self.key
        if isinstance(last, int) and before is None and after is not None:
            self.doc.insert_raw(tuple(parent), last, after)
        elif isinstance(last, int) and after is None and before is not None:
            self.doc.remove_raw(tuple(parent), last)
        else:
            self.doc.set_raw(self.key, after)


class InsertContentItem(QUndoCommand):
    """Insert an item into a list (a new unit type, an ability)."""

    def __init__(self, doc: ContentDocument, key: Key, index: int, item: Any, text: str) -> None:
        super().__init__(text)
        self.doc, self.key, self.index, self.item = doc, key, index, copy.deepcopy(item)

    def redo(self) -> None:
        """Insert the item."""
        self.doc.insert_raw(self.key, self.index, self.item)

    def undo(self) -> None:
        """Take it out again."""
        self.doc.remove_raw(self.key, self.index)


class RemoveContentItem(QUndoCommand):
    """Remove an item from a list (a unit type, an ability); undo puts it back in place."""

    def __init__(self, doc: ContentDocument, key: Key, index: int, text: str) -> None:
        super().__init__(text)
        self.doc, self.key, self.index = doc, key, index
        self.item = copy.deepcopy(get_at(doc.data, (*key, index)))

    def redo(self) -> None:
        """Remove the item."""
        self.doc.remove_raw(self.key, self.index)

    def undo(self) -> None:
        """Put it back where it was."""
        self.doc.insert_raw(self.key, self.index, self.item)


class ContentDocument(QObject):
    """An open catalog or ruleset: `data` (file form), `kind`, `undo_stack`, `problems`,
    `save()`. `changed(key)` names what changed; `structureChanged(key)` a list that grew or
    shrank; `problemsChanged` follows each validation."""

    changed = Signal(object)
    structureChanged = Signal(object)
    problemsChanged = Signal()
    fileChanged = Signal()

    def __init__(self, data: dict[str, Any], kind: str, path: Path,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.data = data
        self.kind = kind
        self.path = Path(path)
        self.merge_serial = 0
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self.fileChanged)
        self.problems: list[Problem] = []
        self.schema_memo = SchemaMemo()  # an edit re-checks the unit it changed
        self.validation_timer = QTimer(self)
        self.validation_timer.setSingleShot(True)
        self.validation_timer.setInterval(0)  # coalesce the edits of one event-loop pass
        self.validation_timer.timeout.connect(self.revalidate)
        self.revalidate()

    @classmethod
    def open(cls, path: Path) -> ContentDocument:
        """Open a catalog or ruleset file; ContentError (located problems) when it cannot be
        parsed or is another kind of content."""
        doc = load_document(path)
        if doc.kind not in EDITABLE_KINDS:
            raise ContentError([Problem(
                "document.wrong_kind", "error",
                tr("this is {a_kind} file, not a unit catalog or ruleset").format(
                    a_kind=kind_words(doc.kind)),
                tr("open a .catalog.yaml or .ruleset.yaml file here"), file=str(path))])
        return cls(copy.deepcopy(doc.data), doc.kind, path)

    @property
    def modified(self) -> bool:
        """Whether there are unsaved edits."""
        return not self.undo_stack.isClean()

    def value(self, key: Key) -> Any:
        """The value at `key` (None when absent)."""
        return get_at(self.data, key)

    def end_merge(self) -> None:
        """The current field edit is over: the next edit of the same field is a new step."""
        self.merge_serial += 1

    def set_value(self, key: Key, value: Any, text: str = "") -> None:
        """Change a value as one undo step (no step when it is unchanged)."""
        if get_at(self.data, key) == value:
            return
        if not reachable(self.data, key):  # an exception inside Qt's push would abort
            raise KeyError(f"no place for {pointer_of(key)} in the {self.kind}")
        label = text or tr("Edit {field}").format(field=pointer_of(key)[1:])
        self.undo_stack.push(SetContentValue(self, key, value, label))

    def insert_item(self, key: Key, index: int, item: Any, text: str) -> None:
        """Insert `item` into the list at `key` as one undo step (the list is made if absent)."""
        self.end_merge()
        self.undo_stack.push(InsertContentItem(self, key, index, item, text))

    def remove_item(self, key: Key, index: int, text: str) -> None:
        """Remove item `index` of the list at `key` as one undo step."""
        self.end_merge()
        self.undo_stack.push(RemoveContentItem(self, key, index, text))

    def set_raw(self, key: Key, value: Any) -> None:
        """Change a value without undo (for the commands), then re-validate."""
        put_at(self.data, key, value)
        self.changed.emit(key)
        self.validation_timer.start()

    def insert_raw(self, key: Key, index: int, item: Any) -> None:
        """Insert without undo (for the commands)."""
        items = get_at(self.data, key)
        if not isinstance(items, list):
            items = []
            put_at(self.data, key, items)
            items = get_at(self.data, key)
        items.insert(index, copy.deepcopy(item))
        self.structureChanged.emit(key)
        self.validation_timer.start()

    def remove_raw(self, key: Key, index: int) -> None:
        """Remove without undo (for the commands); an emptied optional list goes too."""
        items = get_at(self.data, key)
        del items[index]
        if not items and key[-1] == "abilities":
            put_at(self.data, key, None)
        self.structureChanged.emit(key)
        self.validation_timer.start()

    def revalidate(self) -> None:
        """Check the data now as the saved file will be checked (schema and semantics)."""
        self.validation_timer.stop()
        doc = Document(copy.deepcopy(self.data), self.kind, self.path,
                       "json" if self.path.suffix == ".json" else "yaml")
        self.problems = check_document(doc, self.schema_memo)
        self.problemsChanged.emit()

    def problems_under(self, key: Key) -> list[Problem]:
        """The problems located at `key` or inside it."""
        ptr = pointer_of(key)
        return [p for p in self.problems
                if p.pointer == ptr or (p.pointer or "").startswith(ptr + "/")]

    def save(self, path: Path | None = None) -> None:
        """Write the file atomically (old file or new file, never a broken one)."""
        target = Path(path) if path is not None else self.path
        save_document(self.data, target)
        self.path = target
        self.undo_stack.setClean()
        self.fileChanged.emit()
