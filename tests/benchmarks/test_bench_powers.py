"""Random games per second with every special unit in play (issue 10), beside the base game
in the same run (run with `make bench`). Both play default-2p, quick setup, the same seeds
and the same 30-round cap; the special-unit games add every land special unit per nation and
a fort turret (tests/engine/rules/test_powers_random.py). The ratio is printed at the end."""

from __future__ import annotations

from functools import cache

from engine.content import load_scenario
from engine.paths import CONTENT_DIR
from engine.rules.game import Game
from engine.rules.playout import play_random
from engine.rules.state import State
from tests.engine.rules.test_powers_random import _with_specials

_medians: dict[str, float] = {}
ROUNDS = 15


@cache
def _scenario():
    return load_scenario(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")


def _base(k: list[int]) -> State:
    k[0] += 1
    s = Game(_scenario(), seed=k[0], setup="quick").new_initial_state()
    return play_random(s, seed=k[0], max_rounds=30)


def _specials(k: list[int]) -> State:
    k[0] += 1
    return play_random(_with_specials(k[0]), seed=k[0], max_rounds=30)


def test_bench_random_games_base(benchmark):
    s = benchmark.pedantic(_base, args=([0],), rounds=ROUNDS, iterations=1)
    assert s.is_terminal()
    _medians["base"] = benchmark.stats.stats.median


def test_bench_random_games_all_special_units(benchmark):
    s = benchmark.pedantic(_specials, args=([0],), rounds=ROUNDS, iterations=1)
    assert s.is_terminal()
    median = benchmark.stats.stats.median
    base = _medians.get("base")
    line = f"\nrandom games, all special units: median {median * 1e3:.1f} ms = " \
           f"{1 / median:.1f} games/s"
    if base:
        line += (f"; base game median {base * 1e3:.1f} ms = {1 / base:.1f} games/s; "
                 f"special/base time ratio {median / base:.2f}")
    print(line)
