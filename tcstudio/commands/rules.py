"""`tcstudio rules …`: play and query the rules engine with JSON output.

Subcommands: new, moves, targets, odds, actions, log, apply, ai. Shapes are documented in
docs/engine.md. Exit 0: done; 1: bad input (unknown unit, illegal action, corrupt save);
2: could not run (bad arguments, unreadable path).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.i18n import _, in_language
from tcstudio import area_rules as area
from tcstudio.cli_support import OutputError, printable, write_output

# lazy-imports: each subcommand imports the part of engine.rules it uses when it runs; the
# rules engine costs ~40 ms to load and every command module is imported to build the parser.


class _Bad(Exception):
    """Bad input: message for stderr, exit code 1."""


class _Usage(Exception):
    """Bad arguments: message for stderr, exit code 2."""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the `rules` subcommand and its subcommands."""
    parser = subparsers.add_parser(
        "rules", help=_("play and query the rules engine (JSON output)"),
        description=
        _("Create saved games, list legal moves, targets and odds, apply actions. SCENARIO_OR_SAVE "
          "is a scenario file (a new quick-setup game with --seed) or a save."),
    )
    sub = parser.add_subparsers(dest="rules_command", metavar="SUBCOMMAND",
                                parser_class=type(parser))
    parser.set_defaults(handler=lambda _args: _usage(parser))

    p = sub.add_parser("new", help=_("create a saved game from a scenario"))
    p.add_argument("scenario", metavar="SCENARIO")
    p.add_argument("--seed", default="0", help=_("seed of every die (default 0)"))
    p.add_argument("--quick", action="store_true", help=_("quick setup: armies placed at random"))
    p.add_argument("--variant", action="append", default=[], help=_("switch on a variant"))
    p.add_argument("--players", type=int, choices=(2, 3, 4),
                   help=_("players of a Der Erste Weltkrieg game (default: the scenario's)"))
    p.add_argument("--coop", metavar="LEAD+PARTNER",
                   help=_("co-op: two allies play one seat together, e.g. FR+GB or "
                          "france+britain (RULES §9)"))
    p.add_argument("--ai", action="append", default=[], metavar="NATION=KIND",
                   help=_("controller of a seat, e.g. DE=automa:easy (the Automa's and enemy "
                          "table's rules apply to their seats); default: the scenario's"))
    p.add_argument("--out", required=True, metavar="SAVE", help=_("save file to write"))
    p.set_defaults(handler=_run(_new))

    for name, helptext in (("moves", "reachable hexes of a unit with cost and path"),
                           ("targets", "units a unit can attack from where it stands")):
        p = sub.add_parser(name, help=helptext)
        _source_args(p)
        p.add_argument("--unit", required=True, metavar="ID")
        if name == "moves":
            p.add_argument("--any-time", action="store_true",
                           help=_("as if it were the unit's move phase and it had not moved"))
        p.set_defaults(handler=_run(_moves if name == "moves" else _targets))

    p = sub.add_parser("odds", help=_("exact damage odds of an attack"))
    _source_args(p)
    p.add_argument("--attacker", required=True, metavar="ID")
    p.add_argument("--defender", required=True, metavar="ID")
    p.set_defaults(handler=_run(_odds))

    p = sub.add_parser("actions", help=_("legal actions of the player to act"))
    _source_args(p)
    p.set_defaults(handler=_run(_actions))

    p = sub.add_parser("log", help=_("the game's event log, each event with its readable line"))
    _source_args(p)
    p.set_defaults(handler=_run(_log))

    p = sub.add_parser("apply", help=_("apply actions to a save and print the new state"))
    p.add_argument("save", metavar="SAVE")
    p.add_argument("actions", nargs="+", metavar="ACTION", help=_("action text, e.g. 'end_phase'"))
    p.add_argument("--out", metavar="SAVE", help=_("also write the new state to this save file"))
    p.set_defaults(handler=_run(_apply))

    p = sub.add_parser("ai", help=_("let an AI play for the player to act, each step explained"))
    _source_args(p)
    p.add_argument("--kind", default="heuristic", metavar="KIND",
                   help=_("AI kind: random, heuristic, … (default heuristic)"))
    p.add_argument("--ai-seed", default="0", help=_("seed of the AI's own choices (default 0)"))
    p.add_argument("--steps", type=int, default=0,
                   help=_("actions to play (default 0: until the player's turn ends)"))
    p.add_argument("--out", metavar="SAVE", help=_("write the new state to this save file"))
    p.set_defaults(handler=_run(_ai))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _source_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("source", metavar="SCENARIO_OR_SAVE")
    p.add_argument("--seed", default="0", help=_("seed when starting from a scenario"))


def _seed(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def _run(fn: Any) -> Any:
    def handler(args: argparse.Namespace) -> int:
        from engine.rules.area.savefile import AreaGameFileError
        from engine.rules.savefile import GameFileError

        try:
            out = fn(args)
        except FileNotFoundError as exc:
            sys.stderr.write(_("tcstudio rules: {exc} (hint: check the path)\n", exc=exc))
            return 2
        except (_Usage, OutputError) as exc:
            sys.stderr.write(_("tcstudio rules: {exc}\n", exc=printable(str(exc))))
            return 2
        except (GameFileError, AreaGameFileError, area.AreaCommandError, _Bad) as exc:
            sys.stderr.write(_("tcstudio rules: {exc}\n", exc=printable(str(exc))))
            return 1
        except OSError as exc:
            sys.stderr.write(_("tcstudio rules: {exc}\n", exc=printable(str(exc))))
            return 2
        sys.stdout.write(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
        return 0
    return handler


def _load(args: argparse.Namespace) -> Any:
    from engine.rules.savefile import load_any

    if area.is_area_source(Path(args.source)):
        raise _Bad(f"{args.source} is a Der Erste Weltkrieg game: use 'rules actions', "
                   "'rules log' or 'rules apply' (hint: docs/der-erste-weltkrieg.md)")
    return load_any(args.source, seed=_seed(args.seed), setup="quick")


def _unit(s: Any, uid: str) -> Any:
    u = s.units.get(uid)
    if u is None:
        known = ", ".join(list(s.units)[:6])
        raise _Bad(f"no unit {uid!r} in this game (hint: ids look like {known}, …)")
    return u


def _where(s: Any, i: int) -> dict[str, Any]:
    h = s.game.board.hexes[i]
    return {"hex": [h.q, h.r], "offset": list(s.game.map.to_offset(h))}


def _position(s: Any, u: Any) -> dict[str, Any]:
    if u.pos >= 0:
        return _where(s, u.pos)
    if u.fort is not None:
        return {"fort": u.fort}
    return {"carrier": u.carrier} if u.carrier else {"placed": False}


def _new(args: argparse.Namespace) -> dict[str, Any]:
    from engine.controllers import CONTROLLERS
    from engine.rules.coop import CoopError, parse_pair
    from engine.rules.savefile import new_game, write_save

    if area.is_area_scenario(Path(args.scenario)):
        return area.new(args)
    controllers = {}
    for spec in args.ai:
        nation, sep, kind = spec.partition("=")
        if not sep or not nation or not kind:
            raise _Usage(_("--ai {spec!r}: expected NATION=KIND, e.g. DE=automa:easy", spec=spec))
        if kind not in CONTROLLERS:
            raise _Usage(_("--ai {spec!r}: unknown kind (hint: one of {kinds})", spec=spec,
                           kinds=", ".join(CONTROLLERS)))
        controllers[nation.upper()] = kind
    if args.coop is not None:
        try:
            parse_pair(args.coop)
        except CoopError as exc:
            raise _Usage(_("--coop: {why}", why=str(exc))) from None
    s = new_game(args.scenario, seed=_seed(args.seed),
                 setup="quick" if args.quick else "full", variants=tuple(args.variant),
                 coop=args.coop, controllers=controllers or None)
    write_output(write_save, s, args.out)
    partner = s.game.partner_of.get(s.nation)
    return {"save": args.out, "phase": s.phase, "current_player": s.current,
            "nation": s.nation, "round": s.round} | ({"partner": partner} if partner else {})


def _moves(args: argparse.Namespace) -> dict[str, Any]:
    from engine.rules.actions import Move
    from engine.rules.powers import mines

    s = _load(args)
    u = _unit(s, args.unit)
    if args.any_time and s.phase != "over":
        s = s.clone()
        s.pending_unload = None
        s.start_turn(s.game.nations.index(u.nation))
        u = s.units[u.id]
    moves = s.legal_moves(u)
    out = []
    index_of = s.game.board.index_of
    for h, opt in sorted(moves.items(), key=lambda kv: (kv[1].cost, kv[0])):
        item = {**_where(s, index_of[h]), "cost": opt.cost, "kind": opt.kind,
                "fort": opt.fort, "path": [[p.q, p.r] for p in opt.path]}
        item["action"] = str(opt.action())
        mine = mines.first_mine(s, u, opt.path)
        item["mine"] = [mine.q, mine.r] if mine is not None else None  # the move ends there
        out.append(item)
    reason = None
    if not moves:
        reason = s.problem(Move(u.id, s.hex_of(u) or s.game.board.hexes[0])) or "no free hex"
    return {"unit": u.id, "type": u.type.id, "nation": u.nation, "at": _position(s, u),
            "phase": s.phase, "to_act": s.nation, "reason": reason, "moves": out}


def _targets(args: argparse.Namespace) -> dict[str, Any]:
    from engine.rules import combat
    from engine.rules.abilities import powers
    from engine.rules.powers import area, turret

    s = _load(args)
    a = _unit(s, args.unit)
    out = []
    if turret.origin(s, a) >= 0:  # on the board, or a fort turret in its fort
        board = s.game.board
        for d in sorted(s.occ.values(), key=lambda v: v.id):
            if d.team == a.team:
                continue
            e = s.engagement(a, d)
            if isinstance(e, str):
                continue
            out.append({
                "unit": d.id, "type": d.type.id, "nation": d.nation, **_where(s, d.pos),
                "distance": e.distance, "melee": e.distance == 1, "bonus": e.bonus,
                "bonus_dice": e.extra,
                "return_fire": combat.returns_fire(e.fa, e.fd, e.distance),
                "action": f"attack {a.id} {d.id}",
                "legal_now": s.phase == "declare" and s.attack_problem(a, d) is None,
            })
            if powers(a.type).area is not None:
                target_hex = board.hexes[d.pos]
                out[-1]["area_hexes"] = [[h.q, h.r]
                                         for h in area.affected_hexes(s, a, target_hex)]
                out[-1]["area_units"] = [st.unit.id
                                         for st in area.struck_units(s, a, target_hex)]
    return {"unit": a.id, "type": a.type.id, "at": _position(s, a), "targets": out}


def _odds(args: argparse.Namespace) -> dict[str, Any]:
    from engine.rules.combat import IllegalAttackError
    from engine.rules.odds import attack_odds

    s = _load(args)
    a, d = _unit(s, args.attacker), _unit(s, args.defender)
    try:
        return attack_odds(s, a.id, d.id).to_json()
    except IllegalAttackError as exc:
        raise _Bad(f"{a.id} cannot attack {d.id}: {exc}") from None


def _actions(args: argparse.Namespace) -> dict[str, Any]:
    if area.is_area_source(Path(args.source)):
        return area.actions(args)
    s = _load(args)
    return {"phase": s.phase, "round": s.round, "current_player": s.current,
            "nation": s.nation, "actions": [str(a) for a in s.legal_actions()]}


def _log(args: argparse.Namespace) -> dict[str, Any]:
    if area.is_area_source(Path(args.source)):
        return area.log(args)
    s = _load(args)
    with in_language("en"):  # machine output: the same in every language
        return {"events": [{**e.to_json(), "text": str(e.text())} for e in s.log]}


def _apply(args: argparse.Namespace) -> dict[str, Any]:
    from engine.rules.actions import Action, Move
    from engine.rules.errors import ActionParseError, IllegalActionError
    from engine.rules.savefile import load_save, save_data, write_save

    if not Path(args.save).exists():
        raise FileNotFoundError(_("{save}: no such file", save=args.save))
    if area.is_area_save(Path(args.save)):
        return area.apply(args)
    s = load_save(args.save)
    for k, text in enumerate(args.actions, 1):
        try:
            s.apply_action(Action.parse(text))
        except ActionParseError as exc:
            raise _Bad(f"action {k} {text!r:.80}: {exc}") from None
        except IllegalActionError as exc:
            # The engine's reason names no client; the command that lists a unit's moves is
            # this command line's own hint (the play-test highlights them instead).
            hint = (_(" (hint: rules moves --unit {unit})", unit=exc.action.unit)
                    if isinstance(exc.action, Move) else "")
            raise _Bad(_("action {k} {text!r:.80} is illegal: {reason}", k=k, text=text,
                         reason=exc.reason) + hint) from None
    if args.out:
        write_output(write_save, s, args.out)
    return save_data(s, args.out or args.save)


def _ai(args: argparse.Namespace) -> dict[str, Any]:
    from engine.ai.registry import UnknownAIError, make_bot
    from engine.rules.savefile import write_save

    try:
        bot = make_bot(args.kind, _seed(args.ai_seed))
    except UnknownAIError as exc:
        raise _Usage(_("--kind: {exc}", exc=exc)) from None
    if args.steps < 0:
        raise _Usage(_("--steps must be 0 or more, got {steps}", steps=args.steps))
    s = _load(args)
    if s.is_terminal():
        raise _Bad(_("the game is over ({team} won by {reason}); nothing to play",
                     team=s.winner_team, reason=s.reason))
    seat, start_round = s.current, s.round
    steps = []
    while not s.is_terminal():
        if args.steps and len(steps) >= args.steps:
            break
        if not args.steps and (s.current, s.round) != (seat, start_round):
            break  # the player's turn (or its part of the set-up) is over
        action, why = bot.decide(s)
        s.apply_action(action)
        steps.append({"action": str(action), "why": why})
    if args.out:
        write_output(write_save, s, args.out)
    return {"ai": bot.label, "nation": s.game.nations[seat], "steps": steps,
            "phase": s.phase, "to_act": s.nation, "round": s.round}
