"""Finds user-visible string literals in editor sources that do not go through Qt's
translation (tr()/translate()): the ast half of the translation-completeness test."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from editor.i18n_parts import ROOT, part_sources

# Calls whose string arguments a person reads: Qt setters and constructors, and the editor's
# own helpers that pass their text on to one of them.
VISIBLE_CALLS = frozenset({
    # Qt widgets, actions, dialogs
    "QAction", "QLabel", "QPushButton", "QCheckBox", "QRadioButton", "QGroupBox", "QToolButton",
    "QDockWidget", "QToolBar", "QMenu", "QListWidgetItem", "QTreeWidgetItem",
    "QTableWidgetItem", "QStandardItem", "QUndoCommand",
    "setText", "setToolTip", "setStatusTip", "setWhatsThis", "setWindowTitle", "setTitle",
    "setPlaceholderText", "setIconText", "setEmptyLabel", "setLabelText", "setSuffix",
    "setPrefix", "setSpecialValueText", "setInformativeText", "setDetailedText",
    "setHorizontalHeaderLabels", "setVerticalHeaderLabels", "setHeaderLabels",
    "setHeaderLabel", "setTabText", "setItemText", "setButtonText", "setWindowIconText",
    "addMenu", "addAction", "addToolBar", "addTab", "insertTab", "addItem", "addItems",
    "insertItem", "addRow", "insertRow", "showMessage", "createUndoAction",
    "createRedoAction", "information", "warning", "critical", "question", "about",
    "getText", "getItem", "getInt", "getDouble", "getOpenFileName", "getSaveFileName",
    "getExistingDirectory", "getOpenFileNames",
    # the editor's helpers
    "_action", "show_error", "_show_error", "tell", "_dock", "notice_text", "_button",
    "_check", "_heading", "_row", "_section", "a", "__init__",
})
# Keyword arguments that carry visible text.
VISIBLE_KEYWORDS = frozenset({"text", "title", "tip", "tooltip", "status_tip", "label",
                              "caption", "message", "hint"})
TRANSLATING_CALLS = frozenset({"tr", "translate", "QT_TRANSLATE_NOOP", "QT_TR_NOOP",
                               "rule_word", "localized"})


@dataclass(frozen=True)
class Unwrapped:
    """A visible string that skips translation."""

    path: str
    line: int
    call: str
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.call}({self.text!r}) is not translated"


# addItem(text, data), addAction(icon, text, slot), addTab(widget, text): one argument is the
# text (the first string or translated one); the later ones are data.
TEXT_THEN_DATA = frozenset({"addAction", "addItem", "insertItem", "addTab", "insertTab"})


def _text_argument(args: list[ast.expr]) -> list[ast.expr]:
    for arg in args:
        texty = ((isinstance(arg, ast.Constant) and isinstance(arg.value, str))
                 or isinstance(arg, ast.JoinedStr)
                 or (isinstance(arg, ast.Call) and _call_name(arg) in TRANSLATING_CALLS))
        if texty:
            return [arg]
    return []


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _has_words(text: str) -> bool:
    return any(ch.isalpha() for ch in text)


def _literal_texts(node: ast.expr) -> list[str]:
    """The visible literal text in an argument: a str constant with letters, an f-string
    (never translatable as such), concatenations, and lists/tuples of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if _has_words(node.value) else []
    if isinstance(node, ast.JoinedStr):
        parts = "".join(v.value for v in node.values
                        if isinstance(v, ast.Constant) and isinstance(v.value, str))
        return [f"f-string: {parts}"] if _has_words(parts) else []
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return _literal_texts(node.left) + _literal_texts(node.right)
    if isinstance(node, ast.List | ast.Tuple):
        return [t for elt in node.elts for t in _literal_texts(elt)]
    if isinstance(node, ast.IfExp):
        return _literal_texts(node.body) + _literal_texts(node.orelse)
    return []


def scan_source(source: str, rel: str) -> list[Unwrapped]:
    """Every visible literal in one file's source that is not wrapped in tr()/translate()."""
    found: list[Unwrapped] = []
    for node in ast.walk(ast.parse(source, filename=rel)):
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        if name in TRANSLATING_CALLS:
            continue
        args: list[ast.expr] = list(node.args) if name in VISIBLE_CALLS else []
        args += [k.value for k in node.keywords if k.arg in VISIBLE_KEYWORDS]
        if name in TEXT_THEN_DATA:
            args = _text_argument(args)
        for arg in args:
            for text in _literal_texts(arg):
                found.append(Unwrapped(rel, arg.lineno, name, text))
    return found


def scan_part(part: str) -> list[Unwrapped]:
    """Every untranslated visible literal in a translation part's sources."""
    found: list[Unwrapped] = []
    for path in part_sources(part):
        rel = path.relative_to(ROOT).as_posix()
        found += scan_source(path.read_text(encoding="utf-8"), rel)
    return found


if __name__ == "__main__":
    import sys

    for hit in scan_part(sys.argv[1] if len(sys.argv) > 1 else "core"):
        print(hit)
