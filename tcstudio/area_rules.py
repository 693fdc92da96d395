"""`tcstudio rules new|actions|log|apply` for Der Erste Weltkrieg (area-map) games: the same
commands and JSON shapes as for hex games, answered by engine.rules.area."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.i18n import _
from tcstudio.cli_support import write_output

# lazy-imports: the area engine loads only when a command runs on an area game.


class AreaCommandError(ValueError):
    """Bad input to an area-game command (exit 1)."""


def is_area_scenario(path: Path) -> bool:
    """Whether the file is an area scenario."""
    from engine.rules.area.savefile import is_area_scenario as check
    return check(path)


def is_area_save(path: Path) -> bool:
    """Whether the file is a saved area game."""
    from engine.rules.area.savefile import is_area_save as check
    return check(path)


def is_area_source(path: Path) -> bool:
    """Whether the file is an area scenario or save."""
    return is_area_scenario(path) or is_area_save(path)


def _seed(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def _load(source: str, seed: str) -> Any:
    from engine.rules.area.savefile import load_area_save, new_area_game
    path = Path(source)
    return load_area_save(path) if is_area_save(path) else new_area_game(path, seed=_seed(seed))


def _summary(s: Any) -> dict[str, Any]:
    return {"round": s.round, "phase": s.phase, "current_player": s.current_player(),
            "faction": s.actor, "vp": dict(s.vp), "result": s.result}


def new(args: argparse.Namespace) -> dict[str, Any]:
    """`rules new` on an area scenario: write a save at the start of the game."""
    from engine.rules.area.savefile import new_area_game, write_area_save
    s = new_area_game(args.scenario, seed=_seed(args.seed), variants=tuple(args.variant),
                      players=getattr(args, "players", None))
    write_output(write_area_save, s, args.out)
    return {"save": args.out, **_summary(s)}


def actions(args: argparse.Namespace) -> dict[str, Any]:
    """`rules actions`: the legal actions of the faction to decide."""
    s = _load(args.source, args.seed)
    return {**_summary(s), "actions": [a.text() for a in s.legal_actions()]}


def log(args: argparse.Namespace) -> dict[str, Any]:
    """`rules log`: the game's events."""
    s = _load(args.source, args.seed)
    return {"events": s.log}


def apply(args: argparse.Namespace) -> dict[str, Any]:
    """`rules apply`: apply action texts (as `rules actions` prints them) to a save; on a front
    linked to a Trench Club battlefield, `resolve_battle central|allies|draw` enters the
    battlefield game's result."""
    from engine.rules.area import battle
    from engine.rules.area.savefile import load_area_save, save_data, write_area_save
    s = load_area_save(args.save)
    for k, text in enumerate(args.actions, 1):
        by_text = {a.text(): a for a in s.legal_actions()}
        action = by_text.get(" ".join(text.split()))
        if action is None and text.split()[:1] == ["resolve_battle"]:
            why = battle.resolve_problem(s) or _("the winner is one of {results}",
                                                 results=", ".join(battle.RESULTS))
            raise AreaCommandError(_("action {k} {text!r:.80} is not legal now: {why}", k=k,
                                     text=text, why=why))
        if action is None:
            legal = ", ".join(list(by_text)[:8]) or _("none (the game is over)")
            raise AreaCommandError(_("action {k} {text!r:.80} is not legal now (hint: legal are "
                                     "{legal}{value})", k=k, text=text, legal=legal,
                                     value=', …' if len(by_text) > 8 else ''))
        s.apply_action(action)
    if args.out:
        write_output(write_area_save, s, args.out)
    return {**save_data(s, args.out or args.save), "actions_legal":
            [a.text() for a in s.legal_actions()][:50]}
