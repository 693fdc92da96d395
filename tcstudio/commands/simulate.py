"""`tcstudio simulate SCENARIO`: AI-vs-AI games for balance, with confidence intervals.

Exit 0: done; 1: the scenario has errors (listed with their locations); 2: could not run
(bad arguments, missing file, unknown AI kind). An area scenario (Der Erste Weltkrieg) is
simulated by tcstudio.area_simulate with the area AIs.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Any

from engine.i18n import _, ngettext
from engine.rules.phase import end_reason_words
from tcstudio.area_rules import is_area_scenario
from tcstudio.cli_support import finish_simulation, simulated_games


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the `simulate` subcommand."""
    p = subparsers.add_parser(
        "simulate",
        help=_("play many AI-vs-AI games of a hex or Der Erste Weltkrieg area scenario and "
               "report balance"),
        description=
        _("Play N games with an AI on every seat and report balance with 95% confidence "
          "intervals. A Trench Club hex scenario: wins per team, draws, game length, end "
          "reasons, the first player's team's wins, fort captures and owners, and units "
          "destroyed per team and unit type (json, --report). A Der Erste Weltkrieg area "
          "scenario (*.area-scenario.yaml): wins per alliance and faction, games both sides "
          "lose, game length, end reasons, battles, cities taken, victory points and city "
          "owners (json). The same --seed gives the same results whatever --jobs is."),
    )
    p.add_argument("scenario", metavar="SCENARIO",
                   help=_("a hex scenario (*.scenario.yaml) or a Der Erste Weltkrieg area "
                          "scenario (*.area-scenario.yaml)"))
    p.add_argument("--games", type=int, default=100, help=_("number of games (default 100)"))
    p.add_argument("--seed", default="0", help=_("base seed (default 0)"))
    p.add_argument("--jobs", type=int, default=1, help=_("processes (default 1)"))
    p.add_argument("--ai", action="append", default=[], metavar="SEAT=KIND",
                   help=
                   _("AI of a seat: its number (1..); on a hex scenario its nation, e.g. "
                     "FR=automa:standard; on an area scenario its alliance or faction, e.g. "
                     "central=random (default: heuristic on every seat)"))
    p.add_argument("--variant", action="append", default=[],
                   help=_("switch on a variant of the scenario's ruleset"))
    p.add_argument("--players", type=int, choices=(2, 3, 4),
                   help=_("players of a Der Erste Weltkrieg scenario (default: the scenario's)"))
    p.add_argument("--coop", metavar="LEAD+PARTNER",
                   help=_("hex scenarios: two allies play one seat together, e.g. FR+GB or "
                          "france+britain (RULES §9; the seat of either nation)"))
    p.add_argument("--format", choices=("human", "json", "csv"), default="human",
                   help=_("human: a summary; json: the summary with 95%% confidence "
                          "intervals; csv: one line per game"))
    p.add_argument("--report", metavar="DIR",
                   help=_("write plots and summary.json into DIR (hex: win rate, game "
                          "length, fort captures, losses, first player; area: win rate, "
                          "game length)"))
    p.add_argument("--backend", choices=("local", "dask"), default="local",
                   help=_("local processes (default) or Dask distributed (the [cluster] extra)"))
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                   help=
                   _("run on this Dask scheduler (implies --backend dask); without it --backend "
                     "dask starts a LocalCluster of --jobs workers"))
    p.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    p.set_defaults(handler=run)


class _Usage(Exception):
    """Bad arguments: exit 2."""


def _seats(specs: list[str], nations: list[str]) -> tuple[str, ...]:
    # lazy: every command module is imported to build the argument parser; the AI registry
    # loads the rules engine, which only `simulate` needs.
    from engine.ai.registry import UnknownAIError, resolve

    kinds = ["heuristic"] * len(nations)
    for spec in specs:
        seat, sep, kind = spec.partition("=")
        if not sep or not seat or not kind:
            raise _Usage(_("--ai {spec!r}: expected SEAT=KIND, e.g. 1=heuristic", spec=spec))
        if seat.isdigit() and 1 <= int(seat) <= len(nations):
            i = int(seat) - 1
        elif seat.upper() in nations:
            i = nations.index(seat.upper())
        else:
            raise _Usage(_("--ai {spec!r}: no seat {seat!r} (hint: 1..{n_nations} or {nations})",
                           spec=spec, seat=seat, n_nations=len(nations),
                           nations=', '.join(nations)))
        try:
            kinds[i] = resolve(kind)
        except UnknownAIError as exc:
            raise _Usage(_("--ai {spec!r}: {exc}", spec=spec, exc=exc)) from None
    return tuple(kinds)


def _coop(text: str | None) -> str | None:
    """The --coop pair as "FR+GB" (_Usage when it is not two allies)."""
    if text is None:
        return None
    # lazy: the rules engine loads only for `simulate`, not to build the parser.
    from engine.rules.coop import CoopError, parse_pair

    try:
        return "+".join(parse_pair(text))
    except CoopError as exc:
        raise _Usage(_("--coop: {why}", why=str(exc))) from None


def _check_coop(scenario: Any, text: str | None) -> None:
    """_Usage when the --coop pair has no seat to take in the scenario."""
    if text is None:
        return
    # lazy: as in _coop.
    from engine.rules.coop import CoopError, seated

    try:
        seated(scenario, text, None)
    except CoopError as exc:
        raise _Usage(_("--coop: {why}", why=str(exc))) from None


class _Bar:
    """A one-line progress bar on stderr: done/total, games per second and ETA."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.start = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        elapsed = max(time.monotonic() - self.start, 1e-9)
        speed = done / elapsed
        eta = (total - done) / speed if speed else 0.0
        filled = int(30 * done / max(total, 1))
        sys.stderr.write(_("\r[{bar}{rest}] {done}/{total} {speed:.1f} games/s ETA {eta:.0f} s ",
                           bar="#" * filled, rest="." * (30 - filled), done=done, total=total,
                           speed=speed, eta=eta))
        if done >= total:
            sys.stderr.write(_("\ndone in {elapsed:.1f} s\n", elapsed=elapsed))
        sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    """Check the arguments and scenario, simulate, print the summary; the exit code."""
    # lazy: the simulator loads the rules engine and the AIs, which only `simulate` needs.
    from engine.ai.simulate import MAX_GAMES, SimSpec, load, summarize
    from engine.ai.simulate import run as simulate
    from engine.content import ContentError
    from engine.jobs import MAX_JOBS
    from engine.rules.game import Game, ScenarioError

    path = Path(args.scenario)
    try:
        if not 1 <= args.games <= MAX_GAMES:
            raise _Usage(_("--games must be 1 to {max_games:,}, got {games}",
                           max_games=MAX_GAMES, games=args.games))
        if not 1 <= args.jobs <= MAX_JOBS:
            raise _Usage(_("--jobs must be 1 to {max_jobs}, got {jobs}", max_jobs=MAX_JOBS,
                           jobs=args.jobs))
        if not path.is_file():
            raise _Usage(_("{path}: no such file (hint: check the path)", path=path))
        if is_area_scenario(path):
            # lazy: the area engine and its AIs load only for an area scenario.
            from tcstudio.area_simulate import run_area

            return run_area(args, _seed(args.seed), _Bar(not args.quiet))
        if args.players is not None:
            sys.stderr.write(_("tcstudio simulate: {path}: --players is for Der Erste Weltkrieg "
                               "scenarios; a Trench Club scenario has its own seats (hint: drop "
                               "--players)\n", path=path))
            return 1
        try:
            scenario = load(str(path))
            _check_coop(scenario, args.coop)
            game = Game(scenario, seed=0, setup="quick", variants=tuple(args.variant),
                        coop=_coop(args.coop))
        except ContentError as exc:
            problems = list(getattr(exc, "problems", []) or [])
            for problem in problems:
                sys.stderr.write(problem.format() + "\n")
            sys.stderr.write(_("tcstudio simulate: {path}: the scenario has errors{value} (hint: "
                               "run 'tcstudio validate' on it)\n", path=path,
                               value=_(" (listed above)") if problems else f": {exc}"))
            return 1
        except ScenarioError as exc:
            sys.stderr.write(_("tcstudio simulate: {path}: {exc}\n", path=path, exc=exc))
            return 1
        seats = _seats(args.ai, game.nations)
    except _Usage as exc:
        sys.stderr.write(_("tcstudio simulate: {exc}\n", exc=exc))
        return 2
    seed = _seed(args.seed)
    spec = SimSpec(str(path), seats, seed=seed, variants=tuple(args.variant),
                   coop=_coop(args.coop))
    bar = _Bar(not args.quiet)
    results = simulated_games(spec, args, bar, simulate)
    if results is None:
        return 2
    summary = summarize(spec, results)
    summary["elapsed_s"] = round(time.monotonic() - bar.start, 3)

    def report(folder: Path) -> object:
        # lazy: matplotlib takes a second to import and only --report draws plots.
        from tcstudio.sim_report import write_report
        return write_report(summary, scenario, folder)

    return finish_simulation(args, summary, lambda: [_row(r) for r in results],
                             lambda: _human(summary), report)


def _seed(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def _row(result: Any) -> dict[str, Any]:
    """A hex game's result as one flat CSV row (its per-fort and per-unit tallies as JSON)."""
    row = dataclasses.asdict(result)
    row["winner"] = row["winner"] or ""
    for key in ("losses", "captures", "final_owner"):
        row[key] = json.dumps(row[key], sort_keys=True)
    return row


def _pct(r: dict[str, Any]) -> str:
    low, high = r["ci95"]
    return _("{rate:.1%} (95% CI {low:.1%}–{high:.1%}, {count}/{games})", rate=r["rate"],
             low=low, high=high, count=r["count"], games=r["games"])


# The teams as the rulebooks call them (the summary's keys stay the engine's ids).
TEAM_WORDS = {"central": _("central"), "entente": _("entente"), "neutral": _("neutral")}


def _human(s: dict[str, Any]) -> str:
    lines = [ngettext("{n} game of {scenario}, seed {seed}: {seats}",
                      "{n} games of {scenario}, seed {seed}: {seats}", s["games"],
                      scenario=s["scenario"], seed=s["seed"],
                      seats=", ".join(
                          f"{'+'.join(filter(None, (x['nation'], x.get('partner'))))}={x['ai']}"
                          for x in s["seats"]))]
    lines += [_("  {team} wins: {rate}", team=TEAM_WORDS.get(team, team), rate=_pct(r))
              for team, r in s["wins"].items()]
    lines.append(_("  draws: {rate}", rate=_pct(s["draws"])))
    lines.append(_("  ended by: {reasons}; round cap {rate}",
                   reasons=", ".join(f"{end_reason_words(k)} {v}"
                                     for k, v in s["end_reasons"].items()),
                   rate=_pct(s["round_cap"])))
    r = s["rounds"]
    lines.append(_("  rounds: mean {mean:.2f} (95% CI {low:.2f}–{high:.2f})", mean=r["mean"],
                   low=r["ci95"][0], high=r["ci95"][1]))
    lines.append(_("  first player's team wins: {rate}", rate=_pct(s["first_player_wins"])))
    destroyed = {team: sum(v["mean"] for k, v in s["losses"].items() if k.startswith(f"{team}/"))
                 for team in s["wins"]}
    lines.append(_("  units destroyed per game: {teams}", teams=", ".join(
        f"{TEAM_WORDS.get(team, team)} {n:.2f}" for team, n in destroyed.items())))
    return "\n".join(lines) + "\n"
