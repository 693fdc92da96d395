"""Base class of the editor's undo commands, with Python-owned child commands."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand


class Command(QUndoCommand):
    """A QUndoCommand whose children live in a Python list, run in order on redo and in
    reverse on undo. Qt-parented child commands are deleted twice by PySide6 6.11 (once by
    the parent, once by their wrapper), so the parent/child link is kept on the Python side."""

    def __init__(self, text: str = "", parent: Command | None = None) -> None:
        super().__init__(text)
        self.children_: list[Command] = []
        if parent is not None:
            parent.children_.append(self)

    def redo(self) -> None:
        for child in self.children_:
            child.redo()

    def undo(self) -> None:
        for child in reversed(self.children_):
            child.undo()
