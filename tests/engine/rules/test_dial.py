"""The move search's buffers and steps (engine.rules.dial): listed as the reference search
lists them, handed back clean after every search, and left out when a game is pickled."""

from __future__ import annotations

import pickle

from engine.content import load_scenario
from engine.paths import CONTENT_DIR
from engine.rules.dial import (
    DEGREE,
    FAR,
    MEADOW,
    NEAR_ENTRANCE,
    UNLISTED,
    list_steps,
    step_targets,
)
from engine.rules.game import Game
from engine.rules.playout import play_random
from engine.rules.state import State
from tests.engine.rules.movement_reference import step_row


def _played(rounds: int = 4, seed: int = 5) -> State:
    scenario = load_scenario(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")
    s = Game(scenario, seed=seed, setup="quick").new_initial_state()
    return play_random(s, seed=seed, max_rounds=rounds)


def test_steps_are_the_boards_step_rows_for_every_hex_and_class():
    board = _played(rounds=1).game.board
    for mclass in board.costs:
        steps = board.search_steps(mclass)
        for i in range(len(board.hexes)):
            count = steps.count[i]
            if count == UNLISTED:
                count = list_steps(steps, i)
            listed = [(steps.nbr[i * DEGREE + k], steps.cost[i * DEGREE + k])
                      for k in range(count)]
            assert listed == list(step_row(board, mclass, i)), (mclass, i)
            assert step_targets(steps, i) == [n for n, _ in listed]


def test_every_search_hands_its_buffers_back_clean():
    s = _played()
    board = s.game.board
    assert board._free_buffers, "the games searched, so the pool holds buffers"
    for buffers in board._free_buffers:
        assert set(buffers.dist) == {FAR}
        assert bytes(buffers.flags) == board.marks


def test_a_state_pickles_after_searches_and_searches_the_same_moves():
    s = _played()
    assert s.game.board._search_steps, "searched: the board holds listed steps"
    twin = pickle.loads(pickle.dumps(s))
    assert twin.game.board._search_steps == {}
    movers = [u.id for u in s.units.values() if u.pos >= 0]
    assert movers
    for uid in movers:
        assert {h: (o.cost, o.kind, o.path) for h, o in twin.legal_moves(uid).items()} == \
            {h: (o.cost, o.kind, o.path) for h, o in s.legal_moves(uid).items()}


def test_the_boards_marks_are_its_meadow_and_the_hexes_next_to_an_entrance():
    board = _played(rounds=1).game.board
    assert any(board.entrances_near)
    assert board.marks == bytes((MEADOW if board.meadow[i] else 0)
                                | (NEAR_ENTRANCE if board.entrances_near[i] else 0)
                                for i in range(len(board.hexes)))
