"""Movement (RULES §2, §5.1): the worked examples as named tests, on small boards."""

from __future__ import annotations

from engine.content import load_scenario
from engine.hexes import Hex
from engine.paths import CONTENT_DIR
from engine.rules.actions import Capture, EndPhase, Move
from engine.rules.dice import Dice, seed_state
from engine.rules.errors import IllegalActionError
from engine.rules.game import Game
from engine.rules.movement import may_capture
from engine.rules.playout import random_action
from tests.engine.rules.fixtures import empty_state, fort, game_map, put

R = 4  # tests run along row r=4 of a 14x12 map; Hex(q, 4) is in bounds for q in -2..11


def row(q: int) -> Hex:
    return Hex(q, R)


def costs(s, u) -> dict[Hex, float]:
    return {h: o.cost for h, o in s.legal_moves(u).items() if o.kind == "move"}


def painted(**rows: str):
    """Terrain along row 4 from q=0: characters . f = ~ b."""
    names = {".": "meadow", "f": "forest", "=": "road", "~": "water", "b": "bridge"}
    return {row(q): names[c] for q, c in enumerate(rows["line"])}


def test_armoured_car_four_meadow_or_eight_road():
    s = empty_state(game_map(terrain=painted(line="." * 12)))
    car = put(s, "armoured_car", "DE", row(0))
    assert costs(s, car)[row(4)] == 4
    assert row(5) not in costs(s, car)

    s = empty_state(game_map(terrain=painted(line="." + "=" * 10)))
    car = put(s, "armoured_car", "DE", row(0))
    assert costs(s, car)[row(8)] == 4
    assert row(9) not in costs(s, car)


def test_armoured_car_two_meadow_then_four_road():
    s = empty_state(game_map(terrain=painted(line="..." + "=" * 8)))
    car = put(s, "armoured_car", "DE", row(0))
    assert costs(s, car)[row(6)] == 4
    assert s.legal_moves(car)[row(6)].path == tuple(row(q) for q in range(7))


def test_infantry_forest_costs_one_and_a_half():
    s = empty_state(game_map(terrain=painted(line=".ff.")))
    inf = put(s, "infantry", "DE", row(0))
    c = costs(s, inf)
    assert c[row(1)] == 1.5
    assert row(2) not in c or c[row(2)] != 3  # two forests never fit in 2 points


def test_last_step_to_meadow_with_half_a_point_left():
    # forest (1.5) leaves 0.5: the infantry may still step onto the meadow behind it.
    s = empty_state(game_map(terrain=painted(line=".f..")))
    inf = put(s, "infantry", "DE", row(0))
    assert costs(s, inf)[row(2)] == 2
    # ... but not onto a forest, and the exception ends the move.
    s = empty_state(game_map(terrain=painted(line=".ff.")))
    inf = put(s, "infantry", "DE", row(0))
    assert row(2) not in costs(s, inf)


def test_last_step_lets_convoys_leave_the_road():
    s = empty_state(game_map(terrain=painted(line="=== .".replace(" ", "="))))
    inf = put(s, "infantry", "DE", row(0))
    # three road steps cost 1.5, the meadow after them costs only the 0.5 left
    assert costs(s, inf)[row(4)] == 2


def test_cutting_corners_on_roads_only_target_counts():
    # the road hex is entered from a meadow: only the target hex's cost counts
    s = empty_state(game_map(terrain=painted(line=".=")))
    inf = put(s, "infantry", "DE", row(0))
    assert costs(s, inf)[row(1)] == 0.5


def test_air_units_pay_one_per_hex_over_any_terrain():
    s = empty_state(game_map(terrain=painted(line=".ff~~f")))
    plane = put(s, "fighter", "DE", row(0))
    c = costs(s, plane)
    assert [c[row(q)] for q in range(1, 6)] == [1, 2, 3, 4, 5]


def test_no_passing_through_enemies_even_in_the_air():
    s = empty_state(game_map())
    plane = put(s, "fighter", "DE", row(2))
    for h in row(2).neighbors():
        put(s, "transport", "FR", h)  # transports give no contact, but block
    assert s.legal_moves(plane) == {}


def test_pass_through_own_and_allied_units_but_end_only_on_free_hexes():
    s = empty_state(game_map(), players=4)
    inf = put(s, "infantry", "DE", row(0))
    put(s, "armoured_car", "DE", row(1))
    put(s, "armoured_car", "AH", row(2))  # ally
    c = costs(s, inf)
    assert row(1) not in c and row(2) not in c
    s2 = empty_state(game_map(), players=4)
    car = put(s2, "armoured_car", "DE", row(0))
    put(s2, "infantry", "DE", row(1))
    put(s2, "infantry", "AH", row(2))
    assert costs(s2, car)[row(3)] == 3


def test_water_takes_the_whole_move_of_a_foot_soldier():
    s = empty_state(game_map(terrain=painted(line="..~.")))
    inf = put(s, "infantry", "DE", row(1))
    c = costs(s, inf)
    assert c[row(2)] == 2  # whole move
    assert row(3) not in c  # cannot go on after water
    # not reachable after moving first
    s = empty_state(game_map(terrain=painted(line="..~.")))
    inf = put(s, "infantry", "DE", row(0))
    assert row(2) not in costs(s, inf)


def test_vehicles_cannot_enter_water():
    s = empty_state(game_map(terrain=painted(line=".~.")))
    car = put(s, "armoured_car", "DE", row(0))
    assert row(1) not in costs(s, car)


def test_unit_on_water_cannot_attack():
    s = empty_state(game_map(terrain=painted(line=".~.")))
    inf = put(s, "infantry", "DE", row(1))
    put(s, "infantry", "FR", row(2))
    s.phase = "declare"
    assert not [a for a in s.legal_actions() if getattr(a, "attacker", None) == inf.id]


# --- enemy contact (Feindkontakt) -----------------------------------------------------------


def test_contact_two_consecutive_contact_hexes_end_the_move():
    s = empty_state(game_map())
    car = put(s, "armoured_car", "DE", row(0))
    put(s, "infantry", "FR", Hex(0, R + 1))  # touches row(0) and row(1)
    # the start hex counts as the first contact hex; row(1) is the second: stop there
    c = costs(s, car)
    assert c[row(1)] == 1
    for h, o in s.legal_moves(car).items():
        if o.path[:2] == (row(0), row(1)):
            assert len(o.path) == 2, h


def test_contact_start_hex_then_free_hex_does_not_stop():
    s = empty_state(game_map())
    car = put(s, "armoured_car", "DE", row(0))
    put(s, "infantry", "FR", Hex(-1, R + 1))  # touches row(0) only
    assert costs(s, car)[row(4)] == 4


def test_contact_in_third_and_fourth_step_ends_the_move():
    s = empty_state(game_map())
    car = put(s, "armoured_car", "DE", row(0))
    put(s, "infantry", "FR", Hex(3, R - 1))  # touches row(2) and row(3)
    c = costs(s, car)
    assert c[row(3)] == 3
    assert row(4) not in c  # the only 4-step way passes row(2), row(3)


def test_contact_not_from_mortars_or_transports():
    s = empty_state(game_map())
    car = put(s, "armoured_car", "DE", row(0))
    put(s, "heavy_mortar", "FR", Hex(0, R + 1))
    put(s, "transport", "FR", Hex(1, R + 1))
    put(s, "heavy_mortar", "FR", Hex(2, R + 1))
    assert costs(s, car)[row(4)] == 4


def test_contact_heavy_infantry_stops_a_plane_but_infantry_does_not():
    s = empty_state(game_map())
    plane = put(s, "fighter", "DE", row(0))
    put(s, "infantry", "FR", Hex(0, R + 1))
    assert costs(s, plane)[row(5)] == 5  # infantry cannot attack planes: no contact
    s = empty_state(game_map())
    plane = put(s, "fighter", "DE", row(0))
    put(s, "heavy_infantry", "FR", Hex(0, R + 1))
    c = costs(s, plane)
    assert c[row(1)] == 1
    assert row(5) not in c  # the straight line is the only 5-step way and stops at row(1)


def test_contact_not_from_units_in_forts_and_counted_outside_only():
    f = fort("f1", [Hex(5, R + 2)], [Hex(4, R + 2), Hex(6, R + 2)], owner="DE")
    s = empty_state(game_map(forts=[f]))
    inf = put(s, "infantry", "DE", "f1")
    put(s, "armoured_car", "FR", Hex(4, R + 3))  # touches the entrance and hexes outside
    c = costs(s, inf)
    # first hex outside next to the car counts as the first contact only
    assert c[Hex(3, R + 3)] == 1


# --- forts ------------------------------------------------------------------------------------


def _fort_map(owner: str = "neutral"):
    return game_map(forts=[fort("f1", [row(5)], [row(4), row(6)], owner=owner)])


def test_nobody_moves_over_forts():
    s = empty_state(_fort_map("FR"))
    plane = put(s, "fighter", "DE", row(3))
    for o in s.legal_moves(plane).values():
        assert row(4) not in o.path[1:-1] and row(5) not in o.path


def test_enter_own_fort_costs_half_a_point_and_allies_may_not():
    s = empty_state(_fort_map("DE"), players=4)
    car = put(s, "armoured_car", "DE", row(1))
    opt = s.legal_moves(car)[row(4)]
    assert (opt.kind, opt.fort, opt.cost) == ("enter", "f1", 2.5)
    s = empty_state(_fort_map("AH"), players=4)
    car = put(s, "armoured_car", "DE", row(1))
    assert row(4) not in s.legal_moves(car)


def test_capture_from_adjacent_hex_takes_whole_move_and_removes_defenders():
    s = empty_state(_fort_map("FR"))
    inf = put(s, "infantry", "DE", row(3))
    inside = put(s, "armoured_car", "FR", "f1")
    opt = s.legal_moves(inf)[row(4)]
    assert (opt.kind, opt.fort, opt.cost) == ("capture", "f1", 2)
    s.apply_action(Capture(inf.id, "f1"))
    assert s.fort_owner["f1"] == "DE"
    assert inside.id not in s.units
    assert inf.fort == "f1"


def test_capture_needs_a_foot_soldier_that_starts_adjacent():
    s = empty_state(_fort_map("neutral"))
    inf = put(s, "infantry", "DE", row(2))
    car = put(s, "armoured_car", "DE", row(3))
    assert row(4) not in s.legal_moves(inf)
    assert row(4) not in s.legal_moves(car)


def test_allied_fort_cannot_be_captured():
    s = empty_state(_fort_map("AH"), players=4)
    inf = put(s, "infantry", "DE", row(3))
    assert row(4) not in s.legal_moves(inf)


def test_stalemate_whoever_enters_first_loses():
    # DE and FR infantry both stand before the neutral fort's entrance.
    s = empty_state(_fort_map("neutral"))
    de = put(s, "infantry", "DE", row(3))
    fr = put(s, "infantry", "FR", Hex(3, R + 1))
    s.apply_action(Capture(de.id, "f1"))
    for _ in range(3):  # declare, (no combat), money: end DE's turn
        s.apply_action(EndPhase())
    assert s.nation == "FR"
    s.apply_action(Capture(fr.id, "f1"))
    assert s.fort_owner["f1"] == "FR"
    assert de.id not in s.units


def test_leaving_a_fort_through_either_entrance():
    s = empty_state(_fort_map("DE"))
    inf = put(s, "infantry", "DE", "f1")
    c = costs(s, inf)
    assert c[row(3)] == 1 and c[row(7)] == 1


def test_move_to_unreachable_hex_is_illegal_with_reason():
    s = empty_state(game_map())
    inf = put(s, "infantry", "DE", row(0))
    try:
        s.apply_action(Move(inf.id, row(5)))
    except IllegalActionError as exc:
        assert "cannot reach 5,4" in str(exc)
    else:
        raise AssertionError("expected IllegalActionError")


def test_trench_is_meadow_without_grabenkampf():
    s = empty_state(game_map(terrain={row(1): "trench"}))
    car = put(s, "armoured_car", "DE", row(0))
    assert costs(s, car)[row(1)] == 1


def test_grabenkampf_trench_only_for_foot_soldiers_tanks_and_air():
    terrain = {row(1): "trench"}
    s = empty_state(game_map(terrain=terrain), variants=("grabenkampf",))
    car = put(s, "armoured_car", "DE", row(0))
    tank = put(s, "tank", "DE", Hex(0, R + 1))
    inf = put(s, "infantry", "DE", Hex(1, R + 1))
    plane = put(s, "fighter", "DE", Hex(2, R + 1))
    assert row(1) not in costs(s, car)
    assert all(row(1) in costs(s, u) for u in (tank, inf, plane))


def test_grabenkampf_foot_soldier_in_trench_defends_with_tank_forest_armour():
    s = empty_state(game_map(terrain={row(1): "trench"}), variants=("grabenkampf",))
    inf = put(s, "infantry", "FR", row(1))
    f = s.fighter(inf)
    assert f.in_trench and f.trench_armour == tuple(s.game.catalog.units["tank"].armour_forest)
    plain = empty_state(game_map(terrain={row(1): "trench"}))
    assert not plain.fighter(put(plain, "infantry", "FR", row(1))).in_trench


def test_may_capture_says_whether_legal_moves_can_hold_a_capture():
    s = empty_state(_fort_map("FR"))
    inf = put(s, "infantry", "DE", row(3))
    far = put(s, "infantry", "DE", row(1))
    car = put(s, "armoured_car", "DE", row(2))
    assert may_capture(s, inf) and s.legal_moves(inf)[row(4)].kind == "capture"
    assert not may_capture(s, far) and not may_capture(s, car)
    inf.moved = True  # next to the entrance, but it may not move any more
    assert not may_capture(s, inf) and not s.legal_moves(inf)


def test_may_capture_is_false_only_for_units_without_a_capture_option_in_played_games():
    """Over random games on the default map: a unit for which `may_capture` is false never
    has a capture option, and the check is true for at least one unit that has one."""
    scenario = load_scenario(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")
    with_capture = 0
    for seed in (1, 2, 3):
        s = Game(scenario, seed=seed, setup="quick").new_initial_state()
        rng = Dice(seed_state(f"may-capture:{seed}"))
        while not s.is_terminal() and s.round <= 12:
            if s.phase == "move":
                for u in s.units.values():
                    kinds = {o.kind for o in s.legal_moves(u).values()}
                    if "capture" in kinds:
                        with_capture += 1
                        assert may_capture(s, u), u.id
            s.apply_unchecked(random_action(s, rng))
    assert with_capture > 0
