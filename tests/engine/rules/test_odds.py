"""Exact odds (RULES §5.4): checked against brute-force enumeration of every dice outcome."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules.combat import (
    Fighter,
    IllegalAttackError,
    attack_problem,
    damage_from_hits,
    damage_room,
    dice_count,
    resolve,
    returns_fire,
)
from engine.rules.odds import hit_distribution, hit_weights, odds
from tests.engine.rules.conftest_combat import (
    ALL_UNITS,
    ARMOURED_CAR,
    FIGHTER,
    HEAVY_INFANTRY,
    HEAVY_MORTAR,
    INFANTRY,
    TANK,
    make_ruleset,
    make_unit,
)

RULES = make_ruleset()
# Few dice so that every face tuple can be enumerated.
SMALL = make_ruleset(dice_by_damage=[2, 2, 1, 1, 1, 1])
# Thresholds reachable with few hits, so small dice counts still spread over several damages.
FRAGILE = make_unit(
    "fragile", "foot", hit={"recruit": 3, "veteran": 5, "hero": 9},
    armour_open=[1, 2, 2, 3, 4, 4], armour_forest=[2, 3, 3, 4, 5, 6],
)


def brute_force(ruleset, attacker, defender, distance, bonus_dice):
    """Tally `resolve` over every joint face tuple of both sides."""
    a_n = dice_count(ruleset, attacker.damage, bonus_dice)
    fires = returns_fire(attacker, defender, distance)
    d_n = dice_count(ruleset, defender.damage) if fires else 0
    dealt, taken = Counter(), Counter()
    outcomes = 0
    for a_faces in itertools.product(range(1, 13), repeat=a_n):
        for d_faces in itertools.product(range(1, 13), repeat=d_n):
            groups = [a_faces, d_faces]
            r = resolve(ruleset, attacker, defender, distance, bonus_dice,
                        "pincer" if bonus_dice else None, lambda n, g=groups: g.pop(0))
            dealt[r.damage_to_defender] += 1
            taken[r.damage_to_attacker] += 1
            outcomes += 1
    return dealt, taken, outcomes


def as_tuple(counter: Counter, total: int, length: int) -> tuple[float, ...]:
    return tuple(float(Fraction(counter[k], total)) for k in range(length))


@pytest.mark.parametrize(
    ("attacker", "defender", "bonus"),
    [
        (Fighter(FRAGILE, 0, 0), Fighter(FRAGILE, 0, 0), 0),
        (Fighter(FRAGILE, 0, 3), Fighter(FRAGILE, 4, 0, in_forest=True), 0),
        (Fighter(FRAGILE, 2, 5, in_forest=True), Fighter(FRAGILE, 5, 3), 1),
        (Fighter(ARMOURED_CAR, 0, 5), Fighter(FRAGILE, 3, 0), 0),
        (Fighter(FIGHTER, 0, 0), Fighter(FRAGILE, 0, 0), 2),  # no return fire
    ],
)
def test_odds_match_brute_force_enumeration(attacker, defender, bonus):
    dealt, taken, total = brute_force(SMALL, attacker, defender, 1, bonus)
    result = odds(SMALL, attacker, defender, 1, bonus)
    assert result.damage_dealt == as_tuple(dealt, total, len(result.damage_dealt))
    assert result.damage_taken == as_tuple(taken, total, len(result.damage_taken))
    assert sum(dealt.values()) == total and set(dealt) <= set(range(len(result.damage_dealt)))
    limit = SMALL.destroyed_at_damage
    assert result.p_destroy == float(
        Fraction(sum(c for k, c in dealt.items() if defender.damage + k >= limit), total)
    )
    assert result.p_lose_attacker == float(
        Fraction(sum(c for k, c in taken.items() if attacker.damage + k >= limit), total)
    )
    assert result.expected_dealt == pytest.approx(
        float(Fraction(sum(k * c for k, c in dealt.items()), total)), abs=1e-15
    )


@pytest.mark.parametrize(("dice", "value"), [(0, 4), (1, 4), (3, 6), (4, 1), (4, 12), (3, 0)])
def test_hit_distribution_matches_enumeration(dice, value):
    counts = Counter(
        sum(f <= value for f in faces) for faces in itertools.product(range(1, 13), repeat=dice)
    )
    exact = hit_distribution(dice, value)
    assert exact == tuple(Fraction(counts[h], 12**dice) for h in range(dice + 1))
    assert sum(hit_weights(dice, value)) == 12**dice


def test_worked_example_odds():
    car = Fighter(ARMOURED_CAR, damage=3, xp=3)
    infantry = Fighter(INFANTRY, damage=1, xp=2, in_forest=True)
    result = odds(RULES, car, infantry, 1, 2)
    assert result.return_fire
    assert len(result.hits_dealt) == 11 and len(result.hits_taken) == 12
    # 10 dice at 1/2: exactly 5 hits has chance C(10,5)/2^10; 4 or 5 hits give 2 damage.
    assert result.hits_dealt[5] == math.comb(10, 5) / 2**10
    assert result.damage_dealt[2] == (math.comb(10, 4) + math.comb(10, 5)) / 2**10
    # The infantry's 11 dice at 1/6: the car takes no damage with 0 or 1 hits.
    p0 = (5 / 6) ** 11 + 11 * (1 / 6) * (5 / 6) ** 10
    assert result.damage_taken[0] == pytest.approx(p0, rel=1e-12)
    assert len(result.damage_dealt) == 6  # 0..5 more damage until destroyed
    assert len(result.damage_taken) == 4


def test_no_return_fire_means_no_damage_taken():
    result = odds(RULES, Fighter(HEAVY_MORTAR, 0, 0), Fighter(INFANTRY, 0, 0), 3, 0)
    assert not result.return_fire
    assert result.damage_taken == (1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    assert result.expected_taken == 0 and result.p_lose_attacker == 0
    assert result.hits_taken == ()


def test_certain_destruction():
    # Hit value 12 always hits: 12 hits against the car's open column is 6 damage.
    hero = Fighter(TANK, 0, 5)
    rules = make_ruleset(hit_bonus_per_level=3)  # tank recruit 6 → hero 12
    result = odds(rules, hero, Fighter(ARMOURED_CAR, 0, 0), 1, 0)
    assert result.p_destroy == 1.0
    assert result.damage_dealt[-1] == 1.0 and result.expected_dealt == 6.0


def test_illegal_attack_has_no_odds():
    with pytest.raises(IllegalAttackError):
        odds(RULES, Fighter(INFANTRY, 0, 0), Fighter(FIGHTER, 0, 0), 1, 0)


# --- properties ------------------------------------------------------------------------------

fighters = st.builds(
    Fighter,
    unit_type=st.sampled_from(ALL_UNITS),
    damage=st.integers(0, 5),
    xp=st.integers(0, 8),
    in_forest=st.booleans(),
    on_water=st.just(False),
)


def _remaining(f: Fighter) -> int:
    return damage_room(RULES, f)


@settings(max_examples=200, deadline=None)
@given(attacker=fighters, defender=fighters, distance=st.integers(1, 6),
       bonus=st.integers(0, 3))
def test_odds_are_probability_distributions(attacker, defender, distance, bonus):
    if distance != 1:
        bonus = 0
    if attack_problem(attacker, defender, distance) is not None:
        with pytest.raises(IllegalAttackError):
            odds(RULES, attacker, defender, distance, bonus)
        return
    result = odds(RULES, attacker, defender, distance, bonus)
    for dist in (result.damage_dealt, result.damage_taken, result.hits_dealt):
        assert all(0.0 <= p <= 1.0 for p in dist)
        assert math.fsum(dist) == pytest.approx(1.0, abs=1e-12)
    assert len(result.damage_dealt) == _remaining(defender) + 1
    assert len(result.damage_taken) == _remaining(attacker) + 1
    assert 0.0 <= result.p_destroy <= 1.0 and 0.0 <= result.p_lose_attacker <= 1.0
    if _remaining(defender):
        assert result.p_destroy == result.damage_dealt[-1]
    else:  # indestructible
        assert result.p_destroy == 0.0 and result.damage_dealt == (1.0,)
    most = min(damage_from_hits(defender, dice_count(RULES, attacker.damage, bonus)),
               _remaining(defender))
    assert 0.0 <= result.expected_dealt <= most + 1e-12
    assert 0.0 <= result.expected_taken <= _remaining(attacker)
    if not result.return_fire:
        assert result.damage_taken[0] == 1.0


@settings(max_examples=100, deadline=None)
@given(attacker=fighters, defender=fighters, bonus=st.integers(0, 2))
def test_more_dice_never_lower_the_expected_damage(attacker, defender, bonus):
    if attack_problem(attacker, defender, 1) is not None:
        return
    fewer = odds(RULES, attacker, defender, 1, bonus)
    more = odds(RULES, attacker, defender, 1, bonus + 1)
    assert more.expected_dealt >= fewer.expected_dealt - 1e-12
    assert more.p_destroy >= fewer.p_destroy - 1e-12
    assert more.damage_taken == fewer.damage_taken  # the defender's roll is independent


@settings(max_examples=100, deadline=None)
@given(attacker=fighters, defender=fighters, data=st.data())
def test_every_resolved_outcome_has_positive_odds(attacker, defender, data):
    if attack_problem(attacker, defender, 1) is not None:
        return
    faces = st.integers(1, 12)
    result = resolve(RULES, attacker, defender, 1, 0, None,
                     lambda n: tuple(data.draw(st.lists(faces, min_size=n, max_size=n))))
    chances = odds(RULES, attacker, defender, 1, 0)
    assert chances.damage_dealt[result.damage_to_defender] > 0
    assert chances.damage_taken[result.damage_to_attacker] > 0
    assert chances.hits_dealt[result.attacker_hits] > 0
    assert attacker.damage + result.damage_to_attacker <= RULES.destroyed_at_damage
    assert defender.damage + result.damage_to_defender <= RULES.destroyed_at_damage


def test_heavy_infantry_defends_against_planes_in_the_odds():
    result = odds(RULES, Fighter(FIGHTER, 0, 0), Fighter(HEAVY_INFANTRY, 0, 0), 1, 0)
    assert result.return_fire and result.expected_taken > 0
