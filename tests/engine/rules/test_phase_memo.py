"""The declare listing's phase memo (engine/rules/memo.py) never answers for a
position it was not made for: after every action of seeded random games the listing equals
the one of a fresh state loaded from the save, and each way a memo could go stale (another
action, a clone, a pickle, a scenario that runs triggers) drops it."""

from __future__ import annotations

import pickle
from collections.abc import Iterator

import pytest

from engine.content import load_scenario
from engine.paths import CONTENT_DIR
from engine.rules import declare, memo
from engine.rules.actions import Attack, EndPhase, Gift
from engine.rules.dice import Dice, seed_state
from engine.rules.game import Game
from engine.rules.playout import random_action
from engine.rules.state import State

SCENARIOS = CONTENT_DIR / "scenarios"


def _game(name: str, seed: int) -> Game:
    return Game(load_scenario(SCENARIOS / f"{name}.scenario.yaml"), seed=seed, setup="quick")


def _played(game: Game, seed: int, max_rounds: int = 10) -> Iterator[State]:
    """Every state of a seeded random game, before each action."""
    s = game.new_initial_state()
    rng = Dice(seed_state(f"player:{seed}"))
    while not s.is_terminal() and s.round <= max_rounds:
        yield s
        s.apply_unchecked(random_action(s, rng))


def _fresh(s: State) -> State:
    """The same position without any memo: saved and loaded again."""
    return State.from_json(s.game, s.to_json())


def _declaring(name: str = "default-2p") -> State:
    """A state in a declare phase where the player to act has two attacks or more."""
    for seed in range(1, 40):
        for s in _played(_game(name, seed), seed):
            if s.phase == "declare" and len(declare.attack_actions(s)) >= 2:
                return s
    raise AssertionError("no declare phase with two attacks in 40 seeded games")


@pytest.mark.parametrize(("name", "seed"), [("default-2p", 3), ("default-2p", 11),
                                            ("default-4p", 5), ("default-4p-earlier", 2)])
def test_listing_equals_a_fresh_states_after_every_action(name, seed):
    listed = {"declare": 0, "money": 0, "attacks after an attack": 0}
    for s in _played(_game(name, seed), seed):
        if s.phase not in ("declare", "money"):
            continue
        got = s.legal_actions()
        assert got == _fresh(s).legal_actions(), (s.round, s.nation, s.phase)
        listed[s.phase] += 1
        if s.phase == "declare" and s.history and isinstance(s.history[-1], Attack):
            listed["attacks after an attack"] += 1
    assert min(listed.values()) > 0, listed  # the memo was used, or this proves nothing


def test_an_attack_keeps_the_memo_and_the_attacker_leaves_the_listing():
    s = _declaring()
    first = declare.attack_actions(s)
    reach = memo.recall(s, declare.DECLARABLE)
    assert reach is not None
    s.apply_action(first[0])
    assert memo.recall(s, declare.DECLARABLE) is reach
    after = declare.attack_actions(s)
    assert all(a.attacker != first[0].attacker for a in after)
    assert after == declare.attack_actions(_fresh(s))


def test_any_other_action_drops_the_memo():
    s = _declaring("default-4p")  # teams of two: a gift to the ally is an action of the phase
    declare.attack_actions(s)
    ally = next((n for n in s.game.nations if n != s.nation
                 and s.game.team_of[n] == s.game.team_of[s.nation]), None)
    assert ally is not None
    s.money[s.nation] = s.game.ruleset.gift_fee + 5
    declare.attack_actions(s)
    s.apply_action(Gift(ally, 1))
    assert s.phase == "declare"
    assert memo.recall(s, declare.DECLARABLE) is None
    s.apply_action(EndPhase())
    assert memo.recall(s, declare.DECLARABLE) is None


def test_a_clone_and_a_pickle_do_not_share_the_memo():
    s = _declaring()
    declare.attack_actions(s)
    c = s.clone()
    assert c.phase_memo is None
    # the clone plays on: its own listing, not the original's
    first = declare.attack_actions(c)
    c.apply_action(first[0])
    assert declare.attack_actions(c) == declare.attack_actions(_fresh(c))
    assert declare.attack_actions(s) == first
    p = pickle.loads(pickle.dumps(s))
    assert memo.recall(p, declare.DECLARABLE) is None or p.phase_memo.units is p.units
    p.apply_action(first[0])
    assert declare.attack_actions(p) == declare.attack_actions(_fresh(p))


def test_a_scenario_that_runs_after_actions_keeps_no_memo_across_an_attack():
    s = _declaring()
    declare.attack_actions(s)
    s.game.scenario_inert = False  # a trigger could place a unit after the attack
    s.apply_action(declare.attack_actions(s)[0])
    assert memo.recall(s, declare.DECLARABLE) is None


def test_the_memo_is_for_one_phase_of_one_turn():
    s = _declaring()
    declare.attack_actions(s)
    assert memo.recall(s, "another kind") is None
    s.round += 1
    assert memo.recall(s, declare.DECLARABLE) is None


@pytest.mark.parametrize(("name", "seed"), [("default-2p", 6), ("default-4p", 9)])
def test_phase_actions_are_the_legal_actions_a_random_player_picks_from(name, seed):
    seen: dict[str, int] = {}
    s = _game(name, seed).new_initial_state()
    for nation in s.money:
        s.money[nation] = 60  # purchases, repairs and gifts come up
    rng = Dice(seed_state(f"player:{seed}"))
    while not s.is_terminal() and s.round <= 12:
        if s.phase in ("declare", "money"):
            legal = s.legal_actions()
            useful = [a for a in legal if a.verb not in ("end_phase", "surrender", "gift")]
            assert s.phase_actions() == useful, (s.round, s.nation, s.phase)
            for a in legal:
                seen[a.verb] = seen.get(a.verb, 0) + 1
        else:
            assert s.phase_actions() == []
        s.apply_unchecked(random_action(s, rng))
    assert {"attack", "buy", "end_phase"} <= seen.keys(), seen
    # an ability's action (a minelayer's mines) and a gift to the ally are listed too
    assert ("lay_mine" if name == "default-2p" else "gift") in seen, seen


def test_a_unit_removed_by_hand_is_not_listed_from_the_memo():
    s = _declaring()
    first = declare.attack_actions(s)
    s.remove_unit(s.units[first[0].defender])  # as a test fixture edits a position
    after = declare.attack_actions(s)
    assert all(a.defender != first[0].defender for a in after)
    assert after == declare.attack_actions(_fresh(s))
