"""Every AI kind plays legal actions (checked by the engine) to the end of a game on every
built-in scenario, explains each action, and the game replays from its history."""

from __future__ import annotations

import pytest

from engine.ai.registry import kind_names, make_bot
from engine.ai.simulate import seated
from engine.content import load_scenario
from engine.paths import CONTENT_DIR
from engine.rules.game import Game

SCENARIOS = sorted((CONTENT_DIR / "scenarios").glob("*.scenario.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name.split(".")[0])
@pytest.mark.parametrize("kind", [k for k in kind_names() if k != "random"])
def test_kind_plays_a_whole_game(path, kind):
    scenario = load_scenario(path)
    kinds = tuple(kind if i % 2 == 0 else "heuristic" for i in range(len(scenario.seats)))
    game = Game(seated(scenario, kinds), seed=f"{kind}:{path.name}", setup="full")
    s = game.new_initial_state()
    bots = [make_bot(k, i) for i, k in enumerate(kinds)]
    while not s.is_terminal():
        action, why = bots[s.current].decide(s)
        assert why
        s.apply_action(action)
    assert s.reason in ("forts", "surrender", "elimination")
    replay = game.new_initial_state()
    for a in s.history:
        replay.apply_action(a)
    assert replay.winner() == s.winner() and replay.round == s.round
