"""`tcstudio simulate` on a Der Erste Weltkrieg area scenario: AI-vs-AI games with the area
bots (engine.ai.area), the same options as for hex scenarios where they apply.

Exit 0: done; 1: the scenario has errors, or an option does not apply to the area game or
names no seat, AI kind or variant of it (each message names the file and the option);
2: could not run (a report folder that cannot be written).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from engine.ai.area.registry import resolve
from engine.ai.area.simulate import (
    AreaSimSpec,
    load,
    play_batch,
    run,
    seat_index,
    seat_problem,
    summarize,
    with_players,
)
from engine.ai.registry import UnknownAIError
from engine.content import ContentError
from engine.i18n import _, ngettext, translate
from engine.rules.area.game import AreaGame, AreaScenarioError
from tcstudio.cli_support import finish_simulation, simulated_games

DEFAULT_AI = "heuristic"


class AreaOptionError(ValueError):
    """An option that does not apply to an area scenario or names nothing in it (exit 1)."""


def _refuse_hex_options(args: argparse.Namespace) -> None:
    """AreaOptionError for the option that only the hex game has."""
    if args.coop:
        raise AreaOptionError(_("--coop does not apply to an area scenario: its seats are "
                                "alliances or factions, not allied nations (hint: drop "
                                "--coop; name each seat's AI with --ai)"))


def seats(game: AreaGame, specs: list[str]) -> tuple[str, ...]:
    """The AI kind of each seat from `--ai SEAT=KIND` options (heuristic by default)."""
    kinds = [DEFAULT_AI] * len(game.seats)
    for spec in specs:
        seat, sep, kind = spec.partition("=")
        if not sep or not seat or not kind:
            raise AreaOptionError(_("--ai {spec!r}: expected SEAT=KIND, e.g. 1=heuristic or "
                                    "central=random", spec=spec))
        i = seat_index(game, seat)
        if i is None:
            raise AreaOptionError(_("--ai {spec!r}: {why}", spec=spec,
                                    why=seat_problem(game, seat)))
        try:
            kinds[i] = resolve(kind)
        except UnknownAIError as exc:
            raise AreaOptionError(_("--ai {spec!r}: {exc}", spec=spec, exc=exc)) from None
    return tuple(kinds)


def run_area(args: argparse.Namespace, seed: int | str, progress: Any) -> int:
    """Simulate an area scenario as `args` ask and print the results; the exit code."""
    path = Path(args.scenario)
    try:
        _refuse_hex_options(args)
        scenario = with_players(load(str(path)), args.players)
        game = AreaGame(scenario, seed=0, variants=tuple(args.variant))
        kinds = seats(game, args.ai)
    except ContentError as exc:
        for problem in exc.problems:
            sys.stderr.write(problem.format() + "\n")
        sys.stderr.write(_("tcstudio simulate: {path}: the scenario has errors (listed above) "
                           "(hint: run 'tcstudio validate' on it)\n", path=path))
        return 1
    except (AreaOptionError, AreaScenarioError) as exc:
        sys.stderr.write(_("tcstudio simulate: {path}: {exc}\n", path=path, exc=exc))
        return 1
    spec = AreaSimSpec(str(path), kinds, seed=seed, variants=tuple(args.variant),
                       players=args.players)
    results = simulated_games(spec, args, progress, run, play_batch)
    if results is None:
        return 2
    summary = summarize(spec, results, scenario)
    summary["elapsed_s"] = round(time.monotonic() - progress.start, 3)

    def report(folder: Path) -> object:
        # lazy: matplotlib takes a second to import and only --report draws plots.
        from tcstudio.sim_report import write_area_report
        return write_area_report(summary, folder)

    return finish_simulation(args, summary, lambda: [r.row() for r in results],
                             lambda: human(summary), report)


ALLIANCE_WORDS = {"central": _("Central Powers"), "allies": _("Entente")}
REASON_WORDS = {"victory_points": _("victory points"), "fronts": _("fronts held"),
                "capitulation": _("capitulation"), "treaty_garrison": _("treaty garrison broken"),
                "action_cap": _("action limit")}


def _pct(r: dict[str, Any]) -> str:
    low, high = r["ci95"]
    return _("{rate:.1%} (95% CI {low:.1%}–{high:.1%}, {count}/{games})", rate=r["rate"],
             low=low, high=high, count=r["count"], games=r["games"])


def human(s: dict[str, Any]) -> str:
    """The summary as a few readable lines."""
    lines = [ngettext("{n} game of {scenario}, seed {seed}: {seats}",
                      "{n} games of {scenario}, seed {seed}: {seats}", s["games"],
                      scenario=s["scenario"], seed=s["seed"],
                      seats=", ".join(f"{x['name']}={x['ai']}" for x in s["seats"]))]
    lines += [_("  {team} wins: {rate}", team=ALLIANCE_WORDS[a], rate=_pct(r))
              for a, r in s["wins"].items()]
    lines.append(_("  both sides lose: {rate}", rate=_pct(s["draws"])))
    lines.append(_("  ended by: {reasons}", reasons=", ".join(
        f"{translate(REASON_WORDS.get(k, k))} {v}" for k, v in s["end_reasons"].items())))
    r = s["rounds"]
    lines.append(_("  rounds: mean {mean:.2f} (95% CI {low:.2f}–{high:.2f})", mean=r["mean"],
                   low=r["ci95"][0], high=r["ci95"][1]))
    lines.append(_("  battles per game: mean {mean:.1f}; cities taken: mean {taken:.1f}",
                   mean=s["battles"]["mean"], taken=s["cities_taken"]["mean"]))
    return "\n".join(lines) + "\n"

