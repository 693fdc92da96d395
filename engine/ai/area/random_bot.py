"""The "random" area AI: uniform among the legal actions, with a bias to finish a step.

It does not try to win; it keeps a game moving so a designer can watch a whole game, and it is
the baseline the heuristic must beat. With chance `end_bias` it takes the action that ends the
step under way (`pass`, `end_move`, `end_transfer`, `end_replacements`, `end_setup`) when that
is legal; otherwise it picks uniformly. Without the bias a movement could shuffle dummies back
and forth for a long time, since the rules let a dummy move again within the same movement.
"""

from __future__ import annotations

from engine.ai.area.base import AreaDecision, bot_actions
from engine.i18n import _
from engine.rules.area.actions import AreaAction
from engine.rules.area.state import AreaState
from engine.rules.dice import Dice, seed_state

LABEL = "random"
ENDS = ("end_move", "end_transfer", "end_replacements", "end_setup", "pass")


class AreaRandomBot:
    """A seeded random player of the area game."""

    label = LABEL

    def __init__(self, seed: int | str = 0, *, end_bias: float = 0.2) -> None:
        if not 0.0 <= end_bias <= 1.0:
            raise ValueError(f"end_bias must be in [0, 1], got {end_bias}")
        self.seed = seed
        self.end_bias = end_bias
        self.rng = Dice(seed_state(f"area-random-bot:{seed}"))

    def decide(self, s: AreaState) -> AreaDecision:
        """A random legal action for the faction to act in `s`, labelled as random."""
        return AreaDecision(self.choose(s), _("random choice"))

    def choose(self, s: AreaState) -> AreaAction:
        """A random legal action for the faction to act in `s`."""
        actions = bot_actions(s)
        ends = [a for a in actions if a.kind in ENDS]
        if ends and self.rng.below(1_000_000) < int(self.end_bias * 1_000_000):
            return ends[0]
        return actions[self.rng.below(len(actions))]
