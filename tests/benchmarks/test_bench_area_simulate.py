"""Area-game simulation speed (make bench): the Der Erste Weltkrieg heuristic AI against the
random AI, the same games on one process (the baseline) and on two (`--jobs 2`), with the
heuristic's win rate printed beside it (TC_BENCH_AREA_GAMES, default 400: half with the
heuristic on each side). A second pair times `declared_odds` (what the heuristic asks before
every battle and the play-test shows beside it) against its old form, which deep-copied the
whole state to declare the battle on the copy (the baseline, kept here).
"""

from __future__ import annotations

import os
from fractions import Fraction

import pytest

from engine.ai.area.heuristic import AreaHeuristicBot
from engine.ai.area.random_bot import AreaRandomBot
from engine.ai.area.simulate import AreaSimSpec, play_out, run
from engine.rules.area import battle
from engine.rules.area.odds import BattleOdds, declared_odds
from engine.rules.area.state import AreaState
from tests.engine.area.fixtures import SCENARIO, game

GAMES = int(os.environ.get("TC_BENCH_AREA_GAMES", "400"))
_results: dict[int, list] = {}
_medians: dict[int, float] = {}


def _both_sides(jobs: int) -> list:
    half = GAMES // 2
    return (run(AreaSimSpec(str(SCENARIO), ("heuristic", "random"), seed="bench"), half,
                jobs=jobs)
            + run(AreaSimSpec(str(SCENARIO), ("random", "heuristic"), seed="bench"), half,
                  jobs=jobs))


@pytest.mark.parametrize("jobs", [1, 2])
def test_area_heuristic_against_random(benchmark, jobs):
    results = benchmark.pedantic(_both_sides, args=(jobs,), rounds=1, iterations=1)
    half = GAMES // 2
    wins = (sum(r.alliance == "central" for r in results[:half])
            + sum(r.alliance == "allies" for r in results[half:]))
    _results[jobs], _medians[jobs] = results, benchmark.stats.stats.median
    print(f"\n{GAMES} area games, --jobs {jobs}: {GAMES / _medians[jobs]:.1f} games/s; "
          f"heuristic wins {wins}/{GAMES}; load average {os.getloadavg()[0]:.1f}")
    if jobs == 2 and 1 in _results:  # parametrized in order: the baseline ran first
        assert _results[1] == _results[2]
        print(f"--jobs 1 {_medians[1]:.2f} s (baseline), --jobs 2 {_medians[2]:.2f} s, "
              f"speed-up {_medians[1] / _medians[2]:.2f}x")


def _mid_game() -> AreaState:
    """A state in round 1's turns with battles to declare (a seeded bot game)."""
    s = game(explicit_chance=False, seed="odds").new_initial_state()
    bots = [AreaHeuristicBot(1), AreaRandomBot(2)]
    while not (s.phase == "turns" and s.step and "battle" not in s.step
               and battle.battle_fronts(s, s.step["controlled"])):
        play_out(s, bots, limit=1)
    return s


def _cloned_odds(s: AreaState, front: int) -> BattleOdds:
    """declared_odds as it was: declare the battle on a deep copy of the state."""
    twin = s.clone()
    battle.declare(twin, front)
    b = twin.step["battle"] if twin.step else None
    if b is None or not b["dfd"]:
        return BattleOdds(Fraction(1), Fraction(0), Fraction(0), undefended=True)
    strongest = {side: max(b[side], key=lambda a: (s.game.armies[a].value, a))
                 for side in ("att", "dfd")}
    faces = s.game.ruleset.die_faces
    p = Fraction(1, len(faces) ** 2)
    win = tie = lose = Fraction(0)
    b = dict(b, markers={}, leads=strongest)
    for x in faces:
        for y in faces:
            t = battle.battle_totals(twin, b, (x, y))
            win += p if t["att"] > t["dfd"] else 0
            tie += p if t["att"] == t["dfd"] else 0
            lose += p if t["att"] < t["dfd"] else 0
    return BattleOdds(win, tie, lose)


@pytest.mark.parametrize("how", ["cloned (baseline)", "declared_odds"])
def test_declared_odds_of_every_battle_front(benchmark, how):
    s = _mid_game()
    fronts = battle.battle_fronts(s, s.step["controlled"])
    odds = _cloned_odds if how.startswith("cloned") else declared_odds
    got = benchmark(lambda: [odds(s, f) for f in fronts])
    assert got == [_cloned_odds(s, f) for f in fronts]
