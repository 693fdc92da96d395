"""Semantic checks of a scenario's event triggers against the trigger language the engine
plays (`engine.rules.scenario_runtime`): a trigger that validates runs in a game."""

from __future__ import annotations

from typing import Any

from engine.content.problems import Problem, error, warning
from engine.model import Catalog, GameMap, Scenario
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
    seated = {x.nation for x in s.seats}
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
