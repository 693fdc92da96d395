"""The abilities of one unit type: a list, a picker of the abilities the engine registers
(engine/rules/abilities.py, with where their rule is and whether it plays), and a table of
the parameters the selected ability reads (`Ability.parameters`: default and meaning), every
edit an undo step on the ContentDocument."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TR_NOOP, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.authoring.document import ContentDocument, Key
from editor.authoring.fields import estimable, plain
from editor.authoring.rule_summaries import ability_summary
from editor.i18n import tr
from engine.content.estimable import note_text
from engine.i18n import rule_reference
from engine.rules import abilities

PARAM_COLUMNS = (QT_TR_NOOP("Parameter"), QT_TR_NOOP("Value"), QT_TR_NOOP("Default"),
                 QT_TR_NOOP("Meaning"))


def describe(ability_id: str) -> str:
    """One line about a registered ability: its summary and where its rule is."""
    cls = abilities.ABILITIES.get(ability_id)
    if cls is None:
        return tr("not an ability the engine knows (declare it from building blocks)")
    played = "" if cls.implemented else tr(" — no effect in the engine yet")
    return f"{ability_summary(ability_id)} [{rule_reference(cls.rule)}]{played}"


def parse_param(text: str, kind: str, old: Any) -> Any:
    """The value a typed parameter text stands for; ValueError with the reason when it is
    not one. Empty text removes the parameter (None). An estimated old value keeps its
    `estimated` flag and note."""
    text = text.strip()
    if not text:
        return None
    if kind == "int_list":
        try:
            return [int(x) for x in text.replace(" ", ",").split(",") if x]
        except ValueError:
            raise ValueError(tr("write whole numbers separated by commas")) from None
    if kind == "int":
        try:
            number = float(text)
        except ValueError:
            raise ValueError(tr("write a number")) from None
        if number < 0:
            raise ValueError(tr("write a number ≥ 0"))
        meta = old if isinstance(old, dict) else {}
        return estimable(number, bool(meta.get("estimated")), meta.get("note", ""))
    return text


def shown(value: Any) -> str:
    """A parameter value as the table shows it."""
    value = plain(value)
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


class AbilityEditor(QGroupBox):
    """Abilities of the unit at a key of a catalog document."""

    def __init__(self, doc: ContentDocument, parent: QWidget | None = None) -> None:
        super().__init__(tr("Abilities"), parent)
        self.doc = doc
        self.base: Key = ()
        self._filling = False
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        self.list = QListWidget()
        self.list.setMaximumHeight(110)
        row.addWidget(self.list, 1)
        buttons = QVBoxLayout()
        self.picker = QComboBox()
        no_effect = tr("no effect yet")
        for aid, cls in abilities.ABILITIES.items():
            self.picker.addItem(aid if cls.implemented else f"{aid} ({no_effect})", aid)
            self.picker.setItemData(self.picker.count() - 1, describe(aid),
                                    Qt.ItemDataRole.ToolTipRole)
        self.add_button = QPushButton(tr("Add ability"))
        self.add_button.clicked.connect(self.add_picked)
        self.remove_button = QPushButton(tr("Remove"))
        self.remove_button.clicked.connect(self.remove_selected)
        buttons.addWidget(self.picker)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        row.addLayout(buttons)
        lay.addLayout(row)
        self.about = QLabel()
        self.about.setWordWrap(True)
        lay.addWidget(self.about)
        self.params = QTableWidget(0, len(PARAM_COLUMNS))
        self.params.setHorizontalHeaderLabels([tr(c) for c in PARAM_COLUMNS])
        self.params.horizontalHeader().setStretchLastSection(True)
        self.params.verticalHeader().setVisible(False)
        self.params.setMinimumHeight(120)
        lay.addWidget(self.params)
        self.list.currentRowChanged.connect(self._show_params)
        self.params.itemChanged.connect(self._param_edited)

    # --- showing ----------------------------------------------------------------------------

    def entries(self) -> list[dict[str, Any]]:
        """The unit's ability entries in file form."""
        value = self.doc.value((*self.base, "abilities"))
        if not isinstance(value, list):
            return []
        return [e if isinstance(e, dict) else {"id": repr(e)} for e in value]

    def show_unit(self, base: Key) -> None:
        """Show the abilities of the unit at `base`."""
        keep = self.list.currentRow() if base == self.base else 0
        self.base = base
        self._filling = True
        self.list.clear()
        from_blocks = tr("from blocks")
        for entry in self.entries():
            aid = str(entry.get("id", "?"))
            label = f"{aid} ({from_blocks})" if entry.get("blocks") else aid
            self.list.addItem(label)
            self.list.item(self.list.count() - 1).setToolTip(describe(aid))
        self._filling = False
        count = self.list.count()
        self.list.setCurrentRow(min(max(keep, 0), count - 1) if count else -1)
        self._show_params(self.list.currentRow())

    def refresh(self, key: Key) -> None:
        """Show a changed ability value."""
        if key[:len(self.base) + 1] == (*self.base, "abilities"):
            self.show_unit(self.base)

    def select(self, index: int) -> None:
        """Select ability `index` and focus its parameters."""
        self.list.setCurrentRow(index)
        self.params.setFocus()

    def _show_params(self, row: int) -> None:
        self._filling = True
        self.params.setRowCount(0)
        entries = self.entries()
        if not 0 <= row < len(entries):
            self.about.setText(tr("No ability: the unit plays by its card values."))
            self._filling = False
            return
        entry = entries[row]
        aid = str(entry.get("id"))
        self.about.setText(describe(aid))
        cls = abilities.ABILITIES.get(aid)
        spec = list(cls.parameters) if cls is not None else []
        values: dict[str, Any] = entry.get("params") or {}
        if not isinstance(values, dict):
            values = {}
        names = [p.name for p in spec] + [n for n in values if n not in {p.name for p in spec}]
        for name in names:
            p = next((q for q in spec if q.name == name), None)
            r = self.params.rowCount()
            self.params.insertRow(r)
            label = QTableWidgetItem(name)
            label.setFlags(Qt.ItemFlag.ItemIsEnabled)
            value = QTableWidgetItem(shown(values.get(name)))
            value.setData(Qt.ItemDataRole.UserRole, name)
            default = QTableWidgetItem("" if p is None else shown(p.default) or tr("(card)"))
            default.setFlags(Qt.ItemFlag.ItemIsEnabled)
            meaning = QTableWidgetItem(tr("not read by this ability") if p is None else
                                       p.doc + (f" [{', '.join(p.choices)}]" if p.choices else ""))
            meaning.setFlags(Qt.ItemFlag.ItemIsEnabled)
            meaning.setToolTip(meaning.text())
            if isinstance(values.get(name), dict) and values[name].get("estimated"):
                note = note_text(values[name].get("note"))
                value.setToolTip(tr("estimated: {note}").format(note=note))
                value.setForeground(QBrush(QColor("#6c5ce7")))
            for col, item in enumerate((label, value, default, meaning)):
                self.params.setItem(r, col, item)
        self.params.resizeColumnsToContents()
        self._filling = False
        self.show_problems()

    def show_problems(self) -> None:
        """Mark the ability rows and parameter cells that have problems."""
        for k in range(self.list.count()):
            found = self.doc.problems_under((*self.base, "abilities", k))
            item = self.list.item(k)
            item.setForeground(QBrush(QColor("#b03a2e")) if found else QBrush())
            item.setToolTip("\n".join(p.message for p in found) or
                            describe(str(self.entries()[k].get("id"))))
        row = self.list.currentRow()
        for r in range(self.params.rowCount()):
            item = self.params.item(r, 1)
            name = item.data(Qt.ItemDataRole.UserRole)
            found = self.doc.problems_under((*self.base, "abilities", row, "params", name))
            item.setBackground(QBrush(QColor("#f5c6cb")) if found else QBrush())
            if found:
                item.setToolTip("\n".join(tr("{message} (hint: {hint})").format(
                    message=p.message, hint=p.hint) for p in found))

    # --- editing ----------------------------------------------------------------------------

    def add_picked(self) -> None:
        """Add the picked ability (one undo step) and select it."""
        aid = self.picker.currentData()
        entries = self.entries()
        self.doc.insert_item((*self.base, "abilities"), len(entries), {"id": aid},
                             tr("Add ability {id}").format(id=aid))
        self.list.setCurrentRow(len(entries))

    def remove_selected(self) -> None:
        """Remove the selected ability (one undo step)."""
        row = self.list.currentRow()
        entries = self.entries()
        if 0 <= row < len(entries):
            self.doc.remove_item((*self.base, "abilities"), row,
                                 tr("Remove ability {id}").format(id=entries[row].get("id")))

    def _param_edited(self, item: QTableWidgetItem) -> None:
        if self._filling or item.column() != 1:
            return
        row = self.list.currentRow()
        name = item.data(Qt.ItemDataRole.UserRole)
        cls = abilities.ABILITIES.get(str(self.entries()[row].get("id")))
        spec = {p.name: p for p in cls.parameters} if cls is not None else {}
        kind = spec[name].kind if name in spec else "int"
        key = (*self.base, "abilities", row, "params", name)
        try:
            value = parse_param(item.text(), kind, self.doc.value(key))
        except ValueError as exc:
            self.window().statusBar().showMessage(  # type: ignore[attr-defined]
                tr("{name}: {reason}").format(name=name, reason=exc), 6000)
            self._show_params(row)
            return
        self.doc.end_merge()
        self.doc.set_value(key, value, tr("Edit parameter {name}").format(name=name))
