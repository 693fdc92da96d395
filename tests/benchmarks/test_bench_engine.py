"""Rules engine speed (run with `make bench`): legal moves beside a networkx baseline, and
full random games per second beside replaying the same actions.

Legal moves: an armoured car (speed 4) in the middle of the default map (4-player scenario,
whole map) and of generated 100 x 100 and 1000 x 1000 maps (seeded mix of meadow, forest,
road and water), no other units. The baseline is
`networkx.single_source_dijkstra_path_length` with cutoff 4 on the same terrain graph (edge
weight = the vehicle cost of the target hex; forts and impassable hexes left out), built
once outside the timing. On the 1000 x 1000 map networkx gets the part of the graph within
10 steps of the car (a cutoff of 8 half points reaches at most 8 steps, so its answer is the
same; the whole million-node graph would take gigabytes, and a smaller graph only helps
networkx). Our search does more (enemy contact state, fort entries, paths, option objects),
so a ratio near or below 1 means the search costs no more than a plain Dijkstra. Issue 14's
goal is 0.8 or less.

Random games: seeded `play_random` games on default-2p (30 rounds cap); the baseline replays
the actions of the same games with `apply_unchecked`, which is what is left when choosing
costs nothing. Issue 14's goal is 100 games/s.

The engine runs its compiled modules when `make` built them (engine/accel.py);
`TC_PURE_PYTHON=1 make bench` measures plain Python. The lines say which.

The medians and ratios are printed at the end of the run (`-s` shows them).
"""

from __future__ import annotations

from functools import cache

import networkx as nx
import pytest

from engine import accel
from engine.content import load_scenario
from engine.hexes import disk
from engine.model import TERRAIN_ID, Region
from engine.paths import CONTENT_DIR
from engine.rules.board import half_points
from engine.rules.dice import Dice
from engine.rules.game import Game
from engine.rules.playout import play_random
from engine.rules.state import State
from tests.benchmarks.say import say
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


def _state_on_generated_map(size: int = 100) -> State:
    m = game_map(size, size, markers=12)
    rng = Dice(2026)
    names = ["meadow"] * 12 + ["forest"] * 4 + ["road"] * 3 + ["water"]
    for i in range(len(m.terrain)):
        m.terrain[i] = TERRAIN_ID[names[rng.below(len(names))]]
    m.regions = [Region("half_1_6", "half", set())]
    return empty_state(m, rs=ruleset())


@cache
def _state_on_million_hex_map() -> State:
    # built once for both the engine and the networkx benchmark (it takes seconds)
    return _state_on_generated_map(1000)


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


def _terrain_graph(s: State, around: int | None = None) -> nx.DiGraph:
    """The vehicle graph of the whole board, or of the hexes within 10 steps of `around`."""
    board = s.game.board
    costs = board.costs["vehicle"]
    g = nx.DiGraph()
    if around is None:
        nodes: list[int] | set[int] = range(len(board.neighbours))  # type: ignore[assignment]
    else:
        nodes = {board.index_of[h] for h in disk(board.hexes[around], 10)
                 if h in board.index_of}
    for i in nodes:
        nbrs = board.neighbours[i]
        if board.blocked[i] or costs[i] < 0:
            continue
        for n in nbrs:
            if not board.blocked[n] and costs[n] > 0 and n in nodes:
                g.add_edge(i, n, weight=costs[n])
    return g


CASES = {"default": _state_on_default_map, "100x100": _state_on_generated_map,
         "1000x1000": _state_on_million_hex_map}


@pytest.mark.parametrize("case", list(CASES))
def test_bench_legal_moves(benchmark, case):
    s = CASES[case]()
    car = _car_in_the_middle(s)
    s.legal_moves(car)  # warm-up: the board builds the step rows a search first needs
    moves = benchmark(s.legal_moves, car)
    _remove(s, car)
    assert car.type.speed == 4 and len(moves) > 20
    _medians[f"engine/{case}"] = benchmark.stats.stats.median


@pytest.mark.parametrize("case", list(CASES))
def test_bench_networkx_baseline(benchmark, case, pytestconfig):
    s = CASES[case]()
    car = _car_in_the_middle(s)
    g = _terrain_graph(s, car.pos if case == "1000x1000" else None)
    budget = half_points(car.type.speed)
    lengths = benchmark(nx.single_source_dijkstra_path_length, g, car.pos, cutoff=budget)
    ours = {s.game.board.index_of[h]: o.cost
            for h, o in s.legal_moves(car).items() if o.kind == "move"}
    _remove(s, car)
    # same hexes and costs except the last-step-to-meadow extras, which plain Dijkstra
    # cannot know
    assert {i: c / 2 for i, c in lengths.items() if i != car.pos}.items() <= ours.items()
    _medians[f"networkx/{case}"] = benchmark.stats.stats.median
    engine = _medians.get(f"engine/{case}")
    if engine:
        nxm = _medians[f"networkx/{case}"]
        say(pytestconfig,
            f"\nlegal moves, speed 4, {case} map: engine median {engine * 1e3:.3f} ms, "
            f"networkx median {nxm * 1e3:.3f} ms, engine/networkx = {engine / nxm:.2f}; "
            f"{_mode()}")


def _remove(s: State, u) -> None:
    """Take the benchmark's car off the board again (the 1000 x 1000 state is shared)."""
    del s.occ[u.pos]
    del s.units[u.id]


GAMES = 20


def _mode() -> str:
    compiled = accel.compiled_modules()
    return f"compiled engine modules ({len(compiled)} in use)" if compiled else "plain Python"


def _random_game(k: list[int]) -> State:
    k[0] += 1
    s = Game(_default_scenario(), seed=k[0], setup="quick").new_initial_state()
    return play_random(s, seed=k[0], max_rounds=30)


@cache
def _recorded_games() -> tuple[tuple[object, ...], ...]:
    games = []
    for seed in range(1, GAMES + 1):
        s = Game(_default_scenario(), seed=seed, setup="quick").new_initial_state()
        games.append(tuple(play_random(s, seed=seed, max_rounds=30).history))
    return tuple(games)


def _replayed_game(k: list[int]) -> State:
    k[0] += 1
    s = Game(_default_scenario(), seed=k[0], setup="quick").new_initial_state()
    for a in _recorded_games()[k[0] - 1]:
        s.apply_unchecked(a)  # type: ignore[arg-type]
    return s


def test_bench_random_games_default_2p(benchmark):
    counter = [0]
    s = benchmark.pedantic(_random_game, args=(counter,), rounds=GAMES, iterations=1)
    assert s.is_terminal()
    _medians["random games"] = benchmark.stats.stats.median


def test_bench_replayed_games_default_2p(benchmark, pytestconfig):
    _recorded_games()
    counter = [0]
    s = benchmark.pedantic(_replayed_game, args=(counter,), rounds=GAMES, iterations=1)
    assert s.is_terminal() and tuple(s.history) == _recorded_games()[GAMES - 1]
    replay = benchmark.stats.stats.median
    played = _medians.get("random games")
    if played:
        say(pytestconfig,
            f"\nrandom games on default-2p (30 rounds cap, seeds 1-{GAMES}): median "
            f"{played * 1e3:.1f} ms = {1 / played:.1f} games/s; replaying the same actions: "
            f"median {replay * 1e3:.1f} ms = {1 / replay:.1f} games/s; "
            f"play/replay = {played / replay:.2f}; {_mode()}")
