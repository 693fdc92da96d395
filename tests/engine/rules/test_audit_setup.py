"""Audit of setup and the first-round restriction against 002/003 "Spielaufbau" and
"Besonderheit in der ersten Runde", plus random playouts of the shipped scenarios."""

from __future__ import annotations

import pytest

from engine.content import load_scenario
from engine.hexes import Hex, ring
from engine.paths import PROJECT_ROOT
from engine.rules import setup
from engine.rules.actions import Attack, EndPhase, Move
from engine.rules.errors import IllegalActionError
from engine.rules.game import Game
from engine.rules.playout import play_random
from tests.engine.rules.fixtures import empty_state, game_map, put

R = 4


def row(q: int) -> Hex:
    return Hex(q, R)


def test_placement_on_the_number_then_ring_by_ring_skipping_unstandable_hexes():
    # 002: "setzt er zunächst eine Einheit direkt auf die Zahl ... und die anderen Einheiten
    # kreisförmig darum"; "Sind alle betretbaren Felder voll, wird ein neuer Ring angefangen.
    # Dabei können Einheiten in den Fluss, müssen aber nicht."
    m = game_map()
    s = empty_state(m)
    center = s.game.board.hexes[s.game.start_numbers[1]]
    water = next(iter(ring(center, 1)))
    s = empty_state(game_map(terrain={water: "water"}))
    types = ["armoured_car", "infantry", "tank", "infantry", "heavy_mortar", "fighter",
             "infantry", "transport"]
    units = []
    for t in types:
        u = s.add_unit(s.game.catalog.units[t], "DE")
        u.army = 1
        s.armies["DE"][0].append(u.id)
        units.append(u)
    s.chips["DE"] = [1, 2, 3]
    setup.place_army(s, "DE", 1)
    spots = [s.hex_of(u) for u in units]
    assert spots[0] == center
    assert set(spots[1:6]) == set(ring(center, 1)) - {water}
    assert all(h in set(ring(center, 2)) for h in spots[6:])
    assert water not in spots


def _four_player_round_one(seat: int):
    s = empty_state(game_map(), players=4, to_act=("DE", "GB", "AH", "FR")[seat])
    s.round = 1
    s.first_player = 0
    nation = s.nation
    units = [put(s, "infantry", nation, Hex(2 * k, 2 + seat * 2), army=k + 1)
             for k in range(3)]
    return s, units


@pytest.mark.parametrize(("seat", "allowed"), [(0, 1), (1, 1), (2, 2), (3, 3)])
def test_first_round_four_players_1_1_2_3(seat, allowed):
    # 002: "[1 – 1 – 2 – 3]"
    s, units = _four_player_round_one(seat)
    used = 0
    for u in units:
        target = next(h for h in s.legal_moves(u) if s.legal_moves(u)[h].kind == "move") \
            if s.legal_moves(u) else None
        if used < allowed:
            assert target is not None
            s.apply_action(Move(u.id, target))
            used += 1
        else:
            assert target is None
            with pytest.raises(IllegalActionError, match="round 1"):
                s.apply_action(Move(u.id, s.hex_of(u).neighbor(0)))


def test_first_round_two_players_1_2_then_2_3_counts_attacks():
    # 002: "[1 – 2 , 2 – 3]": round 2, the first player uses "die verbleibenden 2".
    s = empty_state(game_map(), players=2)
    s.round = 1
    s.first_player = 0
    de = [put(s, "armoured_car", "DE", Hex(2 + 3 * k, 2), army=k + 1) for k in range(3)]
    enemy = put(s, "infantry", "FR", Hex(3, 2))  # next to army 1's car
    s.apply_action(EndPhase())
    s.apply_action(Attack(de[0].id, enemy.id))  # an attack uses army 1 ...
    s.apply_action(EndPhase())
    while s.phase == "combat":
        from engine.rules.actions import Fight

        s.apply_action(Fight())
    s.apply_action(EndPhase())  # ... FR's turn, round 1, 2 armies
    assert s.nation == "FR" and s.round == 1
    for _ in range(3):
        s.apply_action(EndPhase())
    assert s.nation == "DE" and s.round == 2
    assert s.legal_moves(de[0]) == {}  # army 1 was used in round 1
    assert s.legal_moves(de[1]) and s.legal_moves(de[2])
    s.apply_action(Move(de[1].id, next(iter(s.legal_moves(de[1])))))
    s.apply_action(Move(de[2].id, next(iter(s.legal_moves(de[2])))))


SCENARIOS = ["default-2p.scenario.yaml", "default-4p.scenario.yaml",
             "default-4p-earlier.scenario.yaml"]


@pytest.mark.parametrize("name", SCENARIOS)
def test_random_playouts_of_the_shipped_scenarios_end_and_stay_legal(name):
    sc = load_scenario(PROJECT_ROOT / "content" / "scenarios" / name)
    for seed in range(4):
        s = Game(sc, seed=seed, setup="quick").new_initial_state()
        play_random(s, seed=seed, max_rounds=6, checked=True)
        assert s.is_terminal() and s.winner() in {"central", "entente"}
        for u in s.units.values():
            assert 0 <= u.damage < s.game.ruleset.destroyed_at_damage
            assert u.carrier is None or u.id in s.units[u.carrier].cargo
        assert all(v >= 0 for v in s.money.values())


def _fort_race_turn(s) -> None:
    """One turn of a player whose foot soldiers only head for neutral/enemy entrances and
    capture (everything else stays; no attacks)."""
    from engine.rules.actions import Capture, Fight

    board = s.game.board
    team = s.game.team_of[s.nation]
    targets = [board.hexes[e] for f, ents in board.fort_entrances.items()
               if s.game.team_of.get(s.fort_owner[f]) != team for e in ents]
    for u in [u for u in s.units.values() if u.nation == s.nation and u.type.can_capture]:
        if s.is_terminal() or not s.can_move(u):
            continue
        opts = s.legal_moves(u)
        cap = next((o for o in opts.values() if o.kind == "capture"), None)
        if cap is not None:
            s.apply_action(Capture(u.id, cap.fort or ""))
            continue
        here = s.hex_of(u) or board.hexes[board.fort_entrances[u.fort][0]]
        moves = [h for h, o in opts.items() if o.kind == "move"]
        if moves and targets:
            best = min(moves, key=lambda h: min(h.distance(t) for t in targets))
            if min(best.distance(t) for t in targets) < min(here.distance(t) for t in targets):
                s.apply_action(Move(u.id, best))
    while not s.is_terminal() and s.phase != "money":
        s.apply_action(Fight() if s.phase == "combat" else EndPhase())
    if not s.is_terminal():
        s.apply_action(EndPhase())


@pytest.mark.parametrize(("name", "need"), [(SCENARIOS[0], 5), (SCENARIOS[1], 9),
                                            (SCENARIOS[2], 9)])
def test_a_fort_race_on_the_shipped_maps_ends_by_forts(name, need):
    # 002 "Siegbedingung": 9 forts (5 with 2 players), checked the moment a fort falls.
    sc = load_scenario(PROJECT_ROOT / "content" / "scenarios" / name)
    s = Game(sc, seed=1, setup="quick").new_initial_state()
    while not s.is_terminal() and s.round < 30:
        _fort_race_turn(s)
    assert s.reason == "forts"
    assert s.forts_of(s.winner()) == need
