"""Special-unit powers derived from the rule text (RULES §6, §10, seeds 002/003): area
attacks and gas, the medic's field repair, mines, unlimited range, the zeppelin's air value and
the Trench Club's close combat."""

from __future__ import annotations

import copy

import pytest

from engine.content.schemas import schema_messages
from engine.hexes import Hex, disk
from engine.model import Ability, GameMap, UnitType
from engine.rules import combat
from engine.rules.actions import Action, Attack, EndPhase, Fight, Move, Unload
from engine.rules.errors import IllegalActionError
from engine.rules.game import Game
from engine.rules.odds import attack_odds
from engine.rules.powers import area
from engine.rules.powers.actions import Build, FieldRepair, LayMine
from engine.rules.powers.events import (
    AreaStruck,
    FieldRepaired,
    MineExploded,
    MineLaid,
    TerrainBuilt,
)
from engine.rules.serialize import SAVE_SCHEMA_ID, canonical
from engine.rules.state import State
from tests.engine.rules.fixtures import card, cleared, fort, game_map, put, scenario


def _card(uid: str, unit_class: str, speed: float, abilities: dict[str, dict], **kw) -> UnitType:
    c = card(uid, unit_class, speed, **kw)
    c.abilities = [Ability(k, v) for k, v in abilities.items()]
    return c


GAS_MORTAR = _card("gas_mortar", "artillery", 1, {
    "area_attack": {"pattern": "target_and_neighbours", "radius": 1, "xp_if_damaged": 1},
    "gas": {}, "gas_immune": {}}, hit=11, rmin=2, rmax=4, special=True)
MINELAYER = _card("minelayer", "vehicle", 3, {
    "lay_mines": {"markers": 5, "per_turn": 1, "range": 1}}, hit=0, targets=(), special=True)
FIELD_MEDIC = _card("field_medic", "vehicle", 3, {"field_repair": {"range": 1, "per_turn": 1}},
                    hit=0, targets=(), special=True)
LONG_GUN = _card("long_gun", "artillery", 1, {"unlimited_range": {}}, hit=4, rmin=2, rmax=3)
ZEPPELIN = _card("zeppelin", "air", 3, {"air_value": {"recruit": 2, "veteran": 4, "hero": 6}},
                 hit=5, targets=("ground", "air"), special=True)
CLUB = _card("club", "foot", 2, {"close_combat": {"hit_bonus": 1}}, hit=3)
FORT_TURRET = _card("fort_turret", "static", 0, {"fort_mounted": {}, "indestructible": {}},
                    hit=11, rmin=1, rmax=3, special=True)
BUILDER = _card("pioneer", "foot", 2, {"builder": {"per_turn": 1}}, hit=2)
POWER_CARDS = (BUILDER, FORT_TURRET, GAS_MORTAR, MINELAYER, FIELD_MEDIC, LONG_GUN, ZEPPELIN, CLUB)


def _state(to_act: str = "DE", m: GameMap | None = None) -> State:
    """A 2-player state in round 5, move phase, no units, with the power cards in the catalog."""
    sc = scenario(m, players=2)
    sc.catalog = copy.deepcopy(sc.catalog)
    for c in POWER_CARDS:
        sc.catalog.units[c.id] = copy.deepcopy(c)
    return cleared(Game(sc).new_initial_state(), to_act)


def _faces(hits: int, s: State, damage: int = 0) -> tuple[int, ...]:
    """Forced attacker faces: `hits` hits, the rest misses, as many dice as `damage` rolls."""
    n = s.game.ruleset.dice_by_damage[damage]
    return (1,) * hits + (12,) * (n - hits)


def _to_combat(s: State, *attacks: Action) -> None:
    s.apply_action(EndPhase())
    for a in attacks:
        s.apply_action(a)
    s.apply_action(EndPhase())


# --- area attack and gas -------------------------------------------------------------------


def test_gas_mortar_damages_every_unit_in_its_pattern_friend_and_foe():
    s = _state()
    gm = put(s, "gas_mortar", "DE", Hex(2, 2))
    target = Hex(5, 2)
    foe = put(s, "infantry", "FR", target)
    foe2 = put(s, "tank", "FR", target.neighbor(0))
    friend = put(s, "infantry", "DE", target.neighbor(3))
    other_gas = put(s, "gas_mortar", "FR", target.neighbor(1))
    far = put(s, "infantry", "FR", target + Hex(0, 3))
    _to_combat(s, Attack(gm.id, foe.id))
    s.apply_action(Fight(_faces(3, s), ()))  # one roll: 3 hits on every hex
    ev = next(e for e in s.log if isinstance(e, AreaStruck))
    assert ev.hits == 3 and ev.gas
    assert set(ev.hexes) == {(h.q, h.r) for h in disk(target, 1)}
    # infantry armour 1,3,5…: 3 hits = 2 damage; tank 3,6,…: 1 damage; gas unit immune
    assert foe.damage == 2 and friend.damage == 2 and foe2.damage == 1
    assert other_gas.damage == 0 and ev.immune == (other_gas.id,)
    assert far.damage == 0
    assert gm.xp == 1 and ev.xp == 1  # FAQ: +1 XP if it damaged at least one unit


def test_area_attack_without_damage_gains_no_xp_and_nobody_fires_back():
    s = _state()
    gm = put(s, "gas_mortar", "DE", Hex(2, 2))
    foe = put(s, "infantry", "FR", Hex(5, 2))
    _to_combat(s, Attack(gm.id, foe.id))
    s.apply_action(Fight(_faces(0, s), ()))
    assert foe.damage == 0 and gm.xp == 0 and gm.damage == 0
    with pytest.raises(IllegalActionError):  # no return fire: defender faces refused
        t = _state()
        g2 = put(t, "gas_mortar", "DE", Hex(2, 2))
        f2 = put(t, "infantry", "FR", Hex(5, 2))
        _to_combat(t, Attack(g2.id, f2.id))
        t.apply_action(Fight(_faces(3, t), (1, 1)))


def test_area_attack_destroys_units_and_credits_only_enemies():
    s = _state()
    gm = put(s, "gas_mortar", "DE", Hex(2, 2))
    foe = put(s, "infantry", "FR", Hex(5, 2), damage=5)
    friend = put(s, "infantry", "DE", Hex(5, 2).neighbor(0), damage=5)
    _to_combat(s, Attack(gm.id, foe.id))
    s.apply_action(Fight(_faces(1, s), ()))
    assert foe.id not in s.units and friend.id not in s.units
    ev = next(e for e in s.log if isinstance(e, AreaStruck))
    assert set(ev.destroyed) == {foe.id, friend.id}


class _WholeRow:
    """A variant-like probe whose `expand_area` adds the hex two steps east of each hex."""

    def expand_area(self, state, attacker, hexes):
        return [*hexes, *(h + Hex(2, 0) for h in hexes)]


def test_variants_expand_the_area_through_expand_area():
    s = _state()
    gm = put(s, "gas_mortar", "DE", Hex(2, 2))
    target = Hex(5, 2)
    before = area.affected_hexes(s, gm, target)
    s.game.variant_objects = (*s.game.variant_objects, _WholeRow())
    after = area.affected_hexes(s, gm, target)
    assert set(before) < set(after) and Hex(7, 2) in after
    assert len(after) == len(set(after))


def test_area_odds_cover_every_unit_in_the_pattern_from_one_roll():
    s = _state()
    gm = put(s, "gas_mortar", "DE", Hex(2, 2))
    foe = put(s, "infantry", "FR", Hex(5, 2))
    friend = put(s, "infantry", "DE", Hex(5, 2).neighbor(3))
    immune = put(s, "gas_mortar", "FR", Hex(5, 2).neighbor(1))
    o = attack_odds(s, gm.id, foe.id)
    by = {u.unit: u for u in o.area}
    assert set(by) == {foe.id, friend.id, immune.id}
    assert by[immune.id].immune and by[immune.id].expected == 0
    # one shared roll: the friend on open ground fares exactly as the declared target, whose
    # odds the ordinary single-target computation gives
    assert by[foe.id].damage == by[friend.id].damage
    assert sum(by[foe.id].damage) == pytest.approx(1.0)
    assert by[foe.id].damage == pytest.approx(o.odds.damage_dealt)
    assert by[foe.id].expected == pytest.approx(o.odds.expected_dealt)
    assert not o.odds.return_fire
    assert o.to_json()["area"][0]["unit"] in by
    assert "area:" in o.text()


# --- medic -----------------------------------------------------------------------------------


def _money_phase(s: State) -> None:
    s.apply_action(EndPhase())
    s.apply_action(EndPhase())
    assert s.phase == "money"


def test_medic_repairs_an_adjacent_own_unit_paid_as_in_a_fort():
    s = _state()
    medic = put(s, "field_medic", "DE", Hex(3, 3))
    hurt = put(s, "infantry", "DE", Hex(4, 3), damage=3)
    far = put(s, "infantry", "DE", Hex(8, 3), damage=3)
    enemy = put(s, "infantry", "FR", Hex(3, 4), damage=3)
    _money_phase(s)
    s.money["DE"] = money = 10
    cost = s.repair_cost(hurt)
    acts = [a for a in s.legal_actions() if isinstance(a, FieldRepair)]
    assert acts == [FieldRepair(medic.id, hurt.id)]
    for bad in (far, enemy):
        with pytest.raises(IllegalActionError):
            s.apply_action(FieldRepair(medic.id, bad.id))
    s.apply_action(Action.parse(f"field_repair {medic.id} {hurt.id}"))
    assert hurt.damage == 0 and s.money["DE"] == money - cost
    assert s.log[-1] == FieldRepaired(medic.id, hurt.id, cost)
    assert hurt.done and hurt.attacked  # usable again next round
    other = put(s, "infantry", "DE", Hex(3, 2), damage=1)
    with pytest.raises(IllegalActionError, match="already repaired"):
        s.apply_action(FieldRepair(medic.id, other.id))


def test_medic_needs_the_money_a_unit_that_stayed_put_and_its_own_turn():
    s = _state()
    medic = put(s, "field_medic", "DE", Hex(3, 3))
    hurt = put(s, "infantry", "DE", Hex(4, 3), damage=3)
    moved = put(s, "infantry", "DE", Hex(3, 4), damage=3)
    s.money["DE"] = 10
    s.apply_action(Move(moved.id, Hex(2, 4)))
    assert FieldRepair(medic.id, hurt.id) in s.legal_actions()  # in the move phase too
    with pytest.raises(IllegalActionError, match="neither moved nor attacked"):
        s.apply_action(FieldRepair(medic.id, moved.id))
    s.start_turn(1)
    with pytest.raises(IllegalActionError, match="not yours"):
        s.apply_action(FieldRepair(medic.id, hurt.id))
    s.start_turn(0)
    _money_phase(s)
    s.money["DE"] = 0
    assert not [a for a in s.legal_actions() if isinstance(a, FieldRepair)]
    with pytest.raises(IllegalActionError, match="repair costs"):
        s.apply_action(FieldRepair(medic.id, hurt.id))


# --- mines -----------------------------------------------------------------------------------


def test_a_mine_destroys_an_entering_enemy_and_is_used_up():
    s = _state()
    layer = put(s, "minelayer", "DE", Hex(3, 3))
    spot = Hex(4, 3)
    assert LayMine(layer.id, spot) in s.legal_actions()
    s.apply_action(Action.parse(f"lay_mine {layer.id} 4,3"))
    assert s.log[-1] == MineLaid(layer.id, "DE", (4, 3))
    with pytest.raises(IllegalActionError, match="already laid"):
        s.apply_action(LayMine(layer.id, Hex(3, 4)))
    # FR's turn: an infantry walks over the mine to a hex beyond it
    s.current = 1
    s.start_turn(1)
    foe = put(s, "infantry", "FR", Hex(5, 3))
    s.apply_action(Move(foe.id, spot))
    assert foe.id not in s.units
    assert isinstance(s.log[-1], MineExploded) and s.log[-1].owner == "DE"
    assert s.powers.mines == {}
    assert s.game.board.index_of[spot] not in s.occ


def test_a_mine_on_the_path_stops_the_move_and_air_ignores_mines():
    s = _state()
    i = s.game.board.index_of
    s.powers.mines[i[Hex(5, 3)]] = "DE"
    s.start_turn(1)
    walker = put(s, "infantry", "FR", Hex(6, 3))
    plane = put(s, "fighter", "FR", Hex(6, 4))
    s.apply_action(Move(plane.id, Hex(5, 3)))
    assert plane.pos == i[Hex(5, 3)] and s.powers.mines  # air ignores mines
    s.apply_action(Move(walker.id, Hex(4, 3)))  # the straight path crosses 5,3
    assert walker.id not in s.units
    mover = next(e for e in reversed(s.log) if type(e).__name__ == "Moved")
    assert mover.to == (5, 3)
    assert plane.pos == i[Hex(5, 3)]  # the plane standing on the mine hex is untouched


def test_own_mines_do_not_hurt_and_markers_limit_mines():
    s = _state()
    layer = put(s, "minelayer", "DE", Hex(3, 3))
    i = s.game.board.index_of
    for k, h in enumerate([Hex(9, 1), Hex(9, 3), Hex(9, 5), Hex(9, 7), Hex(9, 9)]):
        s.powers.mines[i[h]] = "DE"
        assert k < 5
    assert not [a for a in s.legal_actions() if isinstance(a, LayMine)]
    with pytest.raises(IllegalActionError, match="mine markers"):
        s.apply_action(LayMine(layer.id, Hex(4, 3)))
    own = put(s, "infantry", "DE", Hex(9, 2))
    s.apply_action(Move(own.id, Hex(9, 3)))
    assert own.id in s.units


def test_no_mine_goes_into_a_fort_footprint_but_one_may_go_on_an_entrance():
    # "mines go on land hexes outside forts": the footprint is the fort; the entrance is a
    # land hex outside it (a unit walking in steps on it)
    footprint, entrance = Hex(4, 3), Hex(4, 4)
    m = game_map(forts=[fort("f1", [footprint], [entrance, Hex(5, 3)])])
    s = _state(m=m)
    layer = put(s, "minelayer", "DE", Hex(3, 4))
    offered = {a.at for a in s.legal_actions() if isinstance(a, LayMine)}
    assert entrance in offered and footprint not in offered
    with pytest.raises(IllegalActionError, match="outside forts"):
        s.apply_action(LayMine(layer.id, footprint))


def test_mines_are_saved_cloned_and_loaded():
    s = _state()
    layer = put(s, "minelayer", "DE", Hex(3, 3))
    s.apply_action(LayMine(layer.id, Hex(4, 3)))
    data = s.to_json()
    assert data["powers"]["mines"] == [[4, 3, "DE"]]
    assert schema_messages(data, SAVE_SCHEMA_ID) == []
    back = State.from_json(s.game, data)
    assert back.powers.mines == s.powers.mines and back.powers.uses == s.powers.uses
    c = s.clone()
    c.powers.mines.clear()
    assert s.powers.mines


# --- card powers -----------------------------------------------------------------------------


def test_unlimited_range_reaches_any_distance_from_its_minimum():
    s = _state()
    gun = put(s, "long_gun", "DE", Hex(1, 1))
    near = put(s, "infantry", "FR", Hex(2, 1))
    far = put(s, "infantry", "FR", Hex(2, 10))
    s.apply_action(EndPhase())
    legal = s.legal_actions()
    assert Attack(gun.id, far.id) in legal
    assert Attack(gun.id, near.id) not in legal  # its minimum range still holds


def test_zeppelin_is_weak_in_air_combat_and_strong_against_the_ground():
    s = _state()
    zep = put(s, "zeppelin", "DE", Hex(3, 3))
    plane = put(s, "fighter", "FR", Hex(4, 3))
    inf = put(s, "infantry", "FR", Hex(3, 4))
    rs = s.game.ruleset
    assert combat.hit_value(rs, s.fighter(zep), s.fighter(plane)) == 2
    assert combat.hit_value(rs, s.fighter(zep), s.fighter(inf)) == 5
    zep.xp = 99
    assert combat.hit_value(rs, s.fighter(zep), s.fighter(plane)) == 6


def test_trench_club_gets_its_close_combat_bonus():
    s = _state()
    club = put(s, "club", "DE", Hex(3, 3))
    inf = put(s, "infantry", "FR", Hex(4, 3))
    assert combat.hit_value(s.game.ruleset, s.fighter(club), s.fighter(inf)) == 4


# --- fort turret -----------------------------------------------------------------------------


def _fort_state() -> State:
    keep = fort("keep", [Hex(5, 4)], [Hex(4, 4)], owner="DE")
    # FR holds more forts and units, so DE may choose its special unit instead of drawing it
    fr = [fort(f"fr{k}", [Hex(2 + 3 * k, 9)], [Hex(2 + 3 * k, 10)], owner="FR") for k in (1, 2)]
    s = _state(m=game_map(forts=[keep, *fr]))
    assert s.fort_owner["keep"] == "DE"
    return s


def test_a_bought_fort_turret_fires_from_its_fort_in_melee_and_at_range():
    s = _fort_state()
    near = put(s, "infantry", "FR", Hex(6, 4))  # next to the fort hex
    far = put(s, "infantry", "FR", Hex(8, 4))  # 3 hexes away
    _money_phase(s)
    s.money["DE"] = 20
    s.apply_action(Action.parse("buy fort_turret keep"))
    tur = next(u for u in s.units.values() if u.type.id == "fort_turret")
    assert tur.fort == "keep" and tur.pos < 0
    s.start_turn(0)
    s.apply_action(EndPhase())
    legal = s.legal_actions()
    assert Attack(tur.id, near.id) in legal and Attack(tur.id, far.id) in legal
    o = attack_odds(s, tur.id, near.id)
    assert o.distance == 1 and o.odds.return_fire and o.odds.expected_taken == 0
    _to_combat_from_declare(s, Attack(tur.id, near.id))
    n = s.game.ruleset.dice_by_damage[0]
    s.apply_action(Fight((1,) * n, (1,) * n))  # the infantry fires back: no damage
    assert near.id not in s.units  # 12 hits destroy an infantry
    assert tur.damage == 0 and tur.id in s.units


def test_a_fort_turret_cannot_be_attacked_and_never_leaves_its_fort():
    s = _fort_state()
    tur = put(s, "fort_turret", "DE", "keep")
    s.start_turn(1)
    put(s, "infantry", "FR", Hex(6, 4))
    s.apply_action(EndPhase())
    assert all(not (isinstance(a, Attack) and a.defender == tur.id) for a in s.legal_actions())
    assert s.legal_moves(tur) == {}


def _to_combat_from_declare(s: State, *attacks: Action) -> None:
    for a in attacks:
        s.apply_action(a)
    s.apply_action(EndPhase())


def test_a_passenger_unloaded_onto_an_enemy_mine_is_destroyed():
    s = _state()
    i = s.game.board.index_of
    s.start_turn(1)
    truck = put(s, "transport", "FR", Hex(6, 3))
    rider = put(s, "infantry", "FR", "")
    rider.fort = None
    rider.carrier = truck.id
    truck.cargo = [rider.id]
    spot = Hex(6, 3).neighbor(0)
    s.powers.mines[i[spot]] = "DE"
    s.apply_action(Unload(truck.id, (spot,)))
    assert rider.id not in s.units and truck.cargo == []
    assert isinstance(s.log[-1], MineExploded) and s.log[-1].at == (spot.q, spot.r)
    assert i[spot] not in s.occ and not s.powers.mines


# --- builder ---------------------------------------------------------------------------------


def test_a_builder_builds_a_road_over_two_hexes_instead_of_attacking():
    s = _state(m=game_map(terrain={Hex(5, 3): "forest", Hex(6, 3): "water"}))
    pioneer = put(s, "pioneer", "DE", Hex(4, 3))
    before = s.clone()
    old_cost = s.game.board.costs["vehicle"][s.game.board.index_of[Hex(5, 3)]]
    act = Action.parse(f"build {pioneer.id} road 5,3 6,3")
    assert act in s.legal_actions()
    s.apply_action(act)
    board = s.game.board
    assert board.terrain_name(board.index_of[Hex(5, 3)]) == "road"
    assert board.terrain_name(board.index_of[Hex(6, 3)]) == "bridge"  # a road over water
    assert board.costs["vehicle"][board.index_of[Hex(5, 3)]] < old_cost
    assert s.log[-1] == TerrainBuilt(pioneer.id, "road/bridge", ((5, 3), (6, 3)),
                                     ("road", "bridge"))
    assert pioneer.attacked  # it built instead of attacking
    with pytest.raises(IllegalActionError, match="attacked this turn"):
        s.apply_action(Build(pioneer.id, "trench", Hex(3, 3), Hex(3, 4)))
    # the state cloned before the build keeps the old terrain
    ob = before.game.board
    assert ob.terrain_name(ob.index_of[Hex(5, 3)]) == "forest"
    # the save carries the built terrain, and a loaded game plays on it
    data = s.to_json()
    assert schema_messages(data, SAVE_SCHEMA_ID) == []
    back = State.from_json(before.game, data)
    bb = back.game.board
    assert bb.terrain_name(bb.index_of[Hex(6, 3)]) == "bridge"
    assert canonical(back.to_json()) == canonical(data)


def test_a_builder_may_not_build_under_enemies_forts_or_far_away():
    keep = fort("keep", [Hex(6, 6)], [Hex(5, 6)], owner="DE")
    s = _state(m=game_map(forts=[keep]))
    pioneer = put(s, "pioneer", "DE", Hex(5, 5))
    put(s, "infantry", "FR", Hex(4, 5))
    for a, b, why in ((Hex(4, 5), Hex(3, 5), "stands on"),
                      (Hex(5, 6), Hex(4, 6), "fort"),
                      (Hex(8, 5), Hex(9, 5), "next to"),
                      (Hex(5, 4), Hex(7, 4), "next to each other")):
        with pytest.raises(IllegalActionError, match=why):
            s.apply_action(Build(pioneer.id, "trench", a, b))
    builds = [a for a in s.legal_actions() if isinstance(a, Build)]
    assert builds and all(Hex(4, 5) not in (b.first, b.second) for b in builds)


# --- chance outcomes -------------------------------------------------------------------------


def test_an_area_attack_is_an_explicit_chance_node_with_exact_outcomes():
    s = _state()
    gm = put(s, "gas_mortar", "DE", Hex(2, 2))
    foe = put(s, "infantry", "FR", Hex(5, 2))
    friend = put(s, "infantry", "DE", Hex(5, 2).neighbor(3))
    _to_combat(s, Attack(gm.id, foe.id))
    outcomes = s.chance_outcomes()
    assert sum(p for _o, p in outcomes) == 1
    assert all(o.defender_hits == 0 for o, _p in outcomes)  # nobody fires back
    three = next(o for o, _p in outcomes if o.attacker_hits == 3)
    s.apply_action(s.chance_action(three))
    assert foe.damage == 2 and friend.damage == 2


def test_a_mine_on_the_way_into_a_fort_destroys_the_entering_unit():
    # "vernichten, wenn diese ein Feld mit einer Mine betritt": walking to a fort entrance
    # over a mine is entering that hex, as a move over it is.
    entrance = Hex(6, 3)
    m = game_map(forts=[fort("own", [Hex(7, 3)], [entrance], owner="FR")])
    s = _state(m=m)
    i = s.game.board.index_of
    s.powers.mines[i[Hex(5, 3)]] = "DE"
    s.start_turn(1)
    walker = put(s, "infantry", "FR", Hex(4, 3))  # the cheapest way runs over 5,3
    way = s.legal_moves(walker)[entrance]
    assert way.kind == "enter" and Hex(5, 3) in way.path
    s.apply_action(way.action())
    assert walker.id not in s.units and s.powers.mines == {}
    assert isinstance(s.log[-1], MineExploded) and s.log[-1].at == (5, 3)
    assert all(u.fort != "own" for u in s.units.values())


def test_a_mine_on_a_fort_entrance_destroys_the_capturing_unit():
    entrance = Hex(6, 3)
    m = game_map(forts=[fort("f1", [Hex(7, 3)], [entrance])])
    s = _state(m=m)
    layer = put(s, "minelayer", "DE", Hex(6, 2))
    s.apply_action(LayMine(layer.id, entrance))  # the entrance is a land hex outside the fort
    s.start_turn(1)
    foot = put(s, "infantry", "FR", Hex(5, 3))
    assert s.legal_moves(foot)[entrance].kind == "capture"
    s.apply_action(Action.parse(f"capture {foot.id} f1"))
    assert foot.id not in s.units and s.fort_owner["f1"] == "neutral"
    assert s.log[-1] == MineExploded(foot.id, (6, 3), "DE")
    # without the mine the same capture takes the fort
    s2 = _state(m=m)
    s2.start_turn(1)
    foot2 = put(s2, "infantry", "FR", Hex(5, 3))
    s2.apply_action(Action.parse(f"capture {foot2.id} f1"))
    assert s2.fort_owner["f1"] == "FR"
