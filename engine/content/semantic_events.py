"""Semantic checks of a scenario's event triggers against the trigger language the engine
plays (`engine.rules.scenario_runtime`): a trigger that validates runs in a game; and of its
pre-placed units (seated nation, catalog type, a hex of the played area or a fort)."""

from __future__ import annotations

from typing import Any

from engine.content.problems import Problem, error, warning
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
                         f"trigger language version {version} is not played by this engine",
                         f"write version {LANGUAGE_VERSION}", pointer="/events/version"))
    seen: set[str] = set()
    seated = {x.nation for x in s.seats} | {x.partner for x in s.seats if x.partner}
    for i, t in enumerate(s.events.get("triggers", [])):
        ptr = f"/events/triggers/{i}"
        if not isinstance(t, dict):
            continue
        tid = t.get("id")
        if tid in seen:
            out.append(error("scenario.duplicate_id", f"trigger id '{tid}' is used twice",
                             "ids must be unique", pointer=f"{ptr}/id"))
        seen.add(str(tid))
        if t.get("on") not in ON:
            out.append(error("scenario.trigger_on", f"trigger '{tid}': 'on: {t.get('on')}' is "
                             "not an event the engine reports",
                             "one of: " + ", ".join(ON), pointer=f"{ptr}/on"))
        for key, specs, what in (("conditions", CONDITIONS, "condition"),
                                 ("actions", ACTIONS, "action")):
            for j, step in enumerate(t.get(key, [])):
                out += _check_step(step, specs, what, f"{ptr}/{key}/{j}", m, c, seated)
        if not t.get("actions"):
            out.append(warning("scenario.trigger_does_nothing", f"trigger '{tid}' has no action",
                               "add an action or remove the trigger", pointer=ptr))
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
            out.append(error("scenario.unknown_fort", f"fort '{value}' is not on the map",
                             "use a fort id of the map", pointer=where))
        elif ref == "region" and m is not None and m.region(value) is None:
            out.append(error("scenario.unknown_region", f"region '{value}' is not on the map",
                             "use a region id of the map", pointer=where))
        elif ref == "unit_type" and c is not None and value not in c.units:
            out.append(error("scenario.unknown_unit", f"unit '{value}' is not in the catalog",
                             "use a unit id of the catalog", pointer=where))
    hexes = params.get("hex")
    if (m is not None and isinstance(hexes, list) and len(hexes) == 2
            and all(isinstance(v, int) for v in hexes)
            and not m.in_bounds(m.to_axial(hexes[0], hexes[1]))):
        out.append(error("scenario.hex_off_map", f"hex {hexes} is not on the map",
                         f"columns 0..{m.width - 1}, rows 0..{m.height - 1}",
                         pointer=f"{ptr}/params/hex"))
    nation = params.get("nation")
    if kind in ("spawn_unit", "give_money") and isinstance(nation, str) and seated \
            and nation not in seated:
        out.append(warning("scenario.trigger_absent_nation",
                           f"{what} '{kind}' is for {nation}, which has no seat",
                           "it does nothing in this scenario", pointer=f"{ptr}/params/nation"))
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
            out.append(error("scenario.unit_place", "a pre-placed unit needs a hex or a fort "
                             "(one of them)", "give hex: [col, row] or fort: ID", pointer=ptr))
        if u.get("nation") not in seated:
            out.append(error("scenario.unit_nation", f"a pre-placed unit is for {u.get('nation')}"
                             ", which has no seat", "seat the nation or remove the unit",
                             pointer=f"{ptr}/nation"))
        utype = c.units.get(u.get("type", "")) if c is not None else None
        if c is not None and utype is None:
            out.append(error("scenario.unknown_unit", f"unit '{u.get('type')}' is not in the "
                             "catalog", "use a unit id of the catalog", pointer=f"{ptr}/type"))
        elif utype is not None and utype.nations and u.get("nation") not in utype.nations:
            out.append(warning("scenario.unit_foreign", f"{u.get('nation')} does not field "
                               f"'{utype.id}' in the catalog", "check the nation",
                               pointer=f"{ptr}/nation"))
        if r is not None and u.get("damage", 0) >= r.destroyed_at_damage:
            out.append(error("scenario.unit_destroyed", f"damage {u['damage']} destroys the unit",
                             f"damage below {r.destroyed_at_damage}", pointer=f"{ptr}/damage"))
        if m is None:
            continue
        if "fort" in u and m.fort(u["fort"]) is None:
            out.append(error("scenario.unknown_fort", f"fort '{u['fort']}' is not on the map",
                             "use a fort id of the map", pointer=f"{ptr}/fort"))
        if "hex" in u:
            col, row = u["hex"]
            h = m.to_axial(col, row)
            where = f"{ptr}/hex"
            if not m.in_bounds(h):
                out.append(error("scenario.hex_off_map", f"hex [{col}, {row}] is not on the map",
                                 f"columns 0..{m.width - 1}, rows 0..{m.height - 1}",
                                 pointer=where))
            elif half is not None and h not in half.hexes:
                out.append(error("scenario.unit_outside_half", f"hex [{col}, {row}] is outside "
                                 f"the played half {s.half}", "place it in the half",
                                 pointer=where, hex=(col, row)))
            elif h in forts:
                out.append(error("scenario.unit_on_fort", f"hex [{col}, {row}] belongs to fort "
                                 f"'{forts[h].id}'", f"use fort: {forts[h].id} instead",
                                 pointer=where, hex=(col, row)))
            elif (col, row) in taken:
                out.append(error("scenario.unit_hex_taken", f"two pre-placed units on hex "
                                 f"[{col}, {row}]", "one unit per hex", pointer=where,
                                 hex=(col, row)))
            taken[(col, row)] = i
    return out
