"""Semantic checks of a scenario's event triggers against the trigger language the engine
plays (`engine.rules.scenario_runtime`): a trigger that validates runs in a game; and of its
pre-placed units (seated nation, catalog type, a hex of the played area or a fort)."""

from __future__ import annotations

from typing import Any

from engine.content.problems import Problem, error, warning
from engine.i18n import _
from engine.model import Catalog, GameMap, Ruleset, Scenario
from engine.rules.scenario_runtime import (
    ACTIONS,
    CONDITIONS,
    ON,
    Spec,
    references,
    step_problems,
)

LANGUAGE_VERSION = 1


def check_events(s: Scenario, m: GameMap | None, c: Catalog | None) -> list[Problem]:
    """Problems of `s.events`: language version, unique ids, known `on`, conditions and
    actions with their parameters, and the forts, regions, hexes and unit types they name."""
    out: list[Problem] = []
    version = s.events.get("version", LANGUAGE_VERSION)
    if version != LANGUAGE_VERSION:
        out.append(error("scenario.events_version",
                         _("trigger language version {version} is not played by this engine",
                           version=version),
                         _("write version {language_version}", language_version=LANGUAGE_VERSION),
                         pointer="/events/version"))
    seen: set[str] = set()
    seated = {x.nation for x in s.seats} | {x.partner for x in s.seats if x.partner}
    for i, t in enumerate(s.events.get("triggers", [])):
        ptr = f"/events/triggers/{i}"
        if not isinstance(t, dict):
            continue
        tid = t.get("id")
        if tid in seen:
            out.append(error("scenario.duplicate_id",
                             _("trigger id '{tid}' is used twice", tid=tid),
                             _("ids must be unique"), pointer=f"{ptr}/id"))
        seen.add(str(tid))
        if t.get("on") not in ON:
            out.append(error("scenario.trigger_on",
                             _("trigger '{tid}': 'on: {get}' is not an event the engine reports",
                               tid=tid, get=t.get('on')),
                             _("one of: {on}", on=", ".join(ON)), pointer=f"{ptr}/on"))
        for key, specs, what in (("conditions", CONDITIONS, "condition"),
                                 ("actions", ACTIONS, "action")):
            for j, step in enumerate(t.get(key, [])):
                out += _check_step(step, specs, what, f"{ptr}/{key}/{j}", m, c, seated)
        if not t.get("actions"):
            out.append(warning("scenario.trigger_does_nothing",
                               _("trigger '{tid}' has no action", tid=tid),
                               _("add an action or remove the trigger"), pointer=ptr))
    return out


def _check_step(step: dict[str, Any], specs: dict[str, Spec], what: str, ptr: str,
                m: GameMap | None, c: Catalog | None, seated: set[str]) -> list[Problem]:
    kind, params = step.get("kind", ""), step.get("params") or {}
    code = "scenario.trigger_condition" if what == "condition" else "scenario.trigger_action"
    out = [error(code, message, hint, pointer=ptr + suffix)
           for suffix, message, hint in step_problems(kind, params, specs, what)]
    for name, ref in references(kind, params, specs):
        value, where = params[name], f"{ptr}/params/{name}"
        if ref == "fort" and m is not None and m.fort(value) is None:
            out.append(error("scenario.unknown_fort",
                             _("fort '{value}' is not on the map", value=value),
                             _("use a fort id of the map"), pointer=where))
        elif ref == "region" and m is not None and m.region(value) is None:
            out.append(error("scenario.unknown_region",
                             _("region '{value}' is not on the map", value=value),
                             _("use a region id of the map"), pointer=where))
        elif ref == "unit_type" and c is not None and value not in c.units:
            out.append(error("scenario.unknown_unit",
                             _("unit '{value}' is not in the catalog", value=value),
                             _("use a unit id of the catalog"), pointer=where))
    hexes = params.get("hex")
    if (m is not None and isinstance(hexes, list) and len(hexes) == 2
            and all(isinstance(v, int) for v in hexes)
            and not m.in_bounds(m.to_axial(hexes[0], hexes[1]))):
        out.append(error("scenario.hex_off_map", _("hex {hexes} is not on the map", hexes=hexes),
                         _("columns 0..{width}, rows 0..{height}", width=m.width - 1,
                           height=m.height - 1),
                         pointer=f"{ptr}/params/hex"))
    nation = params.get("nation")
    if kind in ("spawn_unit", "give_money") and isinstance(nation, str) and seated \
            and nation not in seated:
        out.append(warning("scenario.trigger_absent_nation",
                           _("{what} '{kind}' is for {nation}, which has no seat", what=what,
                             kind=kind, nation=nation),
                           _("it does nothing in this scenario"), pointer=f"{ptr}/params/nation"))
    return out


def check_units(s: Scenario, m: GameMap | None, r: Ruleset | None,
                c: Catalog | None) -> list[Problem]:
    """Problems of the pre-placed units: one of hex or fort, a seated nation, a type of the
    catalog the nation may field, a hex on the map (in the played half) and not in a fort,
    no two on one hex, damage below the ruleset's destruction."""
    out: list[Problem] = []
    seated = {x.nation for x in s.seats} | {x.partner for x in s.seats if x.partner}
    half = m.region(s.half) if m is not None and s.players == 2 and s.half else None
    taken: dict[tuple[int, int], int] = {}
    forts = m.fort_at() if m is not None else {}
    for i, u in enumerate(s.units):
        ptr = f"/units/{i}"
        if ("hex" in u) == ("fort" in u):
            out.append(error("scenario.unit_place",
                             _("a pre-placed unit needs a hex or a fort (one of them)"),
                             _("give hex: [col, row] or fort: ID"), pointer=ptr))
        if u.get("nation") not in seated:
            out.append(error("scenario.unit_nation",
                             _("a pre-placed unit is for {get}, which has no seat",
                               get=u.get('nation')), _("seat the nation or remove the unit"),
                             pointer=f"{ptr}/nation"))
        utype = c.units.get(u.get("type", "")) if c is not None else None
        if c is not None and utype is None:
            out.append(error("scenario.unknown_unit",
                             _("unit '{get}' is not in the catalog", get=u.get('type')),
                             _("use a unit id of the catalog"), pointer=f"{ptr}/type"))
        elif utype is not None and utype.nations and u.get("nation") not in utype.nations:
            out.append(warning("scenario.unit_foreign",
                               _("{get} does not field '{id}' in the catalog", get=u.get('nation'),
                                 id=utype.id), _("check the nation"),
                               pointer=f"{ptr}/nation"))
        if r is not None and u.get("damage", 0) >= r.destroyed_at_damage:
            out.append(error("scenario.unit_destroyed",
                             _("damage {damage} destroys the unit", damage=u['damage']),
                             _("damage below {destroyed_at_damage}",
                               destroyed_at_damage=r.destroyed_at_damage), pointer=f"{ptr}/damage"))
        if m is None:
            continue
        if "fort" in u and m.fort(u["fort"]) is None:
            out.append(error("scenario.unknown_fort",
                             _("fort '{fort}' is not on the map", fort=u['fort']),
                             _("use a fort id of the map"), pointer=f"{ptr}/fort"))
        if "hex" in u:
            col, row = u["hex"]
            h = m.to_axial(col, row)
            where = f"{ptr}/hex"
            if not m.in_bounds(h):
                out.append(error("scenario.hex_off_map",
                                 _("hex [{col}, {row}] is not on the map", col=col, row=row),
                                 _("columns 0..{width}, rows 0..{height}", width=m.width - 1,
                                   height=m.height - 1),
                                 pointer=where))
            elif half is not None and h not in half.hexes:
                out.append(error("scenario.unit_outside_half",
                                 _("hex [{col}, {row}] is outside the played half {half}", col=col,
                                   row=row, half=s.half), _("place it in the half"),
                                 pointer=where, hex=(col, row)))
            elif h in forts:
                out.append(error("scenario.unit_on_fort",
                                 _("hex [{col}, {row}] belongs to fort '{id}'", col=col, row=row,
                                   id=forts[h].id), _("use fort: {id} instead", id=forts[h].id),
                                 pointer=where, hex=(col, row)))
            elif (col, row) in taken:
                out.append(error("scenario.unit_hex_taken",
                                 _("two pre-placed units on hex [{col}, {row}]", col=col, row=row),
                                 _("one unit per hex"), pointer=where,
                                 hex=(col, row)))
            taken[(col, row)] = i
    return out
