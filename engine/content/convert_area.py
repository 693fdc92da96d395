"""Schema-valid area-game data <-> the model of engine.area_model, keeping guessed values
flagged (a round trip writes `{value, estimated, note}` where the file had it)."""

from __future__ import annotations

from typing import Any

from engine.area_model import (
    AreaMap,
    AreaRuleset,
    AreaScenario,
    Army,
    ArmyCatalog,
    AttackLine,
    Base,
    BrestLitovsk,
    City,
    FactionInfo,
    Front,
    Garrison,
    Guesses,
    Marker,
    Restriction,
    Theatre,
)
from engine.content.estimable import Flags, Wrapper
from engine.content.migrations import CURRENT_VERSION

SCHEMA_BASE = "https://trenchclub.studio/schema/"


def _unwrap(data: dict[str, Any]) -> tuple[dict[str, Any], Guesses]:
    flags = Flags()
    plain = flags.deep({k: v for k, v in data.items() if k != "estimated"}, "")
    listed = [dict(g) for g in data.get("estimated", [])]
    return plain, Guesses(flags.estimated, flags.notes, listed)


def _wrap(kind: str, body: dict[str, Any], guesses: Guesses) -> dict[str, Any]:
    head: dict[str, Any] = {"$schema": f"{SCHEMA_BASE}{kind}.schema.json",
                            "schema_version": CURRENT_VERSION[kind]}
    out = head | Wrapper(guesses.estimated, guesses.notes).deep(body, "")
    if guesses.listed:
        out["estimated"] = [dict(g) for g in guesses.listed]
    return out


def _point(p: list[float]) -> tuple[float, float]:
    return (float(p[0]), float(p[1]))


def area_map_from_dict(data: dict[str, Any]) -> AreaMap:
    """The area map of schema-valid data."""
    d, guesses = _unwrap(data)
    return AreaMap(
        id=d["id"], name=dict(d["name"]), size=_point(d["size"]),
        theatres=[Theatre(t["id"], dict(t["name"])) for t in d["theatres"]],
        fronts=[Front(f["number"], dict(f["name"]), f["theatre"],
                      [_point(p) for p in f["polygon"]], list(f["nations"]), f.get("battlefield"))
                for f in d["fronts"]],
        cities=[City(c["id"], c["name"], c["front"], _point(c["at"]), c["owner"],
                     bool(c.get("replacement", False))) for c in d["cities"]],
        bases=[Base(b["id"], b["front"], _point(b["at"]), b["owner"]) for b in d["bases"]],
        attack_lines=[AttackLine(a["from"], a["to"], a.get("from_round"))
                      for a in d["attack_lines"]],
        background=dict(d["background"]) if "background" in d else None,
        guesses=guesses,
    )


def area_map_to_dict(m: AreaMap) -> dict[str, Any]:
    """The file form of an area map."""
    body: dict[str, Any] = {"id": m.id, "name": dict(m.name), "size": list(m.size)}
    if m.background is not None:
        body["background"] = dict(m.background)
    body["theatres"] = [{"id": t.id, "name": dict(t.name)} for t in m.theatres]
    fronts = []
    for f in m.fronts:
        front: dict[str, Any] = {"number": f.number, "name": dict(f.name), "theatre": f.theatre,
                                 "polygon": [list(p) for p in f.polygon],
                                 "nations": list(f.nations)}
        if f.battlefield is not None:
            front["battlefield"] = f.battlefield
        fronts.append(front)
    body["fronts"] = fronts
    cities = []
    for c in m.cities:
        city: dict[str, Any] = {"id": c.id, "name": c.name, "front": c.front, "at": list(c.at),
                                "owner": c.owner}
        if c.replacement:
            city["replacement"] = True
        cities.append(city)
    body["cities"] = cities
    body["bases"] = [{"id": b.id, "front": b.front, "at": list(b.at), "owner": b.owner}
                     for b in m.bases]
    lines = []
    for a in m.attack_lines:
        line: dict[str, Any] = {"from": a.a, "to": a.b}
        if a.from_round is not None:
            line["from_round"] = a.from_round
        lines.append(line)
    body["attack_lines"] = lines
    return _wrap("area-map", body, m.guesses)


def army_catalog_from_dict(data: dict[str, Any]) -> ArmyCatalog:
    """The army catalog of schema-valid data."""
    d, guesses = _unwrap(data)
    return ArmyCatalog(
        id=d["id"], name=dict(d["name"]),
        factions={k: FactionInfo(k, dict(v["name"]), v["alliance"], list(v["nations"]),
                                 v["colour"]) for k, v in d["factions"].items()},
        nations={k: dict(v) for k, v in d["nations"].items()},
        armies=[Army(a["id"], a["faction"], a["nation"], a["designation"], a["value"],
                     a["entry_round"], a.get("replaced_by")) for a in d["armies"]],
        dummies=dict(d["dummies"]),
        markers=[Marker(m["id"], dict(m["name"]), m["alliance"], m["year"], m["use"], m["value"],
                        m.get("nation"), m["mandatory"]) for m in d["markers"]],
        guesses=guesses,
    )


def army_catalog_to_dict(c: ArmyCatalog) -> dict[str, Any]:
    """The file form of an army catalog."""
    armies = []
    for a in c.armies:
        army: dict[str, Any] = {"id": a.id, "faction": a.faction, "nation": a.nation,
                                "designation": a.designation, "value": a.value,
                                "entry_round": a.entry_round}
        if a.replaced_by is not None:
            army["replaced_by"] = a.replaced_by
        armies.append(army)
    markers = []
    for m in c.markers:
        marker: dict[str, Any] = {"id": m.id, "name": dict(m.name), "alliance": m.alliance,
                                  "year": m.year, "use": m.use, "value": m.value,
                                  "mandatory": m.mandatory}
        if m.nation is not None:
            marker["nation"] = m.nation
        markers.append(marker)
    body = {"id": c.id, "name": dict(c.name),
            "factions": {k: {"name": dict(f.name), "alliance": f.alliance,
                             "nations": list(f.nations), "colour": f.colour}
                         for k, f in c.factions.items()},
            "nations": {k: dict(v) for k, v in c.nations.items()},
            "armies": armies, "dummies": dict(c.dummies), "markers": markers}
    return _wrap("army-catalog", body, c.guesses)


def area_ruleset_from_dict(data: dict[str, Any]) -> AreaRuleset:
    """The area ruleset of schema-valid data."""
    d, guesses = _unwrap(data)
    bl = d["brest_litovsk"]
    return AreaRuleset(
        id=d["id"], name=dict(d["name"]), rounds=d["rounds"], round_years=list(d["round_years"]),
        setup_order=list(d["setup_order"]), turn_order=list(d["turn_order"]),
        actions_per_faction=d["actions_per_faction"], die_faces=list(d["die_faces"]),
        draw_face=d["draw_face"], start_victory_points=d["start_victory_points"],
        max_markers_held=d["max_markers_held"], transfer_max_armies=d["transfer_max_armies"],
        outnumber_bonus=d["outnumber_bonus"], replacements=dict(d["replacements"]),
        occupation_from_round=d["minimum_occupation"]["from_round"],
        occupation_fronts={k: list(v) for k, v in d["minimum_occupation"]["fronts"].items()},
        sudden_victory_fronts=d["sudden_victory_fronts"], tie_winner=d["tie_winner"],
        german_margin_three_players=d["german_margin_three_players"],
        western_margin_four_players=d["western_margin_four_players"],
        restrictions=[Restriction(list(r["nations"]), list(r["fronts"]), r.get("from_round"),
                                  r.get("requires_city"), r.get("note", ""))
                      for r in d["restrictions"]],
        command_nation=d["command_transfer"]["nation"],
        command_fronts=list(d["command_transfer"]["fronts"]),
        command_to=d["command_transfer"]["to"],
        brest_litovsk=BrestLitovsk(
            bl["offered_by"], bl["offered_to"], list(bl["rounds"]), list(bl["neutral_nations"]),
            list(bl["frozen_fronts"]), list(bl.get("exempt_designations", [])),
            list(bl.get("exempt_fronts", [])),
            [Garrison(g["faction"], list(g["fronts"]), g["armies"]) for g in bl["garrisons"]],
            bl["refusal_bonus"]),
        variants={k: dict(v) for k, v in d["variants"].items()},
        guesses=guesses,
    )


def area_ruleset_to_dict(r: AreaRuleset) -> dict[str, Any]:
    """The file form of an area ruleset."""
    restrictions = []
    for x in r.restrictions:
        item: dict[str, Any] = {"nations": list(x.nations), "fronts": list(x.fronts)}
        if x.from_round is not None:
            item["from_round"] = x.from_round
        if x.requires_city is not None:
            item["requires_city"] = x.requires_city
        if x.note:
            item["note"] = x.note
        restrictions.append(item)
    bl = r.brest_litovsk
    body = {
        "id": r.id, "name": dict(r.name), "rounds": r.rounds, "round_years": list(r.round_years),
        "setup_order": list(r.setup_order), "turn_order": list(r.turn_order),
        "actions_per_faction": r.actions_per_faction, "die_faces": list(r.die_faces),
        "draw_face": r.draw_face, "start_victory_points": r.start_victory_points,
        "max_markers_held": r.max_markers_held, "transfer_max_armies": r.transfer_max_armies,
        "outnumber_bonus": r.outnumber_bonus, "replacements": dict(r.replacements),
        "minimum_occupation": {"from_round": r.occupation_from_round,
                               "fronts": {k: list(v) for k, v in r.occupation_fronts.items()}},
        "sudden_victory_fronts": r.sudden_victory_fronts, "tie_winner": r.tie_winner,
        "german_margin_three_players": r.german_margin_three_players,
        "western_margin_four_players": r.western_margin_four_players,
        "restrictions": restrictions,
        "command_transfer": {"nation": r.command_nation, "fronts": list(r.command_fronts),
                             "to": r.command_to},
        "brest_litovsk": {
            "offered_by": bl.offered_by, "offered_to": bl.offered_to, "rounds": list(bl.rounds),
            "neutral_nations": list(bl.neutral_nations), "frozen_fronts": list(bl.frozen_fronts),
            "exempt_designations": list(bl.exempt_designations),
            "exempt_fronts": list(bl.exempt_fronts),
            "garrisons": [{"faction": g.faction, "fronts": list(g.fronts), "armies": g.armies}
                          for g in bl.garrisons],
            "refusal_bonus": bl.refusal_bonus},
        "variants": {k: dict(v) for k, v in r.variants.items()},
    }
    return _wrap("area-ruleset", body, r.guesses)


def area_scenario_from_dict(data: dict[str, Any]) -> AreaScenario:
    """The area scenario of schema-valid data (its map, catalog and ruleset not yet loaded)."""
    d, guesses = _unwrap(data)
    return AreaScenario(
        id=d["id"], name=dict(d["name"]), map_ref=d["map"], armies_ref=d["armies"],
        ruleset_ref=d["ruleset"], players=d["players"], variants=list(d.get("variants", [])),
        historical_setup={e["front"]: list(e["armies"]) for e in d.get("historical_setup", [])},
        description=d.get("description", ""), guesses=guesses,
    )


def area_scenario_to_dict(s: AreaScenario) -> dict[str, Any]:
    """The file form of an area scenario."""
    body: dict[str, Any] = {"id": s.id, "name": dict(s.name)}
    if s.description:
        body["description"] = s.description
    body |= {"map": s.map_ref, "armies": s.armies_ref, "ruleset": s.ruleset_ref,
             "players": s.players, "variants": list(s.variants)}
    if s.historical_setup:
        body["historical_setup"] = [{"front": f, "armies": list(a)}
                                    for f, a in s.historical_setup.items()]
    return _wrap("area-scenario", body, s.guesses)
