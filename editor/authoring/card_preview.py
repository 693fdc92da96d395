"""A live preview of the unit being edited: its counter in each nation's colour (as the
play-test draws it, editor.playtest.counters) and its card's numbers as one reads them."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from editor.authoring.fields import plain
from editor.i18n import tr
from editor.playtest.counters import draw_counter
from engine.i18n import current_language

COUNTER = 56
LEVELS = ("recruit", "veteran", "hero")


def _num(value: Any) -> str:
    number = plain(value)
    mark = "~" if isinstance(value, dict) and value.get("estimated") else ""
    return f"{number}{mark}" if number is not None else "—"


def _names(name: dict[str, Any], fallback: str) -> str:
    """The unit's name in the current language first, the other language's in brackets."""
    first, second = ("de", "en") if current_language() == "de" else ("en", "de")
    shown = str(name.get(first) or name.get(second) or fallback)
    other = str(name.get(second) or "")
    return f"{shown} ({other})" if other and other != shown else shown


def card_lines(unit: dict[str, Any]) -> list[str]:
    """The card's text: name, class, movement, range, hit values, cost and abilities; a value
    marked `~` is estimated."""
    name = unit.get("name") if isinstance(unit.get("name"), dict) else {}
    rng = unit.get("range") if isinstance(unit.get("range"), dict) else {}
    hit = unit.get("hit") if isinstance(unit.get("hit"), dict) else {}
    cost = unit.get("cost") if isinstance(unit.get("cost"), dict) else {}
    abilities = unit.get("abilities") if isinstance(unit.get("abilities"), list) else []
    special = tr(" · special") if unit.get("special") else ""
    lines = [_names(name, str(unit.get("id", "?"))),
             f"{tr(str(unit.get('class', '?')))}{special}",
             tr("speed {speed} · range {lo}–{hi}").format(
                 speed=_num(unit.get("speed")), lo=_num(rng.get("min")), hi=_num(rng.get("max"))),
             tr("hits {values}").format(values=" / ".join(_num(hit.get(k)) for k in LEVELS)),
             tr("cost {coins} coins · {bonds} war bonds").format(
                 coins=_num(cost.get("coins")), bonds=_num(cost.get("war_bonds")))]
    ids = [str(a.get("id")) for a in abilities if isinstance(a, dict)]
    lines.append(tr("abilities: {ids}").format(ids=", ".join(ids)) if ids
                 else tr("no abilities"))
    return lines


class CardPreview(QWidget):
    """Draws the counters and card text of one unit (file form)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.unit: dict[str, Any] = {}
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        """Room for a row of counters over the card text."""
        return QSize(520, COUNTER + 16 + 6 * 17)

    def minimumSizeHint(self) -> QSize:
        """As tall as the preview needs."""
        return QSize(200, self.sizeHint().height())

    def show_unit(self, unit: Any) -> None:
        """Preview `unit` (a catalog entry in file form)."""
        self.unit = unit if isinstance(unit, dict) else {}
        self.update()

    def paintEvent(self, _event: QPaintEvent) -> None:
        """The counters, then the card lines."""
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#f6f3e8"))
        nations = self.unit.get("nations")
        nations = [n for n in nations if isinstance(n, str)] if isinstance(nations, list) else []
        for k, nation in enumerate(nations or ["neutral"]):
            centre = QPointF(8 + COUNTER / 2 + k * (COUNTER + 8), 8 + COUNTER / 2)
            draw_counter(p, centre, COUNTER, nation, str(self.unit.get("class", "")),
                         str(self.unit.get("id", "")), 0, 0)
        font = QFont(self.font())
        p.setFont(font)
        p.setPen(QPen(QColor("#1d1d1b")))
        top = 16 + COUNTER
        for n, line in enumerate(card_lines(self.unit)):
            if n == 0:
                font.setBold(True)
            p.setFont(font)
            p.drawText(QRectF(8, top + n * 17, self.width() - 16, 17),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, line)
            font.setBold(False)
        p.end()
