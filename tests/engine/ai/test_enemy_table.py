"""The enemy action table (RULES §9.2, seed 004): the data, its rolls and leftward fallback,
each row of the table (transport, foot soldiers, artillery, tanks/cars, air, anti-aircraft),
the sequence before the table, attack order, money and set-up, and the levels the engine
applies. Positions are hand-made on a meadow test map along row r=4."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from engine.ai.enemy_table import EnemyTableBot
from engine.ai.registry import kind_names, make_bot
from engine.content import load_scenario
from engine.content.problems import ContentError
from engine.hexes import Hex
from engine.paths import CONTENT_DIR
from engine.rules import enemy_table as rules
from engine.rules.actions import Attack, Buy, Capture, EndPhase, Move
from engine.rules.game import Game
from engine.rules.phase import Phase
from tests.engine.rules.fixtures import empty_state, fort, game_map, put

R = 4
GROUPS = rules.GROUPS


def row(q: int) -> Hex:
    return Hex(q, R)


def bot(roll: int, seed: int = 1, level: str = "normal") -> EnemyTableBot:
    """A bot whose action die always shows `roll` (other dice stay random)."""
    b = EnemyTableBot(seed, level)
    real = b.roll_die
    b.roll_die = lambda sides: roll if sides == b.table.die_sides else real(sides)  # type: ignore[method-assign]
    return b


def moved_to(d) -> Hex:
    assert isinstance(d.action, Move), d
    return d.action.to


def dist(a: Hex, b: Hex) -> int:
    return a.distance(b)


# --- the data --------------------------------------------------------------------------------


def test_the_builtin_table_has_twelve_columns_with_an_order_for_every_row():
    t = rules.builtin_table()
    assert [c.roll for c in t.columns] == list(range(1, 13))
    assert all(set(c.orders) == set(GROUPS) for c in t.columns)
    assert t.die_sides == 12 and t.max_per_type == 2 and t.near_fort_hexes == 2


def test_legible_cells_are_encoded_as_printed():
    t = rules.builtin_table()
    assert t.column(1).orders["foot"].do == "move_to_forest"
    assert t.column(10).orders["foot"] == rules.Order(
        "attack", "non_artillery", anti_tank="move_near_tank",
        text="Greift deine nicht-Artillerie Einheit an (Panzerabwehr: bewegt sich in "
             "Reichweite deines Panzers)")
    assert t.column(12).orders["air"].target == "most_damaged"
    assert t.column(4).orders["artillery"].target == "transport"
    assert t.column(11).orders["tank_car"].target == "foot_far_from_fort"
    assert {c.orders["anti_aircraft"].do for c in t.columns} == {"move_near"}
    assert not t.column(7).orders["tank_car"].estimated
    assert t.column(2).orders["foot"].estimated  # filled from the spanning cell


def test_fallback_goes_left_and_wraps_from_1_to_12():
    t = rules.builtin_table()
    assert t.fallback(3)[:4] == [3, 2, 1, 12]
    assert sorted(t.fallback(7)) == list(range(1, 13))


def test_levels_from_004():
    levels = rules.builtin_table().levels
    assert [(x.special_units, x.income_per_fort) for x in levels.values()] == [
        (0, 3), (1, 3), (1, 5), (2, 3), (2, 5)]
    assert {"enemy_table:easy", "enemy_table:normal", "enemy_table:hard"} <= set(kind_names())
    assert make_bot("enemy_table:hard", 3).label == "enemy_table:hard"


def test_a_table_whose_rolls_repeat_is_refused_with_a_located_problem(tmp_path):
    text = (CONTENT_DIR / "solo" / "earlier.enemy-table.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.enemy-table.yaml"
    bad.write_text(text.replace("  - roll: 2\n", "  - roll: 1\n"), encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        rules.load_table(bad)
    assert exc.value.problems[0].code == "enemy_table.rolls"


def test_a_table_with_an_unknown_order_fails_the_schema(tmp_path):
    text = (CONTENT_DIR / "solo" / "earlier.enemy-table.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.enemy-table.yaml"
    bad.write_text(text.replace("do: move_to_forest", "do: dance", 1), encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        rules.load_table(bad)
    assert exc.value.problems[0].line is not None


# --- the levels the engine applies -------------------------------------------------------------


def _game(level: str) -> Game:
    sc = load_scenario(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")
    seats = [dataclasses.replace(sc.seats[0], controller=f"enemy_table:{level}"), sc.seats[1]]
    return Game(dataclasses.replace(sc, seats=seats), seed=1, setup="quick")


def test_the_seats_of_a_game_are_read_once():
    """Income asks for the table's seats every money phase: the game works them out once."""
    game = _game("normal")
    assert rules.enemy_nations(game) == {"DE": rules.builtin_table().levels["normal"]}
    assert rules.enemy_nations(game) is game.enemy_levels
    assert rules.income_per_fort(game, "FR", 7) == 7


@pytest.mark.parametrize(("level", "specials"), [("easy", 0), ("normal", 1), ("harder", 2)])
def test_flag_chips_add_random_special_units(level, specials):
    game = _game(level)
    assert sum(1 for u in game.rosters["DE"] if u.special) == specials
    assert not any(u.special for u in game.rosters["FR"])


def test_assault_level_earns_5_per_fort_the_other_seat_3():
    game = _game("hard")
    assert rules.income_per_fort(game, "DE", 3) == 5
    assert rules.income_per_fort(game, "FR", 3) == 3
    assert rules.income_per_fort(_game("normal"), "DE", 3) == 3


# --- the sequence before the table ------------------------------------------------------------


def _fort(owner="neutral", at=8):
    return game_map(forts=[fort("f1", [row(at)], [row(at - 1), row(at + 1)], owner=owner)])


def test_sequence_1_foot_next_to_an_entrance_captures():
    s = empty_state(_fort("FR"))
    put(s, "infantry", "DE", row(6))
    d = bot(1).decide(s)
    assert d.action == Capture("DE-infantry-1", "f1") and "sequence 1" in d.why


def test_sequence_1_not_when_your_foot_soldier_is_next_to_an_entrance_too():
    s = empty_state(_fort("FR"))
    put(s, "infantry", "DE", row(6))
    put(s, "infantry", "FR", row(10))
    d = bot(1).decide(s)
    assert not isinstance(d.action, Capture)


def test_sequence_2_foot_two_hexes_away_steps_next_to_the_entrance():
    s = empty_state(_fort())
    put(s, "infantry", "DE", row(5))
    d = bot(1).decide(s)
    assert dist(moved_to(d), row(7)) == 1 and "sequence 2" in d.why


def test_sequence_3_a_unit_with_4_damage_heads_for_its_own_fort():
    m = game_map(forts=[fort("home", [row(1)], [row(2), Hex(1, R + 1)], owner="DE")])
    s = empty_state(m)
    put(s, "tank", "DE", row(8), damage=4)
    put(s, "infantry", "FR", row(10))
    b = bot(5)
    d = b.decide(s)
    assert dist(moved_to(d), row(2)) < dist(row(8), row(2)) and "repair order" in d.why
    assert "DE-tank-1" in b.repair_orders


# --- each row of the table ----------------------------------------------------------------------


def test_row_transport_roll_1_moves_away_from_your_units_without_crossroads():
    s = empty_state()
    put(s, "transport", "DE", row(6))
    put(s, "infantry", "FR", row(9))
    d = bot(1).decide(s)
    assert dist(moved_to(d), row(9)) > 3 and "roll 1" in d.why and "transport" in d.why


def test_row_transport_roll_6_heads_for_the_nearest_neutral_fort():
    s = empty_state(_fort(at=11))
    put(s, "transport", "DE", row(2))
    put(s, "infantry", "FR", Hex(2, R + 6))
    d = bot(6).decide(s)
    assert dist(moved_to(d), row(10)) < dist(row(2), row(10)) and "approach fort" in d.why


def test_row_foot_roll_1_moves_into_forest():
    s = empty_state(game_map(terrain={row(3): "forest"}))
    put(s, "infantry", "DE", row(2))
    put(s, "infantry", "FR", row(10))
    d = bot(1).decide(s)
    assert moved_to(d) == row(3) and "move to forest" in d.why


def test_a_unit_that_can_do_no_order_moves_towards_its_first_order():
    # roll 12, foot: attack your non-artillery unit, out of reach; no forest, fort or car
    s = empty_state()
    put(s, "infantry", "DE", row(1))
    put(s, "tank", "FR", row(10))
    d = bot(12).decide(s)
    assert dist(moved_to(d), row(10)) == 7 and "no order possible" in d.why


def test_row_foot_roll_10_attacks_your_non_artillery_unit_not_the_howitzer():
    s = empty_state()
    put(s, "infantry", "DE", row(4))
    put(s, "howitzer", "FR", row(6))
    put(s, "armoured_car", "FR", Hex(4, R + 2))
    b = bot(10)
    d = b.decide(s)
    assert "attack non artillery" in d.why
    assert b.attacks[0][1] == "FR-armoured_car-1"


def test_row_foot_anti_tank_moves_into_range_of_your_tank():
    s = empty_state()
    put(s, "anti_tank", "DE", row(2))
    put(s, "tank", "FR", row(7))
    put(s, "infantry", "FR", Hex(2, R + 3))
    d = bot(10).decide(s)
    assert dist(moved_to(d), row(7)) < 5 and "anti-tank" in d.why


def test_row_artillery_roll_4_attacks_your_transport_before_a_nearer_unit():
    s = empty_state()
    put(s, "howitzer", "DE", row(2))
    put(s, "infantry", "FR", row(5))
    put(s, "transport", "FR", row(7))
    b = bot(4)
    b.decide(s)
    assert [t for _a, t, _w in b.attacks] == ["FR-transport-1"]


def test_row_tank_car_roll_5_attacks_your_artillery():
    s = empty_state()
    put(s, "tank", "DE", row(2))
    put(s, "infantry", "FR", row(4))
    put(s, "howitzer", "FR", row(5))
    b = bot(5)
    d = b.decide(s)
    assert b.attacks[0][1] == "FR-howitzer-1" and "attack artillery" in d.why


def test_row_air_roll_12_attacks_the_most_damaged_reachable_unit():
    s = empty_state()
    put(s, "fighter", "DE", row(2))
    put(s, "infantry", "FR", row(4), damage=1)
    put(s, "tank", "FR", row(6), damage=3)
    b = bot(12)
    b.decide(s)
    assert b.attacks[0][1] == "FR-tank-1"


def test_row_anti_aircraft_moves_within_3_hexes_of_your_air_unit():
    s = empty_state()
    put(s, "anti_aircraft", "DE", row(3))
    put(s, "fighter", "FR", row(7))
    d = bot(3).decide(s)
    assert dist(moved_to(d), row(7)) <= 3 and "move near air" in d.why


def test_a_unit_that_cannot_do_its_order_uses_the_column_to_the_left():
    # roll 5, foot: attack your armoured car; none on the map: 4, 3 (the same), 2, 1 (forest:
    # none), then 12 wraps around: attack your non-artillery unit.
    s = empty_state()
    put(s, "infantry", "DE", row(4))
    put(s, "tank", "FR", row(6))
    b = bot(5)
    d = b.decide(s)
    assert "column 12 to the left" in d.why and b.attacks[0][1] == "FR-tank-1"


def test_pincer_joins_a_planned_attack_and_skips_overkill():
    s = empty_state()
    put(s, "tank", "DE", row(2))
    put(s, "armoured_car", "DE", Hex(6, R - 2))
    put(s, "infantry", "FR", row(6))
    b = bot(10)
    b.attacks = [("DE-x", "FR-infantry-1", "planned")]
    b._turn = (s.round, s.current)
    d = b.decide(s)
    assert "pincer" in d.why and dist(moved_to(d), row(6)) == 1
    b2 = bot(10)
    b2.attacks = [("DE-x", "FR-infantry-1", "p")] * 3
    b2._turn = (s.round, s.current)
    assert "pincer" not in b2.decide(s).why


# --- declarations, money, set-up ---------------------------------------------------------------


def test_attacks_are_declared_first_by_units_that_cannot_be_fired_back_at():
    s = empty_state()
    tank = put(s, "tank", "DE", row(3))
    how = put(s, "howitzer", "DE", row(1))
    put(s, "infantry", "FR", row(4))
    b = EnemyTableBot(1)
    b._turn = (s.round, s.current)
    b.attacks = [(tank.id, "FR-infantry-1", "t"), (how.id, "FR-infantry-1", "h")]
    s.phase = Phase.DECLARE
    assert b.decide(s).action == Attack(how.id, "FR-infantry-1")


def test_a_destroyed_target_is_replaced_by_the_attack_priorities():
    s = empty_state()
    tank = put(s, "tank", "DE", row(3))
    put(s, "infantry", "FR", row(4))
    b = EnemyTableBot(1)
    b._turn = (s.round, s.current)
    b.attacks = [(tank.id, "FR-gone-1", "t")]
    s.phase = Phase.DECLARE
    d = b.decide(s)
    assert d.action == Attack(tank.id, "FR-infantry-1") and "is gone" in d.why


def _money_state(cash: int):
    m = game_map(forts=[fort("home", [row(1)], [row(2), Hex(1, R + 1)], owner="DE")])
    s = empty_state(m)
    put(s, "infantry", "FR", row(8))
    s.phase = Phase.MONEY
    s.money["DE"] = cash
    return s


def test_money_no_purchase_when_the_die_beats_the_money():
    s = _money_state(3)
    b = EnemyTableBot(1)
    b.roll_die = lambda sides: 4  # type: ignore[method-assign]
    d = b.decide(s)
    assert isinstance(d.action, EndPhase) and "no purchase" in d.why


def test_money_buys_the_most_expensive_unit_it_can_afford_at_most_2_per_type():
    s = _money_state(6)
    b = EnemyTableBot(1)
    b.roll_die = lambda sides: 1  # type: ignore[method-assign]
    d = b.decide(s)
    assert isinstance(d.action, Buy) and d.action.unit_type in ("tank", "fighter")
    s2 = _money_state(6)
    put(s2, "tank", "DE", row(5))
    put(s2, "tank", "DE", row(6))
    put(s2, "fighter", "DE", Hex(5, R + 2))
    put(s2, "fighter", "DE", Hex(6, R + 2))
    b2 = EnemyTableBot(1)
    b2.roll_die = lambda sides: 1  # type: ignore[method-assign]
    d2 = b2.decide(s2)
    assert isinstance(d2.action, Buy) and d2.action.unit_type not in ("tank", "fighter")


def test_setup_two_dice_difference_rerolls_doubles():
    b = EnemyTableBot(1)
    faces = iter([4, 4, 7, 2, 3, 1])
    b.roll_die = lambda sides: next(faces)  # type: ignore[method-assign]
    assert b.setup_sizes(12) == [5, 2, 5]
    faces2 = iter([12, 1, 9, 1])
    b.roll_die = lambda sides: next(faces2)  # type: ignore[method-assign]
    assert b.setup_sizes(12) == [11, 1, 0]


def test_a_whole_game_against_the_table_is_legal_and_replays():
    sc = load_scenario(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")
    seats = [dataclasses.replace(sc.seats[0], controller="enemy_table:normal"), sc.seats[1]]
    game = Game(dataclasses.replace(sc, seats=seats), seed=4)
    s = game.new_initial_state()
    bots = {0: EnemyTableBot(4, "normal"), 1: make_bot("heuristic", 4)}
    steps = 0
    while not s.is_terminal() and steps < 20000:
        s.apply_action(bots[s.current].choose(s))
        steps += 1
    assert s.is_terminal()
    kinds = Counter(type(u).__name__ for u in s.units.values())
    assert kinds
