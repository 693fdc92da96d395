"""Finds English a German user would read: walks a widget tree's visible texts (labels,
buttons, actions with their tips, group boxes, tabs, headers and items of tables, trees and
lists, combo items, window titles, placeholders, read-only text views) and keeps those that
contain common English words and are not a German translation from the catalogues.

A word list rather than a language detector: the German UI borrows few English words, and
a list stays explainable ("'Save' is English") and deterministic.
"""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPlainTextEdit,
    QTabBar,
    QTableWidget,
    QTextEdit,
    QTreeWidget,
    QTreeWidgetItemIterator,
    QWidget,
)

from editor.i18n_parts import TRANSLATIONS
from engine.i18n import parse_po
from engine.paths import PROJECT_ROOT as ROOT

# Common English words that are not German words as well (no "an", "in", "will", "was",
# "also", "Name", "Start", "Export", "Import", "Problem", "Marker", "Region", "Winter",
# "Front", "Balance", "Code", "Fort", "System", "Team": the German UI uses those itself).
_ENGLISH_WORDS = """
the and of to with for is are not this that these those from by at on or you your it its be
has have had can cannot could would should must been were did does done being still yet
just like about above below between without within through into onto out up down over
there here where what which when who how why only more less than first last next previous
no yes all none each every some any other nothing something new open save saved close
edit file files view help map maps unit units hex hexes show hide add remove delete undo
redo select selected selection settings preferences cancel apply play player players
round army armies attack attacks attacker defender move moves moved turn game games
scenario scenarios rules ruleset layer layers tool tools panel panels zoom fit paint brush
road forest meadow water bridge trench properties resize width height season summer random
quick full setup seat seats human off end back load loading error errors warning warnings
problems fix hint left right top bottom before after click drag press type choose pick buy
repair give money combat fight dice roll odds log history actions unknown missing invalid
count size colour color theme light dark language infantry cavalry artillery transport
reach cost costs enemy owner owners neutral entrance entrances hexes round rounds win wins
won lost loss draw tie points victory surrender plan planned declare declared remove
reinforcements briefing objectives objective trigger triggers message messages command
rail railway crossing half river path paths label labels stamp stamps regions wood woods
"""
ENGLISH_WORDS = frozenset(_ENGLISH_WORDS.split())

# Proper names and words that are the same in German, each with why; removed before the
# word check.
ALLOWED_PHRASES: dict[str, str] = {
    "Trench Club Studio": "the product's name",
    "Trench Club": "the game's name",
    "Tiled": "a program's name (the Tiled map editor)",
    "English": "View ▸ Language names each language in itself",
}

# Texts a German user may see in English, each with why (a regular expression matched
# against the visible text; the matching part is left out of the word check).
ALLOWED_PATTERNS: dict[str, str] = {
    r"fehlerhaftes YAML: .*?(?= \(|$)": "the YAML parser's own message, quoted after the "
                                        "German problem text",
    r"Befehl: .*": "an action's command text in the play-test's tooltips: what `tcstudio "
                   "rules apply` takes, its words English on purpose (the item says it in "
                   "German)",
}

# Identifiers and file names are data, not words: unit and fort ids (FR-infantry-1, fort_a),
# file names (default.map.yaml), action command words in code style.
_IDENTIFIER = re.compile(r"[\w]+(?:[-_.][\w]+)+|\S*/\S+")
_TAG = re.compile(r"<[^>]+>")
_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")


@cache
def german_catalogue() -> frozenset[str]:
    """Every German translation of the Qt catalogues and the engine's de.po."""
    found: set[str] = set()
    for ts in TRANSLATIONS.glob("*_de.ts"):
        for translation in ET.parse(ts).getroot().iter("translation"):
            forms = [f.text for f in translation.iter("numerusform")] or [translation.text]
            found |= {f for f in forms if f}
    po = ROOT / "engine" / "locale" / "de.po"
    for forms in parse_po(po.read_text(encoding="utf-8")).values():
        found |= {f for f in forms if f}
    return frozenset(found)


@cache
def pending_schema_texts() -> frozenset[str]:
    """The JSON Schemas' descriptions and titles that the engine's catalogue does not have
    yet. The content editors show them as tooltips through `_()`; their German is another
    branch's work (schemade), and once a description is in de.po it is checked like any
    other text."""
    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("description", "title") and isinstance(value, str):
                    found.add(value)
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in (ROOT / "schema").glob("*.json"):
        walk(json.loads(path.read_text(encoding="utf-8")))
    po = parse_po((ROOT / "engine" / "locale" / "de.po").read_text(encoding="utf-8"))
    return frozenset(found - set(po))


def plain(text: str) -> str:
    """A visible text as read: no HTML tags or entities, no mnemonic ampersands."""
    text = html.unescape(_TAG.sub(" ", text)) if "<" in text else text
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def english_words(text: str) -> list[str]:
    """The common English words in a visible text (none for a German translation)."""
    text = plain(text)
    if not text.strip() or text in german_catalogue():
        return []
    if text in pending_schema_texts():
        return []
    for pattern in ALLOWED_PATTERNS:
        text = re.sub(pattern, " ", text)
    for phrase in ALLOWED_PHRASES:
        text = text.replace(phrase, " ")
    text = _IDENTIFIER.sub(" ", text)
    return [w for w in _WORD.findall(text) if w.lower() in ENGLISH_WORDS]


def _item_texts(view: QAbstractItemView, limit: int = 240) -> Iterator[str]:
    """Header and item texts (and tooltips) of a list, table or tree widget; another view's
    model is read by rows of its root."""
    if isinstance(view, QListWidget):
        items = [view.item(row) for row in range(min(view.count(), limit))]
    elif isinstance(view, QTableWidget):
        headers = [view.horizontalHeaderItem(c) for c in range(view.columnCount())]
        names = [h.text() if h is not None else "" for h in headers]
        yield from names
        # An id or parameter column holds identifiers (unit type ids such as "infantry", a
        # variant's parameter keys as the ruleset file writes them): data, not words.
        columns = [c for c, name in enumerate(names)
                   if name.lower() not in ("id", "kennung", "parameter")]
        items = [view.item(r, c) for r in range(min(view.rowCount(), limit)) for c in columns]
    elif isinstance(view, QTreeWidget):
        header = view.headerItem()
        yield from (header.text(c) for c in range(header.columnCount()))
        items = []
        it = QTreeWidgetItemIterator(view)
        while it.value() is not None and len(items) < limit:
            items.append(it.value())
            it += 1
        for item in items:
            for c in range(item.columnCount()):
                yield item.text(c)
                yield item.toolTip(c)
        return
    else:
        yield from _model_texts(view, limit)
        return
    for item in items:
        # An editable cell holds what the user typed (a parameter's value): theirs, not ours.
        if item is not None and not item.flags() & Qt.ItemFlag.ItemIsEditable:
            yield item.text()
            yield item.toolTip()


def _model_texts(view: QAbstractItemView, limit: int) -> Iterator[str]:
    model = view.model()
    if model is None:
        return
    display = Qt.ItemDataRole.DisplayRole
    root = view.rootIndex()
    try:
        rows, columns = model.rowCount(root), model.columnCount(root)
    except TypeError:  # a private count (a model of a Qt item widget): nothing of ours
        return
    for section in range(columns):
        value = model.headerData(section, Qt.Orientation.Horizontal, display)
        if isinstance(value, str):
            yield value
    for row in range(min(rows, limit)):
        for column in range(columns):
            value = model.data(model.index(row, column, root), display)
            if isinstance(value, str):
                yield value


def widget_texts(widget: QWidget) -> Iterator[str]:
    """The texts one widget shows itself (not its children's)."""
    if widget.isWindow() or widget.windowTitle():
        yield widget.windowTitle()
    yield widget.toolTip()
    yield widget.statusTip()
    if isinstance(widget, QLabel | QAbstractButton):
        yield widget.text()
    elif isinstance(widget, QGroupBox):
        yield widget.title()
    elif isinstance(widget, QTabBar):
        for i in range(widget.count()):
            yield widget.tabText(i)
            yield widget.tabToolTip(i)
    elif isinstance(widget, QComboBox):
        for i in range(widget.count()):
            yield widget.itemText(i)
        if widget.isEditable() and widget.lineEdit() is not None:
            yield widget.lineEdit().placeholderText()
    elif isinstance(widget, QLineEdit):
        yield widget.placeholderText()  # its text is the user's
    elif isinstance(widget, QTextEdit | QPlainTextEdit):
        yield widget.placeholderText()
        if widget.isReadOnly():
            yield widget.toPlainText()
    elif isinstance(widget, QAbstractItemView) and not isinstance(widget, QHeaderView):
        # (a header's texts are read with its table's)
        yield from _item_texts(widget)
    elif isinstance(widget, QMenu):
        yield widget.title()
    for action in QWidget.actions(widget):  # some windows name a list `actions`
        yield action.text()
        yield action.iconText()
        yield action.toolTip()
        yield action.statusTip()
        menu = action.menu()
        if isinstance(menu, QMenu):
            yield menu.title()
            for sub in menu.actions():
                yield sub.text()
                yield sub.statusTip()


def english_texts(root: QWidget, where: str = "") -> list[str]:
    """Every visible text under `root` (root included) with English words in it, as
    "where: 'text' (words)"; each text once."""
    out: dict[str, str] = {}
    for widget in [root, *root.findChildren(QWidget)]:
        for whole in widget_texts(widget):
            for text in whole.splitlines() if "<" not in whole else [whole]:
                if not text or text in out:
                    continue
                words = english_words(text)
                if words:
                    name = where or type(root).__name__
                    out[text] = f"{name} {type(widget).__name__}: {text!r} ({', '.join(words)})"
    return list(out.values())
