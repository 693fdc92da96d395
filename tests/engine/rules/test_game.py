"""Game flow: setup, first-round armies, transport, combat phase, money, victory."""

from __future__ import annotations

import pytest

from engine.hexes import Hex, ring
from engine.rules import setup as rules_setup
from engine.rules.actions import (
    Assign,
    Attack,
    BoardTransport,
    Buy,
    EndPhase,
    Fight,
    Gift,
    Move,
    Place,
    Repair,
    Surrender,
    Unload,
)
from engine.rules.errors import IllegalActionError
from engine.rules.game import Game
from tests.engine.rules.fixtures import empty_state, fort, game_map, put, scenario

R = 4


def row(q: int) -> Hex:
    return Hex(q, R)


# --- setup (§4) -------------------------------------------------------------------------------


def test_four_players_get_three_chips_each_from_twelve_numbers():
    s = Game(scenario(players=4), seed=7).new_initial_state()
    chips = [c for n in s.game.nations for c in s.chips[n]]
    assert sorted(chips) == list(range(1, 13))
    assert all(len(s.chips[n]) == 3 for n in s.game.nations)


def test_two_players_deal_from_the_chosen_half():
    m = game_map()
    s = Game(scenario(m, players=2, half="half_1_6"), seed=3).new_initial_state()
    half = m.region("half_1_6").hexes
    markers = {mk.number: mk.hex for mk in m.start_markers}
    for n in s.game.nations:
        assert len(s.chips[n]) == 3
        assert all(markers[c] in half for c in s.chips[n])


def test_games_of_one_half_share_its_hexes_and_board():
    """A new game reuses the frozen hexes of its half (no Hex built and hashed per hex of
    the half for every game) and so finds the same board; a changed half gets its own."""
    m = game_map()
    sc = scenario(m, players=2, half="half_1_6")
    a, b = Game(sc, seed=1), Game(sc, seed=2)
    assert a.area == frozenset(m.region("half_1_6").hexes)
    assert a.area is b.area and a.board is b.board
    dropped = next(iter(m.region("half_1_6").hexes))
    m.region("half_1_6").hexes.discard(dropped)
    c = Game(sc, seed=3)
    assert c.area == a.area - {dropped} and c.board is not a.board


def test_setup_rings_are_the_hex_rings_in_order():
    center = Hex(3, -7)
    for radius in range(8):
        assert [(center.q + dq, center.r + dr) for dq, dr in rules_setup._ring_offsets(radius)] \
            == [tuple(h) for h in ring(center, radius)]


def test_full_setup_assign_place_ring_by_ring_then_roll_first_player():
    s = Game(scenario(players=2), seed=5).new_initial_state()
    assert s.phase == "setup"
    for _ in range(2):
        nation = s.nation
        units = [u for u in s.units.values() if u.nation == nation]
        for k, u in enumerate(units):
            s.apply_action(Assign(u.id, 1 if k < 8 else 2 + k % 2))
    with pytest.raises(IllegalActionError, match="already assigned"):
        s.apply_action(Assign(next(iter(s.units)), 1))
    placer = s.nation
    s.apply_action(Place(1))
    group = s.armies[placer][0]
    number = s.chips[placer][0]
    center = s.game.board.hexes[s.game.start_numbers[number]]
    first = s.units[group[0]]
    assert s.hex_of(first) == center
    # the next seven fill ring 1 (6 hexes) and start ring 2
    ring1 = set(ring(center, 1))
    assert sum(1 for uid in group[1:7] if s.hex_of(s.units[uid]) in ring1) == 6
    assert s.hex_of(s.units[group[7]]).distance(center) == 2
    while s.phase == "setup":
        s.apply_action(next(a for a in s.legal_actions() if isinstance(a, Place)))
    assert s.phase == "move" and s.round == 1
    assert any(e.kind == "roll" and e.purpose == "first_player" for e in s.log)


def test_quick_setup_with_designer_groups():
    groups = {"DE": [["infantry", "armoured_car"], ["tank"], []]}
    s = Game(scenario(players=2), seed=1, setup="quick", groups=groups).new_initial_state()
    assert s.phase == "move"
    de = {u.type.id: u.army for u in s.units.values() if u.nation == "DE"}
    assert de["infantry"] == 1 and de["armoured_car"] == 1 and de["tank"] == 2
    assert all(u.pos >= 0 for u in s.units.values())


def test_first_round_two_players_one_army_then_the_remaining_two():
    s = Game(scenario(players=2), seed=11, setup="quick").new_initial_state()
    first = s.nation
    mine = [u for u in s.units.values() if u.nation == first]
    by_army = {k: [u for u in mine if u.army == k and s.legal_moves(u)] for k in (1, 2, 3)}
    a1 = next(k for k in (1, 2, 3) if by_army[k])
    u = by_army[a1][0]
    s.apply_action(Move(u.id, next(iter(h for h, o in s.legal_moves(u).items()
                                         if o.kind == "move"))))
    other = next((v for k in (1, 2, 3) if k != a1 for v in by_army[k]), None)
    if other is not None:
        with pytest.raises(IllegalActionError, match="use only 1 of your armies"):
            s.apply_action(Move(other.id, next(iter(s.legal_moves(other) or {row(0): 0}))))
    for _ in range(3):
        s.apply_action(EndPhase())
    for _ in range(3):  # second player: ends its turn; round 2 begins
        s.apply_action(EndPhase())
    assert s.round == 2 and s.nation == first
    assert s.army_allowance() == (2, [a1])
    assert not s.army_allowed(u)


# --- transport (§5.2) -------------------------------------------------------------------------


def test_transport_order_board_move_unload():
    s = empty_state(game_map())
    mortar = put(s, "heavy_mortar", "DE", row(0))
    inf = put(s, "infantry", "DE", row(3))
    truck = put(s, "transport", "DE", row(1))
    opt = s.legal_moves(mortar)[row(1)]
    assert (opt.kind, opt.cost) == ("board", 0.5)
    s.apply_action(BoardTransport(mortar.id, truck.id))  # 1. mortar boards
    s.apply_action(BoardTransport(inf.id, truck.id))  # 2. infantry boards
    s.apply_action(Move(truck.id, row(5)))  # 3. transport moves
    actions = s.legal_actions()
    assert actions[-1] == Surrender() and actions[:-1]
    assert all(isinstance(a, Unload) and a.transport == truck.id for a in actions[:-1])
    with pytest.raises(IllegalActionError, match="must unload"):
        s.apply_action(EndPhase())
    s.apply_action(Unload(truck.id))  # 4. unloads onto adjacent hexes
    for u in (mortar, inf):
        assert s.hex_of(u).distance(row(5)) == 1
        assert s.legal_moves(u) == {}  # cannot move on
    assert s.legal_moves(truck) == {}  # no driving on after unloading
    put(s, "infantry", "FR", row(5) + Hex(0, -2))
    s.apply_action(EndPhase())
    assert any(isinstance(a, Attack) and a.attacker == inf.id for a in s.legal_actions()) or \
        any(isinstance(a, Attack) and a.attacker == mortar.id for a in s.legal_actions())


def test_no_boarding_after_the_transport_moved():
    s = empty_state(game_map())
    inf = put(s, "infantry", "DE", row(0))
    truck = put(s, "transport", "DE", row(3))
    s.apply_action(Move(truck.id, row(2)))
    assert row(2) not in s.legal_moves(inf)


def test_loaded_transport_into_own_fort_and_empty_exit():
    s = empty_state(game_map(forts=[fort("f1", [row(6)], [row(5), row(7)], owner="DE")]))
    inf = put(s, "infantry", "DE", row(0))
    truck = put(s, "transport", "DE", row(1))
    s.apply_action(BoardTransport(inf.id, truck.id))
    from engine.rules.actions import Enter

    s.apply_action(Enter(truck.id, "f1"))
    assert inf.fort == "f1" and truck.fort == "f1" and truck.cargo == []
    assert s.pending_unload is None


def test_transport_must_end_where_everyone_can_unload():
    s = empty_state(game_map())
    inf = put(s, "infantry", "DE", row(0))
    truck = put(s, "transport", "DE", row(1))
    s.apply_action(BoardTransport(inf.id, truck.id))
    target = row(6)
    for h in target.neighbors():
        put(s, "armoured_car", "DE", h)
    assert target not in s.legal_moves(truck)


# --- declare and combat (§5.3, §5.4) ----------------------------------------------------------


def _to_declare(s):
    s.apply_action(EndPhase())
    assert s.phase == "declare"


def test_pincer_one_own_supporter_counted():
    s = empty_state(game_map())
    car = put(s, "armoured_car", "DE", row(1))
    target = put(s, "infantry", "FR", row(2))
    put(s, "infantry", "DE", Hex(2, R - 1))  # adjacent to the target, not opposite
    assert s.melee_support(car, target) == (1, False)


def test_encirclement_by_one_unit_directly_opposite():
    s = empty_state(game_map())
    car = put(s, "armoured_car", "DE", row(1))
    target = put(s, "infantry", "FR", row(2))
    put(s, "infantry", "DE", row(3))  # opposite the attacker across the target
    assert s.melee_support(car, target) == (1, True)


def test_supporters_only_own_units_that_could_melee():
    s = empty_state(game_map(), players=4)
    car = put(s, "armoured_car", "DE", row(1))
    target = put(s, "fighter", "FR", row(2))
    put(s, "infantry", "DE", row(3))  # infantry cannot attack planes
    put(s, "heavy_infantry", "AH", Hex(2, R - 1))  # an ally does not count
    put(s, "heavy_mortar", "DE", Hex(1, R + 1))  # no melee
    put(s, "heavy_infantry", "DE", Hex(3, R - 1))  # counts
    assert s.melee_support(car, target) == (1, False)


def test_declared_attacks_resolve_in_order_and_lost_on_destroyed_target():
    s = empty_state(game_map())
    a1 = put(s, "tank", "DE", row(1), xp=5)
    a2 = put(s, "armoured_car", "DE", Hex(2, R - 1))
    target = put(s, "infantry", "FR", row(2), damage=5)
    _to_declare(s)
    s.apply_action(Attack(a1.id, target.id))
    s.apply_action(Attack(a2.id, target.id))
    with pytest.raises(IllegalActionError, match="already declared"):
        s.apply_action(Attack(a1.id, target.id))
    s.apply_action(EndPhase())
    assert s.phase == "combat" and s.legal_actions()[0] == Fight()
    s.apply_action(Fight())
    first = next(e for e in reversed(s.log) if e.kind in ("combat", "attack_lost", "scatter"))
    assert first.kind == "combat" and first.bonus == "pincer"
    if first.defender_destroyed:
        s.apply_action(Fight())
        fights = [e for e in s.log if e.kind in ("combat", "attack_lost", "scatter")]
        assert fights[-1].kind == "attack_lost"
    assert s.phase == "money"


def test_units_in_forts_cannot_be_attacked():
    s = empty_state(game_map(forts=[fort("f1", [row(3)], [row(2), row(4)], owner="FR")]))
    car = put(s, "armoured_car", "DE", row(1))
    inside = put(s, "infantry", "FR", "f1")
    _to_declare(s)
    with pytest.raises(IllegalActionError, match="in a fort"):
        s.apply_action(Attack(car.id, inside.id))


# --- money (§5.5) and victory (§1, §7) --------------------------------------------------------


def _to_money(s):
    s.apply_action(EndPhase())
    s.apply_action(EndPhase())
    assert s.phase == "money"


def test_income_per_fort_then_buy_into_own_fort():
    forts = [fort("f1", [row(3)], [row(2), row(4)], owner="DE"),
             fort("f2", [row(8)], [row(7), row(9)], owner="DE")]
    s = empty_state(game_map(forts=forts))
    s.money["DE"] = 0
    _to_money(s)
    assert s.money["DE"] == 2
    s.apply_action(Buy("infantry", "f2"))
    assert s.money["DE"] == 0
    bought = [u for u in s.units.values() if u.type.id == "infantry"]
    assert bought and bought[0].fort == "f2"
    with pytest.raises(IllegalActionError, match="costs"):
        s.apply_action(Buy("infantry", "f1"))


def test_buy_limit_per_type_as_ruleset_option():
    from tests.engine.rules.fixtures import ruleset

    forts = [fort("f1", [row(3)], [row(2), row(4)], owner="DE")]
    s = empty_state(game_map(forts=forts), rs=ruleset(unit_limit_enabled=True))
    put(s, "infantry", "DE", row(0))
    put(s, "infantry", "DE", row(6))
    s.money["DE"] = 10
    _to_money(s)
    with pytest.raises(IllegalActionError, match="limit 2"):
        s.apply_action(Buy("infantry", "f1"))


def test_repair_only_after_a_whole_turn_in_the_fort():
    forts = [fort("f1", [row(3)], [row(2), row(4)], owner="DE")]
    s = empty_state(game_map(forts=forts))
    u = put(s, "armoured_car", "DE", row(0), damage=3)
    s.money["DE"] = 10
    from engine.rules.actions import Enter

    s.apply_action(Enter(u.id, "f1"))
    _to_money(s)
    with pytest.raises(IllegalActionError, match="since the start of the turn"):
        s.apply_action(Repair(u.id))
    for _ in range(6):  # DE money; FR move, declare, money; DE move, declare (no combat)
        s.apply_action(EndPhase())
    assert s.phase == "money" and s.nation == "DE"
    s.apply_action(Repair(u.id))
    assert u.damage == 0


def test_gift_to_ally_costs_the_fee():
    s = empty_state(game_map(), players=4)
    s.money["DE"] = 5
    s.money["AH"] = 0
    s.apply_action(Gift("AH", 2))
    assert (s.money["DE"], s.money["AH"]) == (2, 2)
    with pytest.raises(IllegalActionError, match="not your ally"):
        s.apply_action(Gift("FR", 1))


def test_victory_by_forts_count_from_ruleset():
    forts = [fort(f"f{k}", [Hex(k * 3, 8)], [Hex(k * 3 - 1, 8), Hex(k * 3 + 1, 8)],
                  owner="DE" if k < 4 else "neutral") for k in range(5)]
    s = empty_state(game_map(20, 12, forts=forts))
    inf = put(s, "infantry", "DE", Hex(11, 7))
    from engine.rules.actions import Capture

    s.apply_action(Capture(inf.id, "f4"))
    assert s.is_terminal() and s.winner() == "central" and s.reason == "forts"


def test_elimination_victory_switch():
    from tests.engine.rules.fixtures import ruleset

    s = empty_state(game_map(), rs=ruleset(elimination_victory=True))
    tank = put(s, "tank", "DE", row(1), xp=5)
    put(s, "infantry", "FR", row(2), damage=5)
    put(s, "transport", "FR", row(8))  # not combat-capable
    _to_declare(s)
    s.apply_action(Attack(tank.id, next(u.id for u in s.units.values() if u.nation == "FR"
                                        and u.type.id == "infantry")))
    s.apply_action(EndPhase())
    s.apply_action(Fight())
    # a hero tank (hits on 10 or less with 12 dice) destroys the 5-damage infantry
    assert next(e for e in reversed(s.log) if e.kind == "combat").defender_destroyed
    assert s.winner() == "central" and s.reason == "elimination"


def test_surrender_ends_the_game_for_the_team():
    s = empty_state(game_map(), players=4)
    s.apply_action(Surrender())
    assert s.is_terminal() and s.winner() == "entente" and s.reason == "surrender"
    assert s.legal_actions() == []
    with pytest.raises(IllegalActionError, match="game is over"):
        s.apply_action(EndPhase())


def test_special_unit_is_drawn_at_random_for_the_special_price():
    forts = [fort("f1", [row(3)], [row(2), row(4)], owner="DE")]
    s = empty_state(game_map(forts=forts))
    put(s, "infantry", "DE", row(0))
    put(s, "infantry", "FR", row(8))
    s.money["DE"] = 18
    _to_money(s)
    with pytest.raises(IllegalActionError, match="drawn at random"):
        s.apply_action(Buy("gunboat", "0,0"))
    s.apply_action(Buy("special", "f1"))
    draw = s.log[-2]
    assert s.log[-1].kind == "buy" and s.log[-1].unit_type == draw.unit_type
    # no water on this map, so the gunboat is left out of the draw: the medic it is
    assert draw.kind == "draw_special" and draw.unit_type == "medic"
    assert s.money["DE"] == 19 - s.game.ruleset.special_unit_price  # 1 income first
    medic = next(u for u in s.units.values() if u.type.id == "medic")
    assert medic.fort == "f1"


def test_losing_team_chooses_its_special_unit():
    water = {Hex(q, 8): "water" for q in range(-4, 10)}
    forts = [fort("f1", [row(3)], [row(2), row(4)], owner="DE"),
             fort("f2", [row(8)], [row(7), row(9)], owner="FR"),
             fort("f3", [Hex(0, 2)], [Hex(-1, 2), Hex(1, 2)], owner="FR")]
    s = empty_state(game_map(terrain=water, forts=forts))
    put(s, "infantry", "DE", row(0))
    put(s, "infantry", "FR", Hex(0, 6))
    put(s, "infantry", "FR", Hex(1, 6))
    s.money["DE"] = 20
    _to_money(s)
    assert Buy("gunboat", "2,8") in s.legal_actions()
    s.apply_action(Buy("gunboat", "2,8"))
    boat = next(u for u in s.units.values() if u.type.id == "gunboat")
    assert s.hex_of(boat) == Hex(2, 8)


def test_first_round_restriction_counts_attacking_armies_too():
    s = empty_state(game_map())
    s.round = 1  # first player of 2: one army only
    a = put(s, "armoured_car", "DE", row(1), army=1)
    b = put(s, "armoured_car", "DE", row(3), army=2)
    target = put(s, "infantry", "FR", row(2))
    s.apply_action(Move(a.id, Hex(2, R - 1)))  # army 1 is the one this turn
    _to_declare(s)
    assert Attack(a.id, target.id) in s.legal_actions()
    assert Attack(b.id, target.id) not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="use only 1 of your armies"):
        s.apply_action(Attack(b.id, target.id))


def test_air_targeting_only_air_anti_aircraft_and_heavy_infantry_attack_planes():
    s = empty_state(game_map())
    plane = put(s, "fighter", "FR", row(3))
    inf = put(s, "infantry", "DE", row(2))
    heavy = put(s, "heavy_infantry", "DE", row(4))
    flak = put(s, "anti_aircraft", "DE", row(6))  # range 1-3, air only
    fighter = put(s, "fighter", "DE", Hex(3, R - 1))
    car = put(s, "armoured_car", "DE", Hex(4, R - 1))
    _to_declare(s)
    attackers = {a.attacker for a in s.legal_actions()
                 if isinstance(a, Attack) and a.defender == plane.id}
    assert attackers == {heavy.id, flak.id, fighter.id}
    assert inf.id not in attackers and car.id not in attackers
    with pytest.raises(IllegalActionError, match="cannot attack air units"):
        s.apply_action(Attack(inf.id, plane.id))


# --- variants (§11) ---------------------------------------------------------------------------


def test_variant_early_destruction_and_second_full_set():
    plain = Game(scenario(players=2), seed=1)
    game = Game(scenario(players=2), seed=1, variants=("early_destruction", "second_full_set"))
    assert game.ruleset.destroyed_at_damage == 5 and plain.ruleset.destroyed_at_damage == 6
    assert len(game.rosters["DE"]) == 2 * len(plain.rosters["DE"])
    ids = [u.id for u in game.new_initial_state().units.values() if u.nation == "DE"]
    assert "DE-infantry-2" in ids and len(ids) == len(set(ids))


def test_variant_start_with_nation_units():
    from dataclasses import replace

    from tests.engine.rules.fixtures import catalog

    sc = scenario(players=2)
    cat = catalog()
    cat.units["howitzer"] = replace(cat.units["howitzer"], nations=["DE"])
    sc.catalog = cat
    game = Game(sc, seed=1, variants=("start_with_nation_units",))
    assert sum(1 for u in game.rosters["DE"] if u.id == "howitzer") == 2
    assert not any(u.id == "howitzer" for u in game.rosters["FR"])


def test_variant_shorter_game_fewer_forts_and_no_anti_tank_capture():
    s = empty_state(game_map(forts=[fort("f1", [row(5)], [row(4), row(6)])]),
                    variants=("shorter_game",))
    assert s.game.forts_to_win == 4
    at = put(s, "anti_tank", "DE", row(3))
    inf = put(s, "infantry", "DE", Hex(4, R - 1))
    assert row(4) not in s.legal_moves(at)
    assert s.legal_moves(inf)[row(4)].kind == "capture"


def test_unknown_variant_is_a_clear_error():
    from engine.rules.game import ScenarioError

    with pytest.raises(ScenarioError, match="unknown variant"):
        Game(scenario(players=2), variants=("moon_base",))


def test_two_players_play_only_on_their_half():
    # the fixture's half_1_6 is rows 0..5 of 12; row 5 is its last row
    inside = fort("north", [Hex(4, 2)], [Hex(3, 2), Hex(5, 2)])
    outside = fort("south", [Hex(0, 9)], [Hex(-1, 9), Hex(1, 9)])
    s = empty_state(game_map(forts=[inside, outside]), half="half_1_6")
    assert set(s.fort_owner) == {"north"}
    assert s.game.forts_to_win == 5
    car = put(s, "armoured_car", "DE", Hex(2, 5))
    assert all(h.r <= 5 for h in s.legal_moves(car))
    assert Hex(2, 4) in s.legal_moves(car)


# --- victory points (§11.2) -------------------------------------------------------------------


def test_victory_points_headquarters_are_chosen_after_placement():
    from engine.rules.actions import Headquarters

    s = Game(scenario(players=2), seed=2, variants=("victory_points",)).new_initial_state()
    while s.setup_step in ("assign", "place"):
        s.apply_action(next(a for a in s.legal_actions() if not isinstance(a, Surrender)))
    assert s.setup_step == "hq" and s.phase == "setup"
    nation = s.nation
    assert s.legal_actions()[:3] == [Headquarters(n) for n in s.chips[nation]]
    with pytest.raises(IllegalActionError, match="not one of your start numbers"):
        s.apply_action(Headquarters(99))
    s.apply_action(Headquarters(s.chips[nation][1]))
    s.apply_action(Headquarters(s.chips[s.nation][0]))
    assert s.phase == "move" and set(s.hq) == {"DE", "FR"}


def test_victory_points_for_forts_headquarters_and_destroyed_units():
    from engine.rules.actions import Capture

    s = empty_state(game_map(forts=[fort("f1", [row(5)], [row(4), row(6)])]),
                    variants=("victory_points",))
    s.hq = {"FR": 1}
    hq_hex = s.game.board.hexes[s.game.start_numbers[1]]
    inf = put(s, "infantry", "DE", row(3))
    s.apply_action(Capture(inf.id, "f1"))
    assert s.vp == {"DE": 1}
    car = put(s, "armoured_car", "DE", hq_hex + Hex(1, 0))
    plane = put(s, "fighter", "DE", hq_hex + Hex(0, 1))
    s.apply_action(Move(plane.id, hq_hex))  # air units cannot take a headquarters
    assert s.vp == {"DE": 1}
    s.remove_unit(plane)
    s.apply_action(Move(car.id, hq_hex))
    assert s.vp == {"DE": 4} and s.hq_taken == ["FR"]


def test_victory_points_for_money_paid_and_the_player_target_wins():
    # 003 "Zahle 60 Kriegsanleihen an die Bank: 1 SP": a deliberate payment (issue 10 bug c);
    # buying units scores nothing.
    from engine.rules.bank import PayBank
    from engine.rules.errors import IllegalActionError

    forts = [fort("f1", [row(3)], [row(2), row(4)], owner="DE")]
    s = empty_state(game_map(forts=forts), variants=("victory_points",))
    s.money["DE"] = 58  # + 1 coin income for f1 in the money phase
    s.vp["DE"] = 8
    with pytest.raises(IllegalActionError, match="money phase"):
        s.apply_action(PayBank())
    _to_money(s)
    for _ in range(7):  # 7 x 3 = 21 coins spent on units: no point
        s.apply_action(Buy("mounted_infantry", "f1"))
    assert s.vp["DE"] == 8 and s.money["DE"] == 38
    assert PayBank() in s.legal_actions()
    s.apply_action(PayBank())  # 20 paid: +1
    assert s.vp["DE"] == 9 and s.money["DE"] == 18 and not s.is_terminal()
    assert PayBank() not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="costs 20 at the bank, you have 18"):
        s.apply_action(PayBank())
    s.money["DE"] = 20
    s.apply_action(PayBank())  # the 10th point wins
    assert s.is_terminal() and s.reason == "victory_points" and s.winner() == "central"
    assert s.bank_paid == {"DE": 40} and s.money["DE"] == 0


def test_pay_bank_text_round_trips_and_needs_the_variant():
    from engine.rules.actions import Action
    from engine.rules.bank import PayBank
    from engine.rules.errors import IllegalActionError

    assert Action.parse(str(PayBank())) == PayBank() and eval(repr(PayBank())) == PayBank()
    s = empty_state(game_map())
    s.money["DE"] = 100
    _to_money(s)
    assert PayBank() not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply_action(PayBank())


def test_victory_point_for_a_unit_destroyed_in_combat():
    s = empty_state(game_map(), variants=("victory_points",))
    tank = put(s, "tank", "DE", row(1), xp=5)
    target = put(s, "infantry", "FR", row(2), damage=5)
    _to_declare(s)
    s.apply_action(Attack(tank.id, target.id))
    s.apply_action(EndPhase())
    s.apply_action(Fight())
    combat_event = next(e for e in s.log if e.kind == "combat")
    assert combat_event.defender_destroyed  # a hero tank's 12 dice on 10 or less
    assert s.vp["DE"] == 1


def test_forts_of_absent_nations_start_neutral():
    s = empty_state(game_map(forts=[fort("f1", [row(5)], [row(4), row(6)], owner="GB")]))
    assert s.fort_owner == {"f1": "neutral"}


def _dice_with_first_d12(s, wanted) -> None:
    """Set the state's dice so that the next d12 shows a face in `wanted`."""
    from engine.rules.dice import Dice

    for state in range(1000):
        if Dice(state).d12() in wanted:
            s.dice.state = state
            return
    raise AssertionError("no dice state found")


def test_big_bertha_shot_scatters_onto_whatever_stands_there():
    from engine.rules.dice import Dice

    s = empty_state(game_map())
    bertha = put(s, "big_bertha", "DE", row(0))
    target = put(s, "infantry", "FR", row(5))
    _to_declare(s)
    s.apply_action(Attack(bertha.id, target.id))
    s.apply_action(EndPhase())
    _dice_with_first_d12(s, range(1, 7))
    face = Dice(s.dice.state).d12()
    landing = row(5).neighbor(face - 1)  # the GAP proposal: direction index = face - 1
    friend = put(s, "armoured_car", "DE", landing)
    s.apply_action(Fight())
    scatter = next(e for e in s.log if e.kind == "scatter")
    assert scatter.lands_on == friend.id and scatter.face == face
    fought = next(e for e in s.log if e.kind == "combat")
    assert fought.defender == friend.id  # friendly fire
    assert target.damage == 0


def test_big_bertha_hits_the_target_on_seven_or_more():
    s = empty_state(game_map())
    bertha = put(s, "big_bertha", "DE", row(0))
    target = put(s, "infantry", "FR", row(5))
    _to_declare(s)
    s.apply_action(Attack(bertha.id, target.id))
    s.apply_action(EndPhase())
    _dice_with_first_d12(s, range(7, 13))
    s.apply_action(Fight())
    assert not any(e.kind == "scatter" for e in s.log)
    assert next(e for e in s.log if e.kind == "combat").defender == target.id


def test_dice_free_variant_draws_cards_instead_of_rolling():
    from engine.rules import dicefree

    rs = ruleset_with_dice_free()
    s = empty_state(game_map(), rs=rs, variants=("dice_free",))
    car = put(s, "armoured_car", "DE", row(1))
    inf = put(s, "infantry", "FR", row(2))
    _to_declare(s)
    s.apply_action(Attack(car.id, inf.id))
    s.apply_action(EndPhase())
    s.apply_action(Fight())
    event = next(e for e in s.log if e.kind == "combat")
    card_a, card_d = event.cards
    hits_a = dicefree.card_hits(s.game.ruleset, 4, 12, card_a)  # car: hit 4, 12 dice
    hits_d = dicefree.card_hits(s.game.ruleset, 2, 12, card_d)  # infantry: hit 2
    assert event.attacker_dice.count(1) == hits_a and len(event.attacker_dice) == 12
    assert event.defender_dice.count(1) == hits_d


def ruleset_with_dice_free():
    from tests.engine.rules.fixtures import ruleset

    rs = ruleset()
    rs.variants["dice_free"] = {"enabled": False, "cards": 10, "quantile": "midpoint"}
    return rs


def test_worked_example_armoured_car_with_pincer_against_infantry_in_forest():
    from engine.rules.dice import Dice

    # RULES §5.4 example through the whole engine: a German armoured car (3 damage, veteran
    # with 3 XP, pincer) attacks British infantry in forest (1 damage, recruit, fires back).
    s = empty_state(game_map(terrain={row(2): "forest"}), players=4)
    car = put(s, "armoured_car", "DE", row(1), damage=3, xp=3)
    inf = put(s, "infantry", "GB", row(2), damage=1)
    put(s, "infantry", "DE", Hex(2, R - 1))  # touches the target, not opposite: pincer
    _to_declare(s)
    s.apply_action(Attack(car.id, inf.id))
    faces = iter([(1, 2, 3, 5, 6, 7, 8, 9, 10, 11),  # 8 + 2 dice, 5 hit on <= 6
                  (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)])  # 11 dice, 2 hit on <= 2

    class FixedDice(Dice):
        def roll(self, n: int) -> tuple[int, ...]:
            got = next(faces)
            assert len(got) == n
            return got

    s.dice = FixedDice(s.dice.state)
    s.apply_action(EndPhase())
    s.apply_action(Fight())
    event = next(e for e in s.log if e.kind == "combat")
    assert event.bonus == "pincer" and event.bonus_dice == 2
    assert (inf.damage, car.damage) == (1 + 2, 3 + 1)  # 2 damage in forest (3 in the open)
    assert (car.xp, inf.xp) == (4, 1)
