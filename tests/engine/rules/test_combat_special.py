"""Special combat symbols: indestructible units (fort turret) and Big Bertha's scatter (§6)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from engine.model import Ability
from engine.rules.combat import (
    Fighter,
    damage_room,
    resolve,
    returns_fire,
    scatter_landing,
    scatter_neighbour_max,
)
from engine.rules.odds import odds
from tests.engine.rules.conftest_combat import (
    ARMOURED_CAR,
    BIG_BERTHA,
    FORT_TURRET,
    INFANTRY,
    fixed_dice,
    make_ruleset,
    make_unit,
)

RULES = make_ruleset()
SMALL = make_ruleset(dice_by_damage=[2, 2, 1, 1, 1, 1])


def test_indestructible_unit_takes_no_damage_but_fights():
    turret = Fighter(FORT_TURRET, 0, 0)
    car = Fighter(ARMOURED_CAR, 0, 0)
    assert damage_room(RULES, turret) == 0
    assert returns_fire(car, turret, 1)
    result = resolve(RULES, car, turret, 1, 0, None, fixed_dice((1,) * 12, (1,) * 12))
    assert (result.damage_to_defender, result.defender_destroyed, result.xp_attacker) == (
        0, False, 0,
    )
    assert result.attacker_destroyed and result.xp_defender == 2
    chances = odds(RULES, car, turret, 1, 0)
    assert chances.damage_dealt == (1.0,)
    assert chances.p_destroy == 0.0 and chances.expected_dealt == 0.0
    assert chances.expected_taken > 0


@pytest.mark.parametrize(("xp", "most"), [(0, 6), (3, 3), (5, 0)])
def test_scatter_by_experience(xp, most):
    bertha = Fighter(BIG_BERTHA, 0, xp)
    assert scatter_neighbour_max(RULES, bertha) == most
    landings = [scatter_landing(RULES, bertha, f) for f in range(1, 13)]
    assert landings == list(range(most)) + [None] * (12 - most)


def test_scatter_parameters_from_the_card():
    card = make_unit(
        "bertha_variant", "artillery", range_min=2, range_max=None,
        abilities=[],
    )
    card.abilities.append(
        Ability("scatter", {"veteran_neighbour_max": 1, "directions": [3, 4, 5, 0, 1, 2]})
    )
    assert scatter_landing(RULES, Fighter(card, 0, 0), 1) == 3
    assert scatter_landing(RULES, Fighter(card, 0, 0), 6) == 2
    assert scatter_landing(RULES, Fighter(card, 0, 3), 1) == 3
    assert scatter_landing(RULES, Fighter(card, 0, 3), 2) is None
    assert scatter_neighbour_max(RULES, Fighter(ARMOURED_CAR, 0, 0)) == 0


def test_scatter_bad_input():
    with pytest.raises(ValueError, match=r"1\.\.12"):
        scatter_landing(RULES, Fighter(BIG_BERTHA, 0, 0), 13)
    card = make_unit("b", "artillery", range_min=2, range_max=None)
    card.abilities.append(Ability("scatter", {"directions": [0, 1, 2]}))
    with pytest.raises(ValueError, match="six indices"):
        scatter_landing(RULES, Fighter(card, 0, 0), 1)


@pytest.mark.parametrize("xp", [0, 3, 5])
def test_scatter_odds_match_enumeration(xp):
    bertha, infantry = Fighter(BIG_BERTHA, 0, xp), Fighter(INFANTRY, 5, 0)
    dealt = Counter()
    for face in range(1, 13):
        for dice in itertools.product(range(1, 13), repeat=2):
            if scatter_landing(SMALL, bertha, face) is None:
                r = resolve(SMALL, bertha, infantry, 3, 0, None, fixed_dice(dice))
                dealt[r.damage_to_defender] += 1
            else:
                dealt[0] += 1
    total = 12**3
    chances = odds(SMALL, bertha, infantry, 3, 0)
    assert chances.damage_dealt == tuple(float(Fraction(dealt[k], total)) for k in range(2))
    assert chances.p_on_target == (12 - scatter_neighbour_max(SMALL, bertha)) / 12
    assert sum(chances.hits_dealt) == pytest.approx(1.0)
