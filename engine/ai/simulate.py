"""AI-vs-AI balance simulation: many games of one scenario, on one or several processes.

Game k of a run with seed S is played with game seed "S:k" and bots seeded "S:k:SEAT", so its
result depends only on (scenario, seats, S, k): the same seed gives the same results whatever
the number of processes. Results come back in game order; `summarize` turns them into JSON
with 95 % confidence intervals.
"""

from __future__ import annotations

import dataclasses
import gc
import multiprocessing
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from engine.ai.registry import make_bot, resolve
from engine.ai.stats import mean, rate
from engine.content import load_scenario
from engine.gcpause import gc_paused
from engine.jobs import MAX_JOBS
from engine.model import Scenario
from engine.rules.events import FortCaptured
from engine.rules.game import Game
from engine.rules.losses import destroyed_units

R = TypeVar("R")

Progress = Callable[[int, int], None]
BATCH = 8  # games per task: large enough that a task outlasts its messaging
# A run's results are kept in memory (about 1 KB a game) and its tasks listed up front.
MAX_GAMES = 1_000_000


@dataclass(frozen=True)
class SimSpec:
    """What to simulate: a scenario file, the AI kind per seat, the base seed and limits."""

    scenario: str
    seats: tuple[str, ...]
    seed: int | str = 0
    setup: str = "quick"
    variants: tuple[str, ...] = ()
    max_rounds: int = 30  # the bots surrender after it (their default); counted as the cap
    coop: str | None = None  # "FR+GB": two allies play one seat (engine.rules.coop)


@dataclass
class GameResult:
    """What one simulated game produced."""

    index: int
    winner: str | None
    reason: str
    rounds: int
    actions: int
    first_team: str
    losses: dict[str, int] = field(default_factory=dict)  # "team/unit_type" -> units destroyed
    captures: dict[str, int] = field(default_factory=dict)  # fort id -> times captured
    final_owner: dict[str, str] = field(default_factory=dict)  # fort id -> team or neutral


_SCENARIOS: dict[str, Scenario] = {}


def load(path: str) -> Scenario:
    """The scenario of a file, loaded once per process (ContentError when it has errors)."""
    if path not in _SCENARIOS:
        _SCENARIOS[path] = load_scenario(Path(path))
    return _SCENARIOS[path]


def seated(scenario: Scenario, kinds: tuple[str, ...]) -> Scenario:
    """The scenario with each seat's controller set to its AI kind (the engine applies the
    Automa's rules to "automa:LEVEL" seats)."""
    seats = [dataclasses.replace(seat, controller=kind)
             for seat, kind in zip(scenario.seats, kinds, strict=True)]
    return dataclasses.replace(scenario, seats=seats)


def play_one(spec: SimSpec, k: int) -> GameResult:
    """Play game `k` of a simulation to its end."""
    return play_game(load(spec.scenario), spec, k)


def play_game(scenario: Scenario, spec: SimSpec, k: int) -> GameResult:
    """Play game `k` of a simulation of `scenario` (e.g. an editor's map in memory); the spec
    gives the seats, seed and options (its `scenario` path is not read)."""
    game = Game(seated(scenario, spec.seats), seed=f"{spec.seed}:{k}",
                setup=spec.setup, variants=spec.variants, coop=spec.coop)
    s = game.new_initial_state()
    bots = [make_bot(kind, f"{spec.seed}:{k}:{i}") for i, kind in enumerate(spec.seats)]
    n = 0
    while not s.is_terminal():
        s.apply_unchecked(bots[s.current].choose(s))
        n += 1
    losses: Counter[str] = Counter()
    for uid in destroyed_units(s.log):
        flag, rest = uid.split("-", 1)  # ids are FLAG-type-k (State.add_unit)
        team = game.team_of[game.seat_of[flag]]  # a co-op partner's units count for its seat
        losses[f"{team}/{rest.rsplit('-', 1)[0]}"] += 1
    captures = Counter(e.fort for e in s.log if isinstance(e, FortCaptured))
    owners = {f: game.team_of.get(o, "neutral") for f, o in s.fort_owner.items()
              if f in game.board.fort_entrances}
    first = game.team_of[game.nations[s.first_player or 0]]
    return GameResult(k, s.winner_team, s.reason, s.round, n, first, dict(losses),
                      dict(captures), owners)


def play_batch(args: tuple[SimSpec, int, int]) -> list[GameResult]:
    """Play games [start, stop) of a simulation (one task of a process pool or cluster)."""
    spec, start, stop = args
    out = []
    for k in range(start, stop):
        # A game allocates many short-lived containers and few cycles: one young-generation
        # collection after it costs less than the collector's runs during it.
        with gc_paused():
            out.append(play_one(spec, k))
        gc.collect(0)
    return out


def batches(games: int, size: int = BATCH) -> list[tuple[int, int]]:
    """Game index ranges [start, stop) of at most `size` games."""
    return [(a, min(a + size, games)) for a in range(0, games, size)]


def run(spec: SimSpec, games: int, jobs: int = 1, progress: Progress | None = None,
        batch: int = BATCH) -> list[GameResult]:
    """Play `games` games (on `jobs` processes) and return their results in game order."""
    for kind in spec.seats:
        resolve(kind)
    load(spec.scenario)
    return run_batches(play_batch, [(spec, a, b) for a, b in batches(games, batch)], games,
                       jobs, progress)


def run_batches(play: Callable[[Any], list[R]], tasks: list[Any], games: int, jobs: int = 1,
                progress: Progress | None = None) -> list[R]:
    """The results of `play` over `tasks` (batches of `games` games in all) in task order,
    on `jobs` forked processes (in this one for a single job), reporting progress per batch."""
    out: list[R] = []
    jobs = min(jobs, len(tasks), MAX_JOBS)
    if jobs <= 1:
        chunks: Iterator[list[R]] = map(play, tasks)
        for chunk in chunks:
            out.extend(chunk)
            if progress:
                progress(len(out), games)
        return out
    ctx = multiprocessing.get_context("fork" if "fork" in
                                      multiprocessing.get_all_start_methods() else "spawn")
    with ctx.Pool(jobs) as pool:
        for chunk in pool.imap(play, tasks):
            out.extend(chunk)
            if progress:
                progress(len(out), games)
    return out


def summarize(spec: SimSpec, results: list[GameResult],
              scenario: Scenario | None = None) -> dict:
    """JSON data: wins per team, draws, game length, end reasons, forts and losses, with
    95 % confidence intervals (of `scenario`, by default the spec's file)."""
    n = len(results)
    game = Game(scenario or load(spec.scenario), seed=0, setup=spec.setup,
                variants=spec.variants, coop=spec.coop)
    teams = sorted(set(game.team_of.values()))
    wins = Counter(r.winner for r in results)
    reasons = Counter(r.reason for r in results)
    capped = sum(1 for r in results if r.reason == "surrender" and r.rounds > spec.max_rounds)
    forts = sorted(game.board.fort_entrances)
    first_wins = sum(1 for r in results if r.winner == r.first_team)
    unit_types = sorted({k for r in results for k in r.losses})
    return {
        "scenario": spec.scenario, "games": n, "seed": spec.seed,
        "seats": [{"seat": i + 1, "nation": nation, "team": game.team_of[nation], "ai": kind}
                  | ({"partner": game.partner_of[nation]} if nation in game.partner_of else {})
                  for i, (nation, kind) in enumerate(zip(game.nations, spec.seats, strict=True))],
        "wins": {t: rate(wins[t], n) for t in teams},
        "draws": rate(wins[None], n),
        "end_reasons": dict(sorted(reasons.items())),
        "round_cap": rate(capped, n),
        "rounds": {**mean([float(r.rounds) for r in results]),
                   "histogram": dict(sorted(Counter(r.rounds for r in results).items()))},
        "actions": mean([float(r.actions) for r in results]),
        "first_player_wins": rate(first_wins, n),
        "forts": {f: {"captures": mean([float(r.captures.get(f, 0)) for r in results]),
                      "held_at_end": {t: rate(sum(1 for r in results
                                                  if r.final_owner.get(f) == t), n)
                                      for t in [*teams, "neutral"]}}
                  for f in forts},
        "losses": {k: mean([float(r.losses.get(k, 0)) for r in results]) for k in unit_types},
    }
