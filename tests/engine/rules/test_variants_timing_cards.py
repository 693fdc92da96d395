"""Dice-free per player (002 "Ohne Würfel spielen") and the stopwatch (002/003 "Stoppuhr"):
a game with and without each variant differs where the rule text says."""

from __future__ import annotations

import copy

import pytest

from engine.hexes import Hex
from engine.rules.actions import Attack, EndPhase, Fight
from engine.rules.game import Game
from tests.engine.rules.fixtures import empty_state, game_map, put, ruleset, scenario


def _rules(**variants):
    rs = ruleset()
    rs.variants = copy.deepcopy(rs.variants)
    rs.variants.update(variants)
    return rs


def _fight(variants, rs):
    s = empty_state(game_map(), rs=rs, variants=variants)
    de = put(s, "infantry", "DE", Hex(1, 4))
    fr = put(s, "infantry", "FR", Hex(2, 4))
    s.apply_action(EndPhase())
    s.apply_action(Attack(de.id, fr.id))
    s.apply_action(EndPhase())
    s.apply_action(Fight())
    return next(e for e in s.log if e.kind == "combat")


def test_one_side_draws_cards_the_other_rolls_dice():
    # "es kann also auch im gleichen Spiel ein Spieler mit Würfeln und ein anderer mit
    # Karten spielen"
    rs = _rules(dice_free={"enabled": False},
                dice_free_per_player={"enabled": False, "card_nations": ["FR"]})
    dice = _fight((), rs)
    per_player = _fight(("dice_free_per_player",), rs)
    everyone = _fight(("dice_free",), rs)
    assert dice.cards == () and len(everyone.cards) == 2
    assert len(per_player.cards) == 1  # FR, the defender, drew; DE rolled
    rs.variants["dice_free_per_player"]["card_nations"] = ["DE"]
    assert len(_fight(("dice_free_per_player",), rs).cards) == 1


@pytest.mark.parametrize(("params", "first", "later"), [
    ({"enabled": True, "seconds": 300}, 300, 300),  # 002: 5 minutes for phases 1 and 2
    ({"enabled": True, "first_round_seconds": 420, "seconds": 240}, 420, 240)])  # 003
def test_the_stopwatch_limits_each_turn(params, first, later):
    rs = _rules(stopwatch=params)
    timed = Game(scenario(rs=rs))
    assert timed.turn_seconds(1) == first and timed.turn_seconds(2) == later
    rs.variants["stopwatch"] = {**params, "enabled": False}
    assert Game(scenario(rs=rs)).turn_seconds(1) is None


def test_odds_follow_who_draws():
    from engine.rules.odds import attack_odds

    rs = _rules(dice_free_per_player={"enabled": True, "card_nations": ["FR"]})
    s = empty_state(game_map(), rs=rs)
    de = put(s, "infantry", "DE", Hex(1, 4))
    fr = put(s, "infantry", "FR", Hex(2, 4))
    o = attack_odds(s, de.id, fr.id)
    assert o.draw == "mixed" and o.cards_dealt == () and len(o.cards_taken) == 10
    rs.variants["dice_free_per_player"]["card_nations"] = []
    s = empty_state(game_map(), rs=rs)
    de = put(s, "infantry", "DE", Hex(1, 4))
    fr = put(s, "infantry", "FR", Hex(2, 4))
    assert attack_odds(s, de.id, fr.id).draw == "dice"
