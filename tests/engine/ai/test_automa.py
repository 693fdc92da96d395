"""The Automa (RULES §9.1, seed 002 "Solo"): each priority of each list, the unit order, the
tie-breaks, buying, the cup set-up, and the rule changes the engine applies (roster, fixed
hits). Positions are hand-made on a meadow test map along row r=4."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from engine.ai.automa import AutomaBot
from engine.content import load_scenario
from engine.hexes import Hex
from engine.paths import CONTENT_DIR
from engine.rules import automa as rules
from engine.rules import battle
from engine.rules.actions import Assign, Attack, Buy, Capture, EndPhase, Fight, Move
from engine.rules.combat import Fighter
from engine.rules.events import CombatResolved
from engine.rules.game import Game
from engine.rules.phase import Phase
from tests.engine.rules.fixtures import (
    catalog,
    cleared,
    empty_state,
    fort,
    game_map,
    put,
    ruleset,
    scenario,
)

R = 4


def row(q: int) -> Hex:
    return Hex(q, R)


def decide(s, seed=1):
    return AutomaBot(seed, "easy").decide(s)


def first_attack(s, seed=1):
    """Play the Automa's move phase, then return its first declaration."""
    bot = AutomaBot(seed, "easy")
    while s.phase == "move":
        s.apply_action(bot.decide(s).action)
    return bot.decide(s)


def moved_to(d) -> Hex:
    assert isinstance(d.action, Move), d
    return d.action.to


# --- the engine's side: roster and fixed hits ------------------------------------------------


@pytest.mark.parametrize(("level", "extra"), [
    ("easy", {}), ("standard", {"armoured_car": 1}),
    ("hard", {"armoured_car": 1, "infantry": 1}),
    ("overkill", {"big_bertha": 1, "mounted_infantry": 1}),
])
def test_roster_all_but_the_transport_plus_the_level_extras(level, extra):
    sc = load_scenario(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")
    human = Game(sc, seed=1, setup="quick").rosters["DE"]
    seats = [dataclasses.replace(sc.seats[0], controller=f"automa:{level}"), sc.seats[1]]
    game = Game(dataclasses.replace(sc, seats=seats), seed=1, setup="quick")
    got = Counter(u.id for u in game.rosters["DE"])
    want = Counter(u.id for u in human if u.unit_class != "transport") + Counter(extra)
    assert got == want
    assert game.rosters["FR"] == Game(sc, seed=1, setup="quick").rosters["FR"]


def test_the_automa_seats_of_a_game_are_read_once():
    """Every fight asks which seats the Automa plays: the game works it out once."""
    sc = load_scenario(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")
    seats = [dataclasses.replace(sc.seats[0], controller="automa:hard"), sc.seats[1]]
    game = Game(dataclasses.replace(sc, seats=seats), seed=1, setup="quick")
    assert rules.automa_nations(game) == {"DE": "hard"}
    assert rules.automa_nations(game) is game.automa_of
    assert rules.automa_nations(Game(sc, seed=1, setup="quick")) == {}


def test_fixed_hits_full_strength_plus_two_per_level_then_half_plus_one():
    game = Game(scenario(players=2), seed=1, setup="quick")
    tank = catalog().units["tank"]  # attack value 6
    howitzer = catalog().units["howitzer"]  # attack value 3
    target = Fighter(catalog().units["infantry"], 0, 0)
    assert rules.fixed_hits(game, Fighter(tank, 0, 0), target) == 6
    assert rules.fixed_hits(game, Fighter(tank, 2, 3), target) == 8  # veteran
    assert rules.fixed_hits(game, Fighter(tank, 2, 5), target) == 10  # war hero
    assert rules.fixed_hits(game, Fighter(tank, 3, 0), target) == 3
    assert rules.fixed_hits(game, Fighter(tank, 5, 5), target) == 5
    assert rules.fixed_hits(game, Fighter(howitzer, 4, 0), target) == 2  # 002's example


def _automa_state(to_act: str = "DE", m=None, variants: tuple[str, ...] = ()):
    rs = ruleset()
    rs.variants["dice_free"] = {"enabled": False, "cards": 10, "quantile": "midpoint"}
    sc = scenario(m or game_map(), players=2, rs=rs)
    sc.seats[0] = dataclasses.replace(sc.seats[0], controller="automa:easy")
    game = Game(sc, seed=3, variants=variants)
    return cleared(game.new_initial_state(), to_act)


def test_an_automa_attack_deals_fixed_hits_and_the_human_rolls():
    s = _automa_state()
    tank = put(s, "tank", "DE", row(2))
    put(s, "tank", "FR", row(3))
    s.phase = Phase.DECLARE
    s.apply_action(Attack(tank.id, "FR-tank-1"))
    s.apply_action(EndPhase())
    s.apply_action(Fight())
    e = next(e for e in s.log if isinstance(e, CombatResolved))
    assert e.attacker_hits == 6 and e.bonus is None
    assert e.attacker_dice == (1,) * 6 + (12,) * 6
    assert len(e.defender_dice) == 12  # the human side rolls its twelve dice


# --- foot soldiers ---------------------------------------------------------------------------


def _fort(owner="neutral", at=8):
    return game_map(forts=[fort("f1", [row(at)], [row(at - 1), row(at + 1)], owner=owner)])


def test_foot_1_captures_a_fort():
    s = empty_state(_fort("FR"))
    put(s, "infantry", "DE", row(6))
    d = decide(s)
    assert d.action == Capture("DE-infantry-1", "f1") and "priority 1" in d.why


def test_foot_1_not_when_an_enemy_foot_soldier_is_near_the_entrances():
    s = empty_state(_fort("FR"))
    put(s, "infantry", "DE", row(6))
    put(s, "infantry", "FR", row(10))
    assert not isinstance(decide(s).action, Capture)


def test_foot_2_moves_next_to_an_entrance_farthest_from_the_nearest_enemy():
    s = empty_state(_fort())
    put(s, "mounted_infantry", "DE", row(3))  # speed 3
    put(s, "tank", "FR", Hex(7, R - 3))  # north of the fort
    d = decide(s)
    to = moved_to(d)
    assert to.distance(row(7)) == 1 and "priority 2a" in d.why
    near = [h for h in (Hex(6, R), Hex(6, R + 1), Hex(7, R + 1))
            if s.game.board.index_of.get(h) is not None and h.distance(row(3)) <= 3]
    assert to == max(near, key=lambda h: h.distance(Hex(7, R - 3)))


def test_foot_2_not_when_another_own_foot_soldier_is_there_unless_an_enemy_one_is_too():
    s = empty_state(_fort())
    put(s, "heavy_infantry", "DE", row(10))  # next to entrance row(9); moves after infantry
    put(s, "infantry", "DE", row(4))  # could reach row(6), next to entrance row(7)
    d = decide(s)
    assert d.action.unit == "DE-infantry-1" and "priority 3" in d.why
    put(s, "infantry", "FR", Hex(9, R + 1))  # an enemy foot soldier at entrance row(9) too
    d = decide(s)
    assert d.action.unit == "DE-infantry-1" and "priority 2a" in d.why
    assert moved_to(d) == row(6)


def test_foot_3_towards_an_own_fort_reachable_within_two_rounds():
    s = empty_state(_fort("DE"))
    put(s, "infantry", "DE", row(3))  # 4 hexes from entrance row(7): two rounds at speed 2
    d = decide(s)
    assert moved_to(d) == row(5) and "priority 3" in d.why


def test_foot_4_attacks_an_enemy_it_can_destroy():
    s = empty_state()
    put(s, "infantry", "DE", row(3))
    put(s, "infantry", "FR", row(6), damage=5)
    put(s, "tank", "FR", Hex(3, R + 4))
    bot = AutomaBot(1, "easy")
    d = bot.decide(s)
    assert moved_to(d).distance(row(6)) == 1 and "priority 4" in d.why
    s.apply_action(d.action)
    s.apply_action(EndPhase())
    assert bot.decide(s).action == Attack("DE-infantry-1", "FR-infantry-1")


def test_foot_5_attacks_an_enemy_that_cannot_fire_back():
    s = empty_state()
    put(s, "infantry", "DE", row(3))
    put(s, "heavy_mortar", "FR", row(6))  # no melee: cannot fire back
    d = decide(s)
    assert moved_to(d).distance(row(6)) == 1 and "priority 5" in d.why


def test_foot_6_towards_the_nearest_neutral_fort_entrance():
    s = empty_state(_fort(at=10))
    put(s, "infantry", "DE", row(-2))  # 11 hexes away: beyond two rounds
    d = decide(s)
    assert moved_to(d).distance(row(9)) == row(-2).distance(row(9)) - 2
    assert "priority 6" in d.why


def test_foot_7_falls_back_to_the_melee_priorities():
    s = empty_state()
    put(s, "infantry", "DE", row(0))
    put(s, "tank", "FR", row(8))  # not destroyable and fires back, out of reach
    d = decide(s)
    assert "priority 7.2" in d.why and moved_to(d).distance(row(8)) == 6


# --- melee units -----------------------------------------------------------------------------


def test_melee_1a_prefers_a_target_it_can_destroy():
    s = empty_state()
    put(s, "armoured_car", "DE", row(2))
    put(s, "infantry", "FR", row(5), damage=5)
    put(s, "heavy_mortar", "FR", Hex(2, R + 3))
    bot = AutomaBot(1, "easy")
    d = bot.decide(s)
    assert "priority 1" in d.why and "FR-infantry-1" in d.why


def test_melee_1b_then_a_target_that_cannot_fire_back():
    s = empty_state()
    put(s, "armoured_car", "DE", row(2))
    put(s, "infantry", "FR", row(5))
    put(s, "heavy_mortar", "FR", Hex(2, R + 3))
    assert "FR-heavy_mortar-1" in decide(s).why


def test_melee_1d_then_the_lowest_attack_value():
    s = empty_state()
    put(s, "armoured_car", "DE", row(2))
    put(s, "tank", "FR", row(5))  # attack value 6
    put(s, "infantry", "FR", Hex(2, R + 3))  # attack value 2
    assert "FR-infantry-1" in decide(s).why


def test_melee_hex_b_prefers_forest():
    s = empty_state(game_map(terrain={Hex(4, R + 1): "forest"}))
    put(s, "armoured_car", "DE", row(2))
    put(s, "infantry", "FR", row(5))
    assert moved_to(decide(s)) == Hex(4, R + 1)


def test_melee_2_moves_as_close_as_possible():
    s = empty_state()
    put(s, "armoured_car", "DE", row(-2))  # speed 4
    put(s, "infantry", "FR", row(10))
    d = decide(s)
    assert "priority 2" in d.why and moved_to(d).distance(row(10)) == 8


# --- ranged units ----------------------------------------------------------------------------


def test_ranged_1a_destroyable_before_more_expensive():
    s = empty_state()
    put(s, "howitzer", "DE", row(0))  # range 2-4
    put(s, "infantry", "FR", row(4), damage=5)
    put(s, "tank", "FR", row(3))
    d = first_attack(s)
    assert d.action == Attack("DE-howitzer-1", "FR-infantry-1") and "priority 1" in d.why


def test_ranged_1b_a_foot_soldier_next_to_a_neutral_fort_entrance():
    s = empty_state(_fort(at=6))
    put(s, "howitzer", "DE", row(0))
    put(s, "infantry", "FR", Hex(4, R + 1))  # next to entrance row(5)
    put(s, "tank", "FR", Hex(2, R + 2))  # more expensive
    assert first_attack(s).action == Attack("DE-howitzer-1", "FR-infantry-1")


def test_ranged_hex_a_on_or_next_to_a_road_then_b_farthest_from_the_enemy():
    s = empty_state(game_map(terrain={Hex(0, R - 1): "road"}))
    put(s, "howitzer", "DE", row(0))
    put(s, "tank", "FR", row(4))
    d = decide(s)
    to = s.hex_of(s.units["DE-howitzer-1"]) if not isinstance(d.action, Move) else d.action.to
    assert to.distance(Hex(0, R - 1)) <= 1 and to.distance(row(4)) >= 2


def test_ranged_2_approaches_the_best_target():
    s = empty_state()
    put(s, "heavy_mortar", "DE", row(-2))  # speed 1, range 2-5
    put(s, "tank", "FR", row(9))
    d = decide(s)
    assert "priority 2" in d.why and moved_to(d) == row(-1)


# --- order, buying, set-up -------------------------------------------------------------------


def test_order_foot_soldiers_then_melee_then_ranged():
    s = empty_state(_fort(at=10))
    put(s, "howitzer", "DE", row(-2))
    put(s, "armoured_car", "DE", Hex(0, R + 2))
    put(s, "infantry", "DE", row(0))
    put(s, "tank", "FR", Hex(8, R - 3))
    bot = AutomaBot(1, "easy")
    movers = []
    while True:
        d = bot.decide(s)
        if isinstance(d.action, EndPhase):
            break
        movers.append(d.action.unit)
        s.apply_action(d.action)
    assert movers == ["DE-infantry-1", "DE-armoured_car-1", "DE-howitzer-1"]


def test_buying_mounted_infantry_with_fewer_than_two_foot_soldiers_near_the_enemy():
    m = game_map(forts=[fort("a", [row(0)], [row(-1), row(1)], owner="DE"),
                        fort("b", [row(8)], [row(7), row(9)], owner="DE")])
    s = empty_state(m)
    put(s, "infantry", "DE", Hex(3, R + 3))
    put(s, "tank", "FR", Hex(8, R + 3))
    s.money["DE"] = 20
    s.phase = Phase.MONEY
    d = decide(s)
    assert d.action == Buy("mounted_infantry", "b")


def test_buying_an_armoured_car_with_two_foot_soldiers():
    s = empty_state(_fort("DE"))
    put(s, "infantry", "DE", row(0))
    put(s, "infantry", "DE", row(1))
    s.money["DE"] = 20
    s.phase = Phase.MONEY
    assert decide(s).action == Buy("armoured_car", "f1")


def test_cup_setup_draws_four_four_and_the_rest():
    sc = scenario(players=2)
    sc.seats[0] = dataclasses.replace(sc.seats[0], controller="automa:easy")
    s = Game(sc, seed=5, setup="full").new_initial_state()
    bot = AutomaBot(2, "easy")
    armies = Counter()
    while s.setup_step == "assign" and s.nation == "DE":
        a = bot.decide(s).action
        assert isinstance(a, Assign)
        armies[a.army] += 1
        s.apply_action(a)
    assert armies[1] == 4 and armies[2] == 4 and armies[3] == sum(armies.values()) - 8


def test_an_automa_attack_gets_no_pincer():
    s = _automa_state()
    tank = put(s, "tank", "DE", row(2))
    put(s, "armoured_car", "DE", Hex(3, R - 1))  # would be a pincer supporter
    put(s, "tank", "FR", row(3))
    s.phase = Phase.DECLARE
    s.apply_action(Attack(tank.id, "FR-tank-1"))
    s.apply_action(EndPhase())
    s.apply_action(Fight())
    e = next(e for e in s.log if isinstance(e, CombatResolved))
    assert e.bonus is None and e.bonus_dice == 0 and len(e.attacker_dice) == 12


def test_melee_1e_then_the_most_expensive():
    s = empty_state()
    put(s, "armoured_car", "DE", row(2))
    put(s, "infantry", "FR", row(5))  # attack value 2, price 2
    put(s, "mounted_infantry", "FR", Hex(2, R + 3))  # attack value 2, price 3
    assert "FR-mounted_infantry-1" in decide(s).why


def test_melee_1f_then_the_least_experienced():
    s = empty_state()
    put(s, "armoured_car", "DE", row(2))
    put(s, "infantry", "FR", row(5), xp=2)  # both recruits: same attack value and price
    put(s, "infantry", "FR", Hex(2, R + 3), xp=1)
    assert "FR-infantry-2" in decide(s).why


def test_ranged_1c_fire_support_on_a_unit_already_attacked():
    s = empty_state()
    put(s, "armoured_car", "DE", row(0))
    put(s, "howitzer", "DE", Hex(0, R + 4))
    put(s, "infantry", "FR", row(3))  # the car's choice: lowest attack value (1d)
    put(s, "tank", "FR", Hex(3, R + 3))  # more expensive, in the howitzer's range too
    bot = AutomaBot(1, "easy")
    while s.phase == "move":
        s.apply_action(bot.decide(s).action)
    declared = []
    while s.phase == "declare":
        d = bot.decide(s)
        s.apply_action(d.action)
        declared.append(d.action)
    assert Attack("DE-armoured_car-1", "FR-infantry-1") in declared
    assert Attack("DE-howitzer-1", "FR-infantry-1") in declared


def test_under_dice_free_the_human_defender_draws_from_its_own_card_table():
    """The Automa's attacker draws no card; the defender firing back draws from the table of
    its own hit value and dice (it was handed the attacker's table)."""
    s = _automa_state(variants=("dice_free",))
    infantry = put(s, "infantry", "DE", row(2))
    put(s, "tank", "FR", row(3))
    s.phase = Phase.DECLARE
    s.apply_action(Attack(infantry.id, "FR-tank-1"))
    s.apply_action(EndPhase())
    a_table, d_table = battle.card_tables(s, battle.engage(s, infantry, s.units["FR-tank-1"]))
    assert a_table != d_table  # else the test could not tell them apart
    s.apply_action(Fight())
    e = next(e for e in s.log if isinstance(e, CombatResolved))
    assert len(e.cards) == 1  # only the human side draws
    assert e.defender_hits == d_table[e.cards[0] - 1]
    assert len(e.defender_dice) == len(e.attacker_dice)  # both roll for 0 damage
