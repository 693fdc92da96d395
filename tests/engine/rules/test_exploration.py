"""The empty board's move searches are kept per board and reused only while no enemy stands
on a hex they read: a reused search answers exactly as a fresh one (the reference search)."""

from __future__ import annotations

from engine.content import load_scenario
from engine.hexes import Hex
from engine.paths import CONTENT_DIR
from engine.rules import exploration
from engine.rules.board import half_points
from engine.rules.dice import Dice
from engine.rules.game import Game
from engine.rules.movement import move_choices
from engine.rules.playout import random_action
from tests.engine.rules.fixtures import empty_state, game_map, put
from tests.engine.rules.movement_reference import reference_moves
from tests.engine.rules.test_movement_reference import fast_moves


def test_a_kept_search_is_not_reused_once_an_enemy_comes_near() -> None:
    s = empty_state(game_map(12, 10, markers=6), players=2)
    de, fr = s.game.nations
    car = put(s, "armoured_car", de, Hex(5, 4))
    s.legal_moves(car)  # kept: nobody else is on the board
    board = s.game.board
    assert any(key[1] == (car.pos,) for key in board.explorations)
    # an enemy two steps away blocks its hex and puts its neighbours in contact
    put(s, "infantry", fr, Hex(7, 4))
    want = reference_moves(s, car)
    assert Hex(7, 4) not in want
    assert fast_moves(s, car.id) == want
    assert move_choices(s, car)[0] == [h for h, o in want.items() if o[1] == "move"]


def test_a_kept_search_is_reused_while_enemies_stay_away() -> None:
    s = empty_state(game_map(14, 12, markers=6), players=2)
    de, fr = s.game.nations
    inf = put(s, "infantry", de, Hex(3, 3))
    first = s.legal_moves(inf)
    board = s.game.board
    key = (inf.mclass, (inf.pos,), half_points(inf.type.speed),
           half_points(s.game.ruleset.last_step_to_meadow))
    kept = board.explorations[key]
    far = max(board.index_of, key=lambda h: h.distance(Hex(3, 3)))
    put(s, "infantry", fr, far)  # far away: outside every hex the search read
    assert fast_moves(s, inf.id) == reference_moves(s, inf)
    assert board.explorations[key] is kept and kept.expanded_set is not None
    read = kept.expanded_set.union(*(board.neighbours[i] for i in kept.expanded))
    assert board.index_of[far] not in read
    assert list(s.legal_moves(inf)) == list(first)


def test_reused_searches_match_fresh_ones_through_random_games() -> None:
    sc = load_scenario(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")
    s = Game(sc, seed=11, setup="quick").new_initial_state()
    rng = Dice(11)
    compared = 0
    while not s.is_terminal() and s.round <= 6:
        if s.phase == "move" and s.pending_unload is None:
            for u in list(s.units.values()):
                if s.can_move(u):
                    assert list(fast_moves(s, u.id).items()) == list(
                        reference_moves(s, u).items()), u.id
                    compared += 1
        s.apply_action(random_action(s, rng))
    assert compared > 100


def test_a_board_keeps_a_bounded_number_of_searches(monkeypatch) -> None:
    monkeypatch.setattr(exploration, "_FREE_CACHE_SIZE", 3)
    s = empty_state(game_map(12, 10, markers=6), players=2)
    de = s.game.nations[0]
    board = s.game.board
    board.explorations.clear()
    for h in (Hex(2, 2), Hex(4, 2), Hex(6, 2), Hex(8, 2), Hex(4, 6)):
        car = put(s, "armoured_car", de, h)
        assert fast_moves(s, car.id) == reference_moves(s, car)
        assert len(board.explorations) <= 3
        s.leave_position(car)
        del s.units[car.id]
    assert len(board.explorations) == 3
