"""Play mode of the editor's main window: it owns the play-test session, the Qt-free
interaction model, the play layer on the map view, the play tool, the side panel dock and
the AI timer. The window enters and leaves it (`MainWindow.enter_play_mode`); the mode says
so with `activeChanged`, and the window swaps its tool and editing panels in response."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, QTimer, QVariantAnimation, Signal
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMessageBox

from editor.canvas.view import MapView
from editor.controller_words import controller_label
from editor.document import MapDocument
from editor.playtest.commands import PlayCommands
from editor.playtest.end_screen import EndDialog
from editor.playtest.follow import bring_units_into_view
from editor.playtest.layer import PlayLayer
from editor.playtest.panel import PlayPanel
from editor.playtest.words import nation_name, phase_name
from editor.state import ToolState
from editor.tools.play import PlayTool
from engine.hexes import Hex
from engine.play.interaction import Interaction, Outcome
from engine.play.session import PlaytestSession
from engine.play.setup import PlaytestOptions, build_scenario, engine_variants
from engine.rules.actions import Action, Place
from engine.rules.errors import IllegalActionError


class PlayMode(PlayCommands, QObject):
    """Play-tests inside one editor main window."""

    activeChanged = Signal(bool)
    gameEnded = Signal(object)  # the winning team, None for a draw; once per game played

    def __init__(self, window: QMainWindow, document: MapDocument, view: MapView,
                 tool_state: ToolState) -> None:
        super().__init__(window)
        self.window = window
        self.document = document
        self.view = view
        self.session: PlaytestSession | None = None
        self.interaction: Interaction | None = None
        self.layer: PlayLayer | None = None
        self.panel: PlayPanel | None = None
        self.dock: QDockWidget | None = None
        self.end_dialog: EndDialog | None = None
        self.active = False
        self.tool = PlayTool(document, tool_state, self)
        self.last_options = PlaytestOptions()
        self.ai_delay_ms = 200
        self.ai_timer = QTimer(self)
        self.ai_timer.setSingleShot(True)
        self.ai_timer.timeout.connect(self._ai_tick)
        self.flash_anim = QVariantAnimation(self)
        self.flash_anim.setStartValue(0.0)
        self.flash_anim.setEndValue(1.0)
        self.flash_anim.setDuration(700)
        self.flash_anim.valueChanged.connect(self._flash_step)
        self.flash_anim.finished.connect(self._flash_done)
        self._ended_shown = False
        self._reverting = False
        self._turn_shown: tuple[int, int, str] | None = None  # (round, seat, phase) last shown
        # Where the undo history stood when the game began: "No, keep playing" returns there,
        # whether the edit was a new step, an undo or a redo.
        self._play_index = 0
        # Prompt hooks; tests replace them (a modal box would block).
        self.ask_end_for_edit: Callable[[], bool] = self._ask_end_for_edit
        self._init_commands()
        for sig in (document.terrainChanged, document.objectsChanged, document.mapReplaced):
            sig.connect(self._map_edited)
        document.mapOpened.connect(self._map_opened)

    # --- starting and stopping -------------------------------------------------------------

    def status(self, text: str, ms: int = 8000) -> None:
        """A message in the main window's status bar."""
        self.window.statusBar().showMessage(text, ms)

    def start(self, options: PlaytestOptions) -> None:
        """Start a new play-test of the document's current map with these options; raises
        ValueError (bad options) or engine.content.ContentError (rules files)."""
        scenario = build_scenario(self.document.map, options)
        assert scenario.ruleset is not None
        variants = engine_variants(options, scenario.ruleset.variants)
        session = PlaytestSession(scenario, seed=options.seed, setup=options.setup,
                                  variants=variants)
        self.last_options = options
        self.open_session(session)

    def open_session(self, session: PlaytestSession) -> None:
        """Enter play mode on a session (new, loaded, or resumed)."""
        self.session = session
        self._play_index = self.document.undo_stack.index()
        self._ended_shown = session.state.is_terminal()
        if self.interaction is None:
            self.interaction = Interaction(session)
        else:
            self.interaction.set_session(session)
        if self.layer is None:
            self.layer = PlayLayer(session, self.interaction)
            self.view.scene().addItem(self.layer)
        else:
            self.layer.set_session(session)
        if self.panel is None:
            self.panel = PlayPanel(self)
            self.dock = QDockWidget(self.tr("Play-test"), self.window)
            self.dock.setObjectName("playtestDock")
            self.dock.setWidget(self.panel)
            self.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.resume()

    def resume(self) -> None:
        """Show the play layer and panel; the window hands the map view to the play tool."""
        if self.session is None or self.layer is None or self.dock is None:
            return
        was = self.active
        self.active = True
        if not was:
            self.activeChanged.emit(True)
        self.layer.setVisible(True)
        self.dock.show()
        self.dock.raise_()
        self.refresh()
        self.status(self.tr("Play-test: %1").replace(
            "%1", self.panel.help.text() if self.panel else ""))

    def back_to_editing(self) -> None:
        """Leave play mode; the game is kept and F5 resumes it."""
        was = self.active
        self.active = False
        self.ai_timer.stop()
        if self.layer is not None:
            self.layer.setVisible(False)
        if self.dock is not None:
            self.dock.hide()
        if was:
            self.activeChanged.emit(False)
        self.status(self.tr("Back to editing; the play-test is kept (F5 resumes it)."))

    def end(self) -> None:
        """End the play-test and forget its game."""
        self.back_to_editing()
        if self.layer is not None:
            self.view.scene().removeItem(self.layer)
            self.layer = None
        self.session = None
        self.interaction = None

    def _ask_end_for_edit(self) -> bool:
        answer = QMessageBox.question(
            self.window, self.tr("Play-test"),
            self.tr("Editing the map ends the play-test in progress. End it?\n"
                    "(No undoes the edit and returns to the game.)"))
        return answer == QMessageBox.StandardButton.Yes

    def _map_edited(self, *_args: object) -> None:
        if self.session is None or self._reverting:
            return
        if self.ask_end_for_edit():
            self.end()
            self.status(self.tr("The map changed: the play-test ended."))
        else:
            # Deferred: during QUndoStack.push the command is not on the stack yet.
            QTimer.singleShot(0, self._revert_edit)

    def _map_opened(self) -> None:
        # Another map (open, new, revert, import) has no undo step to take back: the game
        # of the old map cannot go on.
        if self.session is None:
            return
        self.end()
        self.status(self.tr("Another map was opened: the play-test ended."))

    def _revert_edit(self) -> None:
        # The undo emits the same change signals; they must not ask again.
        stack = self.document.undo_stack
        if self.session is None or stack.index() == self._play_index:
            return
        self._reverting = True
        try:
            stack.setIndex(self._play_index)
        finally:
            self._reverting = False
        if stack.index() != self._play_index:
            # A new edit dropped the steps the game was played on: the map cannot return.
            self.end()
            self.status(self.tr("The map changed: the play-test ended."))

    # --- refreshing ------------------------------------------------------------------------

    def refresh(self) -> None:
        """Repaint layer and panel; show the end screen once; let an AI seat move."""
        if self.session is None or self.interaction is None:
            return
        self.interaction.offer_hq()
        if self.layer is not None:
            self.layer.refresh()
        if self.panel is not None:
            self.panel.refresh()
        self._show_turn()
        if self.money_dialog is not None and self.money_dialog.isVisible():
            self.money_dialog.refresh()
        if self.session.state.is_terminal() and not self._ended_shown:
            self._ended_shown = True
            self.end_dialog = EndDialog(self.session, self.window)
            self.end_dialog.show()
            self.gameEnded.emit(self.session.state.winner_team)
        self.schedule_ai()

    def _show_turn(self) -> None:
        """At the start of a human seat's phase, its units into view (a map larger than the
        window)."""
        assert self.session is not None
        st = self.session.state
        turn = (st.round, st.current, st.phase)
        if turn == self._turn_shown or st.is_terminal() or self.session.is_ai_turn():
            return
        self._turn_shown = turn
        bring_units_into_view(self.view, st)

    def flash(self, unit_ids: set[str]) -> None:
        """Pulse a ring around units that just appeared or moved (placement, AI moves)."""
        if self.layer is None or not unit_ids:
            return
        self.layer.flash = set(unit_ids)
        self.flash_anim.stop()
        self.flash_anim.start()

    def _flash_step(self, value: object) -> None:
        if self.layer is not None:
            self.layer.flash_phase = float(value)  # type: ignore[arg-type]
            self.layer.refresh()

    def _flash_done(self) -> None:
        if self.layer is not None:
            self.layer.flash = set()
            self.layer.refresh()

    # --- AI seats --------------------------------------------------------------------------

    def set_ai_delay(self, ms: int) -> None:
        """Milliseconds between two AI actions."""
        self.ai_delay_ms = max(0, int(ms))

    def schedule_ai(self) -> None:
        """Start the AI timer when an AI seat is to act and play mode is not paused."""
        s = self.session
        paused = self.panel is not None and self.panel.ai_pause.isChecked()
        if (s is not None and self.active and s.is_ai_turn() and not paused
                and not self.ai_timer.isActive()):
            self.ai_timer.start(self.ai_delay_ms)

    def _ai_tick(self) -> None:
        if self.session is None or not self.active or not self.session.is_ai_turn():
            return
        # With no delay, play a few actions per tick so the display keeps up cheaply.
        for _ in range(1 if self.ai_delay_ms else 12):
            seat = self.session.state.current
            try:
                action = self.session.ai_step()
            except (IllegalActionError, ValueError, KeyError) as exc:
                # Stop the AI rather than loop on a broken step; the designer sees why.
                if self.panel is not None:
                    self.panel.ai_pause.setChecked(True)
                self.status(self.tr("The AI stopped: %1: %2").replace(
                    "%1", type(exc).__name__).replace("%2", str(exc)), 0)
                self.refresh()
                return
            if not self.session.is_ai_turn():
                break
        self.status(self.tr("%1 %2: %3").replace(
            "%1", controller_label(self.session.controllers[seat])).replace(
            "%2", self.session.game.nations[seat]).replace("%3", str(action)), 3000)
        if self.ai_delay_ms >= 150:
            actor = getattr(action, "unit", None) or getattr(action, "attacker", None)
            if actor:
                self.flash({actor})
        if self.interaction is not None:
            self.interaction.clear()
        self.refresh()

    # --- acting ----------------------------------------------------------------------------

    def apply(self, action: Action) -> bool:
        """Apply an action for the human seat to act; the engine's reason on refusal."""
        s = self.session
        if s is None:
            return False
        if s.is_ai_turn():
            self.status(self.tr("An AI seat is to act; wait for it (or pause the AI)."))
            return False
        seat, nation = s.state.current, s.state.nation
        try:
            s.apply(action)
        except IllegalActionError as exc:
            self.status(exc.reason)
            return False
        if self.interaction is not None:
            self.interaction.clear()
        if isinstance(action, Place):
            self._show_placement(nation, action.army)
        self.refresh()
        st = s.state
        if st.current != seat and not st.is_terminal() and not s.is_ai_turn():
            self.status(self.tr("Hot seat: hand over to %1 (%2 phase).").replace(
                "%1", nation_name(st.nation)).replace("%2", phase_name(st.phase)))
        return True

    def _show_placement(self, nation: str, army: int) -> None:
        """After a setup placement, pulse the army placed and centre the view on its start
        number."""
        assert self.session is not None
        st = self.session.state
        number = st.chips[nation][army - 1]
        self.flash(set(st.armies[nation][army - 1]))
        self.view.center_on_hex(st.game.board.hexes[st.game.start_numbers[number]])
        self.status(self.tr("%1 army %2 placed at start number %3.").replace(
            "%1", nation).replace("%2", str(army)).replace("%3", str(number)))

    # --- map clicks (from the play tool) ---------------------------------------------------

    def deselect(self) -> None:
        """Drop the selection, highlights and any pending map pick."""
        if self.interaction is not None:
            self.interaction.clear()
        if self.layer is not None:
            self.layer.refresh()
        if self.panel is not None and self.session is not None:
            self.panel.refresh()

    def select(self, uid: str) -> None:
        """Select a unit: where it can go (move phase) or what it can attack (declare)."""
        if self.interaction is None:
            return
        self.status(self.interaction.select(uid))
        self._repaint()

    def click(self, h: Hex) -> None:
        """A left click on hex h in play mode: do what the interaction model says."""
        if self.interaction is None or not self.active:
            return
        self.perform(self.interaction.click(h))

    def perform(self, outcome: Outcome) -> bool:
        """Carry out an outcome of the interaction model; whether the game changed."""
        s = self.session
        if s is None:
            return False
        if outcome.action is not None:
            ok = self.apply(outcome.action)
            if ok and outcome.message:
                self.status(outcome.message)
            return ok
        if outcome.plan is not None:
            attacker, defender = outcome.plan
            try:
                s.add_attack(attacker, defender)
            except IllegalActionError as exc:
                self.status(self.tr("%1 cannot attack %2: %3").replace(
                    "%1", attacker).replace("%2", defender).replace("%3", exc.reason))
                return False
            self.status(self.tr("Planned %1 → %2: %3").replace("%1", attacker).replace(
                "%2", defender).replace("%3", s.odds_of(attacker, defender).text()))

            self.refresh()
            return True
        if outcome.message:
            self.status(outcome.message, 0 if self.interaction and
                        self.interaction.picking else 8000)
        if outcome.changed:
            self._repaint()
        return False

    def hover(self, h: Hex | None) -> None:
        """Show the path, cost, contact stop or odds for the hovered hex."""
        if self.interaction is None or not self.active:
            return
        before = (self.interaction.path, self.interaction.hovered_attack)
        info = self.interaction.hover(h)
        after = (self.interaction.path, self.interaction.hovered_attack)
        if after != before and self.layer is not None:  # a new path or gas preview
            self.layer.refresh()
        if info.message:
            self.status(info.message, 5000)

    def _repaint(self) -> None:
        if self.layer is not None:
            self.layer.refresh()
        if self.panel is not None and self.session is not None:
            self.panel.refresh()
