"""Invariants under random legal play on the default scenarios (hypothesis)."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.content import load_scenario
from engine.paths import CONTENT_DIR
from engine.rules.actions import Attack, EndPhase, Fight, Move, Surrender, Unload
from engine.rules.board import IMPASSABLE
from engine.rules.dice import Dice, seed_state
from engine.rules.game import Game
from engine.rules.playout import random_action
from engine.rules.serialize import canonical
from engine.rules.state import State

SCENARIOS = ["default-2p", "default-4p", "default-4p-earlier"]
MAX_ROUNDS = 4


@cache
def _scenario(name: str):
    return load_scenario(CONTENT_DIR / "scenarios" / f"{name}.scenario.yaml")


def check_invariants(s: State) -> None:
    board = s.game.board
    rs = s.game.ruleset
    on_board = [u for u in s.units.values() if u.pos >= 0]
    assert len(on_board) == len(s.occ)  # one unit per hex
    for u in on_board:
        assert s.occ[u.pos] is u
        assert not board.blocked[u.pos]
        assert board.costs[u.mclass][u.pos] != IMPASSABLE, (u.id, board.terrain_name(u.pos))
        assert u.fort is None and u.carrier is None
    for u in s.units.values():
        assert 0 <= u.damage < rs.destroyed_at_damage
        assert u.xp >= 0
        places = (u.pos >= 0) + (u.fort is not None) + (u.carrier is not None)
        assert places == 1 or (s.phase == "setup" and places == 0)
        if u.fort is not None:
            assert s.fort_owner[u.fort] == u.nation  # only in own forts
        if u.carrier is not None:
            assert u.id in s.units[u.carrier].cargo
    assert all(v >= 0 for v in s.money.values())
    assert set(s.fort_owner.values()) <= {"neutral", *s.game.nations}


def check_actions(s: State, actions: list) -> None:
    if s.is_terminal():
        assert actions == []
        return
    # some way forward always exists, so a player forced to end turns ends the game
    assert any(isinstance(a, EndPhase | Fight | Unload) for a in actions) or s.phase == "setup"
    assert Surrender() in actions
    for a in actions:
        if isinstance(a, Attack):
            assert s.units[a.defender].fort is None  # units in forts are untouchable


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), which=st.sampled_from(SCENARIOS),
       setup=st.sampled_from(["quick", "full"]),
       variants=st.sampled_from([(), ("victory_points",), ("early_destruction",
                                                            "second_full_set")]))
def test_random_play_keeps_invariants(seed, which, setup, variants):
    s = Game(_scenario(which), seed=seed, setup=setup, variants=variants).new_initial_state()
    rng = Dice(seed_state(seed))
    steps = 0
    while not s.is_terminal():
        if s.round > MAX_ROUNDS:
            s.apply_action(Surrender())
            break
        check_invariants(s)
        if steps % 25 == 0:
            actions = s.legal_actions()
            check_actions(s, actions)
            listed = set(actions)
            for k in range(0, len(actions), max(1, len(actions) // 15)):
                assert s.problem(actions[k]) is None, actions[k]  # listed means legal
            for u in list(s.units.values())[:: max(1, len(s.units) // 6)]:
                for h in s.game.board.hexes[:: 97]:  # a sample of moves: legal iff listed
                    a = Move(u.id, h)
                    assert (s.problem(a) is None) == (a in listed), a
            copy = s.clone()
            assert canonical(copy.to_json()) == canonical(s.to_json())
            assert canonical(State.from_json(s.game, s.to_json()).to_json()) == \
                canonical(s.to_json())
        s.apply_action(random_action(s, rng))
        steps += 1
    check_invariants(s)
    assert s.is_terminal() and s.winner() in ("central", "entente")


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_game_ends_when_players_only_end_their_turns(seed):
    s = Game(_scenario("default-2p"), seed=seed, setup="quick").new_initial_state()
    bound = 20 * 4 * s.game.players  # 20 rounds of 4 phases each
    for _ in range(bound):
        actions = s.legal_actions()
        forced = next(a for a in actions if isinstance(a, EndPhase | Fight | Unload))
        s.apply_action(forced)
    assert s.round >= 20
    s.apply_action(Surrender())
    assert s.is_terminal()
