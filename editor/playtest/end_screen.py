"""The end screen: winner and reason, forts per team over time, losses by unit type."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.playtest.words import nation_name, reason_text, team_name
from engine.i18n import localized
from engine.play.session import PlaytestSession, Summary

TEAM_COLOURS = {"central": QColor("#6d7460"), "entente": QColor("#5d86c0")}
# Marked for pyside6-lupdate; the dialog shows them through self.tr.
REASONS = {"forts": QT_TRANSLATE_NOOP("EndDialog", "held enough forts"),
           "surrender": QT_TRANSLATE_NOOP("EndDialog", "the other side surrendered"),
           "elimination": QT_TRANSLATE_NOOP("EndDialog",
                                            "the other side has no fighting units left")}


class FortChart(QWidget):
    """A step chart of forts held per team after each turn."""

    def __init__(self, summary: Summary, need: int) -> None:
        super().__init__()
        self.summary = summary
        self.need = need
        self.setMinimumSize(420, 160)

    def paintEvent(self, _event: object) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(30, 10, -10, -20)
        p.fillRect(self.rect(), QColor("#fafaf7"))
        p.setPen(QPen(QColor("#999"), 1))
        p.drawRect(r)
        points = self.summary.forts
        top = max([self.need] + [v for _, _, c in points for v in c.values()]) or 1
        n = max(1, len(points))  # one extra step so the final position has a width
        p.setPen(QPen(QColor("#ddd"), 1))
        for v in range(top + 1):  # a labelled grid line per fort count
            y = r.bottom() - r.height() * v / top
            if 0 < v < top:
                p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y))
            if v != self.need:
                p.setPen(QColor("#777"))
                p.drawText(QPointF(12, y + 4), f"{v}")
                p.setPen(QPen(QColor("#ddd"), 1))
        y_need = r.bottom() - r.height() * self.need / top
        p.setPen(QPen(QColor("#c62828"), 1, Qt.PenStyle.DashLine))
        p.drawLine(QPointF(r.left(), y_need), QPointF(r.right(), y_need))
        p.drawText(QPointF(2, y_need + 4), f"{self.need}")
        teams = sorted({t for _, _, c in points for t in c})
        for team in teams:
            p.setPen(QPen(TEAM_COLOURS.get(team, QColor("#333")), 2))
            prev = None
            lift = 2 * teams.index(team)  # keeps equal lines apart
            for k, (_rnd, _n, counts) in enumerate(points):
                pt = QPointF(r.left() + r.width() * k / n,
                             r.bottom() - lift - r.height() * counts.get(team, 0) / top)
                if prev is not None:
                    p.drawLine(prev, QPointF(pt.x(), prev.y()))
                    p.drawLine(QPointF(pt.x(), prev.y()), pt)
                prev = pt
            if prev is not None:
                p.drawLine(prev, QPointF(r.right(), prev.y()))
        x = r.left()
        p.setPen(QColor("#333"))
        p.drawText(QPointF(x, self.height() - 4), self.tr("turns →"))
        x += 70
        for team in teams:
            p.fillRect(QRectF(x, self.height() - 12, 14, 8), TEAM_COLOURS.get(team, QColor("#333")))
            p.drawText(QPointF(x + 18, self.height() - 4), team_name(team))
            x += 100 + max(0, p.fontMetrics().horizontalAdvance(team_name(team)) - 80)
        p.drawText(QPointF(x, self.height() - 4), self.tr("dashed: forts to win"))
        p.end()


class EndDialog(QDialog):
    """Shown once when a play-test ends."""

    def __init__(self, session: PlaytestSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playtestEnd")
        self.setWindowTitle(self.tr("Play-test over"))
        s = session.summary()
        self.summary = s
        lay = QVBoxLayout(self)
        why = self.tr(REASONS[s.reason]) if s.reason in REASONS else reason_text(s.reason)
        g = session.game
        members = ", ".join(nation_name(n) for n in g.nations if g.team_of[n] == s.winner)
        final = s.forts[-1][2] if s.forts else {}
        forts = " · ".join(f"{team_name(t)} {v}" for t, v in sorted(final.items()))
        rounds, actions = s.rounds, s.actions
        self.title = QLabel(
            self.tr("<h2>%1 (%2) wins</h2>").replace("%1", team_name(s.winner or ""))
            .replace("%2", members)
            + self.tr("by %1: %2. Forts at the end: %3 (%4 to win).").replace(
                "%1", reason_text(s.reason)).replace("%2", why).replace("%3", forts)
            .replace("%4", str(g.forts_to_win))
            + " " + self.tr("%n round(s),", "", rounds)
            + " " + self.tr("%n actions.", "", actions))
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        lay.addWidget(QLabel(self.tr("Forts held after each turn:")))
        lay.addWidget(FortChart(s, session.game.forts_to_win))
        types = sorted({t for c in s.losses.values() for t in c})
        nations = list(s.losses)
        lost = {n: sum(s.losses[n].values()) for n in nations}
        self.losses_label = QLabel(
            self.tr("Units destroyed: %1").replace(
                "%1", " · ".join(f"{n} {lost[n]}" for n in nations))
            if types else self.tr("No unit was destroyed in this game."))
        lay.addWidget(self.losses_label)
        self.table = QTableWidget(len(types), len(nations))
        self.table.setHorizontalHeaderLabels(nations)
        catalog = session.game.catalog.units
        self.table.setVerticalHeaderLabels(
            [localized(catalog[t].name, t) if t in catalog else t for t in types])
        for r, t in enumerate(types):
            for c, n in enumerate(nations):
                self.table.setItem(r, c, QTableWidgetItem(str(s.losses[n].get(t, 0))))
        self.table.setVisible(bool(types))
        lay.addWidget(self.table, 1)
        if not types:
            lay.addStretch(1)
        close = QPushButton(self.tr("Close"))

        close.clicked.connect(self.close)
        lay.addWidget(close)
        self.resize(520, 520)
