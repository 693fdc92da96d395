"""The unit catalog editor: a table of the catalog's unit types (id, name, class, nations,
special) filtered by nation, the form of the selected unit (editor.authoring.unit_form), and
Unit ▸ New / New special unit / Duplicate / Delete — every edit one undo step, live
validation, atomic save and crash recovery (editor.authoring.window)."""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtCore import QT_TR_NOOP, Qt
from PySide6.QtGui import QBrush, QColor, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.authoring.document import ContentDocument, Key
from editor.authoring.unit_form import UnitForm
from editor.authoring.window import ContentWindow
from editor.i18n import tr
from editor.recovery import RecoveryStore
from engine.i18n import localized
from engine.model import NATIONS

COLUMNS = (QT_TR_NOOP("Id"), QT_TR_NOOP("Name"), QT_TR_NOOP("Class"), QT_TR_NOOP("Nations"),
           QT_TR_NOOP("Special"))


def new_unit(unit_id: str, special: bool) -> dict[str, Any]:
    """A new unit type that validates: a recruit foot soldier with infantry-like values,
    every guessed number marked estimated for the author to replace."""

    def guess(value: int) -> dict[str, Any]:
        # a note object per value: shared ones would be written as YAML aliases
        return {"value": value, "estimated": True,
                "note": {"de": "GAP: neue Einheit, Wert noch festzulegen",
                         "en": "GAP: new unit, value to be set"}}

    return {
        "id": unit_id,
        "name": {"de": unit_id.replace("_", " ").title(), "en": unit_id.replace("_", " ").title()},
        "class": "foot",
        "nations": list(NATIONS),
        "special": special,
        "speed": guess(2),
        "range": {"min": 1, "max": 1},
        "targets": ["ground"],
        "hit": {"recruit": guess(2), "veteran": guess(4), "hero": guess(6)},
        "armour": {"open": [guess(v) for v in (1, 3, 5, 7, 9, 11)],
                   "forest": [guess(v) for v in (2, 4, 6, 8, 10, 12)]},
        "cost": {"coins": guess(7 if special else 2), "war_bonds": guess(18 if special else 7)},
        "repair_cost": {"coins": 2, "war_bonds": guess(3)},
        "transportable": True,
        "capacity": 0,
        "can_capture": True,
    }


def free_id(units: list[dict[str, Any]], stem: str) -> str:
    """`stem`, or `stem_2`, `stem_3` … whichever no unit uses."""
    used = {u.get("id") for u in units}
    if stem not in used:
        return stem
    n = 2
    while f"{stem}_{n}" in used:
        n += 1
    return f"{stem}_{n}"


class CatalogEditor(ContentWindow):
    """The editor window of one unit catalog document."""

    kind_label = QT_TR_NOOP("Unit catalog")

    def __init__(self, doc: ContentDocument, recovery: RecoveryStore | None = None,
                 parent: QWidget | None = None) -> None:
        self.table = QTableWidget(0, len(COLUMNS))
        super().__init__(doc, recovery, parent)
        self.setObjectName("catalogEditor")
        self.table.setHorizontalHeaderLabels([tr(c) for c in COLUMNS])
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.nation_filter = QComboBox()
        self.nation_filter.addItem(tr("All nations"), "")
        for n in NATIONS:
            self.nation_filter.addItem(n, n)
        self.nation_filter.currentIndexChanged.connect(self.fill_table)

        left = QWidget()
        llay = QVBoxLayout(left)
        top = QHBoxLayout()
        top.addWidget(QLabel(tr("Show")))
        top.addWidget(self.nation_filter, 1)
        llay.addLayout(top)
        llay.addWidget(self.table)
        self.form = UnitForm(doc)
        self.form_scroll = scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.form)
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(scroll)
        split.setSizes([360, 760])
        self.setCentralWidget(split)

        units = self.menuBar().addMenu(tr("&Unit"))
        units.addAction(self._action(tr("&New unit type"), QKeySequence("Ctrl+N"),
                                     lambda: self.add_unit(special=False)))
        units.addAction(self._action(tr("New &special unit"), QKeySequence("Ctrl+Shift+N"),
                                     lambda: self.add_unit(special=True)))
        units.addAction(self._action(tr("&Duplicate"), QKeySequence("Ctrl+D"),
                                     self.duplicate_unit))
        units.addAction(self._action(tr("De&lete"), QKeySequence("Ctrl+Delete"),
                                     self.delete_unit))
        self.table.itemSelectionChanged.connect(self._selection_changed)
        doc.changed.connect(self._data_changed)
        doc.structureChanged.connect(self._structure_changed)
        self.fill_table()
        self.show_problems()
        self.resize(1180, 860)

    # --- the table --------------------------------------------------------------------------

    def units(self) -> list[dict[str, Any]]:
        """The unit entries in file form."""
        value = self.doc.value(("units",))
        return value if isinstance(value, list) else []

    def selected_index(self) -> int | None:
        """The catalog index of the selected unit."""
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        if not rows:
            return None
        item = self.table.item(rows[0].row(), 0)
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def fill_table(self) -> None:
        """List the units (of the filtered nation), keeping the selection."""
        keep = self.selected_index()
        nation = self.nation_filter.currentData()
        self.table.blockSignals(True)
        self.table.setRowCount(0)
        for index, entry in enumerate(self.units()):
            u = entry if isinstance(entry, dict) else {"id": repr(entry)}  # shown, not edited
            if nation and nation not in (u.get("nations") or []):
                continue
            row = self.table.rowCount()
            self.table.insertRow(row)
            name = u.get("name") if isinstance(u.get("name"), dict) else {}
            nations = u.get("nations")
            cells = (str(u.get("id", "")), localized(name), tr(str(u.get("class", ""))),
                     " ".join(map(str, nations)) if isinstance(nations, list) else str(nations),
                     tr("yes") if u.get("special") else "")
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, index)
                self.table.setItem(row, col, item)
        self.table.blockSignals(False)
        self.table.resizeColumnsToContents()
        self._mark_rows()
        if keep is not None and keep < len(self.units()):
            self.select_unit(keep)
        elif self.table.rowCount():
            self.table.selectRow(0)
        else:
            self.form.show_unit(None)

    def _row_of(self, index: int) -> int | None:
        for row in range(self.table.rowCount()):
            if self.table.item(row, 0).data(Qt.ItemDataRole.UserRole) == index:
                return row
        return None

    def select_unit(self, index: int) -> None:
        """Select the unit at catalog `index` (clearing the nation filter if it hides it)."""
        row = self._row_of(index)
        if row is None and self.nation_filter.currentIndex() != 0:
            self.nation_filter.setCurrentIndex(0)
            row = self._row_of(index)
        if row is not None:
            self.table.selectRow(row)
            self.form.show_unit(index)

    def _selection_changed(self) -> None:
        self.form.show_unit(self.selected_index())

    def _data_changed(self, key: Key) -> None:
        if len(key) >= 3 and key[0] == "units" and key[2] in ("id", "name", "class",
                                                              "nations", "special"):
            index = key[1]
            row = self._row_of(index) if isinstance(index, int) else None
            if row is None or key[2] == "nations":
                self.fill_table()
                return
            u = self.units()[index]
            if not isinstance(u, dict):
                return
            name = u.get("name") if isinstance(u.get("name"), dict) else {}
            texts = {0: str(u.get("id", "")), 1: localized(name),
                     2: tr(str(u.get("class", ""))), 4: tr("yes") if u.get("special") else ""}
            for col, text in texts.items():
                self.table.item(row, col).setText(text)

    def _structure_changed(self, key: Key) -> None:
        if key == ("units",):
            self.fill_table()

    def show_problems(self) -> None:
        """List the problems and mark the units that have some."""
        super().show_problems()
        self._mark_rows()

    def _mark_rows(self) -> None:
        bad = {p.pointer.split("/")[2] for p in self.doc.problems
               if p.pointer and p.pointer.startswith("/units/") and p.pointer.count("/") >= 2}
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            index = str(item.data(Qt.ItemDataRole.UserRole))
            item.setForeground(QBrush(QColor("#b03a2e")) if index in bad else QBrush())

    def go_to(self, key: Key) -> None:
        """Select the unit of a problem and focus its field."""
        if len(key) >= 2 and key[0] == "units" and isinstance(key[1], int):
            self.select_unit(key[1])
            self.form.focus_key(key)

    # --- units ------------------------------------------------------------------------------

    def add_unit(self, special: bool = False, unit_id: str | None = None) -> int:
        """Add a new unit type (asks its id unless given); returns its index."""
        stem = "special_unit" if special else "new_unit"
        if unit_id is None:
            text, ok = QInputDialog.getText(self, tr("New unit type"),
                                            tr("Id (lower case letters, digits, _):"),
                                            text=free_id(self.units(), stem))
            if not ok or not text.strip():
                return -1
            unit_id = text.strip()
        index = len(self.units())
        self.doc.insert_item(("units",), index, new_unit(unit_id, special),
                             tr("New unit {id}").format(id=unit_id))
        self.select_unit(index)
        return index

    def duplicate_unit(self) -> None:
        """Copy the selected unit under a free id, right after it."""
        index = self.selected_index()
        if index is None:
            return
        unit = copy.deepcopy(self.units()[index])
        if not isinstance(unit, dict):
            return
        unit["id"] = free_id(self.units(), f"{unit.get('id', 'unit')}_copy")
        self.doc.insert_item(("units",), index + 1, unit,
                             tr("Duplicate unit {id}").format(id=unit["id"]))
        self.select_unit(index + 1)

    def delete_unit(self) -> None:
        """Delete the selected unit (undo puts it back)."""
        index = self.selected_index()
        if index is None:
            return
        entry = self.units()[index]
        uid = entry.get("id") if isinstance(entry, dict) else index
        self.doc.remove_item(("units",), index, tr("Delete unit {id}").format(id=uid))
        if self.units():
            self.select_unit(min(index, len(self.units()) - 1))
