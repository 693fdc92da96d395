"""Scenario ▸ Properties ▸ Units…: the pre-placed units of a scenario as a table — nation,
unit type, where (a hex `column, row` or a fort id), XP and damage. Each edit is one undo step
on the ScenarioDocument (the whole `units` list is replaced); the engine's problems under
/units are marked at their cells and listed."""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtCore import QT_TR_NOOP
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.authoring.fields import typed_value
from editor.i18n import tr
from editor.scenario.document import ScenarioDocument

# Column ids, marked for pyside6-lupdate (shown through tr).
COLUMNS = (QT_TR_NOOP("nation"), QT_TR_NOOP("type"), QT_TR_NOOP("where"), QT_TR_NOOP("xp"),
           QT_TR_NOOP("damage"))


def where_text(unit: dict[str, Any]) -> str:
    """A unit's place as the table shows it: `column, row` or the fort id."""
    if isinstance(unit.get("hex"), list):
        return ", ".join(str(v) for v in unit["hex"])
    return str(unit.get("fort", ""))


def apply_cell(unit: dict[str, Any], column: str, text: str) -> None:
    """Write a typed cell into a unit entry; ValueError with the reason when it is not a
    value of that column."""
    text = text.strip()
    if column in ("xp", "damage"):
        if not text:
            unit.pop(column, None)
            return
        try:
            unit[column] = int(text)
        except ValueError:
            raise ValueError(tr("write a whole number")) from None
        return
    if column == "where":
        unit.pop("hex", None)
        unit.pop("fort", None)
        try:
            value = typed_value(f"[{text}]") if "," in text else None
        except ValueError:
            value = None
        if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int)
                                                               for v in value):
            unit["hex"] = value
        elif text and "," not in text:
            unit["fort"] = text
        else:
            raise ValueError(tr("write a hex as column, row (e.g. 1, 11) or a fort id"))
        return
    unit[column] = text


class UnitsForm(QWidget):
    """The pre-placed units of one scenario document."""

    def __init__(self, doc: ScenarioDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("unitsForm")
        self.setWindowTitle(tr("Pre-placed units — {name}").format(name=doc.path.name))
        self.doc = doc
        self._filling = False
        lay = QVBoxLayout(self)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([tr(c) for c in COLUMNS])
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        lay.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.add_button = QPushButton(tr("Add unit"))
        self.remove_button = QPushButton(tr("Remove"))
        self.add_button.clicked.connect(self.add_unit)
        self.remove_button.clicked.connect(self.remove_unit)
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        row.addStretch(1)
        lay.addLayout(row)
        self.problems = QListWidget()
        self.problems.setMaximumHeight(90)
        lay.addWidget(self.problems)
        self.table.itemChanged.connect(self._edited)
        doc.changed.connect(lambda _key: self.load())
        doc.problemsChanged.connect(self.show_problems)
        self.load()

    def units(self) -> list[Any]:
        """The scenario's pre-placed units in file form."""
        value = self.doc.value(("units",))
        return value if isinstance(value, list) else []

    def load(self) -> None:
        """Show the units."""
        self._filling = True
        units = self.units()
        self.table.setRowCount(len(units))
        for r, unit in enumerate(units):
            u = unit if isinstance(unit, dict) else {}
            texts = (str(u.get("nation", "")), str(u.get("type", "")), where_text(u),
                     str(u.get("xp", "")), str(u.get("damage", "")))
            for c, text in enumerate(texts):
                self.table.setItem(r, c, QTableWidgetItem(text))
        self._filling = False
        self.show_problems()

    def _put(self, units: list[Any], text: str) -> None:
        self.doc.set_value(("units",), units or None, text)

    def add_unit(self) -> None:
        """Add a unit (a French infantry on hex 1, 11, to be changed) as one undo step."""
        units = copy.deepcopy(self.units())
        units.append({"nation": "FR", "type": "infantry", "hex": [1, 11]})
        self._put(units, tr("Add pre-placed unit"))

    def remove_unit(self) -> None:
        """Remove the selected unit as one undo step."""
        row = self.table.currentRow()
        units = copy.deepcopy(self.units())
        if 0 <= row < len(units):
            del units[row]
            self._put(units, tr("Remove pre-placed unit"))

    def _edited(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        units = copy.deepcopy(self.units())
        row, column = item.row(), COLUMNS[item.column()]
        if not (0 <= row < len(units)) or not isinstance(units[row], dict):
            return
        try:
            apply_cell(units[row], column, item.text())
        except ValueError as exc:
            self.load()
            self.problems.insertItem(0, f"{column}: {exc}")
            return
        self._put(units, tr("Edit pre-placed unit {column}").format(column=column))

    def show_problems(self) -> None:
        """List the problems under /units and mark their cells."""
        self.problems.clear()
        found = [p for p in self.doc.problems if (p.pointer or "").startswith("/units")]
        for p in found:
            item = QListWidgetItem(f"{p.severity}: {p.pointer}: {p.message} — {p.hint}")
            item.setForeground(QBrush(QColor("#b03a2e" if p.severity == "error"
                                             else "#9a6700")))
            self.problems.addItem(item)
        column_of = {"nation": 0, "type": 1, "hex": 2, "fort": 2, "xp": 3, "damage": 4}
        for r in range(self.table.rowCount()):
            for c in range(self.table.columnCount()):
                cell = self.table.item(r, c)
                if cell is not None:
                    cell.setBackground(QBrush())
            for p in found:
                parts = (p.pointer or "").split("/")
                if len(parts) >= 3 and parts[2] == str(r):
                    col = column_of.get(parts[3], 0) if len(parts) > 3 else 0
                    cell = self.table.item(r, col)
                    if cell is not None:
                        cell.setBackground(QBrush(QColor("#f5c6cb")))
                        cell.setToolTip(tr("{message} (hint: {hint})").format(
                            message=p.message, hint=p.hint))
