"""The money dialog: income shown, buy with prices and limits, repair, gifts to the ally."""

from __future__ import annotations

from collections.abc import Callable

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

from editor.playtest.words import currency_word, nation_name, phase_name
from engine.i18n import localized
from engine.play.interaction import water_spots
from engine.play.session import PlaytestSession
from engine.rules.abilities import powers
from engine.rules.actions import SPECIAL, Action, Buy, Gift, Repair
from engine.rules.money import price
from engine.rules.state import State

WATER_CHOICES = 40  # water hexes listed in the dialog; the map pick offers all of them


def is_water_type(st: State, type_id: str | None) -> bool:
    """Whether units of `type_id` are bought onto a water hex instead of into a fort."""
    utype = st.game.catalog.units.get(type_id or "")
    return utype is not None and powers(utype).bought_on_water


class MoneyDialog(QDialog):
    """Non-modal: every button hands one engine action to `submit` (which applies it and
    says whether it was legal). `session` gives the play-test shown, `status` shows a note,
    `pick_on_water` lets the player pick a water hex on the map for a unit type."""

    def __init__(self, session: Callable[[], PlaytestSession | None],
                 submit: Callable[[Action], bool], status: Callable[[str], None],
                 pick_on_water: Callable[[str], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playtestMoney")
        self.setWindowTitle(self.tr("Money"))
        self.session = session
        self.submit = submit
        self.status = status
        self.pick_on_water = pick_on_water
        lay = QVBoxLayout(self)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)

        buy_box = QGroupBox(self.tr("Buy (money phase; into one of your forts)"))
        bl = QVBoxLayout(buy_box)
        self.buy_table = QTableWidget(0, 4)
        self.buy_table.setHorizontalHeaderLabels(
            [self.tr("Unit"), self.tr("Price"), self.tr("Owned / limit"), self.tr("Why not")])
        self.buy_table.horizontalHeader().setStretchLastSection(True)
        self.buy_table.setMinimumHeight(230)
        self.buy_table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        bl.addWidget(self.buy_table)
        row = QHBoxLayout()
        # Co-op: which nation of the joint seat gets the unit (hidden outside co-op).
        self.for_label = QLabel(self.tr("For"))
        self.for_nation = QComboBox()
        self.for_nation.setObjectName("playtestBuyFor")
        self.for_nation.setToolTip(self.tr("Co-op: the unit joins this nation's units (one "
                                           "shared pool pays for it)"))
        self.for_nation.currentIndexChanged.connect(lambda _i: self.refresh())
        row.addWidget(self.for_label)
        row.addWidget(self.for_nation)
        self.fort = QComboBox()
        self.fort.setObjectName("playtestBuyWhere")
        self.where_label = QLabel(self.tr("Into fort"))
        row.addWidget(self.where_label)
        row.addWidget(self.fort, 1)
        self.pick_button = QPushButton(self.tr("Pick on map…"))
        self.pick_button.setToolTip(
            self.tr("Highlight every legal water hex; click one to buy there"))
        self.pick_button.clicked.connect(self.pick_on_map)
        row.addWidget(self.pick_button)
        self.buy_button = QPushButton(self.tr("Buy selected"))
        self.buy_button.clicked.connect(self.buy_selected)
        row.addWidget(self.buy_button)
        bl.addLayout(row)
        self.buy_table.currentCellChanged.connect(lambda *_a: self._fill_where())
        lay.addWidget(buy_box, 3)

        rep_box = QGroupBox(self.tr("Repair (units in a fort since the start of the turn)"))
        rl = QVBoxLayout(rep_box)
        self.repair_note = QLabel()
        self.repair_note.setWordWrap(True)
        self.repair_note.setStyleSheet("color: #8a1c1c")
        # Outside the group box: a wrapping label inside it lets the dialog's layout squeeze
        # the Buy box below its minimum (its row of fort, pick and buy overlapped the table).
        lay.addWidget(self.repair_note)
        self.repair_table = QTableWidget(0, 3)
        self.repair_table.setHorizontalHeaderLabels(
            [self.tr("Unit"), self.tr("Damage"), self.tr("Cost / why not")])
        self.repair_table.horizontalHeader().setStretchLastSection(True)
        rl.addWidget(self.repair_table)
        self.repair_button = QPushButton(self.tr("Repair selected"))
        self.repair_button.clicked.connect(self.repair_selected)
        rl.addWidget(self.repair_button)
        lay.addWidget(rep_box, 1)

        gift_box = QGroupBox(self.tr("Gift to an ally"))
        gl = QHBoxLayout(gift_box)
        self.ally = QComboBox()
        self.amount = QSpinBox()
        self.amount.setRange(1, 10_000)
        self.gift_button = QPushButton(self.tr("Give"))
        self.gift_button.clicked.connect(self.give)
        self.fee = QLabel()
        for w in (self.ally, self.amount, self.fee, self.gift_button):
            gl.addWidget(w)
        lay.addWidget(gift_box)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.close)
        lay.addWidget(close)
        self.resize(640, 680)
        self.refresh()

    def refresh(self) -> None:
        """Fill the tables from the current state."""
        s = self.session()
        if s is None:
            return
        st = s.state
        rs = s.game.ruleset
        nation = st.nation
        income = st.income(nation)
        partner = s.game.partner_of.get(nation)
        seat = (f"{nation_name(nation)} + {nation_name(partner)} ({nation}+{partner})" if partner
                else nation_name(nation))
        shared = self.tr(" (one shared pool)") if partner else ""
        self.summary.setText(self.tr(
            "<b>%1</b> has <b>%2</b> %3%7; income %4 per money phase (%5 per fort). "
            "Phase: %6.").replace("%1", seat).replace(
            "%2", str(st.money[nation])).replace("%3", currency_word(rs.currency)).replace(
            "%4", str(income)).replace("%5", str(rs.income_per_fort)).replace(
            "%6", phase_name(st.phase)).replace("%7", shared))
        flag = self._fill_for(partner, nation)
        limit = rs.unit_limit_max if rs.unit_limit_enabled else None
        rows: list[tuple[str, str, str, str]] = []
        # Every type the nation may field; special types can be chosen only when behind
        # (the engine says so in "Why not"), else one is drawn with the "special" row.
        types = sorted((u for u in s.game.catalog.units.values() if (flag or nation) in u.nations),
                       key=lambda u: (u.special, u.id))
        for utype in types:
            owned = sum(1 for u in st.units.values() if u.nation == nation
                        and u.flag == (flag or nation) and u.type.id == utype.id)
            label = localized(utype.name, utype.id) + (
                self.tr(" (special)") if utype.special else "") + (
                self.tr(" (onto water)") if powers(utype).bought_on_water else "")
            cost = price(st, utype)
            rows.append((label, "–" if cost is None else str(cost),
                         f"{owned} / {limit if limit is not None else '–'}",
                         st.buy_problem(utype.id, None, flag) or ""))
        # A special unit is drawn at random by the engine (`buy special FORT`).
        rows.append((self.tr("special unit (random draw)"), str(price(st, None)), "–",
                     st.buy_problem(SPECIAL, None) or ""))
        ids = [u.id for u in types] + [SPECIAL]
        self.buy_table.blockSignals(True)
        self.buy_table.setRowCount(len(rows))
        for r, cells in enumerate(rows):
            type_id = ids[r]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                if col == 0:
                    item.setData(Qt.ItemDataRole.UserRole, type_id)
                self.buy_table.setItem(r, col, item)
        self.buy_table.resizeColumnsToContents()
        self.buy_table.blockSignals(False)
        self._fill_where()
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
        blocked = [(u.id, st.repair_problem(u)) for u in damaged]
        blocked = [(uid, why) for uid, why in blocked if why]
        if not damaged:
            self.repair_note.setText(self.tr("No damaged unit to repair."))
        elif blocked:
            self.repair_note.setText(self.tr("Cannot repair: %1").replace(
                "%1", "; ".join(why for _u, why in blocked)))
        else:
            self.repair_note.setText("")
        self.ally.clear()
        for n in s.game.nations:
            if n != nation and s.game.team_of[n] == s.game.team_of[nation]:
                self.ally.addItem(nation_name(n), n)
        self.fee.setText(self.tr("fee %1").replace("%1", str(rs.gift_fee)) if self.ally.count()
                         else self.tr("co-op: the ally shares this pool")
                         if nation in s.game.partner_of else self.tr("no ally in this game"))
        self.gift_button.setEnabled(self.ally.count() > 0)
        self.ally.setEnabled(self.ally.count() > 0)
        self.amount.setEnabled(self.ally.count() > 0)

    def _fill_for(self, partner: str | None, nation: str) -> str | None:
        """Offer the joint seat's two nations (co-op); the chosen one, None outside co-op."""
        keep = self.for_nation.currentData()
        self.for_nation.blockSignals(True)
        self.for_nation.clear()
        if partner is not None:
            for n in (nation, partner):
                self.for_nation.addItem(nation_name(n), n)
            self.for_nation.setCurrentIndex(max(0, self.for_nation.findData(keep)))
        self.for_nation.blockSignals(False)
        self.for_nation.setVisible(partner is not None)
        self.for_label.setVisible(partner is not None)
        return self.for_nation.currentData() if partner is not None else None

    def _fill_where(self) -> None:
        """Forts for a unit bought into a fort, water hexes for one bought onto water."""
        s = self.session()
        if s is None:
            return
        st = s.state
        type_id = self._selected(self.buy_table)
        water = is_water_type(st, type_id)
        self.fort.clear()
        self.pick_button.setEnabled(water and st.phase == "money")
        if water:
            self.where_label.setText(self.tr("Onto water hex"))
            spots = water_spots(st, type_id or "")
            for h in spots[:WATER_CHOICES]:
                col, row = st.game.map.to_offset(h)
                self.fort.addItem(self.tr("[%1, %2] water").replace("%1", str(col)).replace(
                    "%2", str(row)), f"{h.q},{h.r}")
            if not spots:
                self.fort.addItem(self.tr("no free water hex"), None)
        else:
            self.where_label.setText(self.tr("Into fort"))
            for f in sorted(f for f, o in st.fort_owner.items() if o == st.nation):
                self.fort.addItem(f, f)

    def pick_on_map(self) -> None:
        """Let the player click the water hex for the selected water unit on the map."""
        type_id = self._selected(self.buy_table)
        if type_id is not None:
            self.pick_on_water(type_id)

    def _selected(self, table: QTableWidget) -> str | None:
        row = table.currentRow()
        item = table.item(row, 0) if row >= 0 else None
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def buy(self, type_id: str, fort: str) -> bool:
        """Buy a unit type into a fort (in co-op for the nation chosen under "For")."""
        flag = self.for_nation.currentData() if self.for_nation.count() else None
        ok = self.submit(Buy(type_id, fort, flag=flag if type_id != SPECIAL else None))
        self.refresh()
        return ok

    def buy_selected(self) -> None:
        """Buy the selected row into the chosen fort."""
        type_id = self._selected(self.buy_table)
        if type_id is None or self.fort.currentData() is None:
            s = self.session()
            if s is not None and is_water_type(s.state, type_id):
                self.status(self.tr("Pick a unit type and a free water hex."))
            else:
                self.status(self.tr("Pick a unit type and one of your forts."))

            return
        self.buy(type_id, self.fort.currentData())

    def repair_selected(self) -> None:
        """Repair the selected unit."""
        uid = self._selected(self.repair_table)
        if uid is not None:
            self.submit(Repair(uid))
            self.refresh()

    def give(self) -> None:
        """Give the amount to the chosen ally."""
        if self.ally.currentData():
            self.submit(Gift(self.ally.currentData(), self.amount.value()))
            self.refresh()
