"""The end screen: winner and reason, forts per team over time, losses by unit type."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
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

from engine.play.session import PlaytestSession, Summary
from engine.play.setup import NATION_NAMES

TEAM_COLOURS = {"central": QColor("#6d7460"), "entente": QColor("#5d86c0")}
REASONS = {"forts": "held enough forts", "surrender": "the other side surrendered",
           "elimination": "the other side has no fighting units left"}


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
        p.drawText(QPointF(x, self.height() - 4), "turns →")
        x += 70
        for team in teams:
            p.fillRect(QRectF(x, self.height() - 12, 14, 8), TEAM_COLOURS.get(team, QColor("#333")))
            p.drawText(QPointF(x + 18, self.height() - 4), team)
            x += 100
        p.drawText(QPointF(x, self.height() - 4), "dashed: forts to win")
        p.end()


class EndDialog(QDialog):
    """Shown once when a play-test ends."""

    def __init__(self, session: PlaytestSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playtestEnd")
        self.setWindowTitle("Play-test over")
        s = session.summary()
        self.summary = s
        lay = QVBoxLayout(self)
        why = REASONS.get(s.reason, s.reason)
        g = session.game
        members = ", ".join(NATION_NAMES.get(n, n) for n in g.nations
                            if g.team_of[n] == s.winner)
        final = s.forts[-1][2] if s.forts else {}
        forts = " · ".join(f"{t} {v}" for t, v in sorted(final.items()))
        self.title = QLabel(f"<h2>{(s.winner or '').capitalize()} ({members}) wins</h2>"
                            f"by {s.reason}: {why}. Forts at the end: {forts} "
                            f"({g.forts_to_win} to win). {s.rounds} round(s), "
                            f"{s.actions} actions.")
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        lay.addWidget(QLabel("Forts held after each turn:"))
        lay.addWidget(FortChart(s, session.game.forts_to_win))
        types = sorted({t for c in s.losses.values() for t in c})
        nations = list(s.losses)
        lost = {n: sum(s.losses[n].values()) for n in nations}
        self.losses_label = QLabel(
            "Units destroyed: " + " · ".join(f"{n} {lost[n]}" for n in nations)
            if types else "No unit was destroyed in this game.")
        lay.addWidget(self.losses_label)
        self.table = QTableWidget(len(types), len(nations))
        self.table.setHorizontalHeaderLabels(nations)
        self.table.setVerticalHeaderLabels(types)
        for r, t in enumerate(types):
            for c, n in enumerate(nations):
                self.table.setItem(r, c, QTableWidgetItem(str(s.losses[n].get(t, 0))))
        self.table.setVisible(bool(types))
        lay.addWidget(self.table, 1)
        if not types:
            lay.addStretch(1)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        lay.addWidget(close)
        self.resize(520, 520)
