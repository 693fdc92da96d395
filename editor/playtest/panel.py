"""The play-test side panel: phase, seat, money and forts, the phase's buttons, the
declaration plan with exact odds, the combat log and the game log (step back and forth)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSlider,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.playtest.dice_view import DiceView
from editor.playtest.header import header_html, phase_help
from editor.playtest.powers_bar import PowersBar
from editor.playtest.scenario_view import ScenarioView
from engine.hexes import Hex
from engine.play import seat_view
from engine.play.clock import TurnClock
from engine.play.interaction import Interaction, Outcome
from engine.play.session import PlaytestSession
from engine.rules.actions import Attack, Gift, Move
from engine.rules.events import CombatResolved


class PanelCommands(Protocol):
    """What the panel shows and what its buttons call: the window's play mode."""

    session: PlaytestSession | None
    interaction: Interaction | None

    def perform(self, outcome: Outcome) -> bool: ...
    def end_phase(self) -> None: ...
    def suggest_groups(self) -> None: ...
    def open_armies(self) -> None: ...
    def place_next(self) -> None: ...
    def unload_selected(self) -> None: ...
    def start_combat(self) -> None: ...
    def fight_next(self) -> None: ...
    def open_money(self) -> None: ...
    def undo(self) -> None: ...
    def surrender(self) -> None: ...
    def choose_hq(self, number: int) -> bool: ...
    def move_attack(self, index: int, delta: int) -> None: ...
    def remove_attack(self, index: int) -> None: ...
    def apply_text(self, text: str) -> bool: ...
    def export_log(self, path: str | None = None) -> bool: ...
    def jump_to(self, n: int) -> None: ...
    def step(self, delta: int) -> None: ...
    def restart(self) -> None: ...
    def schedule_ai(self) -> None: ...
    def set_ai_delay(self, ms: int) -> None: ...
    def save_dialog(self) -> None: ...
    def load_dialog(self) -> None: ...
    def back_to_editing(self) -> None: ...
    def unload_target(self) -> str | None: ...
    def undo_problem(self) -> str | None: ...
    def hq_choices(self) -> dict[int, Hex]: ...
    def time_up(self) -> None: ...

def _button(text: str, tip: str, slot: Callable[[], object]) -> QPushButton:
    b = QPushButton(text)
    b.setToolTip(tip)
    b.clicked.connect(lambda _c=False: slot())
    return b


class PlayPanel(QWidget):
    """The dock contents; the play mode fills it through `refresh()`."""

    def __init__(self, controller: PanelCommands) -> None:
        super().__init__()
        self.setObjectName("playtestPanel")
        self.c = controller
        lay = QVBoxLayout(self)
        self.header = QLabel()
        self.header.setObjectName("playtestHeader")
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.header)
        # The stopwatch variant's clock (002/003 "Stoppuhr"); hidden when turns are untimed.
        self.clock = QLabel()
        self.clock.setObjectName("playtestClock")
        self.clock.setStyleSheet("font-weight: bold")
        self.clock.setToolTip(self.tr("Time left for moving and declaring attacks (stopwatch)"))
        self.clock.hide()
        lay.addWidget(self.clock)
        self.clock_timer = QTimer(self)
        self.clock_timer.setInterval(250)
        self.clock_timer.timeout.connect(self.tick)
        self.clock_timer.start()
        self.help = QLabel()
        self.help.setWordWrap(True)
        self.help.setStyleSheet("color: #555")
        lay.addWidget(self.help)

        row = QGridLayout()
        c = controller
        self.end_phase = _button(self.tr("End phase"), self.tr("End the current phase"),
                                 c.end_phase)
        self.suggest = _button(self.tr("Suggested groups"),
                               self.tr("Assign all your units to 3 armies"), c.suggest_groups)
        self.assign = _button(self.tr("Assign armies…"),
                              self.tr("Drag your units into 3 armies"), c.open_armies)
        self.place = _button(self.tr("Place next army"),
                             self.tr("Reveal a start chip and place its army"), c.place_next)
        self.unload = _button(self.tr("Unload"), self.tr("Unload the selected transport"),
                              c.unload_selected)
        self.start_combat = _button(self.tr("Start combat"),
                                    self.tr("Declare the plan in order and fight"),
                                    c.start_combat)
        self.fight = _button(self.tr("Fight next"), self.tr("Resolve the next declared attack"),
                             c.fight_next)
        self.money = _button(self.tr("Buy / repair / gift…"), self.tr("Spend money"),
                             c.open_money)
        self.undo = _button(self.tr("Undo move"),
                            self.tr("Take back the last move (no dice rolled)"), c.undo)
        self.surrender = _button(self.tr("Surrender"), self.tr("Your team gives up"),
                                 c.surrender)
        for i, b in enumerate((self.assign, self.suggest, self.place, self.end_phase, self.unload,
                               self.start_combat, self.fight, self.money, self.undo,
                               self.surrender)):
            row.addWidget(b, i // 2, i % 2)
        lay.addLayout(row)
        self.powers = PowersBar(controller)
        lay.addWidget(self.powers)
        hq_row = QHBoxLayout()
        self.hq_combo = QComboBox()
        self.hq_combo.setObjectName("playtestHq")
        self.hq_combo.setToolTip(self.tr(
            "Victory points: one of your start numbers as headquarters"))
        self.hq_button = _button(self.tr("Set headquarters"),
                                 self.tr("Victory points: choose the headquarters"),
                                 lambda: self.hq_combo.currentData() is not None
                                 and c.choose_hq(int(self.hq_combo.currentData())))
        hq_row.addWidget(QLabel(self.tr("HQ")))
        hq_row.addWidget(self.hq_combo, 1)
        hq_row.addWidget(self.hq_button)
        self.hq_widgets = (self.hq_combo, self.hq_button)
        lay.addLayout(hq_row)
        self.hq_row_label = hq_row.itemAt(0).widget()

        plan_box = QGroupBox(self.tr("Declared attacks (in order) and their exact odds"))
        pl = QVBoxLayout(plan_box)
        self.plan = QListWidget()
        self.plan.setObjectName("playtestPlan")
        self.plan.setWordWrap(True)
        self.plan.setMaximumHeight(130)
        pl.addWidget(self.plan)
        prow = QHBoxLayout()
        for text, tip, delta in ((self.tr("Up"), self.tr("Move the attack up"), -1),
                                 (self.tr("Down"), self.tr("Move the attack down"), 1)):
            prow.addWidget(_button(text, tip,
                                   lambda d=delta: c.move_attack(self.plan.currentRow(), d)))
        prow.addWidget(_button(self.tr("Remove"), self.tr("Drop the attack"),
                               lambda: c.remove_attack(self.plan.currentRow())))
        pl.addLayout(prow)
        lay.addWidget(plan_box)

        self.actions = QListWidget()
        self.actions.setObjectName("playtestActions")
        self.actions.setToolTip(self.tr("Other legal actions now; double-click one to take it"))
        self.actions.itemActivated.connect(
            lambda item: c.apply_text(item.data(Qt.ItemDataRole.UserRole)))
        self.dice = DiceView()
        lay.addWidget(self.dice)

        self.tabs = QTabWidget()
        self.tabs.setObjectName("playtestTabs")
        lay.addWidget(self.tabs, 3)

        log_page = QWidget()
        ll = QVBoxLayout(log_page)
        ll.setContentsMargins(2, 2, 2, 2)
        self.log = QPlainTextEdit()
        self.log.setObjectName("playtestLog")
        self.log.setReadOnly(True)
        mono = QFont("Monospace")
        mono.setStyleHint(QFont.StyleHint.TypeWriter)
        mono.setPointSize(8)
        self.log.setFont(mono)
        ll.addWidget(self.log)
        ll.addWidget(_button(self.tr("Export log…"), self.tr("Save the combat log as text"),
                             c.export_log))
        self.tabs.addTab(log_page, self.tr("Combat log"))

        hist_box = QWidget()
        hl = QVBoxLayout(hist_box)
        hl.setContentsMargins(2, 2, 2, 2)
        hl.addWidget(QLabel(self.tr("Double-click a step to jump back to it:")))
        self.history = QListWidget()
        self.history.setObjectName("playtestHistory")
        self.history.itemActivated.connect(
            lambda item: c.jump_to(int(item.data(Qt.ItemDataRole.UserRole))))
        hl.addWidget(self.history)
        hrow = QHBoxLayout()
        hrow.addWidget(_button(self.tr("◀ Step"), self.tr("One action back"), lambda: c.step(-1)))
        hrow.addWidget(_button(self.tr("Step ▶"), self.tr("One action forward"), lambda: c.step(1)))
        hrow.addWidget(_button(self.tr("Restart"), self.tr("Start again with the same seed"),
                               c.restart))
        hl.addLayout(hrow)
        self.tabs.addTab(hist_box, self.tr("Game log"))
        self.tabs.addTab(self.actions, self.tr("Actions"))
        self.scenario_view = ScenarioView()
        self.tabs.addTab(self.scenario_view, self.tr("Scenario"))

        ai_row = QHBoxLayout()
        self.ai_pause = QCheckBox(self.tr("Pause AI"))
        self.ai_pause.toggled.connect(lambda _on: c.schedule_ai())
        self.ai_speed = QSlider(Qt.Orientation.Horizontal)
        self.ai_speed.setRange(0, 1000)
        self.ai_speed.setValue(200)
        self.ai_speed.setToolTip(self.tr("Delay between AI actions (ms)"))
        self.ai_speed.valueChanged.connect(c.set_ai_delay)
        ai_row.addWidget(self.ai_pause)
        ai_row.addWidget(QLabel(self.tr("AI delay")))
        ai_row.addWidget(self.ai_speed)
        lay.addLayout(ai_row)
        frow = QHBoxLayout()
        frow.addWidget(_button(self.tr("Save…"),
                               self.tr("Save the play-test (engine save format)"),
                               c.save_dialog))
        frow.addWidget(_button(self.tr("Load…"), self.tr("Load a play-test save"), c.load_dialog))
        frow.addWidget(_button(self.tr("Back to editing"),
                               self.tr("Leave play mode; the game is kept"),
                               c.back_to_editing))
        lay.addLayout(frow)

    def tick(self, now: float | None = None) -> None:
        """Update the stopwatch; when a human player's time is up, end the timed phases."""
        s = self.c.session
        left = None if s is None else s.seconds_left(time.monotonic() if now is None else now)
        self.clock.setVisible(left is not None)
        if left is None or s is None:
            return
        self.clock.setText(f"⏱ {TurnClock.text(left)}")
        if left <= 0 and not s.is_ai_turn():
            self.c.time_up()

    def refresh(self) -> None:
        """Show the session's current state."""
        s = self.c.session
        if s is None:
            return
        st = s.state
        g = s.game
        self.header.setText(header_html(s))
        self.help.setText(phase_help(st.phase))
        human = not s.is_ai_turn() and not st.is_terminal()
        ph = st.phase
        self.suggest.setEnabled(human and ph == "setup" and st.setup_step == "assign")
        self.assign.setEnabled(self.suggest.isEnabled())
        self.place.setEnabled(human and ph == "setup" and st.setup_step == "place")
        self.end_phase.setEnabled(human and ph in ("move", "declare", "money")
                                  and st.pending_unload is None)
        self.unload.setEnabled(human and ph == "move" and self.c.unload_target() is not None)
        self.start_combat.setEnabled(human and ph == "declare")
        self.fight.setEnabled(human and ph == "combat")
        self.money.setEnabled(human and ph in ("move", "declare", "money"))
        # Never during an AI seat's turn: its moves are not the player's to take back.
        self.undo.setEnabled(self.c.undo_problem() is None)
        self.surrender.setEnabled(human)
        choices = self.c.hq_choices() if human else {}
        if [self.hq_combo.itemData(i) for i in range(self.hq_combo.count())] != list(choices):
            self.hq_combo.clear()
            for n, h in choices.items():
                col, row = g.map.to_offset(h)
                self.hq_combo.addItem(self.tr("start number %1 [%2, %3]").replace(
                    "%1", str(n)).replace("%2", str(col)).replace("%3", str(row)), n)
        for w in (*self.hq_widgets, self.hq_row_label):
            w.setVisible(g.victory_points)
        self.hq_button.setEnabled(bool(choices))
        self.powers.refresh()

        self.plan.clear()
        for a, d in s.plan:
            try:
                text = s.odds_of(a, d).text()
            except (ValueError, KeyError) as exc:
                text = str(exc)
            self.plan.addItem(f"{a} → {d}\n   {text}")

        self.actions.clear()
        if human:
            shown = 0
            for a in st.legal_actions():
                if isinstance(a, Move | Gift) or a.verb in ("end_phase", "surrender"):
                    continue
                if isinstance(a, Attack) and s.plan_problem(a.attacker, a.defender):
                    continue
                line = seat_view.action_line(st, a, frozenset())
                item = QListWidgetItem(line)
                if line != str(a):  # words shown: the command at hand
                    item.setToolTip(self.tr("Command: %1").replace("%1", str(a)))
                item.setData(Qt.ItemDataRole.UserRole, str(a))
                self.actions.addItem(item)
                shown += 1
                if shown >= 60:
                    break

        n_log = len(st.log)
        last = next((e for e in reversed(st.log) if isinstance(e, CombatResolved)), None)
        if last is not None and st.phase in ("combat", "money", "over"):
            self.dice.set_combat(last.to_json(), (last.attacker_hit_value or 0,
                                                  last.defender_hit_value or 0))
        else:
            self.dice.set_combat(None, None)
        teams = seat_view.viewer_teams(s)  # hot seat: the other side's mines stay hidden
        if n_log < self._log_count or (self._log_session, self._log_teams) != (s, teams):
            self.log.clear()
            self._log_count = 0
            self._log_session, self._log_teams = s, teams
        if n_log > self._log_count:
            self.log.appendPlainText("\n".join(seat_view.event_line(st, st.log[i], teams)
                                                for i in range(self._log_count, n_log)))
            self._log_count = n_log
            self.log.verticalScrollBar().setValue(self.log.verticalScrollBar().maximum())

        self._refresh_history()
        self.scenario_view.show_state(st)

    def _refresh_history(self) -> None:
        s = self.c.session
        if s is None:
            return
        teams = seat_view.viewer_teams(s)
        key = (id(s), len(s.timeline), s.cursor, str(s.timeline[-1]) if s.timeline else "",
               teams)
        if key == self._history_key:
            return
        old = self._history_key
        grew = (old and old[0] == key[0] and key[1] == old[1] + 1 and key[2] == key[1]
                and old[4] == teams
                and old[2] == old[1] and self.history.count() == old[1] + 1)
        if not grew:
            self.history.clear()
            start = QListWidgetItem(self.tr("0. start of the game"))

            start.setData(Qt.ItemDataRole.UserRole, 0)
            self.history.addItem(start)
            first = 0
        else:
            first = len(s.timeline) - 1
        for i in range(first, len(s.timeline)):
            line = seat_view.action_line(s.state, s.timeline[i], teams)
            item = QListWidgetItem(f"{i + 1}. {line}")
            command = seat_view.action_command(s.state, s.timeline[i], teams)
            if command is not None and command != line:  # words shown: the command at hand
                item.setToolTip(self.tr("Command: %1").replace("%1", command))
            item.setData(Qt.ItemDataRole.UserRole, i + 1)
            if i + 1 > s.cursor:
                item.setForeground(Qt.GlobalColor.gray)
            self.history.addItem(item)
        self.history.setCurrentRow(s.cursor)
        self.history.scrollToItem(self.history.item(s.cursor))
        self._history_key = key

    _history_key: tuple = ()
    _log_count = 0
    _log_session: object = None
    _log_teams: frozenset[str] = frozenset()
