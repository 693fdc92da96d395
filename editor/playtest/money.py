"""The money dialog: income shown, buy with prices and limits, repair, gifts to the ally."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.rules.actions import Buy, Gift, Repair

SPECIAL = "special"  # the engine's type id for a randomly drawn special unit

if TYPE_CHECKING:
    from editor.playtest.controller import PlaytestController


class MoneyDialog(QDialog):
    """Non-modal: every button applies one engine action through the controller."""

    def __init__(self, controller: PlaytestController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playtestMoney")
        self.setWindowTitle("Money")
        self.c = controller
        lay = QVBoxLayout(self)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)

        buy_box = QGroupBox("Buy (money phase; into one of your forts)")
        bl = QVBoxLayout(buy_box)
        self.buy_table = QTableWidget(0, 4)
        self.buy_table.setHorizontalHeaderLabels(["Unit", "Price", "Owned / limit", "Why not"])
        self.buy_table.horizontalHeader().setStretchLastSection(True)
        self.buy_table.setMinimumHeight(230)
        self.buy_table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        bl.addWidget(self.buy_table)
        row = QHBoxLayout()
        self.fort = QComboBox()
        row.addWidget(QLabel("Into fort"))
        row.addWidget(self.fort, 1)
        self.buy_button = QPushButton("Buy selected")
        self.buy_button.clicked.connect(self.buy_selected)
        row.addWidget(self.buy_button)
        bl.addLayout(row)
        lay.addWidget(buy_box)

        rep_box = QGroupBox("Repair (units in a fort since the start of the turn)")
        rl = QVBoxLayout(rep_box)
        self.repair_table = QTableWidget(0, 3)
        self.repair_table.setHorizontalHeaderLabels(["Unit", "Damage", "Cost / why not"])
        self.repair_table.horizontalHeader().setStretchLastSection(True)
        rl.addWidget(self.repair_table)
        self.repair_button = QPushButton("Repair selected")
        self.repair_button.clicked.connect(self.repair_selected)
        rl.addWidget(self.repair_button)
        lay.addWidget(rep_box)

        gift_box = QGroupBox("Gift to an ally")
        gl = QHBoxLayout(gift_box)
        self.ally = QComboBox()
        self.amount = QSpinBox()
        self.amount.setRange(1, 10_000)
        self.gift_button = QPushButton("Give")
        self.gift_button.clicked.connect(self.give)
        self.fee = QLabel()
        for w in (self.ally, self.amount, self.fee, self.gift_button):
            gl.addWidget(w)
        lay.addWidget(gift_box)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        lay.addWidget(close)
        self.resize(640, 680)
        self.refresh()

    def refresh(self) -> None:
        """Fill the tables from the current state."""
        s = self.c.session
        if s is None:
            return
        st = s.state
        rs = s.game.ruleset
        nation = st.nation
        income = sum(1 for o in st.fort_owner.values() if o == nation) * rs.income_per_fort
        self.summary.setText(
            f"<b>{nation}</b> has <b>{st.money[nation]}</b> {rs.currency}; income "
            f"{income} per money phase ({rs.income_per_fort} per fort). Phase: {st.phase}.")
        limit = rs.unit_limit_max if rs.unit_limit_enabled else None
        roster = [u for u in s.game.rosters[nation] if not u.has_ability("buy_on_water")]
        rows: list[tuple[str, str, str, str]] = []
        for utype in roster:
            owned = sum(1 for u in st.units.values() if u.nation == nation
                        and u.type.id == utype.id)
            rows.append((utype.id, str(utype.cost.get(rs.currency, "–")),
                         f"{owned} / {limit if limit is not None else '–'}",
                         st.buy_problem(utype.id, None) or ""))
        # A special unit is drawn at random by the engine (`buy special FORT`).
        rows.append((SPECIAL, "see ruleset", "–", st.buy_problem(SPECIAL, None) or ""))
        self.buy_table.setRowCount(len(rows))
        for r, cells in enumerate(rows):
            type_id = cells[0]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                if col == 0:
                    item.setData(Qt.ItemDataRole.UserRole, type_id)
                self.buy_table.setItem(r, col, item)
        self.buy_table.resizeColumnsToContents()
        self.fort.clear()
        for f in sorted(f for f, o in st.fort_owner.items() if o == nation):
            self.fort.addItem(f, f)
        damaged = [u for u in st.units.values() if u.nation == nation and u.damage]
        self.repair_table.setRowCount(len(damaged))
        for r, u in enumerate(damaged):
            why = st.repair_problem(u)
            cells = [u.id, str(u.damage), why or f"{st.repair_cost(u)}"]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                if col == 0:
                    item.setData(Qt.ItemDataRole.UserRole, u.id)
                self.repair_table.setItem(r, col, item)
        self.ally.clear()
        for n in s.game.nations:
            if n != nation and s.game.team_of[n] == s.game.team_of[nation]:
                self.ally.addItem(n, n)
        self.fee.setText(f"fee {rs.gift_fee}" if self.ally.count()
                         else "no ally in this game")
        self.gift_button.setEnabled(self.ally.count() > 0)
        self.ally.setEnabled(self.ally.count() > 0)
        self.amount.setEnabled(self.ally.count() > 0)

    def _selected(self, table: QTableWidget) -> str | None:
        row = table.currentRow()
        item = table.item(row, 0) if row >= 0 else None
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def buy(self, type_id: str, fort: str) -> bool:
        """Buy a unit type into a fort."""
        ok = self.c.apply(Buy(type_id, fort))
        self.refresh()
        return ok

    def buy_selected(self) -> None:
        """Buy the selected row into the chosen fort."""
        type_id = self._selected(self.buy_table)
        if type_id is None or self.fort.currentData() is None:
            self.c.status("Pick a unit type and one of your forts.")
            return
        self.buy(type_id, self.fort.currentData())

    def repair_selected(self) -> None:
        """Repair the selected unit."""
        uid = self._selected(self.repair_table)
        if uid is not None:
            self.c.apply(Repair(uid))
            self.refresh()

    def give(self) -> None:
        """Give the amount to the chosen ally."""
        if self.ally.currentData():
            self.c.apply(Gift(self.ally.currentData(), self.amount.value()))
            self.refresh()
