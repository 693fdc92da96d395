"""AI-vs-AI balance simulation of the area game, on one or several processes.

As for the hex game (engine.ai.simulate): game k of a run with seed S is played with game
seed "S:k" and bots seeded "S:k:SEAT", so its result depends only on (scenario, seats,
variants, S, k) and the same seed gives the same results whatever the number of processes.
Results come back in game order; `summarize` turns them into JSON with 95 % confidence
intervals.
"""

from __future__ import annotations

import copy
import gc
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from engine.ai.area.registry import make_bot, resolve
from engine.ai.simulate import BATCH, Progress, batches, run_batches
from engine.ai.stats import mean, rate
from engine.area_model import FACTIONS, AreaScenario
from engine.content import ContentError, load_file
from engine.gcpause import gc_paused
from engine.i18n import _
from engine.rules.area.game import AreaGame
from engine.rules.area.state import AreaState

MAX_ACTIONS = 20_000  # a safety net: bot games take a few hundred decisions
ALLIANCES = ("allies", "central")


@dataclass(frozen=True)
class AreaSimSpec:
    """What to simulate: an area scenario file, the AI kind per seat, the seed, variants and
    the number of players (None: the scenario's)."""

    scenario: str
    seats: tuple[str, ...]
    seed: int | str = 0
    variants: tuple[str, ...] = ()
    players: int | None = None


@dataclass
class AreaGameResult:
    """What one simulated area game produced."""

    index: int
    alliance: str | None  # the winning alliance; None when both capitulated
    winners: list[str]
    reason: str  # victory_points, fronts, capitulation, treaty_garrison or action_cap
    rounds: int
    actions: int
    vp: dict[str, int] = field(default_factory=dict)
    battles: int = 0
    cities_taken: int = 0
    final_owner: dict[str, str] = field(default_factory=dict)  # city -> alliance

    def row(self) -> dict[str, Any]:
        """The result as one flat CSV row (victory points one column per faction)."""
        out = {k: v for k, v in asdict(self).items() if k not in ("vp", "final_owner")}
        out["alliance"] = self.alliance or ""
        out["winners"] = "+".join(self.winners)
        out.update({f"vp_{f}": self.vp.get(f, 0) for f in FACTIONS})
        return out


_SCENARIOS: dict[str, AreaScenario] = {}


def load(path: str) -> AreaScenario:
    """The area scenario of a file, loaded once per process (ContentError when it has
    errors or is not an area scenario)."""
    if path not in _SCENARIOS:
        loaded = load_file(Path(path), "area-scenario")
        if loaded.errors or loaded.model is None:
            raise ContentError(loaded.errors or loaded.problems)
        _SCENARIOS[path] = loaded.model
    return _SCENARIOS[path]


def with_players(scenario: AreaScenario, players: int | None) -> AreaScenario:
    """The scenario for `players` players (a copy; the scenario itself when None or the
    same)."""
    if players is None or players == scenario.players:
        return scenario
    made = copy.copy(scenario)
    made.players = players
    return made


def seat_names(game: AreaGame) -> list[str]:
    """Per seat, the name `--ai` may use besides its number: the alliance when the seat
    plays a whole alliance, else its faction."""
    out = []
    for factions in game.seats:
        alliances = {game.alliance[f] for f in factions}
        whole = len(factions) > 1 and len(alliances) == 1
        out.append(next(iter(alliances)) if whole else factions[0])
    return out


def play_game(scenario: AreaScenario, spec: AreaSimSpec, k: int) -> AreaGameResult:
    """Play game `k` of a simulation of `scenario` to its end (the spec's path is not read)."""
    game = AreaGame(with_players(scenario, spec.players), seed=f"{spec.seed}:{k}",
                    variants=spec.variants)
    s = game.new_initial_state()
    bots = [make_bot(kind, f"{spec.seed}:{k}:{i}") for i, kind in enumerate(spec.seats)]
    n = play_out(s, bots)
    result = s.result or {"alliance": None, "winners": [], "reason": "action_cap"}
    events = Counter(e["event"] for e in s.log)
    owners = {c: game.alliance[f] for c, f in sorted(s.owner.items())}
    return AreaGameResult(k, result["alliance"], list(result["winners"]), result["reason"],
                          s.round, n, dict(s.vp), events["battle"], events["city_taken"],
                          owners)


def play_out(s: AreaState, bots: list[Any], limit: int = MAX_ACTIONS) -> int:
    """Let the bots (one per seat) play `s` until the game ends or `limit` decisions were
    taken; the number of decisions."""
    n = 0
    while not s.is_terminal() and n < limit:
        s.apply_action(bots[s.current_player()].choose(s))
        n += 1
    return n


def play_batch(args: tuple[AreaSimSpec, int, int]) -> list[AreaGameResult]:
    """Play games [start, stop) of a simulation (one task of a process pool)."""
    spec, start, stop = args
    scenario = load(spec.scenario)
    out = []
    for k in range(start, stop):
        with gc_paused():
            out.append(play_game(scenario, spec, k))
        gc.collect(0)
    return out


def run(spec: AreaSimSpec, games: int, jobs: int = 1, progress: Progress | None = None,
        batch: int = BATCH) -> list[AreaGameResult]:
    """Play `games` games (on `jobs` processes) and return their results in game order."""
    for kind in spec.seats:
        resolve(kind)
    load(spec.scenario)
    return run_batches(play_batch, [(spec, a, b) for a, b in batches(games, batch)], games,
                       jobs, progress)


def summarize(spec: AreaSimSpec, results: list[AreaGameResult],
              scenario: AreaScenario | None = None) -> dict[str, Any]:
    """JSON data: wins per alliance and faction, games both sides lost, game length, end
    reasons, victory points, battles and who holds each city at the end, with 95 %
    confidence intervals."""
    n = len(results)
    game = AreaGame(with_players(scenario or load(spec.scenario), spec.players), seed=0,
                    variants=spec.variants)
    names = seat_names(game)
    wins = Counter(r.alliance for r in results)
    faction_wins = Counter(f for r in results for f in r.winners)
    return {
        "game": "area",
        "scenario": spec.scenario, "games": n, "seed": spec.seed,
        "players": game.scenario.players, "variants": list(game.variants),
        "seats": [{"seat": i + 1, "name": names[i], "factions": list(fs), "ai": kind}
                  for i, (fs, kind) in enumerate(zip(game.seats, spec.seats, strict=True))],
        "wins": {a: rate(wins[a], n) for a in ALLIANCES},
        "faction_wins": {f: rate(faction_wins[f], n) for f in FACTIONS},
        "draws": rate(wins[None], n),
        "end_reasons": dict(sorted(Counter(r.reason for r in results).items())),
        "action_cap": rate(sum(1 for r in results if r.reason == "action_cap"), n),
        "rounds": {**mean([float(r.rounds) for r in results]),
                   "histogram": dict(sorted(Counter(r.rounds for r in results).items()))},
        "actions": mean([float(r.actions) for r in results]),
        "battles": mean([float(r.battles) for r in results]),
        "cities_taken": mean([float(r.cities_taken) for r in results]),
        "vp": {f: mean([float(r.vp.get(f, 0)) for r in results]) for f in FACTIONS},
        "cities": {c.id: {a: rate(sum(1 for r in results if r.final_owner.get(c.id) == a), n)
                          for a in ALLIANCES}
                   for c in sorted(game.map.cities, key=lambda c: c.id)},
    }


def seat_problem(game: AreaGame, seat: str) -> str | None:
    """Why `seat` (a number from 1, a faction or an alliance) names no seat of the game, or
    None when it does."""
    if seat_index(game, seat) is not None:
        return None
    return _("no seat {seat!r} (hint: 1..{n} or {names})", seat=seat, n=len(game.seats),
             names=', '.join(seat_names(game)))


def seat_index(game: AreaGame, seat: str) -> int | None:
    """The index of the seat that `seat` names: its number from 1, its alliance (when it
    plays a whole one) or one of its factions; None when it names none."""
    if seat.isdigit() and 1 <= int(seat) <= len(game.seats):
        return int(seat) - 1
    key = seat.lower()
    for i, factions in enumerate(game.seats):
        if key in factions or key == seat_names(game)[i]:
            return i
    return None
