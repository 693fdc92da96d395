"""Combat rules (RULES §3, §5.3, §5.4, §6): the worked example and each rule on its own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rules.combat import (
    CombatResult,
    Fighter,
    IllegalAttackError,
    attack_problem,
    can_attack_at,
    can_melee,
    can_target,
    damage_from_hits,
    dice_count,
    fight,
    hit_probability,
    hit_value,
    level,
    melee_bonus,
    resolve,
    returns_fire,
    trench_armour_of,
)
from engine.rules.dice import Dice
from tests.engine.rules.conftest_combat import (
    ALL_UNITS,
    ANTI_AIRCRAFT,
    ANTI_TANK,
    ARMOURED_CAR,
    ASSAULT_GUN,
    BIG_BERTHA,
    FIGHTER,
    GUNBOAT,
    HEAVY_INFANTRY,
    HEAVY_MORTAR,
    HOWITZER,
    INFANTRY,
    SHARPSHOOTER,
    TANK,
    TRANSPORT,
    fixed_dice,
    make_catalog,
    make_ruleset,
    make_unit,
)

RULES = make_ruleset()
# Faces printed in the example of the German rules [002]: the car's 10 dice, the infantry's 11.
CAR_FACES = (2, 8, 6, 9, 7, 11, 3, 12, 2, 4)
INFANTRY_FACES = (1, 2, 3, 6, 8, 8, 5, 4, 12, 11, 7)


def fighter(unit, damage=0, xp=0, **kw) -> Fighter:
    return Fighter(unit, damage, xp, **kw)


# --- the worked example (RULES §5.4) ---------------------------------------------------------


def test_rules_example_armoured_car_vs_infantry_in_forest():
    car = fighter(ARMOURED_CAR, damage=3, xp=3)
    infantry = fighter(INFANTRY, damage=1, xp=2, in_forest=True)
    # The adjacent German fighter gives the pincer; the German mortar cannot melee.
    assert can_melee(FIGHTER, INFANTRY)
    assert not can_melee(HEAVY_MORTAR, INFANTRY)
    bonus, extra = melee_bonus(RULES, supporters=1, opposite=False)
    assert (bonus, extra) == ("pincer", 2)
    assert dice_count(RULES, car.damage, extra) == 10
    assert dice_count(RULES, infantry.damage) == 11

    result = resolve(RULES, car, infantry, 1, extra, bonus, fixed_dice(CAR_FACES, INFANTRY_FACES))

    assert result == CombatResult(
        attacker_dice=CAR_FACES,
        defender_dice=INFANTRY_FACES,
        attacker_hit_value=6,
        defender_hit_value=2,
        attacker_hits=5,
        defender_hits=2,
        damage_to_defender=2,
        damage_to_attacker=1,
        defender_destroyed=False,
        attacker_destroyed=False,
        xp_attacker=1,
        xp_defender=1,
        bonus="pincer",
        bonus_dice=2,
        return_fire=True,
    )
    # In the open the same 5 hits would have done 3 damage; the car needs 4 hits for 2.
    assert damage_from_hits(fighter(INFANTRY, 1), 5) == 3
    assert damage_from_hits(car, 4) == 2
    # The car now has 4 XP (still veteran); the infantry 3 (its first yellow marker).
    assert level(RULES, car.xp + result.xp_attacker) == "veteran"
    assert level(RULES, infantry.xp + result.xp_defender) == "veteran"


def test_rules_example_second_and_third_combat_have_no_return_fire():
    infantry = fighter(INFANTRY, damage=3, xp=3, in_forest=True)
    plane = fighter(FIGHTER)
    assert not returns_fire(plane, infantry, 1)  # infantry cannot fight air units
    bonus, extra = melee_bonus(RULES, 1, False)  # the armoured car still touches it
    result = resolve(RULES, plane, infantry, 1, extra, bonus, fixed_dice((1,) * 10 + (12,) * 4))
    assert result.defender_dice == ()
    assert not result.return_fire
    assert result.attacker_hits == 10
    assert result.damage_to_defender == 3  # capped: 3 + 5 would exceed 6
    assert result.defender_destroyed
    assert result.xp_attacker == 2

    mortar, howitzer = fighter(HEAVY_MORTAR), fighter(HOWITZER)
    assert not returns_fire(mortar, howitzer, 3)  # return fire only in melee
    result = resolve(RULES, mortar, howitzer, 3, 0, None, fixed_dice((12,) * 12))
    assert result.defender_dice == () and result.damage_to_attacker == 0


# --- pincer and encirclement -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("supporters", "opposite", "expected"),
    [
        (0, False, (None, 0)),
        (1, False, ("pincer", 2)),
        (1, True, ("encirclement", 3)),
        (2, False, ("encirclement", 3)),
        (2, True, ("encirclement", 3)),
        (5, False, ("encirclement", 3)),
    ],
)
def test_pincer_vs_encirclement(supporters, opposite, expected):
    assert melee_bonus(RULES, supporters, opposite) == expected


def test_bonus_dice_come_from_the_ruleset():
    rules = make_ruleset(pincer_dice=4, encirclement_dice=7)
    assert melee_bonus(rules, 1, False) == ("pincer", 4)
    assert melee_bonus(rules, 1, True) == ("encirclement", 7)


@pytest.mark.parametrize(("supporters", "opposite"), [(-1, False), (0, True)])
def test_melee_bonus_rejects_impossible_counts(supporters, opposite):
    with pytest.raises(ValueError):
        melee_bonus(RULES, supporters, opposite)


def test_units_that_cannot_melee_the_defender_do_not_support():
    assert not can_melee(TRANSPORT, INFANTRY)
    assert not can_melee(HEAVY_MORTAR, INFANTRY)
    assert not can_melee(HOWITZER, INFANTRY)
    assert not can_melee(INFANTRY, FIGHTER)
    assert can_melee(HEAVY_INFANTRY, FIGHTER)
    assert can_melee(ASSAULT_GUN, INFANTRY)  # the assault gun can fight in melee


def test_bonus_dice_only_in_melee():
    with pytest.raises(IllegalAttackError, match="only in melee"):
        resolve(RULES, fighter(ASSAULT_GUN), fighter(INFANTRY), 2, 2, "pincer", fixed_dice())


# --- return fire -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attacker", "defender", "distance", "fires_back"),
    [
        (fighter(ARMOURED_CAR), fighter(INFANTRY), 1, True),
        (fighter(ASSAULT_GUN), fighter(ASSAULT_GUN), 1, True),
        (fighter(ASSAULT_GUN), fighter(ASSAULT_GUN), 2, False),  # range: melee only
        (fighter(ARMOURED_CAR), fighter(INFANTRY, on_water=True), 1, False),  # water
        (fighter(ARMOURED_CAR), fighter(GUNBOAT, on_water=True), 1, True),  # boats belong there
        (fighter(FIGHTER), fighter(INFANTRY), 1, False),  # cannot target air
        (fighter(FIGHTER), fighter(HEAVY_INFANTRY), 1, True),
        (fighter(FIGHTER), fighter(ANTI_AIRCRAFT), 1, True),  # the plane attacks ground
        (fighter(ANTI_AIRCRAFT), fighter(FIGHTER), 1, True),
        (fighter(ANTI_AIRCRAFT), fighter(FIGHTER), 2, False),
        (fighter(ARMOURED_CAR), fighter(ANTI_AIRCRAFT), 1, False),  # AA cannot fight ground
        (fighter(INFANTRY), fighter(HOWITZER), 1, False),  # artillery: no melee
        (fighter(INFANTRY), fighter(HEAVY_MORTAR), 1, False),
        (fighter(INFANTRY), fighter(TRANSPORT), 1, False),  # transport cannot attack
        (fighter(FIGHTER), fighter(BIG_BERTHA), 1, False),
    ],
)
def test_return_fire(attacker, defender, distance, fires_back):
    assert returns_fire(attacker, defender, distance) is fires_back


def test_defender_without_return_fire_rolls_nothing_and_deals_nothing():
    result = resolve(
        RULES, fighter(INFANTRY), fighter(HOWITZER), 1, 0, None, fixed_dice((1,) * 12)
    )
    assert not result.return_fire
    assert (result.defender_dice, result.defender_hits, result.damage_to_attacker) == ((), 0, 0)
    assert result.xp_defender == 0


# --- who can attack whom ---------------------------------------------------------------------

AIR_ATTACKERS = {u.id for u in (FIGHTER, ANTI_AIRCRAFT, HEAVY_INFANTRY, GUNBOAT)}
ATTACKERS = (
    ARMOURED_CAR, INFANTRY, HEAVY_INFANTRY, TANK, ANTI_TANK, FIGHTER, ANTI_AIRCRAFT, HOWITZER,
    HEAVY_MORTAR, TRANSPORT, BIG_BERTHA, GUNBOAT,
)


@pytest.mark.parametrize("attacker", ATTACKERS, ids=lambda u: u.id)
def test_air_targeting_matrix(attacker):
    assert can_target(attacker, FIGHTER) is (attacker.id in AIR_ATTACKERS)
    ground = attacker.id not in (ANTI_AIRCRAFT.id, TRANSPORT.id)
    for defender in (INFANTRY, ARMOURED_CAR, TANK, HOWITZER, GUNBOAT, TRANSPORT):
        assert can_target(attacker, defender) is ground, defender.id


def test_cannot_damage_air_overrides_targets():
    assert "air" in BIG_BERTHA.targets
    assert not can_target(BIG_BERTHA, FIGHTER)
    assert can_target(BIG_BERTHA, INFANTRY)


@pytest.mark.parametrize(
    ("unit", "distance", "ok"),
    [
        (INFANTRY, 1, True),
        (INFANTRY, 2, False),
        (INFANTRY, 0, False),
        (HEAVY_MORTAR, 1, False),
        (HEAVY_MORTAR, 2, True),
        (HEAVY_MORTAR, 5, True),
        (HEAVY_MORTAR, 6, False),
        (BIG_BERTHA, 1, False),
        (BIG_BERTHA, 400, True),  # unlimited range
    ],
)
def test_can_attack_at_range(unit, distance, ok):
    assert can_attack_at(unit, distance) is ok


def test_attack_problems_are_explained():
    assert attack_problem(fighter(INFANTRY), fighter(ARMOURED_CAR), 1) is None
    assert "water" in attack_problem(fighter(INFANTRY, on_water=True), fighter(INFANTRY), 1)
    assert attack_problem(fighter(GUNBOAT, on_water=True), fighter(INFANTRY), 3) is None
    assert "air units" in attack_problem(fighter(INFANTRY), fighter(FIGHTER), 1)
    assert "range 2-5" in attack_problem(fighter(HEAVY_MORTAR), fighter(INFANTRY), 1)
    assert "unlimited" in attack_problem(fighter(BIG_BERTHA), fighter(INFANTRY), 1)


def test_illegal_attacks_are_refused():
    with pytest.raises(IllegalAttackError, match="water"):
        resolve(RULES, fighter(INFANTRY, on_water=True), fighter(INFANTRY), 1, 0, None,
                fixed_dice())
    with pytest.raises(IllegalAttackError, match="damage 6"):
        resolve(RULES, fighter(INFANTRY), fighter(INFANTRY, damage=6), 1, 0, None, fixed_dice())
    with pytest.raises(IllegalAttackError):
        resolve(RULES, fighter(TRANSPORT), fighter(INFANTRY), 1, 0, None, fixed_dice())


# --- hit values ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("xp", "expected_level", "car_value"),
    [(0, "recruit", 4), (2, "recruit", 4), (3, "veteran", 6), (4, "veteran", 6), (5, "hero", 8),
     (11, "hero", 8)],
)
def test_hit_value_by_experience(xp, expected_level, car_value):
    assert level(RULES, xp) == expected_level
    assert hit_value(RULES, fighter(ARMOURED_CAR, xp=xp), fighter(INFANTRY)) == car_value


def test_missing_levels_use_the_bonus_per_level():
    target = fighter(ARMOURED_CAR)
    assert [hit_value(RULES, fighter(HEAVY_INFANTRY, xp=x), target) for x in (0, 3, 5)] == [
        3, 5, 7
    ]
    rules = make_ruleset(hit_bonus_per_level=1)
    assert hit_value(rules, fighter(HEAVY_INFANTRY, xp=5), target) == 5


def test_anti_tank_value_only_against_tanks():
    assert hit_value(RULES, fighter(ANTI_TANK), fighter(TANK)) == 7
    assert hit_value(RULES, fighter(ANTI_TANK, xp=3), fighter(TANK)) == 9
    assert hit_value(RULES, fighter(ANTI_TANK, xp=5), fighter(TANK)) == 11  # 7 + 2 levels
    assert hit_value(RULES, fighter(ANTI_TANK), fighter(ARMOURED_CAR)) == 2  # not armoured cars
    assert hit_value(RULES, fighter(ANTI_TANK), fighter(INFANTRY)) == 2


def test_foot_soldier_value_only_against_foot_soldiers():
    assert hit_value(RULES, fighter(SHARPSHOOTER), fighter(INFANTRY)) == 5
    assert hit_value(RULES, fighter(SHARPSHOOTER), fighter(HEAVY_INFANTRY)) == 5
    assert hit_value(RULES, fighter(SHARPSHOOTER), fighter(ARMOURED_CAR)) == 3


def test_hit_table_without_recruit_value_is_reported():
    odd = make_unit("odd", "foot", hit={"hero": 9}, hit_vs={"tank": {"veteran": 8}})
    assert hit_value(RULES, fighter(odd, xp=5), fighter(INFANTRY)) == 9
    with pytest.raises(ValueError, match="'odd' hit has no 'recruit'"):
        hit_value(RULES, fighter(odd), fighter(INFANTRY))
    with pytest.raises(ValueError, match=r"hit_vs\.tank has no 'hero'"):
        hit_value(RULES, fighter(odd, xp=5), fighter(TANK))


def test_hit_value_decides_which_faces_hit():
    faces = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
    result = resolve(RULES, fighter(ANTI_TANK), fighter(TANK), 1, 0, None,
                     fixed_dice(faces, (12,) * 12))
    assert result.attacker_hits == 7
    assert [hit_probability(v) for v in (-1, 0, 6, 12, 15)] == [0, 0, 0.5, 1, 1]


# --- dice and damage -------------------------------------------------------------------------


def test_dice_by_damage_and_bonus():
    assert [dice_count(RULES, d) for d in range(6)] == [12, 11, 10, 8, 7, 5]
    assert dice_count(RULES, 3, 2) == 10
    assert dice_count(RULES, 5, 3) == 8
    for bad in (-1, 6):
        with pytest.raises(ValueError, match="dice_by_damage"):
            dice_count(RULES, bad)


@pytest.mark.parametrize(
    ("hits", "damage"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (11, 5), (12, 6), (20, 6)]
)
def test_damage_from_armour_table(hits, damage):
    assert damage_from_hits(fighter(ARMOURED_CAR), hits) == damage


def test_forest_column_only_for_the_defender():
    assert damage_from_hits(fighter(INFANTRY), 5) == 3
    assert damage_from_hits(fighter(INFANTRY, in_forest=True), 5) == 2
    # An attacker standing in forest still takes damage from the open column.
    attacker = fighter(INFANTRY, in_forest=True)
    result = resolve(RULES, attacker, fighter(INFANTRY), 1, 0, None,
                     fixed_dice((12,) * 12, (1,) * 5 + (12,) * 7))
    assert result.damage_to_attacker == 3


def test_trench_defender_uses_tank_forest_armour():
    trench_armour = trench_armour_of(make_catalog())
    assert trench_armour == tuple(TANK.armour_forest)
    in_trench = fighter(INFANTRY, in_trench=True, trench_armour=trench_armour)
    assert damage_from_hits(in_trench, 5) == 1
    with pytest.raises(ValueError, match="trench_armour"):
        damage_from_hits(fighter(INFANTRY, in_trench=True), 5)
    # Tanks crossing a trench are not "in" it.
    assert damage_from_hits(fighter(TANK, in_trench=True), 5) == 1
    assert damage_from_hits(fighter(TANK, in_trench=True), 6) == 2


# --- destruction and experience --------------------------------------------------------------


def test_destroying_gives_xp_for_destroy_in_total_and_caps_damage():
    result = resolve(RULES, fighter(ARMOURED_CAR), fighter(INFANTRY, damage=4), 1, 0, None,
                     fixed_dice((1,) * 5 + (12,) * 7, (12,) * 7))
    assert result.damage_to_defender == 2  # 3 from the table, capped at 6 total
    assert result.defender_destroyed and not result.attacker_destroyed
    assert (result.xp_attacker, result.xp_defender) == (2, 0)


def test_return_fire_can_destroy_the_attacker():
    result = resolve(RULES, fighter(ARMOURED_CAR, damage=5), fighter(INFANTRY, damage=4), 1, 0,
                     None, fixed_dice((12,) * 5, (1, 1, 12, 12, 12, 12, 12)))
    assert result.attacker_destroyed and not result.defender_destroyed
    assert (result.damage_to_attacker, result.xp_defender, result.xp_attacker) == (1, 2, 0)


def test_both_can_be_destroyed():
    result = resolve(RULES, fighter(ARMOURED_CAR, damage=5), fighter(INFANTRY, damage=5), 1, 0,
                     None, fixed_dice((1,) * 5, (1,) * 5))
    assert result.attacker_destroyed and result.defender_destroyed
    assert (result.xp_attacker, result.xp_defender) == (2, 2)


def test_hits_without_damage_give_no_xp():
    result = resolve(RULES, fighter(INFANTRY), fighter(ARMOURED_CAR), 1, 0, None,
                     fixed_dice((1,) + (12,) * 11, (12,) * 12))
    assert result.attacker_hits == 1 and result.damage_to_defender == 0
    assert result.xp_attacker == 0


def test_xp_amounts_come_from_the_ruleset():
    rules = make_ruleset(xp_for_damage=2, xp_for_destroy=5, destroyed_at_damage=5,
                         dice_by_damage=[12, 11, 10, 8, 7])
    hit = resolve(rules, fighter(ARMOURED_CAR), fighter(INFANTRY), 1, 0, None,
                  fixed_dice((1,) + (12,) * 11, (12,) * 12))
    assert hit.xp_attacker == 2
    kill = resolve(rules, fighter(ARMOURED_CAR), fighter(INFANTRY, damage=4), 1, 0, None,
                   fixed_dice((1,) + (12,) * 11, (12,) * 7))
    assert kill.defender_destroyed and kill.xp_attacker == 5


def test_bad_rolls_are_reported():
    with pytest.raises(ValueError, match="need 12 faces"):
        resolve(RULES, fighter(INFANTRY), fighter(INFANTRY), 1, 0, None, lambda n: (1,) * (n - 1))
    with pytest.raises(ValueError, match=r"1\.\.12"):
        resolve(RULES, fighter(INFANTRY), fighter(INFANTRY), 1, 0, None, lambda n: (13,) * n)
    with pytest.raises(ValueError, match=r"1\.\.12"):
        resolve(RULES, fighter(INFANTRY), fighter(INFANTRY), 1, 0, None,
                lambda n: (5,) * (n - 1) + (0,))
    with pytest.raises(ValueError, match="bonus must be"):
        resolve(RULES, fighter(INFANTRY), fighter(INFANTRY), 1, 2, "flank", fixed_dice())


# --- properties ------------------------------------------------------------------------------

any_fighter = st.builds(
    Fighter,
    unit_type=st.sampled_from(ALL_UNITS),
    damage=st.integers(0, 5),
    xp=st.integers(0, 8),
    in_forest=st.booleans(),
    on_water=st.booleans(),
)


@settings(max_examples=300, deadline=None)
@given(attacker=any_fighter, defender=any_fighter, distance=st.integers(1, 5),
       supporters=st.integers(0, 3), opposite=st.booleans(), data=st.data())
def test_resolve_invariants(attacker, defender, distance, supporters, opposite, data):
    if attack_problem(attacker, defender, distance) is not None:
        with pytest.raises(IllegalAttackError):
            resolve(RULES, attacker, defender, distance, 0, None, fixed_dice())
        return
    bonus, extra = (None, 0)
    if distance == 1 and supporters:
        bonus, extra = melee_bonus(RULES, supporters, opposite and supporters > 0)
    faces = st.integers(1, 12)
    r = resolve(RULES, attacker, defender, distance, extra, bonus,
                lambda n: tuple(data.draw(st.lists(faces, min_size=n, max_size=n))))
    assert len(r.attacker_dice) == dice_count(RULES, attacker.damage, extra)
    assert r.attacker_hits == sum(f <= r.attacker_hit_value for f in r.attacker_dice)
    assert r.return_fire is returns_fire(attacker, defender, distance)
    if not r.return_fire:
        assert r.defender_dice == () and r.damage_to_attacker == 0
    for side, dealt, destroyed, xp in (
        (defender, r.damage_to_defender, r.defender_destroyed, r.xp_attacker),
        (attacker, r.damage_to_attacker, r.attacker_destroyed, r.xp_defender),
    ):
        assert 0 <= side.damage + dealt <= RULES.destroyed_at_damage
        assert destroyed is (side.damage + dealt == RULES.destroyed_at_damage)
        expected_xp = 2 if destroyed else (1 if dealt else 0)
        assert xp == expected_xp


@settings(max_examples=200, deadline=None)
@given(attacker=any_fighter, defender=any_fighter, distance=st.integers(1, 5),
       supporters=st.integers(0, 3), seed=st.integers(0, 2**32))
def test_fight_is_resolve_without_the_checks(attacker, defender, distance, supporters, seed):
    # the engine calls `fight` for a combat it allowed: the same result as `resolve`
    if attack_problem(attacker, defender, distance) is not None:
        return
    bonus, extra = melee_bonus(RULES, supporters, False) if distance == 1 else (None, 0)
    checked = resolve(RULES, attacker, defender, distance, extra, bonus, Dice(seed).roll)
    assert fight(RULES, attacker, defender, distance, extra, bonus, Dice(seed).roll) == checked
