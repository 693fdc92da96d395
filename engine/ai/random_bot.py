"""The "random" AI seat: a seeded bot that plays uniformly random legal actions.

It is labelled "random" everywhere it appears: it does not try to win, it only keeps a game
moving so a designer can watch a whole game on a map. Choices:

- setup, combat: uniform among the legal actions (surrender excluded);
- move phase: with chance `end_bias` end the phase, else a uniform own movable unit and then a
  uniform one of its legal destinations (two stages, because listing every destination of
  every unit each step costs far more than it adds);
- declare and money phases: with chance `end_bias` end the phase, else a uniform legal attack,
  purchase or repair;
- a fort capture that is on offer is taken with chance `capture_bias` (so random games can
  end by forts, not only by the round limit); only foot soldiers next to a fort they may take
  can have one (`movement.may_capture`), so only their moves are searched for it;
- gifts are never made (a random gift only moves money around);
- from round `max_rounds` + 1 on, the bot surrenders, so every game ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from engine.ai.base import Decision
from engine.hexes import Hex
from engine.rules.actions import Action, EndPhase, Move, Surrender, Unload
from engine.rules.dice import Dice, seed_state
from engine.rules.movement import CAPTURE, MoveOption, choices_of_movable, may_capture
from engine.rules.state import State
from engine.rules.unit import Unit

LABEL = "random"
T = TypeVar("T")


class RandomBot:
    """A seeded random player; `choose(state)` returns a legal action of the player to act."""

    label = LABEL

    def __init__(self, seed: int | str = 0, *, end_bias: float = 0.2,
                 max_rounds: int = 30, capture_bias: float = 0.5) -> None:
        if not 0.0 < end_bias <= 1.0:
            raise ValueError(f"end_bias must be in (0, 1], got {end_bias}")
        self.seed = seed
        self.end_bias = end_bias
        self.max_rounds = max_rounds
        self.capture_bias = capture_bias
        self.rng = Dice(seed_state(f"random-bot:{seed}"))

    def _pick(self, items: Sequence[T]) -> T:
        return items[self.rng.below(len(items))]

    def _ends(self) -> bool:
        return self.rng.below(1_000_000) < int(self.end_bias * 1_000_000)

    def decide(self, s: State) -> Decision:
        """A random legal action for the player to act in `s`, labelled as random."""
        action = self.choose(s)
        why = ("round cap reached" if isinstance(action, Surrender) and s.round > self.max_rounds
               else "random choice")
        return Decision(action, why)

    def choose(self, s: State) -> Action:
        """A legal action for the player to act in `s` (the game must not be over)."""
        if s.is_terminal():
            raise ValueError("the game is over; there is nothing to choose")
        if s.round > self.max_rounds and s.phase != "setup":
            return Surrender()
        if s.phase == "move":
            return self._move(s)
        if s.phase in ("declare", "money"):
            useful = s.phase_actions()  # = legal_actions() without end_phase, surrender, gift
            if not useful or self._ends():
                return EndPhase()
            return self._pick(useful)
        actions = [a for a in s.legal_actions() if a.verb not in ("surrender", "gift")]
        return self._pick(actions) if actions else Surrender()  # type: ignore[return-value]

    def _move(self, s: State) -> Action:
        if s.pending_unload is not None:
            return Unload(s.pending_unload)
        # The end-of-phase draw comes first and needs none of the lists below: a phase that
        # ends lists no units.
        if self._ends():
            return EndPhase()
        nation = s.nation
        unloads = [Unload(u.id) for u in s.units.values()
                   if u.cargo and u.nation == nation and u.pos >= 0 and not u.done
                   and s.unload_spots(u, u.pos)]
        movable = s.movable_units()
        if not (movable or unloads):
            return EndPhase()
        # Only a unit next to a fort it may take can have a capture option: the others skip
        # the move search here (the same captures, found without searching for every unit).
        # Without trenches that means standing next to an entrance (may_capture's own test),
        # looked up here first: most units stand far from any, and skip the call.
        game = s.game
        near = game.board.entrances_near if game.trenches is None else None
        searched = {u.id: s.legal_moves(u) for u in movable
                    if (near is None or near[u.pos]) and may_capture(s, u)}
        if searched:
            captures = sorted(
                (o.action() for options in searched.values()
                 for o in options.values() if o.kind == CAPTURE),
                key=str,
            )
            if captures and self.rng.below(1_000_000) < int(self.capture_bias * 1_000_000):
                return self._pick(captures)  # type: ignore[return-value]
        if unloads and (not movable or self.rng.below(len(movable) + 1) == 0):
            return self._pick(unloads)  # type: ignore[return-value]
        for _ in range(len(movable)):
            u = self._pick(movable)
            action = self._random_option(s, u, searched.get(u.id))
            if action is not None:
                return action
        return EndPhase()

    def _random_option(self, s: State, u: Unit,
                       options: dict[Hex, MoveOption] | None) -> Action | None:
        """A uniform one of the legal moves of `u` in hex order (`options` when they are
        known), or None when it has none. A `Hex` is a (q, r) tuple: plain sorting is hex
        order."""
        if options is not None:
            if not options:
                return None
            return options[self._pick(sorted(options))].action()
        # legal_moves' targets without an option object (cost and path) for every move
        moves, specials = choices_of_movable(s, u)  # u is one of s.movable_units()
        if not specials:  # the common case: plain moves only, no target to look up
            return Move(u.id, self._pick(sorted(moves))) if moves else None
        targets: dict[Hex, MoveOption | None] = dict.fromkeys(moves)
        for o in specials:
            targets[o.target] = o
        h = self._pick(sorted(targets))
        o = targets[h]
        return Move(u.id, h) if o is None else o.action()
