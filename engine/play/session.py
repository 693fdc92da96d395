"""Qt-free play-test session: one game of the rules engine plus what the play-test UI needs.

The session owns a timeline of actions and a cursor into it; the state is always the initial
state with the first `cursor` actions applied. That makes undo, restart, stepping through the
log and jumping back all the same operation: replay a prefix (the engine is deterministic for
a seed, dice included). Applying a new action after jumping back cuts the timeline there.

Adapters for things the engine does not offer itself (documented in docs/playtest.md):
- the declaration plan: attacks are collected, reordered and removed here and only handed to
  the engine as `attack` actions, in plan order, when the player starts the combat phase;
- the game summary: forts per team after every turn, and losses by nation and unit type.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from engine.ai.base import Bot
from engine.ai.registry import label as ai_label
from engine.ai.registry import make_bot
from engine.content import save_document, save_map, scenario_to_dict
from engine.i18n import _
from engine.model import Scenario
from engine.play.clock import TurnClock
from engine.rules.actions import (
    Action,
    Attack,
    BoardTransport,
    Capture,
    EndPhase,
    Enter,
    Fight,
    Move,
    Unload,
)
from engine.rules.errors import IllegalActionError
from engine.rules.game import Game
from engine.rules.odds import AttackOdds, attack_odds
from engine.rules.savefile import GameFileError, load_save, write_save
from engine.rules.serialize import state_hash
from engine.rules.state import State

UNDOABLE = (Move, Enter, Capture, BoardTransport, Unload)


@dataclass
class Summary:
    """The end-of-game (or so-far) summary."""

    winner: str | None
    reason: str
    rounds: int
    actions: int
    forts: list[tuple[int, str, dict[str, int]]]  # (round, nation whose turn ended, team->forts)
    losses: dict[str, Counter] = field(default_factory=dict)  # nation -> unit type -> count


class PlaytestSession:
    """A play-test game: state, timeline with cursor, declaration plan, AI seats, summary."""

    def __init__(self, scenario: Scenario, *, seed: int | str = 1, setup: str = "quick",
                 variants: tuple[str, ...] = (), timeline: list[Action] | None = None,
                 source: Path | None = None, coop: str | None = None,
                 controllers: dict[str, str] | None = None) -> None:
        self.game = Game(scenario, seed=seed, setup=setup, variants=variants, coop=coop,
                         controllers=controllers)
        self.scenario = self.game.scenario  # with a co-op pair or controllers seated
        self.game.source = source
        self.controllers = [s.controller for s in self.scenario.seats]
        self.timeline: list[Action] = []
        self.cursor = 0
        self.plan: list[tuple[str, str]] = []
        self.undo_floor = 0  # undo never goes below this step (only the last move is undone)
        self.clock = TurnClock()  # the stopwatch variant's turn limit
        self._reset()
        for a in timeline or []:
            self.apply(a)

    # --- state bookkeeping -----------------------------------------------------------------

    def _reset(self) -> None:
        self.state: State = self.game.new_initial_state()
        # By the units' own nation: a co-op partner's losses are listed as its own.
        nations = [*self.game.nations, *self.game.partner_of.values()]
        self.losses: dict[str, Counter] = {n: Counter() for n in nations}
        self.forts: list[tuple[int, str, dict[str, int]]] = [(0, "", self._fort_counts())]
        self.plan = []
        self.bots: dict[int, Bot] = {i: make_bot(c, f"{self.game.seed}:{i}") for i, c in
                                     enumerate(self.controllers) if c != "human"}
        self.ai_reasons: dict[int, str] = {}  # timeline step -> why the AI took it

    def _fort_counts(self) -> dict[str, int]:
        teams = sorted(set(self.game.team_of.values()))
        return {t: self.state.forts_of(t) for t in teams}

    def _step(self, action: Action, checked: bool) -> None:
        s = self.state
        before = {uid: (u.flag, u.type.id) for uid, u in s.units.items()}
        turn = (s.round, s.current)
        nation = s.nation
        (s.apply_action if checked else s.apply_unchecked)(action)
        for uid, (owner, utype) in before.items():
            if uid not in s.units:
                self.losses[owner][utype] += 1
        if ((s.round, s.current) != turn and s.phase != "setup") or s.phase == "over":
            self.forts.append((turn[0], nation, self._fort_counts()))

    def apply(self, action: Action) -> None:
        """Apply a legal action at the cursor (cutting any later timeline); IllegalActionError
        explains a refused one."""
        self._step(action, checked=True)
        del self.timeline[self.cursor:]
        self.timeline.append(action)
        self.cursor += 1
        if self.state.phase != "declare":
            self.plan = []

    def jump_to(self, n: int) -> None:
        """Replay the first `n` actions of the timeline (0 = the start of the game)."""
        if not 0 <= n <= len(self.timeline):
            raise ValueError(f"step must be 0..{len(self.timeline)}, got {n}")
        self._reset()
        for a in self.timeline[:n]:
            self._step(a, checked=False)
        self.cursor = n
        self.undo_floor = n

    def restart(self) -> None:
        """Back to the start with the same seed (the timeline is kept for stepping forward)."""
        self.jump_to(0)

    def undo_problem(self) -> str | None:
        """Why the last action cannot be taken back, or None when it can."""
        if self.cursor == 0:
            return "nothing to undo"
        if self.cursor <= self.undo_floor:
            return "only the last move can be taken back; the move before it is final"
        last = self.timeline[self.cursor - 1]
        if not isinstance(last, UNDOABLE):
            return (f"'{last}' cannot be taken back: only the last unit's move, before any "
                    "dice are rolled and before the next unit moves")
        if self.state.phase not in ("move", "over"):
            return "moves can only be taken back during the move phase"
        return None

    def undo(self) -> Action:
        """Take back the last move (replaying the timeline without it); returns it."""
        why = self.undo_problem()
        if why is not None:
            raise IllegalActionError("undo", why)
        last = self.timeline[self.cursor - 1]
        self.jump_to(self.cursor - 1)
        del self.timeline[self.cursor:]
        return last  # jump_to set undo_floor here: a second undo in a row is refused

    # --- declarations ----------------------------------------------------------------------

    def plan_problem(self, attacker: str, defender: str) -> str | None:
        """Why `attacker` may not be planned against `defender` now, or None."""
        s = self.state
        if s.phase != "declare":
            return f"attacks are declared in the declare phase, this is the {s.phase} phase"
        if attacker not in s.units or defender not in s.units:
            return "no such unit"
        if any(a == attacker for a, _ in self.plan):
            return f"{attacker} has already declared an attack this turn"
        return s.attack_problem(s.units[attacker], s.units[defender])

    def targets(self, attacker: str) -> list[str]:
        """Enemy units `attacker` may be planned against now."""
        return [d.id for d in self.state.occ.values()
                if self.plan_problem(attacker, d.id) is None]

    def add_attack(self, attacker: str, defender: str) -> None:
        """Add an attack at the end of the plan; IllegalActionError says why not."""
        why = self.plan_problem(attacker, defender)
        if why is not None:
            raise IllegalActionError(Attack(attacker, defender), why)
        self.plan.append((attacker, defender))

    def remove_attack(self, index: int) -> None:
        """Drop a planned attack."""
        del self.plan[index]

    def move_attack(self, index: int, delta: int) -> None:
        """Move a planned attack up (delta -1) or down (+1) the order."""
        j = index + delta
        if 0 <= index < len(self.plan) and 0 <= j < len(self.plan):
            self.plan[index], self.plan[j] = self.plan[j], self.plan[index]

    def odds_of(self, attacker: str, defender: str) -> AttackOdds:
        """Exact odds of `attacker` attacking `defender` in the current position (the engine's
        `attack_odds`, the same answer as `tcstudio rules odds`)."""
        return attack_odds(self.state, attacker, defender)

    def start_combat(self) -> None:
        """Declare the planned attacks in order and end the declare phase."""
        plan = list(self.plan)
        for a, d in plan:
            self.apply(Attack(a, d))
        self.plan = []
        self.apply(EndPhase())

    def seconds_left(self, now: float) -> float | None:
        """Seconds left in this turn's timed phases at time `now` (stopwatch variant), or
        None when the turn is not timed."""
        return self.clock.seconds_left(self.state, now)

    def time_up(self) -> None:
        """The stopwatch ran out: the move phase ends and the planned attacks are declared
        as they stand (002: the limit covers "Phase 1" and "Phase 2")."""
        if self.state.phase == "move":
            if self.state.pending_unload is not None:  # a driven transport unloads first
                self.apply(Unload(self.state.pending_unload))
            self.apply(EndPhase())
        if self.state.phase == "declare":
            self.start_combat()

    def fight(self) -> str:
        """Resolve the next combat; returns its log line."""
        n = len(self.state.log)
        self.apply(Fight())
        return "\n".join(self.event_line(i) for i in range(n, len(self.state.log)))

    # --- AI seats, log, summary -------------------------------------------------------------

    def is_ai_turn(self) -> bool:
        """Whether an AI seat is to act now."""
        return not self.state.is_terminal() and self.state.current in self.bots

    def ai_step(self) -> Action:
        """Let the AI seat to act choose and apply one action; returns it."""
        bot = self.bots[self.state.current]
        if self.state.phase == "declare" and self.plan:
            self.plan = []
        action, why = bot.decide(self.state)
        self.apply(action)
        self.ai_reasons[self.cursor - 1] = why
        return action

    def controller_label(self, seat: int) -> str:
        """Who plays a seat, for display: "human" or the AI kind's label."""
        c = self.controllers[seat]
        return "human" if c == "human" else ai_label(c)

    def event_line(self, i: int) -> str:
        """The readable line of log event `i` (the engine's event, rendered as it is)."""
        return self.state.log[i].text()

    def log_text(self) -> str:
        """The whole combat and event log as text (for export)."""
        lines = [f"Play-test of {self.game.map.name}, seed {self.game.seed}"]
        lines += [self.event_line(i) for i in range(len(self.state.log))]
        return "\n".join(lines) + "\n"

    def summary(self) -> Summary:
        """Winner, reason, rounds, forts per team after each turn, losses by unit type."""
        s = self.state
        return Summary(s.winner_team, s.reason, s.round, self.cursor, list(self.forts),
                       {n: Counter(c) for n, c in self.losses.items()})

    # --- files -----------------------------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> None:
        """Save in the engine's saved-game format; the play-test's map and scenario are
        written beside it (`<name>.map.yaml`, `<name>.scenario.yaml`) so the save loads
        anywhere, also with `tcstudio` rules commands. The state saved is at the cursor."""
        p = Path(path)
        if p.suffix.lower() != ".json":
            raise ValueError(f"{p}: a saved game is a .json file (hint: name it {p.stem}.json)")
        stem = p.with_suffix("")
        map_file = stem.with_name(stem.name + ".map.yaml")
        scen_file = stem.with_name(stem.name + ".scenario.yaml")
        save_map(self.game.map, map_file)
        data = scenario_to_dict(self.scenario)
        data["map"] = map_file.name
        for key, ref in (("ruleset", self.scenario.ruleset_ref),
                         ("catalog", self.scenario.catalog_ref)):
            data[key] = Path(os.path.relpath(self._resolve(ref), p.parent.resolve())).as_posix()
        save_document(data, scen_file)
        self.game.source = scen_file.resolve()
        self.scenario.ruleset_ref = data["ruleset"]
        self.scenario.catalog_ref = data["catalog"]
        self.scenario.map_ref = data["map"]
        write_save(self.state, p)

    def _resolve(self, ref: str) -> Path:
        base = self.game.source.parent if self.game.source is not None else Path.cwd()
        return (base / ref).resolve()

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> PlaytestSession:
        """A session from a saved game (engine format); its history becomes the timeline.

        Raises engine.rules.savefile.GameFileError with the file and a hint on bad input."""
        saved = load_save(path)
        game = saved.game
        opts = game.options()
        session = cls(game.scenario, seed=opts["seed"], setup=opts["setup"],
                      variants=tuple(opts["variants"]), source=game.source,
                      coop=opts.get("coop"), controllers=opts.get("controllers"))
        try:
            for a in saved.history:
                session.apply(a)
        except IllegalActionError as exc:
            raise GameFileError(_("{path}: the saved history does not replay: {exc}", path=path,
                                  exc=exc)) from None
        if state_hash(session.state) != state_hash(saved):
            raise GameFileError(_("{path}: the saved state differs from its replayed history "
                                  "(hint: the save was edited by hand or made by another engine "
                                  "version)", path=path))
        return session
