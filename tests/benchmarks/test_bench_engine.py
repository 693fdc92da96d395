"""Rules engine speed (run with `make bench`): legal moves beside a networkx baseline, and
full random games per second.

Legal moves: an armoured car (speed 4) in the middle of the default map (4-player scenario,
whole map) and of a generated
100 x 100 map (seeded mix of meadow, forest, road and water), no other units. The baseline is
`networkx.single_source_dijkstra_path_length` with cutoff 4 on the same terrain graph (edge
weight = the vehicle cost of the target hex; forts and impassable hexes left out), built
once outside the timing. Our search does more (enemy contact state, fort entries, paths), so
a ratio near or below 1 means the search costs no more than a plain Dijkstra. The medians and
ratios are printed at the end of the run.
"""

from __future__ import annotations

from functools import cache

import networkx as nx
import pytest

from engine.content import load_scenario
from engine.model import TERRAIN_ID, Region
from engine.paths import CONTENT_DIR
from engine.rules.board import half_points
from engine.rules.dice import Dice
from engine.rules.game import Game
from engine.rules.playout import play_random
from engine.rules.state import State
from tests.engine.rules.fixtures import empty_state, game_map, ruleset

_medians: dict[str, float] = {}


@cache
def _default_scenario(name: str = "default-2p"):
    return load_scenario(CONTENT_DIR / "scenarios" / f"{name}.scenario.yaml")


def _state_on_default_map() -> State:
    # the 4-player scenario plays on the whole default map (2 players use one half)
    s = Game(_default_scenario("default-4p"), seed=0, setup="quick").new_initial_state()
    s.units.clear()
    s.occ.clear()
    s.start_turn(0)
    return s


def _state_on_generated_map() -> State:
    m = game_map(100, 100, markers=12)
    rng = Dice(2026)
    names = ["meadow"] * 12 + ["forest"] * 4 + ["road"] * 3 + ["water"]
    for i in range(len(m.terrain)):
        m.terrain[i] = TERRAIN_ID[names[rng.below(len(names))]]
    m.regions = [Region("half_1_6", "half", set())]
    return empty_state(m, rs=ruleset())


def _car_in_the_middle(s: State):
    m = s.game.map
    board = s.game.board
    mid = board.index_of[m.to_axial(m.width // 2, m.height // 2)]
    i = next(k for k in (mid, *board.neighbours[mid])
             if board.standable(k, "vehicle") and board.costs["vehicle"][k] > 0)
    u = s.add_unit(s.game.catalog.units["armoured_car"], s.nation)
    u.pos = i
    s.occ[i] = u
    return u


def _terrain_graph(s: State) -> nx.DiGraph:
    board = s.game.board
    costs = board.costs["vehicle"]
    g = nx.DiGraph()
    for i, nbrs in enumerate(board.neighbours):
        if board.blocked[i] or costs[i] < 0:
            continue
        for n in nbrs:
            if not board.blocked[n] and costs[n] > 0:
                g.add_edge(i, n, weight=costs[n])
    return g


CASES = {"default": _state_on_default_map, "100x100": _state_on_generated_map}


@pytest.mark.parametrize("case", list(CASES))
def test_bench_legal_moves(benchmark, case):
    s = CASES[case]()
    car = _car_in_the_middle(s)
    moves = benchmark(s.legal_moves, car)
    assert car.type.speed == 4 and len(moves) > 20
    _medians[f"engine/{case}"] = benchmark.stats.stats.median


@pytest.mark.parametrize("case", list(CASES))
def test_bench_networkx_baseline(benchmark, case):
    s = CASES[case]()
    car = _car_in_the_middle(s)
    g = _terrain_graph(s)
    budget = half_points(car.type.speed)
    lengths = benchmark(nx.single_source_dijkstra_path_length, g, car.pos, cutoff=budget)
    ours = {s.game.board.index_of[h] for h, o in s.legal_moves(car).items() if o.kind == "move"}
    # same hexes except the last-step-to-meadow extras, which plain Dijkstra cannot know
    assert set(lengths) - {car.pos} <= ours
    _medians[f"networkx/{case}"] = benchmark.stats.stats.median
    engine = _medians.get(f"engine/{case}")
    if engine:
        nxm = _medians[f"networkx/{case}"]
        print(f"\nlegal moves, speed 4, {case} map: engine median {engine * 1e3:.3f} ms, "
              f"networkx median {nxm * 1e3:.3f} ms, engine/networkx = {engine / nxm:.2f}")


def _random_game(k: list[int]) -> State:
    k[0] += 1
    s = Game(_default_scenario(), seed=k[0], setup="quick").new_initial_state()
    return play_random(s, seed=k[0], max_rounds=30)


def test_bench_random_games_default_2p(benchmark):
    counter = [0]
    s = benchmark.pedantic(_random_game, args=(counter,), rounds=20, iterations=1)
    assert s.is_terminal()
    median = benchmark.stats.stats.median
    print(f"\nrandom games on default-2p (30 rounds cap, {len(s.history)} actions in the "
          f"last): median {median * 1e3:.1f} ms = {1 / median:.1f} games/s")
