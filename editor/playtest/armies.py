"""Full setup: drag the seat's units between its three armies (or take suggested groups),
then confirm; each unit becomes one engine `assign` action."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QWidget,
)

from editor.playtest.counters import short_name
from editor.playtest.words import nation_name
from engine.i18n import localized
from engine.rules import coop
from engine.rules.actions import Action, Assign
from engine.rules.state import State

ARMIES = 3


def _list() -> QListWidget:
    w = QListWidget()
    w.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
    w.setDefaultDropAction(Qt.DropAction.MoveAction)
    w.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
    return w


class ArmiesDialog(QDialog):
    """The seat to act sorts its unassigned units into armies 1..3; confirming hands one
    `assign` action per unit to `submit` (which applies it and says whether it was legal);
    `status` shows why the dialog refuses to confirm."""

    def __init__(self, state: State, submit: Callable[[Action], bool],
                 status: Callable[[str], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playtestArmies")
        self.state = state
        self.submit = submit
        self.status = status
        st = state
        self.nation = st.nation
        self.setWindowTitle(self.tr("%1: assign your units to 3 armies").replace(
            "%1", nation_name(self.nation)))
        lay = QGridLayout(self)
        lay.addWidget(QLabel(self.tr("Drag units between the lists. Each army starts on one of "
                                     "your start chips, revealed when you place it.")),
                      0, 0, 1, 4)
        self.unassigned = _list()
        self.armies = [_list() for _ in range(ARMIES)]
        titles = [self.tr("Unassigned")] + [self.tr("Army %1").replace("%1", str(k + 1))
                                            for k in range(ARMIES)]
        for col, (title, lw) in enumerate(zip(titles, [self.unassigned, *self.armies],
                                              strict=True)):
            heading = QLabel(title)
            heading.setStyleSheet("font-weight: bold")
            lay.addWidget(heading, 1, col)
            lay.addWidget(lw, 2, col)
        for u in sorted(st.units.values(), key=lambda u: (u.type.unit_class, u.id)):
            if u.nation != self.nation:
                continue
            item = QListWidgetItem(f"{localized(u.type.name, short_name(u.type.id))} · {u.id}")
            item.setData(Qt.ItemDataRole.UserRole, u.id)
            target = self.unassigned if u.army is None else self.armies[u.army - 1]
            if u.army is not None:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsDragEnabled)
            target.addItem(item)
        row = QHBoxLayout()
        suggest = QPushButton(self.tr("Suggested groups"))
        suggest.clicked.connect(self.suggest)
        self.confirm_button = QPushButton(self.tr("Confirm armies"))
        self.confirm_button.clicked.connect(self.confirm)
        row.addWidget(suggest)
        row.addStretch(1)
        row.addWidget(self.confirm_button)
        lay.addLayout(row, 3, 0, 1, 4)
        self.resize(760, 420)

    def assignment(self) -> dict[str, int]:
        """Unit id -> army (1..3) as the lists show it now."""
        out = {}
        for k, lw in enumerate(self.armies, 1):
            for i in range(lw.count()):
                out[lw.item(i).data(Qt.ItemDataRole.UserRole)] = k
        return out

    def move_unit(self, uid: str, army: int | None) -> None:
        """Put a unit into an army list (None: back to unassigned), as a drag would."""
        for lw in (self.unassigned, *self.armies):
            for i in range(lw.count()):
                if lw.item(i).data(Qt.ItemDataRole.UserRole) == uid:
                    item = lw.takeItem(i)
                    (self.unassigned if army is None else self.armies[army - 1]).addItem(item)
                    return
        raise KeyError(f"no unit {uid!r} in the lists")

    def suggest(self) -> None:
        """Spread the unassigned units over the armies, round robin by unit class (in co-op
        each unit over its own nation's start marker and the shared one)."""
        while self.unassigned.count():
            unit = self.state.units[self.unassigned.item(0).data(Qt.ItemDataRole.UserRole)]
            allowed = coop.allowed_armies(self.state.game, unit)
            army = min(allowed, key=lambda a: self.armies[a - 1].count())
            self.armies[army - 1].addItem(self.unassigned.takeItem(0))

    def confirm(self) -> bool:
        """Apply one `assign` per unit; refuses while units are unassigned or an army is
        empty (the engine would place an empty army)."""
        if self.unassigned.count():
            left = self.unassigned.count()
            self.status(self.tr("%n unit(s) are not in an army yet.", "", left))
            return False
        if any(lw.count() == 0 for lw in self.armies):
            self.status(self.tr("Every army needs at least one unit."))

            return False
        st = self.state
        for uid, army in self.assignment().items():
            if st.units[uid].army is None and not self.submit(Assign(uid, army)):
                return False
        self.accept()
        return True
