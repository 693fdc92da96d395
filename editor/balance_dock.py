"""The Balance dock: AI-vs-AI games of the open map in the background, win rates with 95 %
intervals and a fort-capture heatmap drawn over the map.

The map is copied into an in-memory 2-player scenario (the play-test's `build_scenario`) when
a run starts, so editing during a run changes nothing; re-running after an edit shows the
difference to the previous run. Games run on a Python thread (the engine is pure Python and
the interpreter switches threads every few milliseconds, so the UI stays responsive); Cancel
stops after the current game.
"""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QDockWidget,
    QGraphicsItemGroup,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.document import MapDocument
from editor.i18n import tr
from editor.playtest.words import reason_text, team_name
from engine.ai.simulate import SimSpec, play_game, summarize
from engine.content import ContentError
from engine.model import Scenario
from engine.play.setup import PlaytestOptions, SeatChoice, build_scenario
from engine.rules.game import ScenarioError

translate = QCoreApplication.translate
SEATS = ("heuristic", "heuristic")

HEAT_Z = 50.0


class SimulationWorker(QObject):
    """Plays the games of one run on a thread; reports progress and the summary."""

    progress = Signal(int, int)
    finished = Signal(object)  # the summary dict, or None when cancelled
    failed = Signal(str)

    def __init__(self, scenario: Scenario, spec: SimSpec, games: int) -> None:
        super().__init__()
        self.scenario, self.spec, self.games = scenario, spec, games
        self.cancelled = threading.Event()

    def run(self) -> None:
        """Play every game (stopping early when cancelled) and emit the result."""
        try:
            results = []
            for k in range(self.games):
                if self.cancelled.is_set():
                    self.finished.emit(None)
                    return
                results.append(play_game(self.scenario, self.spec, k))
                self.progress.emit(k + 1, self.games)
            self.finished.emit(summarize(self.spec, results, self.scenario))
        except Exception as exc:  # reported in the dock, never a traceback
            self.failed.emit(f"{type(exc).__name__}: {exc}")


class BalancePanel(QWidget):
    """Games, seed, Run / Cancel, progress, the win rates and the heatmap over the map."""

    def __init__(self, document: MapDocument, view: QGraphicsView) -> None:
        super().__init__()
        self.document, self.view = document, view
        self.games = QSpinBox()
        self.games.setRange(1, 100_000)
        self.games.setValue(100)
        self.seed = QLineEdit("balance")
        self.run_button = QPushButton(self.tr("Run"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.result = QLabel(self.tr("Heuristic AI against itself on the 2-player half 1–6."))
        self.result.setWordWrap(True)
        row = QHBoxLayout()
        for w in (QLabel(self.tr("Games")), self.games, QLabel(self.tr("Seed")), self.seed):
            row.addWidget(w)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        lay = QVBoxLayout(self)
        lay.addLayout(row)
        lay.addLayout(buttons)
        lay.addWidget(self.progress)
        lay.addWidget(self.result)
        lay.addStretch(1)
        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.worker: SimulationWorker | None = None
        self.thread: threading.Thread | None = None
        self.summary: dict[str, Any] | None = None
        self.previous: dict[str, Any] | None = None
        self.heat: QGraphicsItemGroup | None = None
        document.mapOpened.connect(self.forget)

    def running(self) -> bool:
        """Whether a run is in progress."""
        return self.thread is not None and self.thread.is_alive()

    def start(self) -> None:
        """Copy the map into a scenario and start the games in the background."""
        if self.running():
            return
        opts = PlaytestOptions(seats=[SeatChoice("DE", SEATS[0]), SeatChoice("FR", SEATS[1])])
        try:
            scenario = build_scenario(self.document.map, opts)
            spec = SimSpec("<open map>", SEATS, seed=self.seed.text() or "balance")
            summarize(spec, [], scenario)  # the map can be played at all (ScenarioError)
        except (ValueError, ContentError, ScenarioError) as exc:
            self.result.setText(self.tr("Cannot simulate this map: %1").replace("%1", str(exc)))
            return
        self.worker = SimulationWorker(scenario, spec, self.games.value())
        self.worker.progress.connect(self._progress)
        self.worker.finished.connect(self._finished)
        self.worker.failed.connect(self._failed)
        self.progress.setRange(0, self.games.value())
        self.progress.setValue(0)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.result.setText(self.tr("Running…"))
        cancelled = self.worker.cancelled
        self.destroyed.connect(lambda *_: cancelled.set())
        self.thread = threading.Thread(target=self.worker.run, name="balance", daemon=True)
        self.thread.start()

    def cancel(self) -> None:
        """Stop the run after the game in progress."""
        if self.worker is not None:
            self.worker.cancelled.set()

    def forget(self) -> None:
        """Another map was opened: stop a run of the old one and drop its results and
        heatmap, which would otherwise be shown (and compared) as if they were the new map's."""
        if self.worker is not None:
            self.worker.cancelled.set()
            # Its last signals speak of the old map: the new one shows none of them.
            for signal in (self.worker.progress, self.worker.finished, self.worker.failed):
                signal.disconnect()
            self.worker = None
        self.thread = None
        if self.heat is not None:
            self.view.scene().removeItem(self.heat)
            self.heat = None
        self.summary = self.previous = None
        self._idle()
        self.progress.reset()
        self.result.setText(self.tr("Heuristic AI against itself on the 2-player half 1–6."))

    def _stale(self) -> bool:
        # A queued signal of a run dropped by `forget` may still arrive after its disconnect.
        sender = self.sender()
        return sender is not None and sender is not self.worker

    def _progress(self, done: int, total: int) -> None:
        if self._stale():
            return
        self.progress.setValue(done)
        self.progress.setFormat(self.tr("%1/%2 games").replace("%1", str(done)).replace(
            "%2", str(total)))

    def _idle(self) -> None:
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def _failed(self, message: str) -> None:
        if self._stale():
            return
        self._idle()
        self.result.setText(self.tr("The simulation stopped: %1").replace("%1", message))

    def _finished(self, summary: dict[str, Any] | None) -> None:
        if self._stale():
            return
        self._idle()
        if summary is None:
            self.result.setText(self.tr("Cancelled."))
            return
        self.previous, self.summary = self.summary, summary
        self.result.setText(self.text(summary, self.previous))
        self.draw_heat(summary)

    @staticmethod
    def text(s: dict[str, Any], before: dict[str, Any] | None) -> str:
        """The win rates with their intervals, how games ended and the change since `before`."""
        lines = []
        for team, r in s["wins"].items():
            low, high = r["ci95"]
            line = translate("BalancePanel", "%1: %2 (95% CI %3–%4)").replace(
                "%1", team_name(team)).replace("%2", f"{r['rate']:.0%}").replace(
                "%3", f"{low:.0%}").replace("%4", f"{high:.0%}")
            if before is not None and team in before["wins"]:
                line += translate("BalancePanel", ", was %1").replace(
                    "%1", f"{before['wins'][team]['rate']:.0%}")
            lines.append(line)
        ends = ", ".join(f"{reason_text(k)} {v}" for k, v in s["end_reasons"].items())
        games = s["games"]
        lines.append(tr("%n games, mean %1 rounds; %2", "", games)
                     .replace("%1", f"{s['rounds']['mean']:.1f}").replace("%2", ends))
        return "\n".join(lines)

    def draw_heat(self, summary: dict[str, Any]) -> None:
        """Colour each fort on the map by its mean captures per game."""
        scene = self.view.scene()
        if self.heat is not None:
            scene.removeItem(self.heat)
        m = self.document.map
        layout = m.layout.pixel_layout()
        values = {f: v["captures"]["mean"] for f, v in summary["forts"].items()}
        top = max([*values.values(), 1e-9])
        group = QGraphicsItemGroup()
        for fort in m.forts:
            if fort.id not in values:
                continue
            v = values[fort.id]
            path = QPainterPath()
            for h in [*fort.hexes, *fort.entrances]:
                path.addPolygon(QPolygonF([_point(p) for p in layout.polygon(h)]))
                path.closeSubpath()
            item = QGraphicsPathItem(path)
            item.setBrush(QBrush(QColor(200, 30, 30, int(40 + 170 * v / top))))
            item.setPen(QPen(QColor(120, 0, 0), 1.5))
            group.addToGroup(item)
            label = QGraphicsSimpleTextItem(f"{v:.2f}")
            x, y = layout.hex_to_pixel(fort.hexes[0])
            label.setPos(x - layout.size * 0.6, y - layout.size * 1.9)
            label.setBrush(QBrush(QColor(90, 0, 0)))
            group.addToGroup(label)
        group.setZValue(HEAT_Z)
        scene.addItem(group)
        self.heat = group


def _point(p: tuple[float, float]) -> QPointF:
    return QPointF(*p)


def install_balance_dock(window: QMainWindow, document: MapDocument, view: QGraphicsView,
                         panels_menu: QMenu) -> QDockWidget:
    """Add the (hidden) Balance dock and its View ▸ Panels toggle to the main window."""
    panel = BalancePanel(document, view)
    dock = QDockWidget(translate("BalancePanel", "Balance"), window)
    dock.setObjectName("balanceDock")
    dock.setWidget(panel)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    panels_menu.addAction(dock.toggleViewAction())
    dock.hide()
    return dock
