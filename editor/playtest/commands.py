"""What the play-test panel's buttons and dialogs do: phases, setup, unloading, undo, the
declaration plan, the game log, money, and the play-test files. Mixed into `PlayMode`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QFileDialog, QGraphicsView, QMainWindow

from editor.i18n import tr
from editor.playtest.armies import ArmiesDialog
from editor.playtest.money import MoneyDialog
from engine.content import atomic_write_text
from engine.hexes import Hex
from engine.play.interaction import Interaction, Outcome
from engine.play.session import PlaytestSession
from engine.rules import coop
from engine.rules.actions import (
    Action,
    Assign,
    Attack,
    EndPhase,
    Headquarters,
    Place,
    Surrender,
)
from engine.rules.errors import ActionParseError, IllegalActionError
from engine.rules.savefile import GameFileError

if TYPE_CHECKING:
    from editor.playtest.layer import PlayLayer
    from editor.playtest.panel import PlayPanel

translate = QCoreApplication.translate
# The mixin's texts are the play mode's (context "PlayMode", as its self.tr calls).
SAVE_FILTER = QT_TRANSLATE_NOOP("PlayMode", "Play-test saves (*.json);;All files (*)")


class PlayCommands:
    """The panel's commands; every one goes through `apply` (the engine checks it)."""

    window: QMainWindow
    view: QGraphicsView
    session: PlaytestSession | None
    interaction: Interaction | None
    layer: PlayLayer | None
    panel: PlayPanel | None
    _ended_shown: bool

    # Provided by PlayMode.
    def status(self, text: str, ms: int = 8000) -> None: ...
    def apply(self, action: Action) -> bool: ...
    def refresh(self) -> None: ...
    def perform(self, outcome: Outcome) -> bool: ...
    def open_session(self, session: PlaytestSession) -> None: ...
    def schedule_ai(self) -> None: ...

    def _init_commands(self) -> None:
        self.money_dialog: MoneyDialog | None = None
        self.armies_dialog: ArmiesDialog | None = None
        # File prompt hook; tests replace it (a modal dialog would block).
        self.ask_path: Callable[[str, bool], str] = self._ask_path

    # --- phases and setup ------------------------------------------------------------------

    def apply_text(self, text: str) -> bool:
        """Apply an action given in its text form (attacks go into the plan)."""
        try:
            action = Action.parse(text)
        except ActionParseError as exc:
            self.status(str(exc))
            return False
        if isinstance(action, Attack) and self.session is not None:
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
        for u in mine:  # in co-op over its own nation's start marker and the shared one
            army = min(coop.allowed_armies(st.game, u), key=lambda a: counts[a - 1])
            counts[army - 1] += 1
            if not self.apply(Assign(u.id, army)):
                return

    def open_armies(self) -> None:
        """Setup: the drag-and-drop army assignment of the seat to act."""
        if self.session is None or self.session.state.phase != "setup":
            return
        self.armies_dialog = ArmiesDialog(self.session.state, self.apply, self.status,
                                          self.window)
        self.armies_dialog.show()

    def place_next(self) -> None:
        """Setup: place the next army of the seat to act."""
        s = self.session
        if s is None:
            return
        places = [a for a in s.state.legal_actions() if isinstance(a, Place)]
        if places:
            self.apply(places[0])

    def hq_choices(self) -> dict[int, Hex]:
        """Victory points, setup: start numbers the seat to act may pick as headquarters."""
        return self.interaction.hq_choices() if self.interaction is not None else {}

    def choose_hq(self, number: int) -> bool:
        """Victory points, setup: make start number `number` the headquarters."""
        return self.apply(Headquarters(number))

    # --- moves -----------------------------------------------------------------------------

    def unload_target(self) -> str | None:
        """The transport that can unload now (pending, or the selected one)."""
        return self.interaction.unload_target() if self.interaction is not None else None

    def unload_selected(self) -> None:
        """Unload the pending or selected transport: with a choice of hexes, the player
        clicks one free hex per passenger (boarding order) among those ringed cyan."""
        if self.interaction is not None:
            self.perform(self.interaction.start_unload())

    def undo_problem(self) -> str | None:
        """Why the player cannot take back the last move now (None: they can)."""
        if self.interaction is None:
            return translate("PlayMode", "no play-test")
        return self.interaction.undo_problem()

    def undo(self) -> None:
        """Take back the last move where the rules allow it (never an AI seat's move)."""
        s = self.session
        if s is None:
            return
        why = self.undo_problem()
        if why is not None:
            self.status(translate("PlayMode", "Cannot undo: %1").replace("%1", why))
            return
        try:
            last = s.undo()
        except IllegalActionError as exc:
            self.status(exc.reason)
            return
        self.status(translate("PlayMode", "Took back '%1'.").replace("%1", str(last)))
        if self.interaction is not None:
            self.interaction.clear()
        self.refresh()

    # --- declarations and combat -----------------------------------------------------------

    def start_combat(self) -> None:
        """Declare the plan and start the combat phase."""
        s = self.session
        if s is None or s.is_ai_turn():
            return
        try:
            s.start_combat()
        except IllegalActionError as exc:
            self.status(str(exc))
        if self.interaction is not None:
            self.interaction.clear()
        self.refresh()

    def time_up(self) -> None:
        """The stopwatch ran out: end the move phase and declare the plan as it stands."""
        s = self.session
        if s is None or s.is_ai_turn():
            return
        try:
            s.time_up()
            self.status(translate("PlayMode", "Time is up: the planned attacks are declared"))
        except IllegalActionError as exc:
            self.status(str(exc))
        if self.interaction is not None:
            self.interaction.clear()
        self.refresh()
        self.schedule_ai()

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

    # --- the game log ----------------------------------------------------------------------

    def jump_to(self, n: int) -> None:
        """Go back (or forward) to step n of the game log."""
        if self.session is None:
            return
        self.session.jump_to(n)
        if self.interaction is not None:
            self.interaction.clear()
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
            self.status(translate("PlayMode", "Restarted with seed %1.").replace(
                "%1", str(self.session.game.seed)))

    # --- money -----------------------------------------------------------------------------

    def open_money(self) -> None:
        """The buy / repair / gift dialog of the seat to act."""
        if self.session is None:
            return
        self.money_dialog = MoneyDialog(lambda: self.session, self.apply, self.status,
                                        self.pick_water, self.window)
        self.money_dialog.show()

    def pick_water(self, type_id: str) -> None:
        """Money phase: highlight every water hex `type_id` may be bought onto; a click on
        one buys it there (the engine checks again)."""
        if self.interaction is None or self.layer is None:
            return
        why = self.interaction.pick_water(type_id)
        if why is not None:
            self.status(why)
            return
        self.view.center_on_hex(next(iter(self.interaction.picks)))
        self.layer.refresh()
        self.status(self.interaction.pick_message, 0)

    # --- files -----------------------------------------------------------------------------

    def _ask_path(self, title: str, save: bool) -> str:
        if save:
            return QFileDialog.getSaveFileName(self.window, title, "",
                                               translate("PlayMode", SAVE_FILTER))[0]
        return QFileDialog.getOpenFileName(self.window, title, "",
                                           translate("PlayMode", SAVE_FILTER))[0]

    def save_dialog(self) -> None:
        """Ask for a file and save the play-test."""
        path = self.ask_path(translate("PlayMode", "Save play-test"), True)
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
            self.status(translate("PlayMode", "Could not save %1: %2").replace(
                "%1", str(p)).replace("%2", str(exc)))
            return False
        self.status(translate("PlayMode", "Saved the play-test to %1").replace("%1", str(p)))
        return True

    def load_dialog(self) -> None:
        """Ask for a save file and load it."""
        path = self.ask_path(translate("PlayMode", "Load play-test"), False)
        if path:
            self.load(path)

    def load(self, path: str | Path) -> bool:
        """Load a play-test save and continue it."""
        try:
            session = PlaytestSession.load(path)
        except (GameFileError, FileNotFoundError, ValueError) as exc:
            self.status(translate("PlayMode", "Could not load: %1").replace("%1", str(exc)))
            return False
        self.open_session(session)
        replayed = session.cursor
        self.status(tr("Loaded %1: %n actions replayed.", "", replayed)
                    .replace("%1", str(path)))
        return True

    def export_log(self, path: str | Path | None = None) -> bool:
        """Write the combat log as text."""
        if self.session is None:
            return False
        if path is None:
            path = self.ask_path(translate("PlayMode", "Export combat log"), True)
            if not path:
                return False
        try:
            atomic_write_text(path, self.session.log_text())
        except OSError as exc:
            self.status(translate("PlayMode", "Could not write %1: %2").replace(
                "%1", str(path)).replace("%2", str(exc)))
            return False
        self.status(translate("PlayMode", "Combat log written to %1").replace("%1", str(path)))

        return True
