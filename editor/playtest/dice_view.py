"""The dice of the last combat: one box per die, hits filled green, then hits → damage."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QWidget

from engine.rules.combat import count_hits

HIT = QColor("#2e7d32")
MISS = QColor("#eeeeee")


class DiceView(QWidget):
    """Shows `set_combat(event, hit_values)`; hidden until there is a combat."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("playtestDice")
        self.combat: dict[str, Any] | None = None
        self.values = (0, 0)
        self.setMinimumHeight(64)
        self.hide()

    def set_combat(self, event: dict[str, Any] | None, values: tuple[int, int] | None) -> None:
        """Show one engine combat event (None hides the view)."""
        self.combat = event
        self.values = values or (0, 0)
        self.setVisible(event is not None)
        self.update()

    def rows(self) -> list[tuple[str, list[int], int, int, int]]:
        """(who, faces, hit value, hits, damage) per side that rolled, as the engine's
        combat event reports them."""
        e = self.combat
        if e is None:
            return []
        out = [(e["attacker"], list(e["attacker_dice"]), self.values[0],
                _hits(e, "attacker", self.values[0]), e["damage_to_defender"])]
        if e["defender_dice"]:
            out.append((e["defender"], list(e["defender_dice"]), self.values[1],
                        _hits(e, "defender", self.values[1]), e["damage_to_attacker"]))
        return out

    def paintEvent(self, _event: object) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(self.font())
        font.setPointSize(8)
        p.setFont(font)
        y = 2
        box = 18
        for who, faces, value, hits, damage in self.rows():
            p.setPen(QColor("#222"))
            rule = self.tr(" hits on ≤%1").replace("%1", str(value)) if value else ""
            line = self.tr("%1%2: %n hit(s) → %3 damage", "", hits)
            p.drawText(QRectF(2, y, self.width(), 14), Qt.AlignmentFlag.AlignLeft,
                       line.replace("%1", who).replace("%2", rule).replace("%3", str(damage)))
            y += 15
            x = 2
            for f in faces:
                if x + box > self.width():
                    x, y = 2, y + box + 3
                hit = count_hits((f,), value) == 1
                p.setPen(QPen(QColor("#555"), 1))
                p.setBrush(HIT if hit else MISS)
                p.drawRoundedRect(QRectF(x, y, box, box), 3, 3)
                p.setPen(QColor("#ffffff") if hit else QColor("#222"))
                p.drawText(QRectF(x, y, box, box), Qt.AlignmentFlag.AlignCenter, str(f))
                x += box + 3
            y += box + 4
        self.setMinimumHeight(max(64, y))
        p.end()


def _hits(event: dict[str, Any], side: str, value: int) -> int:
    """The hits the engine logged; a log saved before hits were logged counts its faces."""
    hits = event.get(f"{side}_hits")
    return count_hits(event[f"{side}_dice"], value) if hits is None else int(hits)
