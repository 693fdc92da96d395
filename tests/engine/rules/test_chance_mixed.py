"""Explicit chance nodes do not model one side drawing cards while the other rolls dice:
such a game is refused with a reason instead of offering wrong outcomes."""

from __future__ import annotations

import pytest

from engine.content import load_scenario
from engine.paths import CONTENT_DIR
from engine.rules.game import Game, ScenarioError


def test_explicit_chance_refuses_dice_free_per_player():
    scenario = load_scenario(CONTENT_DIR / "scenarios" / "default-4p.scenario.yaml")
    if "dice_free_per_player" not in scenario.ruleset.variants:
        pytest.fail("the current ruleset should define dice_free_per_player")
    game = Game(scenario, seed=1, variants=("dice_free_per_player",))
    nations = {game.card_variant.draws_for(n) for n in game.nations}
    assert nations == {True, False}, "the test needs one drawing and one rolling nation"
    with pytest.raises(ScenarioError, match="explicit chance nodes do not cover"):
        Game(scenario, seed=1, variants=("dice_free_per_player",), explicit_chance=True)
