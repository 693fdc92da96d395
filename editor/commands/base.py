"""Base class of the editor's undo commands, with Python-owned child commands."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtGui import QUndoCommand

from editor.i18n import translate
from engine.i18n import DEFAULT, current_language, rule_word

__all__ = ["QT_TRANSLATE_NOOP", "Command", "counted", "hexes_text", "terrain_word", "translate",
           "verb_text"]


# Verbs other modules pass in (document.delete_selection("Cut"), the eraser's "Erase").
PASSED_VERBS = (QT_TRANSLATE_NOOP("Command", "Delete"), QT_TRANSLATE_NOOP("Command", "Cut"),
                QT_TRANSLATE_NOOP("Command", "Erase"))


def counted(verb: str, n: int) -> str:
    """ "Erase (3 hexes)": a verb and a hex count, in the user's language."""
    return translate("Command", "{verb} ({hexes})").format(verb=verb_text(verb),
                                                           hexes=hexes_text(n))


def hexes_text(n: int) -> str:
    """ "1 hex", "3 hexes" in the user's language (undo texts)."""
    # Two messages, not a numerus one: pyside6-lupdate marks translate(…, n) numerus only
    # inside a QObject's self.tr, and English and German share the one/other plural rule.
    if n == 1:
        return translate("Command", "{n} hex").format(n=n)
    return translate("Command", "{n} hexes").format(n=n)


def terrain_word(terrain: str) -> str:
    """A terrain id in the rulebook's word (Wiese, Wald, …) for undo texts; English undo
    texts keep the id ("Paint forest")."""
    return terrain if current_language() == DEFAULT else rule_word(terrain)


def verb_text(verb: str) -> str:
    """A command's verb (marked with QT_TRANSLATE_NOOP("Command", …)) in the user's language."""
    return translate("Command", verb)


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
