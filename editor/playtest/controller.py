"""Play mode in the editor's main window: the play layer on the map view, the side panel,
the click tool, AI seats on a timer, files, and the link back to map editing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, QVariantAnimation
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMainWindow, QMessageBox

from editor.playtest.end_screen import EndDialog
from editor.playtest.layer import PlayLayer
from editor.playtest.money import MoneyDialog
from editor.playtest.panel import PlayPanel
from engine.hexes import Hex
from engine.play import explain
from engine.play.session import PlaytestSession
from engine.play.setup import PlaytestOptions, build_scenario, engine_variants
from engine.rules.actions import (
    Action,
    Assign,
    Attack,
    Buy,
    EndPhase,
    Headquarters,
    Move,
    Place,
    Surrender,
    Unload,
)
from engine.rules.errors import ActionParseError, IllegalActionError
from engine.rules.events import ArmyPlaced
from engine.rules.movement import contact_map
from engine.rules.savefile import GameFileError

SAVE_FILTER = "Play-test saves (*.json);;All files (*)"


class PlayTool:
    """The map-view tool of play mode: clicks select, move, and plan attacks."""

    name = "playtest"

    def __init__(self, controller: PlaytestController) -> None:
        self.c = controller

    def mouse_press(self, h: Hex | None, pos: Any, event: Any) -> None:
        """Left click acts on the hex, right click drops the selection."""
        if event is not None and event.button() == Qt.MouseButton.RightButton:
            self.c.deselect()
        elif h is not None:
            self.c.click(h)

    def mouse_move(self, h: Hex | None, pos: Any, event: Any) -> None:
        """Dragging does nothing in play mode."""

    def mouse_release(self, h: Hex | None, pos: Any, event: Any) -> None:
        """Nothing happens on release."""

    def hover(self, h: Hex | None, pos: Any = None) -> None:
        """Show the path to the hovered hex."""
        self.c.hover(h)

    # The editor calls these on the current tool; play mode has no gesture to finish.
    def activate(self) -> None:
        """Nothing to prepare."""

    def deactivate(self) -> None:
        """Nothing to clear."""

    def finish(self) -> None:
        """No gesture to finish."""

    def cancel(self) -> None:
        """Esc drops the selection."""
        self.c.deselect()


class PlaytestController(QObject):
    """Runs play-tests inside one editor MainWindow."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.session: PlaytestSession | None = None
        self.layer: PlayLayer | None = None
        self.active = False
        self.tool = PlayTool(self)
        self.panel: PlayPanel | None = None
        self.dock: QDockWidget | None = None
        self.end_dialog: EndDialog | None = None
        self.money_dialog: MoneyDialog | None = None
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
        self.last_options = PlaytestOptions()
        self._fort_cycle = 0
        # A pending map pick: what a click on one of layer.picks does (None: the pick goes
        # on, e.g. the next passenger to unload), and why another hex is refused.
        self._pick: Callable[[Hex], Action | None] | None = None
        self._pick_problem: Callable[[Hex], str | None] = lambda h: None
        self._hidden_docks: list[QDockWidget] = []
        self._ended_shown = False
        self._reverting = False
        self._saved_tool: Any = None
        # Prompt hooks; tests replace them (modal boxes would block).
        self.ask_end_for_edit: Callable[[], bool] = self._ask_end_for_edit
        self.ask_path: Callable[[str, bool], str] = self._ask_path
        doc = window.document
        for sig in (doc.terrainChanged, doc.objectsChanged, doc.mapReplaced):
            sig.connect(self._map_edited)

    # --- starting and stopping ---------------------------------------------------------------

    def status(self, text: str, ms: int = 8000) -> None:
        """A message in the main window's status bar."""
        self.window.statusBar().showMessage(text, ms)

    def start(self, options: PlaytestOptions) -> None:
        """Start a new play-test of the document's current map with these options."""
        scenario = build_scenario(self.window.document.map, options)
        assert scenario.ruleset is not None
        variants = engine_variants(options, scenario.ruleset.variants)
        session = PlaytestSession(scenario, seed=options.seed, setup=options.setup,
                                  variants=variants)
        self.last_options = options
        self.open_session(session)

    def open_session(self, session: PlaytestSession) -> None:
        """Enter play mode on a session (new, loaded, or resumed)."""
        self.session = session
        self._ended_shown = session.state.is_terminal()
        if self.layer is None:
            self.layer = PlayLayer(session)
            self.window.view.scene().addItem(self.layer)
        else:
            self.layer.set_session(session)
        if self.panel is None:
            self.panel = PlayPanel(self)
            self.dock = QDockWidget("Play-test", self.window)
            self.dock.setObjectName("playtestDock")
            self.dock.setWidget(self.panel)
            self.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.resume()

    def resume(self) -> None:
        """Show the play layer and panel and take over the map view's mouse."""
        if self.session is None or self.layer is None or self.dock is None:
            return
        if not self.active:
            # Editing panels make room for the game; back_to_editing shows them again.
            self._hidden_docks = [
                d for d in self.window.findChildren(QDockWidget)
                if d is not self.dock and d.isVisible()]
            for d in self._hidden_docks:
                d.hide()
        if not self.active:
            # The main window forwards hover, Enter and Esc to its current tool: make that
            # the play tool, so no editing preview is drawn over the game.
            self._saved_tool = self.window.current_tool
            if self._saved_tool is not None and self._saved_tool is not self.tool:
                self._saved_tool.deactivate()
            self.window.current_tool = self.tool
        self.active = True
        self.layer.setVisible(True)
        self.dock.show()
        self.dock.raise_()
        self.window.view.set_tool(self.tool)
        self.refresh()
        self.status("Play-test: " + (self.panel.help.text() if self.panel else ""))

    def back_to_editing(self) -> None:
        """Leave play mode; the game is kept and F5 resumes it."""
        if self.active:
            for d in self._hidden_docks:
                d.show()
            self._hidden_docks = []
            if self.window.current_tool is self.tool:
                self.window.current_tool = self._saved_tool
                if self._saved_tool is not None:
                    self._saved_tool.activate()
        self.active = False
        self.ai_timer.stop()
        if self.layer is not None:
            self.layer.setVisible(False)
        if self.dock is not None:
            self.dock.hide()
        self.window.view.set_tool(self.window.current_tool)
        self.status("Back to editing; the play-test is kept (F5 resumes it).")

    def end(self) -> None:
        """End the play-test and forget its game."""
        self.back_to_editing()
        if self.layer is not None:
            self.window.view.scene().removeItem(self.layer)
            self.layer = None
        self.session = None

    def _ask_end_for_edit(self) -> bool:
        answer = QMessageBox.question(
            self.window, "Play-test",
            "Editing the map ends the play-test in progress. End it?\n"
            "(No undoes the edit and returns to the game.)")
        return answer == QMessageBox.StandardButton.Yes

    def _map_edited(self, *_args: object) -> None:
        if self.session is None or self._reverting:
            return
        if self.ask_end_for_edit():
            self.end()
            self.status("The map changed: the play-test ended.")
        else:
            # Deferred: during QUndoStack.push the command is not on the stack yet.
            QTimer.singleShot(0, self._revert_edit)

    def _revert_edit(self) -> None:
        # The undo emits the same change signals; they must not ask again.
        stack = self.window.document.undo_stack
        if not stack.canUndo():
            return
        self._reverting = True
        try:
            stack.undo()
        finally:
            self._reverting = False

    # --- refreshing ------------------------------------------------------------------------

    def refresh(self) -> None:
        """Repaint layer and panel; show the end screen once; let an AI seat move."""
        if self.session is None:
            return
        self._offer_hq()
        if self.layer is not None:
            self.layer.refresh()
        if self.panel is not None:
            self.panel.refresh()
        if self.money_dialog is not None and self.money_dialog.isVisible():
            self.money_dialog.refresh()
        st = self.session.state
        if st.is_terminal() and not self._ended_shown:
            self._ended_shown = True
            self.end_dialog = EndDialog(self.session, self.window)
            self.end_dialog.show()
        self.schedule_ai()

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
                self.status(f"The AI stopped: {type(exc).__name__}: {exc}", 0)
                self.refresh()
                return
            if not self.session.is_ai_turn():
                break
        self.status(f"AI (random) {self.session.game.nations[seat]}: {action}", 3000)
        if self.ai_delay_ms >= 150:
            actor = getattr(action, "unit", None) or getattr(action, "attacker", None)
            if actor:
                self.flash({actor})
        if self.layer is not None:
            self.layer.clear_highlights()
        self.refresh()

    # --- acting ------------------------------------------------------------------------------

    def apply(self, action: Action) -> bool:
        """Apply an action for the human seat to act; the engine's reason on refusal."""
        s = self.session
        if s is None:
            return False
        if s.is_ai_turn():
            self.status("An AI seat is to act; wait for it (or pause the AI).")
            return False
        seat = s.state.current
        n_log = len(s.state.log)
        try:
            s.apply(action)
        except IllegalActionError as exc:
            self.status(str(exc))
            return False
        if self.layer is not None:
            self.layer.clear_highlights()
        self._show_placement(n_log)
        self.refresh()
        st = s.state
        if st.current != seat and not st.is_terminal() and not s.is_ai_turn():
            self.status(f"Hot seat: hand over to {st.nation} ({st.phase} phase).")
        return True

    def _show_placement(self, first_event: int) -> None:
        """After a setup placement, centre the view on the start number just used."""
        st = self.session.state if self.session else None
        if st is None:
            return
        for e in st.log[first_event:]:
            if isinstance(e, ArmyPlaced):
                self.flash({uid for uid, *_rest in e.units})
                marker = next((m for m in st.game.map.start_markers
                               if m.number == e.number), None)
                if marker is not None:
                    self.window.view.center_on_hex(marker.hex)
                    self.status(f"{e.nation} army {e.army} placed at start number "
                                f"{e.number}.")

    def apply_text(self, text: str) -> bool:
        """Apply an action given in its text form."""
        try:
            action = Action.parse(text)
        except ActionParseError as exc:
            self.status(str(exc))
            return False
        if isinstance(action, Attack) and self.session is not None:
            # Attacks go into the plan, which is declared in order when combat starts.
            try:
                self.session.add_attack(action.attacker, action.defender)
            except IllegalActionError as exc:
                self.status(exc.reason)
                return False
            self.refresh()
            return True
        return self.apply(action)

    def end_phase(self) -> None:
        """End the current phase (the declare phase ends by starting the combat)."""
        if self.session is not None and self.session.state.phase == "declare":
            self.start_combat()
        else:
            self.apply(EndPhase())

    def surrender(self) -> None:
        """The team of the seat to act gives up."""
        self.apply(Surrender())

    def suggest_groups(self) -> None:
        """Setup: assign every unassigned unit of the seat to act, round robin by class."""
        s = self.session
        if s is None:
            return
        st = s.state
        mine = sorted((u for u in st.units.values() if u.nation == st.nation and u.army is None),
                      key=lambda u: (u.type.unit_class, u.id))
        counts = [len(a) for a in st.armies.get(st.nation, [[], [], []])]
        for u in mine:
            k = counts.index(min(counts))
            counts[k] += 1
            if not self.apply(Assign(u.id, k + 1)):
                return

    def open_armies(self) -> None:
        """Setup: the drag-and-drop army assignment of the seat to act."""
        if self.session is None or self.session.state.phase != "setup":
            return
        from editor.playtest.armies import ArmiesDialog

        self.armies_dialog = ArmiesDialog(self, self.window)
        self.armies_dialog.show()

    def place_next(self) -> None:
        """Setup: place the next army of the seat to act."""
        s = self.session
        if s is None:
            return
        places = [a for a in s.state.legal_actions() if isinstance(a, Place)]
        if places:
            self.apply(places[0])

    def unload_target(self) -> str | None:
        """The transport that can unload now (pending, or the selected one)."""
        s = self.session
        if s is None:
            return None
        st = s.state
        if st.pending_unload is not None:
            return st.pending_unload
        sel = self.layer.selected if self.layer is not None else None
        if sel and sel in st.units:
            u = st.units[sel]
            if u.cargo and u.pos >= 0 and not u.done and st.unload_spots(u, u.pos):
                return sel
        return None

    def unload_selected(self) -> None:
        """Unload the pending or selected transport: with a choice of hexes, the player
        clicks one free hex per passenger (boarding order) among those ringed cyan."""
        t = self.unload_target()
        s = self.session
        if t is None or s is None or self.layer is None:
            return
        st = s.state
        tu = st.units[t]
        hexes = st.game.board.hexes
        choices = st.unload_choices(tu, tu.pos)
        if len({tuple(c) for c in choices}) <= 1:
            self.apply(Unload(t, tuple(hexes[i] for i in choices[0]) if choices else ()))
            return
        chosen: list[int] = []

        def offer() -> None:
            k = len(chosen)
            nxt = {c[k] for c in choices if c[:k] == chosen}
            pid = tu.cargo[k]
            self.layer.picks = {hexes[i]: st.units[pid].type.id for i in nxt}
            self.layer.refresh()
            self.status(f"Unload {t}: click a cyan hex for {pid} "
                        f"({k + 1} of {len(tu.cargo)}); right-click cancels.", 0)

        def pick(h: Hex) -> Action | None:
            chosen.append(st.game.board.index_of[h])
            if len(chosen) == len(tu.cargo):
                return Unload(t, tuple(hexes[i] for i in chosen))
            offer()
            return None

        self.layer.clear_highlights()
        self._pick = pick
        self._pick_problem = lambda h: (
            f"{tu.cargo[len(chosen)]} must go onto a free land hex next to {t}, not a fort, "
            "entrance, water or another unit's hex")
        offer()

    def undo(self) -> None:
        """Take back the last move where the rules allow it."""
        s = self.session
        if s is None:
            return
        try:
            last = s.undo()
        except IllegalActionError as exc:
            self.status(exc.reason)
            return
        self.status(f"Took back '{last}'.")
        if self.layer is not None:
            self.layer.clear_highlights()
        self.refresh()

    def start_combat(self) -> None:
        """Declare the plan and start the combat phase."""
        s = self.session
        if s is None or s.is_ai_turn():
            return
        try:
            s.start_combat()
        except IllegalActionError as exc:
            self.status(str(exc))
        if self.layer is not None:
            self.layer.clear_highlights()
        self.refresh()

    def fight_next(self) -> None:
        """Resolve the next combat and show its dice."""
        s = self.session
        if s is None or s.is_ai_turn():
            return
        try:
            line = s.fight()
        except IllegalActionError as exc:
            self.status(str(exc))
            return
        self.status(line.splitlines()[0] if line else "", 15000)
        self.refresh()

    def move_attack(self, index: int, delta: int) -> None:
        """Reorder the plan."""
        if self.session is not None:
            self.session.move_attack(index, delta)
            self.refresh()
            if self.panel is not None:
                self.panel.plan.setCurrentRow(max(0, min(index + delta,
                                                         len(self.session.plan) - 1)))

    def remove_attack(self, index: int) -> None:
        """Drop a planned attack."""
        if self.session is not None and 0 <= index < len(self.session.plan):
            self.session.remove_attack(index)
            self.refresh()

    def jump_to(self, n: int) -> None:
        """Go back (or forward) to step n of the game log."""
        if self.session is None:
            return
        self.session.jump_to(n)
        if self.layer is not None:
            self.layer.clear_highlights()
        self._ended_shown = self.session.state.is_terminal()
        self.refresh()

    def step(self, delta: int) -> None:
        """One step back or forward in the game log."""
        if self.session is not None:
            n = self.session.cursor + delta
            if 0 <= n <= len(self.session.timeline):
                self.jump_to(n)

    def restart(self) -> None:
        """Start again with the same seed."""
        if self.session is not None:
            self.session.timeline.clear()
            self.jump_to(0)
            self.status(f"Restarted with seed {self.session.game.seed}.")

    # --- map clicks ------------------------------------------------------------------------

    def deselect(self) -> None:
        """Drop the selection, highlights and any pending map pick."""
        self._pick = None
        if self.layer is not None:
            self.layer.clear_highlights()
        if self.panel is not None:
            self.panel.refresh()

    def _unit_at(self, h: Hex) -> str | None:
        st = self.session.state if self.session else None
        if st is None:
            return None
        i = st.game.board.index_of.get(h)
        u = st.occ.get(i) if i is not None else None
        if u is not None:
            return u.id
        fort = st.game.map.fort_at().get(h)
        if fort is not None and h in fort.hexes:
            inside = [v.id for v in st.units.values()
                      if v.fort == fort.id and v.nation == st.nation and st.can_move(v)]
            if inside:
                self._fort_cycle += 1
                return inside[self._fort_cycle % len(inside)]
        return None

    def click(self, h: Hex) -> None:
        """A left click on hex h in play mode."""
        s = self.session
        if s is None or self.layer is None or s.is_ai_turn():
            return
        st = s.state
        if self.layer.picks and self._pick is not None:
            self._click_pick(h)
        elif st.phase == "move":
            self._click_move(h)
        elif st.phase == "declare":
            self._click_declare(h)
        else:
            self.status(f"Nothing to click in the {st.phase} phase: use the panel.")

    def _click_pick(self, h: Hex) -> None:
        assert self.layer is not None and self._pick is not None
        if h not in self.layer.picks:
            why = self._pick_problem(h)
            self.status(f"Not there: {why}" if why else "Click one of the highlighted hexes "
                        "(right-click cancels).")
            return
        action = self._pick(h)
        if action is not None:
            self._pick = None
            self.apply(action)

    def pick_water(self, type_id: str) -> None:
        """Money phase: highlight every water hex `type_id` may be bought onto; a click on
        one buys it there (the engine checks again)."""
        from editor.playtest.money import water_spots

        s = self.session
        if s is None or self.layer is None:
            return
        why = s.state.buy_problem(type_id, None)
        spots = water_spots(s.state, type_id) if why is None else []
        if not spots:
            self.status(f"Cannot buy {type_id}: {why or 'no free water hex on the map'}")
            return
        self.layer.clear_highlights()
        self.layer.picks = {h: "" for h in spots}
        self._pick = lambda h: Buy(type_id, f"{h.q},{h.r}")
        self._pick_problem = lambda h: s.state.buy_problem(type_id, f"{h.q},{h.r}")
        self.window.view.center_on_hex(spots[0])
        self.layer.refresh()
        self.status(f"Click a highlighted water hex for the {type_id} "
                    f"({len(spots)} free); right-click cancels.", 0)

    def hq_choices(self) -> dict[int, Hex]:
        """Victory points, setup: start numbers the seat to act may pick as headquarters,
        with their hexes."""
        s = self.session
        if s is None or s.state.phase != "setup" or s.state.setup_step != "hq":
            return {}
        st = s.state
        where = {m.number: m.hex for m in st.game.map.start_markers}
        return {a.number: where[a.number] for a in st.legal_actions()
                if isinstance(a, Headquarters) and a.number in where}

    def _offer_hq(self) -> None:
        """During the headquarters step, the seat's start numbers are clickable on the map."""
        if self.layer is None or self.session is None or self.session.is_ai_turn():
            return
        choices = self.hq_choices()
        if not choices:
            if self._pick is not None and not self.layer.picks:
                self._pick = None
            return
        by_hex = {h: n for n, h in choices.items()}
        self.layer.picks = {h: f"HQ {n}" for n, h in choices.items()}
        self._pick = lambda h: Headquarters(by_hex.get(h, 0))
        self._pick_problem = lambda h: self.session.state.problem(
            Headquarters(by_hex.get(h, 0))) if self.session else None

    def choose_hq(self, number: int) -> bool:
        """Victory points, setup: make start number `number` the headquarters."""
        return self.apply(Headquarters(number))

    def select(self, uid: str) -> None:
        """Select a unit: in the move phase show where it can go, in the declare phase what
        it can attack."""
        s = self.session
        if s is None or self.layer is None:
            return
        st = s.state
        self.layer.clear_highlights()
        self.layer.selected = uid
        u = st.units[uid]
        if st.phase == "move":
            self.layer.reachable = st.legal_moves(u)
            self.layer.contact = {st.game.board.hexes[i]
                                  for i, c in enumerate(contact_map(st, u)) if c}
            if not self.layer.reachable:
                why = st.problem(Move(uid, st.hex_of(u) or Hex(0, 0)))
                self.status(why or f"{uid} has nowhere to go")
            else:
                self.status(f"{uid} ({u.type.id}): {len(self.layer.reachable)} hexes in reach")
        elif st.phase == "declare":
            self.layer.targets = set(s.targets(uid))
            if any(a == uid for a, _ in s.plan):
                self.status(f"{uid} is already in the plan (remove it there to change it)")
            elif self.layer.targets:
                self.status(f"{uid}: {len(self.layer.targets)} target(s), ringed red")
            else:
                self.status(f"{uid} has no target in range")
        self.layer.refresh()
        if self.panel is not None:
            self.panel.refresh()

    def _click_move(self, h: Hex) -> None:
        st = self.session.state
        layer = self.layer
        sel = layer.selected
        if sel is not None and h in layer.reachable:
            opt = layer.reachable[h]
            action = opt.action()
            if self.apply(action):
                self.status(f"{action} (cost {opt.cost:g})")
            return
        uid = self._unit_at(h)
        if uid is not None and st.units[uid].nation == st.nation:
            self.select(uid)
            return
        if sel is not None:
            why = st.problem(Move(sel, h))
            self.status(f"{sel} cannot go there: {why}" if why else "")
            return
        if uid is not None:
            self.status(f"{uid} is not yours ({st.nation} is to move)")

    def _click_declare(self, h: Hex) -> None:
        s = self.session
        st = s.state
        uid = self._unit_at(h)
        sel = self.layer.selected
        if uid is not None and st.units[uid].nation == st.nation:
            self.select(uid)
            return
        if sel is not None and uid is not None:
            try:
                s.add_attack(sel, uid)
            except IllegalActionError as exc:
                self.status(f"{sel} cannot attack {uid}: {exc.reason}")
                return
            o = s.odds_of(sel, uid)
            self.status(f"Planned {sel} → {uid}: {o.text()}")
            self.layer.clear_highlights()
            self.refresh()
            return
        self.status("Click one of your units, then one of its targets (ringed red).")

    def hover(self, h: Hex | None) -> None:
        """Show the cheapest path to a reachable hex and why enemy contact stops it there;
        over an unreachable hex or an impossible target, the engine's reason."""
        layer = self.layer
        if layer is None or not self.active or self.session is None:
            return
        st = self.session.state
        if layer.selected is not None and st.phase == "declare" and h is not None:
            self.status(explain.target_note(self.session, layer.selected, h), 5000)
            return
        if layer.selected is None or not layer.reachable:
            if h is not None:
                info = self.describe_hex(h)
                if info:
                    self.status(info, 4000)
            return
        opt = layer.reachable.get(h) if h is not None else None
        path = opt.path if opt is not None else ()
        if path != layer.path:
            layer.path = path
            layer.refresh()
        if h is None:
            return
        col, row = self.session.game.map.to_offset(h)
        if opt is None:
            why = st.problem(Move(layer.selected, h))
            if why and h not in layer.reachable:
                note = explain.contact_note(st, layer.selected, h, layer.contact,
                                            layer.reachable)
                self.status(f"[{col}, {row}]: {why}{note}", 5000)
            return
        self.status(f"{opt.kind} to [{col}, {row}]: cost {opt.cost:g}"
                    f"{explain.stop_note(st, layer.selected, path, layer.contact)}", 5000)

    def describe_hex(self, h: Hex) -> str:
        """The unit on a hex (or the garrison of a fort) for the status bar."""
        return explain.describe_hex(self.session.state, h) if self.session else ""

    # --- dialogs and files -----------------------------------------------------------------

    def open_money(self) -> None:
        """The buy / repair / gift dialog of the seat to act."""
        if self.session is None:
            return
        self.money_dialog = MoneyDialog(self, self.window)
        self.money_dialog.show()

    def _ask_path(self, title: str, save: bool) -> str:
        if save:
            return QFileDialog.getSaveFileName(self.window, title, "", SAVE_FILTER)[0]
        return QFileDialog.getOpenFileName(self.window, title, "", SAVE_FILTER)[0]

    def save_dialog(self) -> None:
        """Ask for a file and save the play-test."""
        path = self.ask_path("Save play-test", True)
        if path:
            self.save(path)

    def save(self, path: str | Path) -> bool:
        """Save the play-test (engine save + map + scenario beside it)."""
        if self.session is None:
            return False
        p = Path(path)
        if p.suffix.lower() != ".json":
            p = p.with_suffix(".json")
        try:
            self.session.save(p)
        except (OSError, ValueError) as exc:
            self.status(f"Could not save {p}: {exc}")
            return False
        self.status(f"Saved the play-test to {p}")
        return True

    def load_dialog(self) -> None:
        """Ask for a save file and load it."""
        path = self.ask_path("Load play-test", False)
        if path:
            self.load(path)

    def load(self, path: str | Path) -> bool:
        """Load a play-test save and continue it."""
        try:
            session = PlaytestSession.load(path)
        except (GameFileError, FileNotFoundError, ValueError) as exc:
            self.status(f"Could not load: {exc}")
            return False
        self.open_session(session)
        self.status(f"Loaded {path}: {session.cursor} actions replayed.")
        return True

    def export_log(self, path: str | Path | None = None) -> bool:
        """Write the combat log as text."""
        if self.session is None:
            return False
        if path is None:
            path = self.ask_path("Export combat log", True)
            if not path:
                return False
        from engine.content import atomic_write_text

        try:
            atomic_write_text(path, self.session.log_text())
        except OSError as exc:
            self.status(f"Could not write {path}: {exc}")
            return False
        self.status(f"Combat log written to {path}")
        return True
