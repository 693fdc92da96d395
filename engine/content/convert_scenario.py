"""Scenario files <-> `Scenario` (references stay relative paths; the loader resolves them)."""

from __future__ import annotations

import copy
from typing import Any

from engine.content.documents import SCHEMA_OF_KIND
from engine.model import Scenario, Seat


def scenario_from_dict(data: dict[str, Any]) -> Scenario:
    """Build a Scenario from schema-valid scenario data (references not yet resolved)."""
    return Scenario(
        id=data["id"],
        name=dict(data["name"]),
        map_ref=data["map"],
        ruleset_ref=data["ruleset"],
        catalog_ref=data["catalog"],
        players=data["players"],
        seats=[Seat(s["seat"], s["nation"], s["team"], s.get("controller", "human"),
                    s.get("partner")) for s in data["seats"]],
        half=data.get("half"),
        starting_money=dict(data.get("starting_money", {})),
        variants=list(data.get("variants", [])),
        briefing=dict(data.get("briefing", {})),
        objectives=copy.deepcopy(data.get("objectives", [])),
        events=copy.deepcopy(data.get("events", {"version": 1, "triggers": []})),
        units=copy.deepcopy(data.get("units", [])),
    )


def scenario_to_dict(s: Scenario) -> dict[str, Any]:
    """The file form of a Scenario."""
    out: dict[str, Any] = {
        "$schema": SCHEMA_OF_KIND["scenario"],
        "schema_version": 1,
        "id": s.id,
        "name": dict(s.name),
        "map": s.map_ref,
        "ruleset": s.ruleset_ref,
        "catalog": s.catalog_ref,
        "players": s.players,
        "half": s.half,
        "seats": [{"seat": x.seat, "nation": x.nation, "team": x.team,
                   "controller": x.controller}
                  | ({"partner": x.partner} if x.partner else {}) for x in s.seats],
        "starting_money": dict(s.starting_money),
        "variants": list(s.variants),
        "objectives": copy.deepcopy(s.objectives),
        "events": copy.deepcopy(s.events),
    }
    if s.briefing:
        out["briefing"] = dict(s.briefing)
    if s.units:
        out["units"] = copy.deepcopy(s.units)
    return out
