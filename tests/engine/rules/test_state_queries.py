"""Queries clients ask of `State` instead of recomputing a rule (issue 9)."""

from __future__ import annotations

from engine.hexes import Hex
from engine.rules.actions import EndPhase
from tests.engine.rules.fixtures import empty_state, fort, game_map

R = 4


def test_income_is_what_the_money_phase_collects():
    forts = [fort("a", [Hex(3, R)], [Hex(2, R)], owner="DE"),
             fort("b", [Hex(8, R)], [Hex(7, R)], owner="DE"),
             fort("c", [Hex(11, R)], [Hex(10, R)], owner="FR")]
    s = empty_state(game_map(forts=forts))
    s.money["DE"] = 0
    expected = s.income("DE")
    assert expected == 2 * s.game.ruleset.income_per_fort and s.income("FR") == 1
    s.apply_action(EndPhase())
    s.apply_action(EndPhase())
    assert s.phase == "money" and s.money["DE"] == expected
