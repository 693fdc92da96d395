"""Balance simulation speed (make bench): heuristic AI against itself on default-2p, the same
games on one process (the baseline) and on two (`--jobs 2`). Goal: 1,000 games in at most
60 s with two processes, at least 1.8 times the games per second of one. The number of games
is TC_BENCH_GAMES (default 1000); each side runs once (a run is long and deterministic).
The machine is shared, so each result prints the load average next to it.

The Dask backend plays the same games on a LocalCluster of two single-threaded worker processes
(started before the timing, as a real cluster `--scheduler` points at is already running; its
start-up time is printed beside it); goal: within 15 % of `--jobs 2`, with the same results.
Each task is one batch of games (`engine.ai.simulate.BATCH`), long enough (>= 100 ms) that
the scheduler's messaging does not count.

A last benchmark measures the random AI (TC_BENCH_RANDOM_GAMES, default 100): games per second
and how its games end (fort victory, elimination or the round cap).
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Iterator

import pytest
from distributed import LocalCluster

from engine.ai.cluster import run_dask
from engine.ai.simulate import BATCH, SimSpec, batches, run
from engine.paths import CONTENT_DIR

GAMES = int(os.environ.get("TC_BENCH_GAMES", "1000"))
RANDOM_GAMES = int(os.environ.get("TC_BENCH_RANDOM_GAMES", "100"))
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
              f"{_medians[2]:.1f} s, speed-up {_medians[1] / _medians[2]:.2f}x; "
              f"load average {_load()}")


@pytest.fixture(scope="module")
def local_cluster() -> Iterator[tuple[LocalCluster, float]]:
    start = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        yield cluster, time.perf_counter() - start


def test_simulate_heuristic_games_dask(benchmark, local_cluster):
    cluster, startup = local_cluster
    # One untimed warm-up run: the workers import the engine and load the scenario once per
    # cluster (forked --jobs workers inherit them), which a long-lived cluster pays only once.
    results = benchmark.pedantic(run_dask, args=(SPEC, GAMES),
                                 kwargs={"scheduler": cluster.scheduler_address},
                                 rounds=1, iterations=1, warmup_rounds=1)
    assert len(results) == GAMES
    median = benchmark.stats.stats.median
    tasks = len(batches(GAMES))
    if 2 in _results:  # the multiprocessing runs came first in this module
        assert results == _results[2]
        print(f"\n{GAMES} games on Dask (LocalCluster, 2 worker processes): {median:.1f} s, "
              f"--jobs 2 {_medians[2]:.1f} s (baseline): Dask/multiprocessing "
              f"{median / _medians[2]:.2f}; {tasks} tasks of {BATCH} games, "
              f"{2 * median / tasks * 1e3:.0f} ms each on average; cluster start-up "
              f"{startup:.1f} s and one warm-up run (not timed); load average {_load()}")


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def test_simulate_random_games(benchmark):
    spec = SimSpec(SPEC.scenario, ("random", "random"), seed="bench-random")
    results = benchmark.pedantic(run, args=(spec, RANDOM_GAMES), rounds=1, iterations=1)
    assert len(results) == RANDOM_GAMES
    capped = sum(1 for r in results if r.rounds > spec.max_rounds)
    ends = Counter("round cap" if r.rounds > spec.max_rounds else r.reason for r in results)
    rate = RANDOM_GAMES / benchmark.stats.stats.median
    print(f"\nrandom AI: {RANDOM_GAMES} games, {rate:.1f} games/s, ends {dict(ends)}, "
          f"round cap {capped}/{RANDOM_GAMES}; load average {_load()}")
