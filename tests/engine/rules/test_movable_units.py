"""`State.movable_units` lists exactly the units `can_move` allows, in unit order, whatever
the phase, pending unload or first-round army allowance."""

from __future__ import annotations

import pytest

from engine.content import load_scenario
from engine.paths import CONTENT_DIR
from engine.rules.dice import Dice
from engine.rules.game import Game
from engine.rules.playout import random_action


@pytest.mark.parametrize("name", ["default-2p", "default-4p"])
def test_movable_units_are_the_units_that_can_move(name: str) -> None:
    sc = load_scenario(CONTENT_DIR / "scenarios" / f"{name}.scenario.yaml")
    s = Game(sc, seed=3, setup="quick").new_initial_state()
    rng = Dice(3)
    limited = compared = 0
    while not s.is_terminal() and s.round <= 6:
        want = [u for u in s.units.values() if u.nation == s.nation and s.can_move(u)]
        assert s.movable_units() == want, (s.phase, len(s.history))
        compared += bool(want)
        limited += s.phase == "move" and s.army_allowance()[0] is not None
        s.apply_action(random_action(s, rng))
    # the first rounds' army limits were in force for some of the compared lists
    assert compared > 50 and limited > 0
