"""Play-test of a Der Erste Weltkrieg map: hot-seat, or any seat played by the random or the
heuristic area AI (engine.play.area_seats; each AI decision is logged with its reason), with
the exact battle odds the engine gives (engine.rules.area.odds) beside every battle choice. A
battle on a front linked to a Trench Club battlefield may be fought there: a Trench Club
play-test of the linked scenario opens (engine.play.battlefield maps the sides) and its result
comes back as the battle's outcome (`resolve_battle`)."""

from __future__ import annotations

import copy
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGraphicsScene,
    QGraphicsView,
    QGroupBox,
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

from editor.area.background import background_pixmap
from editor.area.battlefield import BattlefieldHost, open_battlefield
from editor.area.canvas import FACTION_COLOURS, draw_area_map
from editor.area.document import AreaDocument
from editor.area.properties import faction_names
from editor.area.words import action_label, event_text
from editor.i18n import tr
from engine.area_model import AreaScenario
from engine.content import ContentError, load_file
from engine.i18n import localized
from engine.paths import CONTENT_DIR
from engine.play.area_seats import AINote, AreaSeats
from engine.play.battlefield import PendingBattle, area_result, battlefield_options, pending_battle
from engine.rules.area.actions import AreaAction
from engine.rules.area.game import AreaGame, AreaScenarioError
from engine.rules.area.odds import battle_odds, declared_odds

BUILT_IN = CONTENT_DIR / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml"


# The area rules' phases and end reasons (engine.rules.area), marked for the German catalog.
AREA_PHASES = {
    "setup": QT_TRANSLATE_NOOP("AreaPhases", "setup"),
    "order": QT_TRANSLATE_NOOP("AreaPhases", "turn order"),
    "turns": QT_TRANSLATE_NOOP("AreaPhases", "turns"),
    "victory": QT_TRANSLATE_NOOP("AreaPhases", "victory check"),
    "treaty": QT_TRANSLATE_NOOP("AreaPhases", "treaty"),
    "replacements": QT_TRANSLATE_NOOP("AreaPhases", "replacements"),
    "over": QT_TRANSLATE_NOOP("AreaPhases", "game over"),
}
AREA_END_REASONS = {
    "victory_points": QT_TRANSLATE_NOOP("AreaPhases", "victory points"),
    "fronts": QT_TRANSLATE_NOOP("AreaPhases", "fronts"),
    "capitulation": QT_TRANSLATE_NOOP("AreaPhases", "capitulation"),
    "treaty_garrison": QT_TRANSLATE_NOOP("AreaPhases", "treaty garrison"),
}

# The AI kinds a seat may have (engine.ai.area.registry), None for a person.
SEAT_PLAYERS = (
    (None, QT_TRANSLATE_NOOP("AreaPlaytestWindow", "Human")),
    ("random", QT_TRANSLATE_NOOP("AreaPlaytestWindow", "AI (random)")),
    ("heuristic", QT_TRANSLATE_NOOP("AreaPlaytestWindow", "AI (heuristic)")),
)
AI_LOG_COLOUR = "#1f4e8c"
LOG_LINES = 200  # the log shows the last lines only: a whole game has thousands


def area_word(table: dict[str, str], key: str) -> str:
    """An area phase or end reason in the current language; an unknown id unchanged."""
    english = table.get(key)
    return QCoreApplication.translate("AreaPhases", english) if english else key


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
    # A copy: the editor's map stays editable while the game runs, and must not change the
    # fronts and places under the game's feet.
    made.map = copy.deepcopy(doc.map)
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

    def __init__(self, scenario: AreaScenario, seed: int = 1,
                 map_path: Path | None = None) -> None:
        super().__init__()
        self.map_path = map_path  # the area map file: battlefields are relative to it
        self.battlefields: list[BattlefieldHost] = []
        self._fighting: dict[PendingBattle, BattlefieldHost] = {}  # battles being fought
        try:
            self.game = AreaGame(scenario, seed=seed)
        except AreaScenarioError as exc:
            raise ValueError(str(exc)) from None
        self.state = self.game.new_initial_state()
        self.seats = AreaSeats(len(self.game.seats), seed)
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
        ai.setToolTip(self.tr("The seat's AI (the random AI for a human seat) takes one "
                              "decision for the faction to act"))
        ai.clicked.connect(self.ai_move)
        self.seat_boxes = self._seat_boxes()
        self.fight_button = QPushButton(self.tr("Fight on the battlefield"))
        self.fight_button.setToolTip(self.tr("Play this battle as a Trench Club play-test of "
                                             "the front's battlefield; its result is the "
                                             "battle's outcome"))
        self.fight_button.clicked.connect(self.fight_on_battlefield)
        self.roll_button = QPushButton(self.tr("Roll the battle"))
        self.roll_button.clicked.connect(lambda: self.play(AreaAction("roll_battle")))
        self.notice = QLabel()
        self.notice.setWordWrap(True)
        side = QWidget()
        column = QVBoxLayout(side)
        column.addWidget(self.status)
        column.addWidget(self.seat_boxes)
        column.addWidget(self.notice)
        battle_row = QHBoxLayout()
        battle_row.addWidget(self.fight_button)
        battle_row.addWidget(self.roll_button)
        column.addLayout(battle_row)
        column.addWidget(QLabel(self.tr("Legal actions (double-click to play):")))
        column.addWidget(self.actions, 2)
        row = QHBoxLayout()
        row.addWidget(play)
        row.addWidget(ai)
        column.addLayout(row)
        column.addWidget(QLabel(self.tr("Log:")))
        column.addWidget(self.log, 3)
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
        draw_area_map(self.scene, self.game.map, owner=s.owner,
                      background=background_pixmap(self.game.map, self.map_path))
        self._armies()
        self.view.fitInView(0, 0, *self.game.map.size, Qt.AspectRatioMode.KeepAspectRatio)
        names = self.faction_names
        vp = ", ".join(f"{names.get(f, f)}: {v}" for f, v in s.vp.items())
        if s.is_terminal():
            result = s.result or {}
            winners = ", ".join(names.get(f, f) for f in result.get("winners", []))
            text = self.tr("Game over (%1): winners %2").replace(
                "%1", area_word(AREA_END_REASONS, str(result.get("reason")))).replace(
                "%2", winners or self.tr("none"))
        else:
            text = self.tr("Round %1, %2 — %3 to act").replace("%1", str(s.round)).replace(
                "%2", area_word(AREA_PHASES, s.phase)).replace(
                "%3", names.get(str(s.actor), str(s.actor)))
        odds = battle_odds(s)
        if odds is not None:
            text += "\n" + self._odds_text(odds)
        self.status.setText(text + "\n" + self.tr("VP — %1").replace("%1", vp))
        pending = self.pending()
        self.fight_button.setVisible(pending is not None)
        self.roll_button.setVisible(pending is not None)
        self.notice.setText(self.describe(pending) if pending is not None else "")
        self.actions.clear()
        for a in s.legal_actions():
            label = action_label(a)
            if a.kind == "battle" and a.front is not None:
                label += "   " + self._odds_text(declared_odds(s, a.front))
            item = QListWidgetItem(label)
            item.setToolTip(self.tr("Command: %1").replace("%1", a.text()))
            item.setData(Qt.ItemDataRole.UserRole, a)
            self.actions.addItem(item)
        if self.actions.count():
            self.actions.setCurrentRow(0)
        self._fill_log()

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
        """Apply one legal action, then let the AI seats play until a person is to act."""
        self.state.apply_action(action)
        self.seats.play(self.state)
        self.refresh()

    def ai_move(self) -> None:
        """The acting seat's AI (the random AI on a human seat) takes one decision."""
        if not self.state.is_terminal():
            self.seats.step(self.state)
        self.refresh()

    # ------------------------------------------------------------------ seats
    def _seat_boxes(self) -> QGroupBox:
        """A chooser per seat: a person or an AI plays it."""
        box = QGroupBox(self.tr("Who plays"))
        form = QFormLayout(box)
        self.seat_choosers: list[QComboBox] = []
        for i, factions in enumerate(self.game.seats):
            chooser = QComboBox()
            for kind, label in SEAT_PLAYERS:
                chooser.addItem(QCoreApplication.translate("AreaPlaytestWindow", label), kind)
            chooser.currentIndexChanged.connect(lambda _i, seat=i: self._seat_changed(seat))
            names = " + ".join(self.faction_names.get(f, f) for f in factions)
            form.addRow(self.tr("Seat %1 (%2):").replace("%1", str(i + 1)).replace("%2", names),
                        chooser)
            self.seat_choosers.append(chooser)
        return box

    def set_seat_player(self, seat: int, kind: str | None) -> None:
        """Let a person (None) or AI `kind` ("random", "heuristic") play `seat`; an AI whose
        turn it is plays at once."""
        chooser = self.seat_choosers[seat]
        chooser.setCurrentIndex(chooser.findData(kind))

    def _seat_changed(self, seat: int) -> None:
        self.seats.set_kind(seat, self.seat_choosers[seat].currentData())
        self.seats.play(self.state)
        self.refresh()

    def ai_note_text(self, note: AINote) -> str:
        """An AI decision as a log line: the round, who decided, the action's command text
        and the AI's reason (the action in words is the line's tooltip)."""
        kind = next(label for k, label in SEAT_PLAYERS if k == note.kind)
        return self.tr("R%1 %2 (%3): %4 — %5").replace("%1", str(note.round)).replace(
            "%2", self.faction_names.get(note.faction, note.faction)).replace(
            "%3", QCoreApplication.translate("AreaPlaytestWindow", kind)).replace(
            "%4", note.action.text()).replace("%5", note.why)

    def _fill_log(self) -> None:
        """The game's events with each AI decision before the events it caused (the last
        LOG_LINES)."""
        s = self.state
        first = max(0, len(s.log) - LOG_LINES)
        # (log position, AI decision first, text, tooltip: the AI's action in words)
        lines: list[tuple[int, int, str, str]] = [
            (i, 1, self.tr("R%1 %2").replace("%1", str(e["round"])).replace(
                "%2", event_text(e, self.faction_names)), "")
            for i, e in enumerate(s.log[first:], first)]
        for n in reversed(self.seats.notes[-LOG_LINES:]):
            if n.log_at < first:
                break
            lines.append((n.log_at, 0, self.ai_note_text(n), action_label(n.action)))
        lines.sort(key=lambda line: line[:2])
        self.log.clear()
        bold = QFont(self.log.font())
        bold.setBold(True)
        for _at, _order, text, meaning in lines[-LOG_LINES:]:
            item = QListWidgetItem(text)
            if meaning:  # an AI decision: set apart from the events it caused
                item.setForeground(QColor(AI_LOG_COLOUR))
                item.setFont(bold)
                item.setToolTip(text + "\n" + meaning)
            self.log.addItem(item)
        self.log.scrollToBottom()

    # ------------------------------------------------------------------ battlefields
    def pending(self) -> PendingBattle | None:
        """The battle on a linked front waiting to be rolled or fought on its battlefield."""
        return None if self.state.is_terminal() else pending_battle(self.state, self.map_path)

    def side_names(self, pending: PendingBattle) -> tuple[str, str]:
        """The attacking and defending sides, named with their Trench Club nations."""
        names = {"central": self.tr("Central Powers (Germany, Austria-Hungary)"),
                 "allies": self.tr("Entente (France, Britain)")}
        return names[pending.attacking], names[pending.defending]

    def describe(self, pending: PendingBattle) -> str:
        """Which battle waits, who fights it, and where its battlefield is."""
        attacker, defender = self.side_names(pending)
        front = localized(self.game.map.front(pending.front).name, str(pending.front))
        return self.tr("Battle in front %1 (%2): the %3 attack the %4. Its battlefield is "
                       "%5: fight it there, or roll it.").replace("%1", str(pending.front)) \
            .replace("%2", front).replace("%3", attacker).replace("%4", defender) \
            .replace("%5", pending.scenario.name)

    def fight_on_battlefield(self) -> BattlefieldHost | None:
        """Open the Trench Club play-test of the waiting battle's battlefield, the attacker's
        team human, the defender's the AI when an AI plays its seat; its result comes back
        as the battle's outcome. None (and the reason shown) when it cannot open."""
        pending = self.pending()
        if pending is None:
            return None
        fighting = self._fighting.get(pending)
        if fighting is not None and fighting.isVisible():  # already open: show it again
            fighting.raise_()
            return fighting
        seed = f"{self.game.seed}:front-{pending.front}:{pending.step}"
        try:
            defender_seat = self.game.seat_of(pending.defender)  # type: ignore[arg-type]
            options = battlefield_options(pending, seed,
                                          ai_defends=self.seats.is_ai(defender_seat))
        except ContentError as exc:
            first = exc.problems[0].format() if exc.problems else str(exc)
            self.say(self.tr("Cannot fight on the battlefield: %1").replace("%1", first))
            return None
        host = open_battlefield(pending.scenario)
        if isinstance(host, str):
            self.say(self.tr("Cannot fight on the battlefield: %1").replace("%1", host))
            return None
        if not host.enter_play_mode(options):
            self.say(self.tr("Cannot fight on the battlefield: the play-test of %1 does not "
                             "start (see its window)").replace("%1", pending.scenario.name))
            return None
        attacker, defender = self.side_names(pending)
        host.setWindowTitle(self.tr("Battle of front %1: %2 attack the %3").replace(
            "%1", str(pending.front)).replace("%2", attacker).replace("%3", defender))
        host.playtest.gameEnded.connect(lambda winner: self.battle_fought(pending, winner))
        self.battlefields.append(host)
        self._fighting[pending] = host
        self.say(self.tr("Front %1 is being fought on the battlefield; its result comes back "
                         "here when that play-test ends.").replace("%1", str(pending.front)))
        return host

    def battle_fought(self, pending: PendingBattle, winner_team: str | None) -> None:
        """A battlefield play-test ended: its result becomes the battle's outcome, if the area
        game still waits for that battle."""
        if self.pending() != pending:
            self.say(self.tr("The battlefield game of front %1 ended, but the area game has "
                             "moved on: its result is not used.").replace(
                                 "%1", str(pending.front)))
            return
        action = area_result(winner_team)
        self.play(action)
        result = {"central": self.tr("the Central Powers won"),
                  "allies": self.tr("the Entente won"), "draw": self.tr("a draw")}
        self.say(self.tr("Front %1 was fought on the battlefield: %2. The losing side now "
                         "names its lead army, which is eliminated.").replace(
                             "%1", str(pending.front)).replace("%2", result[action.target or
                                                                            "draw"]))

    def say(self, text: str) -> None:
        """A message above the actions (and in the status bar)."""
        self.notice.setText(text)
        self.statusBar().showMessage(text, 10000)
