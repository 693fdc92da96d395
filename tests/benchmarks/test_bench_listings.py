"""Speed of the random player's declare and money choices (run with `make bench`).

The 20 seeded default-2p games of `test_bench_engine` are replayed; at every declare (or
money) decision the random player also chooses (`random_action`, as `play_random` asks it,
its answer dropped for the recorded action). The baseline replays the same games without
choosing, in the same run; the difference of the medians is what the choices cost per game.
Issue 14 (declfast): each phase's choices at most half of what they cost before (declare
2.2 ms, money 0.72 ms per game on a quiet machine).
"""

from __future__ import annotations

import pytest

from engine.rules.dice import Dice, seed_state
from engine.rules.game import Game
from engine.rules.playout import random_action
from engine.rules.state import State
from tests.benchmarks.test_bench_engine import GAMES, _default_scenario, _recorded_games

_medians: dict[str, float] = {}


def _replay(k: list[int], phase: str | None) -> State:
    """Replay game k (counting up from 1), choosing at each decision of `phase` too."""
    k[0] = k[0] % GAMES + 1
    s = Game(_default_scenario(), seed=k[0], setup="quick").new_initial_state()
    rng = Dice(seed_state("bench-listings"))
    for a in _recorded_games()[k[0] - 1]:
        if s.phase == phase:
            random_action(s, rng)
        s.apply_unchecked(a)  # type: ignore[arg-type]
    return s


@pytest.mark.parametrize("phase", [None, "declare", "money"])
def test_bench_random_choices(benchmark, phase):
    _recorded_games()
    s = benchmark.pedantic(_replay, args=([0], phase), rounds=GAMES, iterations=1)
    assert s.is_terminal()
    _medians[phase or "replay"] = benchmark.stats.stats.median
    if phase is not None and "replay" in _medians:
        cost = _medians[phase] - _medians["replay"]
        print(f"\n{phase} choices of the random player: {cost * 1e3:.2f} ms/game (median "
              f"{_medians[phase] * 1e3:.1f} ms with them, {_medians['replay'] * 1e3:.1f} ms "
              "replaying alone)")
