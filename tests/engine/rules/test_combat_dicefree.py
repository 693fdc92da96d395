"""Dice-free cards (RULES §8): quantiles of the exact hit distribution."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rules.combat import dice_count
from engine.rules.dicefree import card_hits, card_table, dice_free_params
from engine.rules.odds import hit_distribution
from tests.engine.rules.conftest_combat import make_ruleset

RULES = make_ruleset()


def test_rules_example_armoured_car_two_damage_pincer():
    # Armoured car (hits on <= 4), 2 damage, pincer: 10 + 2 dice. 2 hits is "quite unlucky".
    dice = dice_count(RULES, 2, 2)
    assert dice == 12
    table = card_table(RULES, 4, dice)
    assert table == (1, 2, 3, 3, 4, 4, 5, 5, 6, 7)
    assert table.index(2) + 1 == 2  # the second-worst card


def test_midpoint_cards_by_definition():
    # Check card k against the exact CDF: first h with P(<= h) >= (k - 1/2) / 10.
    for dice, value in itertools.product(range(0, 9), range(0, 13)):
        cdf = list(itertools.accumulate(hit_distribution(dice, value)))
        for k in range(1, 11):
            expected = next(h for h, c in enumerate(cdf) if c >= Fraction(2 * k - 1, 20))
            assert card_hits(RULES, value, dice, k) == expected


def test_upper_rule_is_the_literal_decile():
    params = {"quantile": "upper"}
    assert card_table(params, 4, 12) == (2, 3, 3, 4, 4, 4, 5, 5, 6, 12)
    # One die at 6/12: P(0 hits) = 1/2 exactly, so the 5th decile is 0 hits (tie included).
    assert card_table(params, 6, 1) == (0, 0, 0, 0, 0, 1, 1, 1, 1, 1)
    assert card_table({}, 6, 1) == (0, 0, 0, 0, 0, 1, 1, 1, 1, 1)


def test_ten_midpoint_cards_average_close_to_the_dice():
    for dice, value in itertools.product(range(0, 17), range(0, 13)):
        table = card_table(RULES, value, dice)
        assert abs(sum(table) / 10 - dice * value / 12) <= 1 / 6 + 1e-12


@given(value=st.integers(-2, 14), dice=st.integers(0, 16))
def test_cards_are_monotone_and_in_range(value, dice):
    table = card_table(RULES, value, dice)
    assert list(table) == sorted(table)
    assert all(0 <= h <= dice for h in table)
    if dice:
        more_dice = card_table(RULES, value, dice + 1)
        better = card_table(RULES, value + 1, dice)
        assert all(a <= b for a, b in zip(table, more_dice, strict=True))
        assert all(a <= b for a, b in zip(table, better, strict=True))
    if value <= 0:
        assert set(table) == {0}
    if value >= 12:
        assert set(table) == {dice}


def test_parameters_come_from_the_ruleset_variant():
    rules = make_ruleset(variants={"dice_free": {"enabled": True, "cards": 4, "quantile": "upper"}})
    assert dice_free_params(rules) == (4, "upper")
    assert len(card_table(rules, 4, 12)) == 4
    assert dice_free_params(RULES) == (10, "midpoint")
    assert dice_free_params({"cards": 6}) == (6, "midpoint")


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"cards": 0}, "cards must be"),
        ({"cards": True}, "cards must be"),
        ({"cards": 2.5}, "cards must be"),
        ({"quantile": "lowest"}, "quantile must be"),
    ],
)
def test_bad_parameters_are_reported(params, message):
    with pytest.raises(ValueError, match=message):
        card_hits(params, 4, 12, 1)
    rules = make_ruleset(variants={"dice_free": params})
    with pytest.raises(ValueError, match=r"variants\.dice_free"):
        card_hits(rules, 4, 12, 1)


@pytest.mark.parametrize("card", [0, 11, -1])
def test_card_number_out_of_range(card):
    with pytest.raises(ValueError, match=r"card must be 1\.\.10"):
        card_hits(RULES, 4, 12, card)
