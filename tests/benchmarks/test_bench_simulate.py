"""Balance simulation speed (make bench): heuristic AI against itself on default-2p, the same
games on one process (the baseline) and on two (`--jobs 2`). Goal: 1,000 games in at most
60 s with two processes, at least 1.8 times the games per second of one. The number of games
is TC_BENCH_GAMES (default 1000); each side runs once (a run is long and deterministic).
"""

from __future__ import annotations

import os

import pytest

from engine.ai.simulate import SimSpec, run
from engine.paths import CONTENT_DIR

GAMES = int(os.environ.get("TC_BENCH_GAMES", "1000"))
SPEC = SimSpec(str(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml"),
               ("heuristic", "heuristic"), seed="bench")
_results: dict[int, list] = {}
_medians: dict[int, float] = {}


@pytest.mark.parametrize("jobs", [1, 2])
def test_simulate_heuristic_games(benchmark, jobs):
    results = benchmark.pedantic(run, args=(SPEC, GAMES), kwargs={"jobs": jobs},
                                 rounds=1, iterations=1)
    assert len(results) == GAMES
    _results[jobs] = results
    _medians[jobs] = benchmark.stats.stats.median
    if jobs == 2 and 1 in _results:  # parametrized in order: the baseline ran first
        assert _results[1] == _results[2]
        print(f"\n{GAMES} games: --jobs 1 {_medians[1]:.1f} s (baseline), --jobs 2 "
              f"{_medians[2]:.1f} s, speed-up {_medians[1] / _medians[2]:.2f}x")
