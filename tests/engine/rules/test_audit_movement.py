"""Audit of movement against the German originals (002 "Einheiten bewegen", "Feinkontakt",
"Forts einnehmen und betreten", "Bewegung in eigene Forts"; 003 the same sections).

Each test names the rule it checks; boards are small meadow maps with painted terrain.
"""

from __future__ import annotations

import pytest

from engine.hexes import Hex
from engine.rules.actions import Capture, Enter, Move
from engine.rules.errors import IllegalActionError
from tests.engine.rules.fixtures import empty_state, fort, game_map, put

R = 4


def row(q: int) -> Hex:
    return Hex(q, R)


def moves(s, u) -> dict[Hex, float]:
    """Hexes the unit can end an ordinary move on, with their cost."""
    return {h: o.cost for h, o in s.legal_moves(u).items() if o.kind == "move"}


# --- Feindkontakt ----------------------------------------------------------------------------


def test_contact_start_hex_counts_as_the_first_contact():
    # 002: "Wenn eine Einheit Feindkontakt hat und sich daraufhin auf ein Feld bewegt in der
    # sie nochmal Feindkontakt hat, ist der Zug der Einheit zu Ende."
    s = empty_state(game_map())
    inf = put(s, "infantry", "DE", row(2))
    put(s, "infantry", "FR", Hex(3, R - 1))  # touches row(2) and row(3)
    m = moves(s, inf)
    assert m[row(3)] == 1
    assert row(4) not in m  # the only 2-step ways run on from a second contact hex
    assert s.legal_moves(inf)[row(3)].path == (row(2), row(3))


def test_one_contact_hex_does_not_stop_two_consecutive_do():
    # 002 examples: "Spielzug nicht zu Ende (nur ein Feindkontakt)" and "Spielzug zu Ende
    # (zwei aufeinanderfolgende Feindkontakte im 3. und 4. Zug)".
    s = empty_state(game_map())
    inf = put(s, "mounted_infantry", "DE", row(1))
    put(s, "tank", "FR", row(0))  # the start hex is in contact, the next hex is not
    assert moves(s, inf)[row(4)] == 3
    s = empty_state(game_map())
    car = put(s, "armoured_car", "DE", row(0))
    put(s, "infantry", "FR", Hex(4, R - 1))  # touches row(3) and row(4): the 3rd and 4th step
    m = s.legal_moves(car)
    assert m[row(4)].cost == 4 and m[row(4)].path == tuple(row(q) for q in range(5))
    assert m[row(3)].cost == 3
    # the car may stop on row(3) or go to row(4) but never past row(4) along the row
    assert all(o.path[3:5] != (row(3), row(4)) or o.target == row(4) for o in m.values())


def test_contact_only_from_enemies_that_could_melee_the_mover():
    # 002: "Als Feindkontakt zählen nur angrenzende feindliche Einheiten, die die eigene
    # Einheit im Nahkampf angreifen können" (example: neither mortar nor transport).
    for harmless in ("heavy_mortar", "transport", "anti_aircraft", "howitzer"):
        s = empty_state(game_map())
        inf = put(s, "mounted_infantry", "DE", row(1))
        put(s, harmless, "FR", Hex(2, R - 1))  # touches row(1) and row(2)
        assert moves(s, inf)[row(4)] == 3, harmless
    # A plane is stopped by heavy infantry (can attack air), not by infantry.
    s = empty_state(game_map())
    plane = put(s, "fighter", "DE", row(1))
    put(s, "infantry", "FR", Hex(2, R - 1))
    assert moves(s, plane)[row(6)] == 5
    s = empty_state(game_map())
    plane = put(s, "fighter", "DE", row(1))
    put(s, "heavy_infantry", "FR", Hex(2, R - 1))
    m = s.legal_moves(plane)
    assert m[row(2)].cost == 1
    assert row(6) not in m  # the straight flight stops at row(2), a detour is too long
    assert all(o.path[1:3] != (row(2), row(3)) for o in m.values())


def test_allied_units_give_no_contact():
    s = empty_state(game_map(), players=4)
    inf = put(s, "mounted_infantry", "DE", row(1))
    put(s, "tank", "AH", Hex(2, R - 1))  # AH is DE's ally
    assert moves(s, inf)[row(4)] == 3


def test_units_in_forts_give_no_contact():
    # 002: "Eine Einheit in einem Fort ... zählt auch nicht als Feindkontakt für Gegner."
    f = fort("f1", [Hex(2, R - 2)], [Hex(1, R - 2), Hex(3, R - 2)], owner="FR")
    s = empty_state(game_map(forts=[f]))
    inf = put(s, "mounted_infantry", "DE", row(1))
    put(s, "tank", "FR", "f1")
    assert moves(s, inf)[row(4)] == 3


def test_enemy_on_water_gives_no_contact():
    # 002: on a river a unit "kann weder angreifen noch sich verteidigen".
    s = empty_state(game_map(terrain={Hex(2, R - 1): "water"}))
    inf = put(s, "mounted_infantry", "DE", row(1))
    put(s, "infantry", "FR", Hex(2, R - 1))
    assert moves(s, inf)[row(4)] == 3


def test_leaving_a_fort_counts_contact_from_the_first_hex_outside():
    # 002: "Der erste Feinkontakt wird auch hier erst ab dem ersten Feld außerhalb des Forts
    # gezählt" — the entrance itself never counts, even when an enemy touches it.
    f = fort("f1", [Hex(1, R)], [Hex(0, R), Hex(2, R)], owner="DE")
    s = empty_state(game_map(forts=[f]))
    inf = put(s, "mounted_infantry", "DE", "f1")
    put(s, "infantry", "FR", Hex(3, R - 1))  # touches the entrance row(2), row(3) and (4, 3)
    m = s.legal_moves(inf)
    # first hex outside (row(3)) is the first contact, so the unit may go on from it.
    assert m[row(3)].cost == 1 and m[row(3)].path == (row(2), row(3))
    assert m[row(4)].cost == 2  # row(4) is not in contact
    # but two contact hexes in a row outside the fort end the move
    assert Hex(4, R - 1) in Hex(3, R - 1).neighbors()
    assert m[Hex(4, R - 1)].cost == 2
    assert Hex(5, R - 1) in m and m[Hex(5, R - 1)].path[-2] != Hex(4, R - 1)


# --- passing units, air units, forts ------------------------------------------------------------


def test_passing_through_allied_units_but_not_ending_on_them():
    # 002: "Über eigene oder verbündete Einheiten kann gezogen werden, nicht aber über
    # feindliche (gilt auch für Lufteinheiten)"; one unit per hex at the end of a move.
    s = empty_state(game_map(), players=4)
    inf = put(s, "infantry", "DE", row(1))
    put(s, "heavy_mortar", "AH", row(2))
    m = moves(s, inf)
    assert row(2) not in m and m[row(3)] == 2
    assert s.legal_moves(inf)[row(3)].path == (row(1), row(2), row(3))
    with pytest.raises(IllegalActionError):
        s.apply_action(Move(inf.id, row(2)))


def test_no_passing_through_enemy_units_air_units_included():
    for mover in ("infantry", "fighter"):
        s = empty_state(game_map())
        u = put(s, mover, "DE", row(1))
        enemy = put(s, "heavy_mortar", "FR", row(2))  # no melee: no contact either
        for opt in s.legal_moves(u).values():
            assert s.hex_of(enemy) not in opt.path, (mover, opt)


def test_air_units_pay_one_per_hex_whatever_the_terrain():
    terrain = {row(2): "forest", row(3): "water", row(4): "road", row(5): "forest"}
    s = empty_state(game_map(terrain=terrain))
    plane = put(s, "fighter", "DE", row(1))
    m = moves(s, plane)
    assert [m[row(q)] for q in range(2, 7)] == [1, 2, 3, 4, 5]


def test_air_units_do_not_fly_over_forts():
    # 002: "Einheiten können nicht über Forts gehen/fliegen."
    f = fort("f1", [row(3)], [Hex(3, R - 1), Hex(3, R + 1)], owner="neutral")
    s = empty_state(game_map(forts=[f]))
    plane = put(s, "fighter", "DE", row(2))
    m = s.legal_moves(plane)
    blocked = {row(3), Hex(3, R - 1), Hex(3, R + 1)}
    assert not blocked & set(m)
    assert all(not blocked & set(o.path) for o in m.values())
    assert m[row(4)].cost == 5  # around the fort and its entrances, never over them


# --- the 0.5 last step --------------------------------------------------------------------------


def test_last_step_to_meadow_only_with_half_a_point_left_and_only_onto_meadow():
    # 002: "Bleiben einer Einheit am Ende ihres Zuges nur noch 0,5 Geschwindigkeitspunkte
    # übrig, darf die Einheit noch auf eine Wiese gehen."
    s = empty_state(game_map(terrain={row(1): "road", row(2): "road", row(3): "road"}))
    inf = put(s, "infantry", "DE", row(0))
    m = moves(s, inf)
    assert m[row(3)] == 1.5
    assert m[row(4)] == 2  # 0.5 left: a meadow is still allowed, reported as the full move
    assert s.legal_moves(inf)[row(4)].path == tuple(row(q) for q in range(5))
    assert row(5) not in m  # and that step ends the move
    # not onto forest
    s = empty_state(game_map(terrain={row(1): "road", row(2): "road", row(3): "road",
                                      row(4): "forest"}))
    inf = put(s, "infantry", "DE", row(0))
    assert row(4) not in moves(s, inf)
    # not with nothing left, not beyond: with 1 point left a meadow costs its normal 1
    s = empty_state(game_map(terrain={row(1): "road", row(2): "road"}))
    inf = put(s, "infantry", "DE", row(0))
    m = moves(s, inf)
    assert m[row(3)] == 2 and row(4) not in m


def test_last_step_to_meadow_counts_enemy_and_allied_units():
    s = empty_state(game_map(terrain={row(1): "road", row(2): "road", row(3): "road"}),
                    players=4)
    inf = put(s, "infantry", "DE", row(0))
    put(s, "heavy_mortar", "AH", row(4))
    assert row(4) not in moves(s, inf)  # may not end on an ally


# --- water ---------------------------------------------------------------------------------------


def test_water_takes_the_whole_move_of_a_foot_soldier_only_from_an_adjacent_hex():
    # 002: "Auf einen Wasser-Feld ziehen kostet einen vollen Zug, unabhängig von der
    # Geschwindigkeit der Einheit" — Fußsoldaten only.
    terrain = {row(2): "water", row(3): "water", row(5): "water"}
    s = empty_state(game_map(terrain=terrain))
    inf = put(s, "mounted_infantry", "DE", row(1))
    m = moves(s, inf)
    assert m[row(2)] == 3
    assert row(3) not in m  # water behind water: one water hex per move
    assert row(5) not in m  # not after moving first
    assert s.legal_moves(inf)[row(2)].path == (row(1), row(2))
    car = put(s, "armoured_car", "DE", row(6))
    assert row(5) not in moves(s, car)


def test_leaving_water_costs_the_target_terrain():
    s = empty_state(game_map(terrain={row(1): "water"}))
    inf = put(s, "infantry", "DE", row(1))
    m = moves(s, inf)
    assert m[row(2)] == 1 and m[row(3)] == 2


# --- forts ---------------------------------------------------------------------------------------


def _fort_line(owner: str):
    # fort at row(4), entrances row(3) and row(5): hexes next to row(3) may capture/enter.
    return fort("f1", [row(4)], [row(3), row(5)], owner=owner)


@pytest.mark.parametrize("owner", ["neutral", "FR"])
def test_capture_a_neutral_or_enemy_fort_only_from_next_to_an_entrance(owner):
    s = empty_state(game_map(forts=[_fort_line(owner)]))
    inf = put(s, "infantry", "DE", row(2))
    far = put(s, "infantry", "DE", row(0))
    opts = s.legal_moves(inf)
    assert opts[row(3)].kind == "capture" and opts[row(3)].cost == 2
    assert all(o.kind != "capture" for o in s.legal_moves(far).values())
    with pytest.raises(IllegalActionError, match="cannot capture"):
        s.apply_action(Capture(far.id, "f1"))
    s.apply_action(Capture(inf.id, "f1"))
    assert s.fort_owner["f1"] == "DE" and inf.fort == "f1"


def test_no_capture_after_moving_first():
    # 002: "benötigt einen vollen Zug ... D.h. man muss direkt davor stehen"
    s = empty_state(game_map(forts=[_fort_line("neutral")]))
    inf = put(s, "infantry", "DE", Hex(2, R - 1))
    s.apply_action(Move(inf.id, row(2)))
    assert inf.moved
    with pytest.raises(IllegalActionError):
        s.apply_action(Capture(inf.id, "f1"))


def test_allied_fort_cannot_be_captured_nor_entered():
    # 002: "Forts vom verbündeten Spieler können nicht eingenommen werden" and "verbündete
    # Einheiten jedoch nicht" (into own forts).
    s = empty_state(game_map(forts=[_fort_line("AH")]), players=4)
    inf = put(s, "infantry", "DE", row(2))
    assert all(o.kind not in ("capture", "enter") for o in s.legal_moves(inf).values())
    with pytest.raises(IllegalActionError):
        s.apply_action(Capture(inf.id, "f1"))
    with pytest.raises(IllegalActionError):
        s.apply_action(Enter(inf.id, "f1"))


def test_only_foot_soldiers_capture():
    s = empty_state(game_map(forts=[_fort_line("neutral")]))
    spots = {"tank": row(2), "armoured_car": Hex(3, R - 1), "fighter": Hex(2, R + 1)}
    for t, at in spots.items():
        u = put(s, t, "DE", at)
        assert row(3) in at.neighbors()
        assert all(o.kind != "capture" for o in s.legal_moves(u).values()), t


def test_capture_removes_the_defenders_inside_and_only_them():
    # 002: "werden alle vorher darin befindlichen feindlichen Einheiten sofort aus dem Spiel
    # entfernt"
    s = empty_state(game_map(forts=[_fort_line("FR")]))
    inf = put(s, "infantry", "DE", row(2))
    inside = [put(s, "tank", "FR", "f1"), put(s, "infantry", "FR", "f1")]
    s.apply_action(Capture(inf.id, "f1"))
    assert all(u.id not in s.units for u in inside)
    assert set(s.log[-1].removed) == {u.id for u in inside}


def test_own_fort_entry_costs_half_a_point_for_own_units_of_every_kind():
    # 002: "Alle eigenen Einheiten (also nicht nur Fußsoldaten) dürfen in eigene Forts bewegt
    # werden ... In das Eingangsfeld eines eigenen Fort ziehen kostet 0.5"
    s = empty_state(game_map(forts=[_fort_line("DE")]), players=4)
    car = put(s, "armoured_car", "DE", row(0))
    opt = s.legal_moves(car)[row(3)]
    assert opt.kind == "enter" and opt.cost == 2.5 and opt.path[-2] == row(2)
    mortar = put(s, "heavy_mortar", "DE", row(2))
    assert s.legal_moves(mortar)[row(3)].cost == 0.5
    ally = put(s, "armoured_car", "AH", Hex(2, R - 1))
    assert all(o.kind != "enter" for o in s.legal_moves(ally).values())
    s.apply_action(Enter(car.id, "f1"))
    assert car.fort == "f1" and car.pos == -1 and car.done


def test_enemy_foot_soldiers_at_both_entrances_stalemate():
    # 002: whoever enters first loses: the other captures and removes him.
    s = empty_state(game_map(forts=[_fort_line("neutral")]))
    de = put(s, "infantry", "DE", row(2))
    fr = put(s, "infantry", "FR", row(6))
    s.apply_action(Capture(de.id, "f1"))
    s.start_turn(1)  # FR's turn
    s.apply_action(Capture(fr.id, "f1"))
    assert de.id not in s.units and s.fort_owner["f1"] == "FR"


def test_a_bridge_is_road_for_land_units_and_not_water():
    # 002: "Die einzige Ausnahme sind Brücken, die für Landeinheiten als Straße und für
    # Schiffe als Wasser zählen."
    s = empty_state(game_map(terrain={row(1): "bridge", row(2): "bridge", row(3): "water"}))
    car = put(s, "armoured_car", "DE", row(0))
    m = moves(s, car)
    assert m[row(1)] == 0.5 and m[row(2)] == 1 and row(3) not in m
    inf = put(s, "infantry", "DE", row(2))
    assert not s.is_on_water(inf)
    boat = put(s, "gunboat", "DE", row(3))
    assert moves(s, boat)[row(1)] == 2  # water, then the bridge as water
