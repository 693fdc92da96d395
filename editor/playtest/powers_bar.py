"""Buttons for the selected unit's powers in the play-test panel: lay a mine, repair in the
field, build a road/bridge or a trench. A button starts the engine-backed map pick
(`Interaction.start_power`): the hexes where the power may act light up and a click applies
it. Only the powers the engine lists as legal now are shown."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from engine.play.interaction import Interaction, Outcome
from engine.play.session import PlaytestSession
from engine.rules.actions import Action
from engine.rules.powers.actions import Build, LayMine

# kind -> (button text, tooltip), marked for pyside6-lupdate; the bar shows them via self.tr.
BUTTONS = {
    "mine": (QT_TRANSLATE_NOOP("PowersBar", "Lay mine…"),
             QT_TRANSLATE_NOOP("PowersBar", "Click a highlighted hex to lay a mine there "
                               "(hidden from the other side)")),
    "repair": (QT_TRANSLATE_NOOP("PowersBar", "Field repair…"),
               QT_TRANSLATE_NOOP("PowersBar", "Click a highlighted damaged unit to repair it "
                                 "(paid as in a fort)")),
    "road": (QT_TRANSLATE_NOOP("PowersBar", "Build road…"),
             QT_TRANSLATE_NOOP("PowersBar",
                               "Click two highlighted hexes: a road (a bridge over water)")),
    "trench": (QT_TRANSLATE_NOOP("PowersBar", "Build trench…"),
               QT_TRANSLATE_NOOP("PowersBar", "Click two highlighted hexes: a trench")),
}


class PowerCommands(Protocol):
    """What the bar needs of the play mode."""

    session: PlaytestSession | None
    interaction: Interaction | None

    def perform(self, outcome: Outcome) -> bool: ...


def kind_of(a: Action) -> str:
    """The button kind of a power action."""
    if isinstance(a, Build):
        return a.kind
    return "mine" if isinstance(a, LayMine) else "repair"


def power_kinds(c: PowerCommands) -> list[str]:
    """The powers the selected unit of the human seat to act may use now, in button order."""
    ui, s = c.interaction, c.session
    if ui is None or s is None or ui.selected is None or s.is_ai_turn():
        return []
    if ui.selected not in s.state.units:
        return []
    found = {kind_of(a) for a in ui.power_actions(ui.selected)}
    return [k for k in BUTTONS if k in found]


class PowersBar(QWidget):
    """A row of power buttons, hidden while the selection has no power to use."""

    def __init__(self, c: PowerCommands) -> None:
        super().__init__()
        self.setObjectName("playtestPowers")
        self.c = c
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(self.tr("Power:")))
        self.buttons: dict[str, QPushButton] = {}
        for kind, (text, tip) in BUTTONS.items():
            b = QPushButton(self.tr(text))
            b.setToolTip(self.tr(tip))

            b.clicked.connect(lambda _c=False, k=kind: self.use(k))
            row.addWidget(b)
            self.buttons[kind] = b
        row.addStretch(1)
        self.hide()

    def use(self, kind: str) -> None:
        """Start the map pick for power `kind` of the selected unit."""
        ui = self.c.interaction
        if ui is None or ui.selected is None:
            return
        build = kind if kind in ("road", "trench") else "road"
        self.c.perform(ui.start_power(ui.selected, build=build))

    def refresh(self) -> None:
        """Show the buttons of the selected unit's usable powers (none: hide the bar)."""
        kinds = power_kinds(self.c)
        for kind, b in self.buttons.items():
            b.setVisible(kind in kinds)
        self.setVisible(bool(kinds))
