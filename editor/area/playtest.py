"""Play-test of a Der Erste Weltkrieg map: hot-seat or against the random AI, with the exact
battle odds the engine gives (engine.rules.area.odds) beside every battle choice."""

from __future__ import annotations

import copy

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from editor.area.canvas import FACTION_COLOURS, draw_area_map
from editor.area.document import AreaDocument
from editor.area.properties import faction_names
from editor.playtest.words import tr
from engine.area_model import AreaScenario
from engine.content import load_file
from engine.i18n import localized
from engine.paths import CONTENT_DIR
from engine.rules.area.game import AreaGame, AreaScenarioError
from engine.rules.area.odds import battle_odds, declared_odds
from engine.rules.dice import Dice

BUILT_IN = CONTENT_DIR / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml"


def playtest_scenario(doc: AreaDocument, scenario: AreaScenario | None) -> AreaScenario | str:
    """The scenario to play: the edited map with the opened scenario's armies and ruleset (the
    built-in ones for a map opened alone), or why it cannot be played."""
    errors = [p for p in doc.problems if p.is_error]
    if errors:
        count = len(errors)
        return tr("the map has %n error(s); first: %1 (hint: fix the problems listed under "
                  "Problems)", "", count).replace("%1", errors[0].message)
    base = scenario if scenario is not None else load_file(BUILT_IN).model
    if base is None:
        return QCoreApplication.translate(
            "AreaPlaytestWindow", "the built-in armies and ruleset cannot be loaded")
    made = copy.copy(base)
    made.map = doc.map
    made.historical_setup = {}
    made.variants = [v for v in made.variants if v != "historical_setup"]
    # lazy: the semantic check of a scenario is only needed when a play-test starts
    from engine.content.semantic_area import check_area_scenario
    problems = [p for p in check_area_scenario(made) if p.is_error]
    if problems:
        return f"{problems[0].message} (hint: {problems[0].hint})"
    return made


class AreaPlaytestWindow(QMainWindow):
    """One game: the board with armies per front, the legal actions, the log."""

    def __init__(self, scenario: AreaScenario, seed: int = 1) -> None:
        super().__init__()
        try:
            self.game = AreaGame(scenario, seed=seed)
        except AreaScenarioError as exc:
            raise ValueError(str(exc)) from None
        self.state = self.game.new_initial_state()
        self.ai = Dice(seed)
        self.faction_names = faction_names()
        self.scene = QGraphicsScene(self)
        self.view = QGraphicsView(self.scene)
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.actions = QListWidget()
        self.actions.itemActivated.connect(self._activated)
        self.log = QListWidget()
        play = QPushButton(self.tr("Do it"))
        play.clicked.connect(lambda: self._activated(self.actions.currentItem()))
        ai = QPushButton(self.tr("AI move"))
        ai.clicked.connect(self.ai_move)
        self.ai_seats = QCheckBox(self.tr("AI plays the other side"))
        side = QWidget()
        column = QVBoxLayout(side)
        column.addWidget(self.status)
        column.addWidget(QLabel(self.tr("Legal actions (double-click to play):")))
        column.addWidget(self.actions, 3)
        row = QHBoxLayout()
        row.addWidget(play)
        row.addWidget(ai)
        column.addLayout(row)
        column.addWidget(self.ai_seats)
        column.addWidget(QLabel(self.tr("Log:")))
        column.addWidget(self.log, 2)
        split = QSplitter()
        split.addWidget(self.view)
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setSizes([880, 520])
        self.setCentralWidget(split)
        self.setWindowTitle(self.tr("Play-test — %1").replace("%1", localized(scenario.name)))
        self.resize(1400, 860)
        self.refresh()

    def refresh(self) -> None:
        """Show the state: board, whose turn, legal actions with odds, log."""
        s = self.state
        self.scene.clear()
        draw_area_map(self.scene, self.game.map, owner=s.owner)
        self._armies()
        self.view.fitInView(0, 0, *self.game.map.size, Qt.AspectRatioMode.KeepAspectRatio)
        names = self.faction_names
        vp = ", ".join(f"{names.get(f, f)}: {v}" for f, v in s.vp.items())
        if s.is_terminal():
            result = s.result or {}
            winners = ", ".join(names.get(f, f) for f in result.get("winners", []))
            text = self.tr("Game over (%1): winners %2").replace(
                "%1", str(result.get("reason"))).replace("%2", winners or self.tr("none"))
        else:
            text = self.tr("Round %1, %2 — %3 to act").replace("%1", str(s.round)).replace(
                "%2", s.phase).replace("%3", names.get(str(s.actor), str(s.actor)))
        odds = battle_odds(s)
        if odds is not None:
            text += "\n" + self._odds_text(odds)
        self.status.setText(text + "\n" + self.tr("VP — %1").replace("%1", vp))
        self.actions.clear()
        for a in s.legal_actions():
            label = a.text()
            if a.kind == "battle" and a.front is not None:
                label += "   " + self._odds_text(declared_odds(s, a.front))
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, a)
            self.actions.addItem(item)
        if self.actions.count():
            self.actions.setCurrentRow(0)
        self.log.clear()
        for e in s.log[-200:]:
            details = ", ".join(f"{k}={v}" for k, v in e.items() if k not in ("event", "round"))
            self.log.addItem(self.tr("R%1 %2: %3").replace("%1", str(e["round"])).replace(
                "%2", str(e["event"])).replace("%3", details))

        self.log.scrollToBottom()

    def _odds_text(self, odds) -> str:
        if odds.undefended:
            return self.tr("(no defender: a city at once)")
        return self.tr("(win %1 %, both fall %2 %, lose %3 %)").replace(
            "%1", f"{float(odds.attacker_wins) * 100:.0f}").replace(
            "%2", f"{float(odds.tie) * 100:.0f}").replace(
            "%3", f"{float(odds.defender_wins) * 100:.0f}")

    def _armies(self) -> None:
        """Per front, a counter per faction with its real armies and dummies."""
        s = self.state
        for f in self.game.map.fronts:
            xs = [p[0] for p in f.polygon]
            ys = [p[1] for p in f.polygon]
            x, y = min(xs) + 8, max(ys) - 26
            for faction in FACTION_COLOURS:
                real = len(s.armies_of(faction, f.number))
                dummies = s.dummies.get(faction, {}).get(f.number, 0)
                if not real and not dummies:
                    continue
                self.scene.addRect(x, y, 34, 20, QPen(QColor("#222")),
                                   QBrush(QColor(FACTION_COLOURS[faction])))
                label = self.scene.addSimpleText(f"{real}+{dummies}" if dummies else str(real))
                label.setFont(QFont("sans", 9, QFont.Weight.Bold))
                label.setBrush(QColor("white"))
                label.setPos(x + 4, y + 2)
                x += 38

    def _activated(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        self.play(item.data(Qt.ItemDataRole.UserRole))

    def play(self, action) -> None:
        """Apply one legal action, then let the AI play its seats if asked."""
        human = self.state.current_player()
        self.state.apply_action(action)
        if self.ai_seats.isChecked():
            while not self.state.is_terminal() and self.state.current_player() != human:
                self._random_step()
        self.refresh()

    def ai_move(self) -> None:
        """The random AI takes one decision for the faction to act."""
        if not self.state.is_terminal():
            self._random_step()
        self.refresh()

    def _random_step(self) -> None:
        legal = self.state.legal_actions()
        self.state.apply_action(legal[self.ai.below(len(legal))])
