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
  end by forts, not only by the round limit);
- gifts are never made (a random gift only moves money around);
- from round `max_rounds` + 1 on, the bot surrenders, so every game ends.
"""

from __future__ import annotations

from engine.rules.actions import Action, EndPhase, Surrender, Unload
from engine.rules.dice import Dice, seed_state
from engine.rules.movement import CAPTURE
from engine.rules.state import State

LABEL = "random"


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

    def _pick(self, items: list) -> object:
        return items[self.rng.below(len(items))]

    def _ends(self) -> bool:
        return self.rng.below(1_000_000) < int(self.end_bias * 1_000_000)

    def choose(self, s: State) -> Action:
        """A legal action for the player to act in `s` (the game must not be over)."""
        if s.is_terminal():
            raise ValueError("the game is over; there is nothing to choose")
        if s.round > self.max_rounds and s.phase != "setup":
            return Surrender()
        if s.phase == "move":
            return self._move(s)
        actions = [a for a in s.legal_actions() if a.verb not in ("surrender", "gift")]
        if s.phase in ("declare", "money"):
            useful = [a for a in actions if a.verb != "end_phase"]
            if not useful or self._ends():
                return EndPhase()
            return self._pick(useful)  # type: ignore[return-value]
        return self._pick(actions) if actions else Surrender()  # type: ignore[return-value]

    def _move(self, s: State) -> Action:
        if s.pending_unload is not None:
            return Unload(s.pending_unload)
        unloads = [Unload(u.id) for u in s.units.values()
                   if u.nation == s.nation and u.cargo and u.pos >= 0 and not u.done
                   and s.unload_spots(u, u.pos)]
        movable = [u for u in s.units.values() if u.nation == s.nation and s.can_move(u)]
        if self._ends() or not (movable or unloads):
            return EndPhase()
        captures = sorted(
            (o.action() for u in movable
             for o in s.legal_moves(u).values() if o.kind == CAPTURE),
            key=str,
        )
        if captures and self.rng.below(1_000_000) < int(self.capture_bias * 1_000_000):
            return self._pick(captures)  # type: ignore[return-value]
        if unloads and (not movable or self.rng.below(len(movable) + 1) == 0):
            return self._pick(unloads)  # type: ignore[return-value]
        for _ in range(len(movable)):
            u = self._pick(movable)
            options = s.legal_moves(u)  # type: ignore[arg-type]
            if options:
                h = self._pick(sorted(options, key=lambda x: (x.q, x.r)))
                return options[h].action()  # type: ignore[index]
        return EndPhase()
