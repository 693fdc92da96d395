"""The co-op side of the Play-test dialog (RULES §9): a preset "France + Britain (together,
hot-seat) vs Automa" and, per seat, "alone" or "+ its ally (together, hot-seat)"."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox

from editor.i18n import tr
from editor.playtest.words import nation_name
from engine.play.setup import HUMAN, SeatChoice
from engine.rules.coop import HISTORICAL_ALLY

# Co-op presets: (lead, partner, the Automa's nation).
COOP_PRESETS = (("FR", "GB", "DE"), ("DE", "AH", "FR"))


class CoopSeats:
    """Co-op choices for `PlaytestDialog` (a mixin: it uses the dialog's fields, declared
    here for the type checker)."""

    coop_preset: QComboBox
    partner_combos: list[QComboBox]
    seat_rows: list[Any]
    players: Any
    _fill_seats: Any
    _validate: Any

    @staticmethod
    def _coop_preset_box() -> QComboBox:
        """The preset combo: none, or two allies together against the Automa."""
        box = QComboBox()
        box.setObjectName("playtestCoopPreset")
        box.addItem(tr("Co-op: none (each seat one nation)"), None)
        for lead, partner, enemy in COOP_PRESETS:
            box.addItem(tr("Co-op: %1 + %2 (together, hot-seat) vs Automa (%3)")
                        .replace("%1", nation_name(lead)).replace("%2", nation_name(partner))
                        .replace("%3", nation_name(enemy)), (lead, partner, enemy))
        box.setToolTip(tr(
            "Two players of allied nations play one joint turn together (hot-seat), share "
            "money and forts; start marker 1 is the first nation's, 2 the second's, 3 shared"))
        return box

    @staticmethod
    def _partner_box(i: int) -> QComboBox:
        """Seat i's co-op combo (filled by `_fill_partner`)."""
        box = QComboBox()
        box.setObjectName(f"playtestPartner{i + 1}")
        box.setToolTip(tr("Co-op: the ally that plays this seat together with it"))
        return box

    def _fill_partner(self, i: int, keep: object = "") -> None:
        """Seat i's co-op choice: alone, or with its nation's ally (2 players only)."""
        combo = self.partner_combos[i]
        nation = self.seat_rows[i][0].currentData()
        current = combo.currentData() if keep == "" else keep
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(tr("alone"), None)
        ally = HISTORICAL_ALLY.get(nation)
        if ally is not None:
            combo.addItem(tr("+ %1 (together, hot-seat)").replace("%1", nation_name(ally)), ally)
        combo.setCurrentIndex(max(0, combo.findData(current)))
        combo.blockSignals(False)

    def _apply_coop_preset(self) -> None:
        """A co-op preset: 2 players, the Automa's seat first, the joint human seat second."""
        preset = self.coop_preset.currentData()
        if preset is None:
            for k in range(len(self.partner_combos)):
                self._fill_partner(k, None)
            self._validate()
            return
        lead, partner, enemy = preset
        self.players.setCurrentIndex(self.players.findData(2))
        self._fill_seats([SeatChoice(enemy, "automa:standard"),
                          SeatChoice(lead, HUMAN, partner)])
        self._validate()
