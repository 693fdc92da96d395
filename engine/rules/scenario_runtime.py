"""Scenario runtime: a scenario's objectives and event triggers, played by the engine.

After every action `State` hands the action to `apply`, which applies it and then looks at
what it did (the new log events, the round) to fire the scenario's triggers and to end the
game when an objective is met. Everything the runtime does is a typed log event
(`TriggerFired`, `UnitSpawned`, `MoneyGiven`, `ScenarioMessage`, `ObjectiveAchieved`) and a
change of the state's units, money or winner, so it is saved with the game and replays from
the action history like any rule. Nothing here draws a die.

The trigger language (events version 1) is the registries below: `ON` (what fires a
trigger), `CONDITIONS` and `ACTIONS` with their parameters, and `OBJECTIVES`. Content
validation asks `trigger_problems` and `OBJECTIVES`, so a kind that validates runs here and a
kind that does not run is refused where it is written (docs/authoring.md lists them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.hexes import Hex, ring
from engine.i18n import _
from engine.rules.events import (
    Event,
    FortCaptured,
    FortEntered,
    MoneyGiven,
    Moved,
    ObjectiveAchieved,
    PhaseStarted,
    ScenarioMessage,
    TransportUnloaded,
    TriggerFired,
    UnitSpawned,
)
from engine.rules.losses import destroyed_units

if TYPE_CHECKING:
    from engine.rules.actions import Action
    from engine.rules.game import Game
    from engine.rules.state import State
    from engine.rules.unit import Unit

TEAMS = ("central", "entente")
START = "start"  # the "trigger" of the pre-placed units' UnitSpawned events
NATIONS = ("DE", "AH", "FR", "GB")


@dataclass(frozen=True)
class Spec:
    """The parameters of a condition or action: name -> kind of value ("int", "text",
    "nation", "team", "fort", "region", "unit_type", "hex": [column, row] as in map files)."""

    required: dict[str, str] = field(default_factory=dict)
    optional: dict[str, str] = field(default_factory=dict)
    one_of: tuple[str, ...] = ()  # exactly one of these optional parameters must be given
    help: str = ""


# What fires a trigger: the new log events of one action (or a new round) it looks for.
ON: dict[str, str] = {
    "action": _("after every action"),
    "round_start": _("when a new round begins"),
    "turn_start": _("when a nation's turn begins"),
    "fort_captured": _("when a fort is captured"),
    "unit_destroyed": _("when a unit is destroyed"),
    "unit_moved": _("when a unit ends a move, enters a fort or is unloaded"),
}

CONDITIONS: dict[str, Spec] = {
    "round_is": Spec({"round": "int"}, help=_("the round is exactly `round`")),
    "round_at_least": Spec({"round": "int"}, help=_("the round is `round` or later")),
    "fort_captured": Spec({"fort": "fort"}, {"team": "team"},
                          help=_("the fort is held by `team` (any team but its first "
                                 "owner's)")),
    "unit_destroyed": Spec({}, {"nation": "nation", "unit_type": "unit_type", "count": "int"},
                           help=_("at least `count` (1) units (of that nation/type) "
                                  "destroyed")),
    "unit_in_region": Spec({"region": "region"},
                           {"team": "team", "nation": "nation", "unit_type": "unit_type"},
                           help=_("a unit (of that team/nation/type) stands in the region")),
    "money_at_least": Spec({"nation": "nation", "amount": "int"},
                           help=_("the nation has at least `amount` money")),
}

ACTIONS: dict[str, Spec] = {
    "spawn_unit": Spec({"nation": "nation", "unit_type": "unit_type"},
                       {"hex": "hex", "fort": "fort", "xp": "int", "damage": "int"},
                       one_of=("hex", "fort"),
                       help=_("a new unit on a hex (the nearest free one) or in a fort")),
    "give_money": Spec({"nation": "nation", "amount": "int"},
                       help=_("add `amount` (may be negative; money stays >= 0)")),
    "show_message": Spec({"text": "text"}, {"text_de": "text"},
                         help=_("a message for the players (English, optional German)")),
    "win": Spec({"team": "team"}, help=_("the team wins")),
    "lose": Spec({"team": "team"}, help=_("the team loses (the other team wins)")),
}


# --- objectives ------------------------------------------------------------------------------


def _hold_forts(s: State, o: dict[str, Any]) -> bool:
    return s.forts_of(o["team"]) >= int(o.get("count", 1))


def _capture_fort(s: State, o: dict[str, Any]) -> bool:
    owner = s.fort_owner.get(o.get("fort", ""))
    return owner is not None and s.game.team_of.get(owner) == o["team"]


def _hold_region(s: State, o: dict[str, Any]) -> bool:
    region = s.game.map.region(o.get("region", ""))
    if region is None:
        return False
    inside = [u for u in s.units.values() if _in_hexes(s, u, region.hexes)]
    forts = [f.id for f in s.game.forts if f.hexes and set(f.hexes) <= region.hexes]
    return (any(u.team == o["team"] for u in inside)
            and all(u.team == o["team"] for u in inside)
            and all(s.game.team_of.get(s.fort_owner[f]) == o["team"] for f in forts))


def _eliminate(s: State, o: dict[str, Any]) -> bool:
    return not any(u.team != o["team"] and u.type.targets and u.type.unit_class != "transport"
                   for u in s.units.values())


def _enemy_losses(s: State, o: dict[str, Any]) -> list[str]:
    """The units (of the objective's type) not of its team destroyed so far, each once, by
    any loss the log records (engine.rules.losses: combat, trench return fire, captured
    garrisons, mines, area attacks and the passengers lost with any of them)."""
    return [uid for uid in destroyed_units(s.log) if s.game.team_of.get(uid[:2]) != o.get("team")
            and (not o.get("unit") or type_of_id(uid) == o["unit"])]


def _destroy_units(s: State, o: dict[str, Any]) -> bool:
    return len(_enemy_losses(s, o)) >= int(o.get("count", 1))


OBJECTIVES: dict[str, Callable[[State, dict[str, Any]], bool]] = {
    "hold_forts": _hold_forts,
    "capture_fort": _capture_fort,
    "hold_region": _hold_region,
    "eliminate": _eliminate,
    "destroy_units": _destroy_units,
}


def objective_progress(s: State, o: dict[str, Any]) -> tuple[bool, str]:
    """(achieved, a line saying how far the team is) for the play-test to show."""
    kind, team = o.get("kind", ""), o.get("team", "")
    check = OBJECTIVES.get(kind)
    done = bool(check and check(s, o))
    who = _team_word(team)
    if kind == "hold_forts":
        text = _("{team} holds {held} of {count} forts", team=who, held=s.forts_of(team),
                 count=o.get("count", 1))
    elif kind == "capture_fort":
        holder = s.fort_owner.get(o.get("fort", ""))
        text = _("{team} to take {fort}: held by {holder}", team=who, fort=o.get("fort"),
                 holder=_team_word(holder or "neutral"))
    elif kind == "hold_region":
        region = s.game.map.region(o.get("region", ""))
        inside = [u for u in s.units.values()
                  if region is not None and _in_hexes(s, u, region.hexes)]
        own = sum(1 for u in inside if u.team == team)
        text = _("{team} to hold {region}: {own} own, {enemy} enemy unit(s) there", team=who,
                 region=o.get("region"), own=own, enemy=len(inside) - own)
    elif kind == "eliminate":
        left = sum(1 for u in s.units.values() if u.team != team and u.type.targets
                   and u.type.unit_class != "transport")
        text = _("{team} to destroy every enemy combat unit: {left} left", team=who, left=left)
    else:
        lost = _enemy_losses(s, o)
        if o.get("unit"):
            text = _("{team} destroyed {lost} of {count} {unit}", team=who, lost=len(lost),
                     count=o.get("count", 1), unit=o["unit"])
        else:
            text = _("{team} destroyed {lost} of {count} units", team=who, lost=len(lost),
                     count=o.get("count", 1))
    return done, text


# --- helpers ---------------------------------------------------------------------------------


def _team_word(team: str) -> str:
    words = {"central": _("central"), "entente": _("entente"), "neutral": _("neutral")}
    return words.get(team, team)


def type_of_id(unit_id: str) -> str:
    """The unit type of a unit id `NATION-type-k` (nations are two letters, k a number)."""
    return unit_id[3:].rsplit("-", 1)[0]


def _in_hexes(s: State, u: Unit, hexes: set[Hex]) -> bool:
    h = s.hex_of(u)
    if h is not None:
        return h in hexes
    fort = s.game.map.fort(u.fort) if u.fort else None
    return fort is not None and bool(fort.hexes) and set(fort.hexes) <= hexes


def _fired(s: State) -> set[str]:
    return {e.trigger for e in s.log if isinstance(e, TriggerFired)}


# --- conditions ------------------------------------------------------------------------------


def _condition(s: State, kind: str, p: dict[str, Any]) -> bool:
    if kind == "round_is":
        return s.round == int(p["round"])
    if kind == "round_at_least":
        return s.round >= int(p["round"])
    if kind == "fort_captured":
        owner = s.fort_owner.get(p["fort"])
        if owner is None:
            return False
        first = next((f.owner for f in s.game.forts if f.id == p["fort"]), None)
        team = s.game.team_of.get(owner)
        if p.get("team"):
            return team == p["team"]
        return team is not None and team != s.game.team_of.get(first or "")
    if kind == "unit_destroyed":
        lost = [uid for uid in destroyed_units(s.log)
                if (not p.get("nation") or uid[:2] == p["nation"])
                and (not p.get("unit_type") or type_of_id(uid) == p["unit_type"])]
        return len(lost) >= int(p.get("count", 1))
    if kind == "unit_in_region":
        region = s.game.map.region(p["region"])
        return region is not None and any(
            _in_hexes(s, u, region.hexes) for u in s.units.values()
            if (not p.get("team") or u.team == p["team"])
            and (not p.get("nation") or u.flag == p["nation"])
            and (not p.get("unit_type") or u.type.id == p["unit_type"]))
    if kind == "money_at_least":  # a co-op partner's money is its seat's pool
        return s.money.get(s.game.seat_of.get(p["nation"], ""), 0) >= int(p["amount"])
    raise ValueError(f"unknown condition {kind!r}")  # validation refuses it before a game


# --- actions ---------------------------------------------------------------------------------


def _free_spot(s: State, start: Hex, u: Unit) -> int | None:
    """The board index of `start`, or the nearest (ring by ring, in ring order) free hex the
    unit may stand on: not a fort, not occupied, water for ships and land for the others."""
    board = s.game.board
    wants_water = u.mclass == "ship"
    for radius in range(s.game.map.width + s.game.map.height + 1):
        for h in [start] if radius == 0 else ring(start, radius):
            i = board.index_of.get(h)
            if (i is not None and not board.blocked[i] and i not in s.occ
                    and bool(board.water[i]) == wants_water):
                return i
    return None


def _spawn(s: State, tid: str, p: dict[str, Any]) -> None:
    nation = p["nation"]
    utype = s.game.catalog.units.get(p.get("unit_type") or p.get("type") or "")
    seat = s.game.seat_of.get(nation)
    if utype is None or seat is None:
        return  # a nation without a seat in this game gets nothing (validation warns)
    u = s.add_unit(utype, seat, None if seat == nation else nation)  # co-op: its seat plays it
    u.xp = int(p.get("xp", 0))
    u.damage = int(p.get("damage", 0))
    if p.get("fort"):
        u.fort = where = p["fort"]
    else:
        col, row = p["hex"][:2]
        i = _free_spot(s, s.game.map.to_axial(int(col), int(row)), u)
        if i is None:
            del s.units[u.id]
            return
        u.pos = i
        s.occ[i] = u
        h = s.game.board.hexes[i]
        where = f"{h.q},{h.r}"
    s.log.append(UnitSpawned(tid, u.id, utype.id, nation, where))


def _act(s: State, tid: str, kind: str, p: dict[str, Any]) -> None:
    if kind == "spawn_unit":
        _spawn(s, tid, p)
    elif kind == "give_money":
        nation = s.game.seat_of.get(p["nation"], "")  # a co-op partner's pool is its seat's
        if nation in s.money:
            before = s.money[nation]
            s.money[nation] = max(0, before + int(p["amount"]))
            s.log.append(MoneyGiven(tid, nation, s.money[nation] - before))
    elif kind == "show_message":
        s.log.append(ScenarioMessage(tid, str(p["text"]), str(p.get("text_de") or "")))
    elif kind in ("win", "lose"):
        team = p["team"] if kind == "win" else next(t for t in TEAMS if t != p["team"])
        s._finish(team, f"trigger {tid}")
    else:
        raise ValueError(f"unknown action {kind!r}")  # validation refuses it before a game


# --- the apply path --------------------------------------------------------------------------


def _happened(on: str, new: list[Event], round_before: int, s: State) -> bool:
    if on == "action":
        return True
    if on == "round_start":
        return s.round > round_before
    if on == "turn_start":
        return any(isinstance(e, PhaseStarted) and e.phase == "move" for e in new)
    if on == "fort_captured":
        return any(isinstance(e, FortCaptured) for e in new)
    if on == "unit_destroyed":
        return bool(destroyed_units(new))
    if on == "unit_moved":
        return any(isinstance(e, Moved | FortEntered | TransportUnloaded) for e in new)
    return False


def place_units(s: State) -> None:
    """Place the scenario's pre-placed units (logged as spawned by "start")."""
    for spec in s.game.scenario.units:
        _spawn(s, START, spec)


def started(s: State) -> State:
    """A new game's state with the pre-placed units on the board when the setup is already
    over (quick setup); in full setup they come when the last army is placed (`apply`)."""
    if s.phase != "setup":
        place_units(s)
    return s


def live_objectives(game: Game) -> list[dict[str, Any]]:
    """The objectives the rules' own victory does not already decide first: holding at
    least the forts the ruleset needs, or eliminating with `elimination_victory` on, ends the
    game in `State.check_victory` before the objective could (so they cost nothing here).
    `Game` works them out once (`Game.live_objectives`)."""
    return [o for o in game.scenario.objectives
            if not (o.get("kind") == "hold_forts" and int(o.get("count", 1)) >= game.forts_to_win)
            and not (o.get("kind") == "eliminate" and game.ruleset.elimination_victory)]


def plays_nothing(game: Game) -> bool:
    """Whether the scenario of `game` has nothing to run after an action: no triggers, no
    live objectives, no pre-placed units (then `State` applies actions without `apply`)."""
    triggers = game.scenario.events.get("triggers") or []
    return not triggers and not game.live_objectives and not game.scenario.units


def apply(s: State, action: Action, apply_rule: Callable[[Action], None]) -> None:
    """Apply `action` with the rules (`apply_rule`), then run the scenario: fire the
    triggers whose event happened and whose conditions hold, and end the game when an
    objective is met. Does nothing more for a scenario without objectives or triggers."""
    scenario = s.game.scenario
    triggers = scenario.events.get("triggers") or []
    objectives = s.game.live_objectives
    if not triggers and not objectives and not scenario.units:
        apply_rule(action)
        return
    mark, round_before, phase_before = len(s.log), s.round, s.phase
    apply_rule(action)
    if s.phase in ("setup", "over"):
        return
    if phase_before == "setup":
        place_units(s)
    new = s.log[mark:]
    fired: set[str] | None = None  # read from the log only when a trigger's event happened
    for t in triggers:
        if s.phase == "over":
            return
        if not _happened(t["on"], new, round_before, s):
            continue
        tid = t["id"]
        if t.get("once", True):
            fired = _fired(s) if fired is None else fired
            if tid in fired:
                continue
        if all(_condition(s, c["kind"], c.get("params") or {}) for c in t.get("conditions", [])):
            s.log.append(TriggerFired(tid, s.round))
            for a in t.get("actions", []):
                if s.phase == "over":
                    break
                _act(s, tid, a["kind"], a.get("params") or {})
    for o in objectives:
        if s.phase == "over":
            return
        check = OBJECTIVES.get(o["kind"])
        if check is not None and check(s, o):
            s.log.append(ObjectiveAchieved(o["id"], o["team"]))
            s._finish(o["team"], f"objective {o['id']}")


# --- what validation asks ----------------------------------------------------------------------


def _value_problem(kind: str, value: Any) -> str | None:
    if kind == "int":
        whole = isinstance(value, int) and not isinstance(value, bool)
        return None if whole else _("a whole number")
    if kind == "hex":
        ok = (isinstance(value, list | tuple) and len(value) == 2
              and all(isinstance(v, int) and not isinstance(v, bool) for v in value))
        return None if ok else _("a hex [column, row] as in the map file")
    if kind == "nation":
        return None if value in NATIONS else _("one of {names}", names=", ".join(NATIONS))
    if kind == "team":
        return None if value in TEAMS else _("central or entente")
    return None if isinstance(value, str) and value else _("a text")


def step_problems(kind: str, params: dict[str, Any], specs: dict[str, Spec],
                  what: str) -> list[tuple[str, str, str]]:
    """Problems of one condition or action as (pointer suffix, message, hint); references
    (forts, regions, unit types) are checked by the caller, who knows the map and catalog."""
    spec = specs.get(kind)
    word = {"condition": _("condition"), "action": _("action")}.get(what, what)
    if spec is None:
        return [("/kind", _("{what} '{kind}' is not played by the engine", what=word, kind=kind),
                 _("known: {kinds}", kinds=", ".join(specs)))]
    about = _("{kind}: {help}", kind=kind, help=spec.help)
    out: list[tuple[str, str, str]] = []
    for name in spec.required:
        if name not in params:
            out.append(("/params", _("{what} '{kind}' needs parameter '{name}'", what=word,
                                     kind=kind, name=name), about))
    known = {**spec.required, **spec.optional}
    for name, value in params.items():
        if name not in known:
            out.append((f"/params/{name}", _("{what} '{kind}' has no parameter '{name}'",
                                              what=word, kind=kind, name=name),
                        _("parameters: {names}", names=", ".join(known))))
            continue
        wrong = _value_problem(known[name], value)
        if wrong is not None:
            out.append((f"/params/{name}", _("'{name}' of {what} '{kind}' must be {wrong}",
                                              name=name, what=word, kind=kind, wrong=wrong),
                        about))
    if spec.one_of and sum(1 for n in spec.one_of if n in params) != 1:
        out.append(("/params", _("{what} '{kind}' needs exactly one of {names}", what=word,
                                 kind=kind, names=" or ".join(spec.one_of)), about))
    return out


def references(kind: str, params: dict[str, Any], specs: dict[str, Spec]) -> list[tuple[str, str]]:
    """(parameter name, reference kind) of the fort, region and unit-type parameters given."""
    spec = specs.get(kind)
    if spec is None:
        return []
    known = {**spec.required, **spec.optional}
    return [(n, known[n]) for n in params
            if known.get(n) in ("fort", "region", "unit_type") and isinstance(params[n], str)]
