"""Speed of the random player's declare and money choices (run with `make bench`).

The 20 seeded default-2p games of `test_bench_engine` are replayed (all 20 per round, 7
rounds); at every declare (or money) decision the random player also chooses
(`random_action`, as `play_random` asks it; its answer is dropped for the recorded action).
The baseline replays the same games without choosing, in the same run; the difference of the
medians is what the choices cost per game. Issue 14 (declfast): each phase's choices at most
half of what they cost before (declare 2.2 ms, money 0.72 ms per game on a quiet machine).
"""

from __future__ import annotations

import pytest

from engine.rules.dice import Dice, seed_state
from engine.rules.game import Game
from engine.rules.playout import random_action
from engine.rules.state import State
from tests.benchmarks.test_bench_engine import GAMES, _default_scenario, _recorded_games

_medians: dict[str, float] = {}


def _replay(phase: str | None) -> State:
    """Replay the recorded games, choosing at each decision of `phase` too; the last state."""
    rng = Dice(seed_state("bench-listings"))
    for k, history in enumerate(_recorded_games(), 1):
        s = Game(_default_scenario(), seed=k, setup="quick").new_initial_state()
        for a in history:
            if s.phase == phase:
                random_action(s, rng)
            s.apply_unchecked(a)  # type: ignore[arg-type]
    return s


@pytest.mark.parametrize("phase", [None, "declare", "money"])
def test_bench_random_choices(benchmark, phase):
    _recorded_games()
    s = benchmark.pedantic(_replay, args=(phase,), rounds=7, iterations=1)
    assert s.is_terminal()
    _medians[phase or "replay"] = benchmark.stats.stats.median / GAMES
    if phase is not None and "replay" in _medians:
        cost = _medians[phase] - _medians["replay"]
        print(f"\n{phase} choices of the random player: {cost * 1e3:.2f} ms/game (median of 7 "
              f"runs of the {GAMES} games: {_medians[phase] * 1e3:.2f} ms/game with them, "
              f"{_medians['replay'] * 1e3:.2f} replaying alone)")
