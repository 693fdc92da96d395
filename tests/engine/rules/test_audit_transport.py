"""Audit of the transport rules against 002/003 "Transportwagen".

002: "Zuerst steigen die Einheiten nacheinander in ihrem normalen Bewegungszug in den
Transportwagen ein ... kostet 0.5 ... Dann führt der Transportwagen seinen Bewegungszug aus.
Abschließend lädt der Transportwagen alle eingeladenen Einheiten auf benachbarte freie Felder
(nicht in einen anderen Transporter oder ein Fort) ab. Er darf dies nur genau in diesem Ablauf
tun."
"""

from __future__ import annotations

import pytest

from engine.hexes import Hex
from engine.rules.actions import Attack, BoardTransport, EndPhase, Enter, Move, Unload
from engine.rules.errors import IllegalActionError
from tests.engine.rules.fixtures import empty_state, fort, game_map, put

R = 4


def row(q: int) -> Hex:
    return Hex(q, R)


def test_boarding_costs_half_a_point_whatever_the_transports_terrain():
    s = empty_state(game_map(terrain={row(2): "forest", row(1): "road"}))
    inf = put(s, "infantry", "DE", row(0))
    put(s, "transport", "DE", row(2))
    opt = s.legal_moves(inf)[row(2)]
    assert opt.kind == "board" and opt.cost == 1.0  # 0.5 road + 0.5 boarding (not 1.5 forest)


def test_capacity_four_transportable_own_units_only():
    s = empty_state(game_map(), players=4)
    truck = put(s, "transport", "DE", row(5))
    riders = [put(s, t, "DE", h) for t, h in (
        ("infantry", row(4)), ("heavy_mortar", row(6)), ("howitzer", Hex(5, R - 1)),
        ("anti_tank", Hex(6, R - 1)))]
    for u in riders:
        s.apply_action(BoardTransport(u.id, truck.id))
    assert truck.cargo == [u.id for u in riders]
    fifth = put(s, "heavy_infantry", "DE", Hex(4, R + 1))
    assert all(o.kind != "board" for o in s.legal_moves(fifth).values())
    s2 = empty_state(game_map(), players=4)
    truck = put(s2, "transport", "DE", row(5))
    car = put(s2, "armoured_car", "DE", row(4))  # not transportable
    ally = put(s2, "infantry", "AH", row(6))  # an ally's unit does not board DE's transport
    assert all(o.kind != "board" for o in s2.legal_moves(car).values())
    s2.start_turn(2)  # AH's turn
    assert all(o.kind != "board" for o in s2.legal_moves(ally).values())


def test_unload_onto_adjacent_free_hexes_never_into_a_fort_or_another_transport():
    f = fort("f1", [Hex(6, R - 2)], [Hex(5, R - 1), Hex(7, R - 2)], owner="DE")
    s = empty_state(game_map(forts=[f]))
    inf = put(s, "infantry", "DE", row(0))
    mortar = put(s, "heavy_mortar", "DE", Hex(1, R - 1))
    truck = put(s, "transport", "DE", row(1))
    other_truck = put(s, "transport", "DE", row(6))
    s.apply_action(BoardTransport(inf.id, truck.id))
    s.apply_action(BoardTransport(mortar.id, truck.id))
    s.apply_action(Move(truck.id, row(5)))
    free = set(row(5).neighbors()) - {Hex(5, R - 1), row(6)}  # entrance, other transport
    unloads = [a for a in s.legal_actions() if isinstance(a, Unload)]
    assert len(unloads) == len(free) * (len(free) - 1)  # the player picks each passenger's hex
    assert all(set(a.to) <= free and len(set(a.to)) == 2 for a in unloads)
    for bad in ((Hex(5, R - 1), row(4)), (row(6), row(4)), (row(4), row(4)), (row(4),)):
        with pytest.raises(IllegalActionError):
            s.apply_action(Unload(truck.id, bad))
    choice = Unload(truck.id, (Hex(4, R + 1), row(4)))
    assert choice in unloads
    s.apply_action(choice)
    assert (s.hex_of(inf), s.hex_of(mortar)) == (Hex(4, R + 1), row(4))
    assert other_truck.cargo == []
    assert inf.done and mortar.done and truck.done


def test_unloaded_units_cannot_move_on_but_may_attack():
    s = empty_state(game_map())
    inf = put(s, "infantry", "DE", row(0))
    truck = put(s, "transport", "DE", row(1))
    s.apply_action(BoardTransport(inf.id, truck.id))
    s.apply_action(Move(truck.id, row(5)))
    spot = s.game.board.hexes[s.unload_spots(truck, truck.pos)[0]]
    enemy_at = next(h for h in spot.neighbors() if h != s.hex_of(truck)
                    and s.game.board.index_of[h] not in s.occ)
    near = put(s, "heavy_mortar", "FR", enemy_at)
    s.apply_action(Unload(truck.id))
    assert s.hex_of(inf) == spot
    assert s.legal_moves(inf) == {}
    with pytest.raises(IllegalActionError, match="already moved"):
        s.apply_action(Move(inf.id, row(3)))
    with pytest.raises(IllegalActionError):
        s.apply_action(Move(truck.id, row(8)))  # no driving on after unloading
    s.apply_action(EndPhase())
    s.apply_action(Attack(inf.id, near.id))
    assert s.declarations == [(inf.id, near.id)]


def test_no_boarding_during_or_after_the_transports_move():
    s = empty_state(game_map())
    truck = put(s, "transport", "DE", row(1))
    inf = put(s, "infantry", "DE", row(4))
    s.apply_action(Move(truck.id, row(3)))
    assert all(o.kind != "board" for o in s.legal_moves(inf).values())


def test_loaded_transport_into_own_fort_puts_passengers_inside_and_leaves_empty():
    s = empty_state(game_map(forts=[fort("f1", [row(5)], [row(4), row(6)], owner="DE")]))
    inf = put(s, "infantry", "DE", row(0))
    truck = put(s, "transport", "DE", row(1))
    s.apply_action(BoardTransport(inf.id, truck.id))
    s.apply_action(Enter(truck.id, "f1"))
    assert inf.fort == "f1" and inf.carrier is None and truck.cargo == []
    assert s.legal_moves(inf) == {}  # "können nicht weiterbewegt werden"
    # next own turn: both leave the fort on their own; the transport leaves empty
    s.start_turn(0)
    assert s.legal_moves(inf) and s.legal_moves(truck)
    assert truck.cargo == []


def test_a_transport_must_end_where_all_passengers_can_unload():
    s = empty_state(game_map())
    riders = [put(s, "infantry", "DE", h) for h in (row(0), Hex(1, R - 1), Hex(0, R + 1))]
    truck = put(s, "transport", "DE", row(1))
    for u in riders:
        s.apply_action(BoardTransport(u.id, truck.id))
    target = row(6)
    for h in list(target.neighbors())[:4]:
        put(s, "heavy_mortar", "DE", h)  # 2 free neighbours left: not enough for 3
    assert target not in s.legal_moves(truck)


def test_passengers_must_be_unloaded_when_the_move_phase_ends():
    # "Abschließend lädt er alle eingeladenen Einheiten ... ab. Er darf dies nur genau in
    # diesem Ablauf tun": a transport that does not drive still unloads; its passengers do not
    # spend the turn hidden aboard.
    s = empty_state(game_map())
    inf = put(s, "infantry", "DE", row(0))
    truck = put(s, "transport", "DE", row(1))
    s.apply_action(BoardTransport(inf.id, truck.id))
    s.apply_action(EndPhase())
    assert s.phase == "declare"
    assert truck.cargo == [] and inf.carrier is None and inf.pos >= 0
    assert s.hex_of(inf) in row(1).neighbors()


def test_first_round_boarding_may_not_spend_a_second_army():
    # 4 players, first turn [1-1-2-3]: a passenger of army 1 in a transport of army 2 would
    # use two armies (and leave the passenger stuck aboard an unmovable transport).
    s = empty_state(game_map(), players=4)
    s.round = 1
    inf = put(s, "infantry", "DE", row(0), army=1)
    truck = put(s, "transport", "DE", row(1), army=2)
    same = put(s, "transport", "DE", Hex(0, R - 1), army=1)
    opts = s.legal_moves(inf)
    assert all(not (o.kind == "board" and o.target == row(1)) for o in opts.values())
    with pytest.raises(IllegalActionError):
        s.apply_action(BoardTransport(inf.id, truck.id))
    s.apply_action(BoardTransport(inf.id, same.id))
    assert same.cargo == [inf.id]


def test_unloading_finds_room_for_every_passenger_when_one_exists():
    # With Grabenkampf a mortar may not stand on a trench, an infantry may: boarding order
    # must not make a possible unloading impossible.
    truck_at = row(5)
    nbrs = list(truck_at.neighbors())
    s = empty_state(game_map(terrain={nbrs[1]: "trench"}), variants=("grabenkampf",))
    inf = put(s, "infantry", "DE", row(8))
    mortar = put(s, "heavy_mortar", "DE", Hex(5, R + 3))
    truck = put(s, "transport", "DE", truck_at)
    for h in nbrs[2:]:
        put(s, "tank", "DE", h)
    truck.cargo = [inf.id, mortar.id]
    inf.carrier = mortar.carrier = truck.id
    s.leave_position(inf)
    s.leave_position(mortar)
    idx = s.game.board.index_of
    assert s.unload_spots(truck, truck.pos) == [idx[nbrs[1]], idx[nbrs[0]]]
    assert s.unload_choices(truck, truck.pos) == [[idx[nbrs[1]], idx[nbrs[0]]]]
    s.apply_action(Unload(truck.id))
    assert s.hex_of(mortar) == nbrs[0] and s.hex_of(inf) == nbrs[1]
