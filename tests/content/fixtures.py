"""Small valid content for tests, built in code so each test can vary one thing."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from engine.content import dump_canonical
from engine.content.schemas import all_schemas

BASE = "https://trenchclub.studio/schema/"
WIDTH, HEIGHT = 28, 16
RIVER_ROW = 7
BRIDGE_COLS = (5, 21)


def valid_map() -> dict[str, Any]:
    """A 28 x 16 four-player map: 14 forts, start numbers 1-12, both halves, a bridged river."""
    rows = []
    for r in range(HEIGHT):
        if r == RIVER_ROW:
            rows.append("".join("b" if c in BRIDGE_COLS else "~" for c in range(WIDTH)))
        elif r == 2:
            rows.append("f" * 4 + "." * (WIDTH - 4))
        else:
            rows.append("." * WIDTH)
    forts = []
    for half, row in ((0, 3), (1, 12)):
        for k in range(7):
            col = 2 + 4 * k
            forts.append({
                "id": f"fort_{half}_{k}", "name": f"Fort {half}-{k}", "hexes": [[col, row]],
                "entrances": [[col - 1, row], [col + 1, row]], "owner": "neutral",
            })
    markers = [{"number": n + 1, "hex": [4 + 4 * n, 1]} for n in range(6)]
    markers += [{"number": n + 7, "hex": [4 + 4 * n, 14]} for n in range(6)]
    return {
        "$schema": BASE + "map.schema.json",
        "schema_version": 1,
        "id": "test_map",
        "name": "Test Map",
        "author": "tests",
        "description": "Generated for tests.",
        "license": "CC0-1.0",
        "season": "summer",
        "layout": {"orientation": "pointy", "hex_size": 32, "offset": "odd"},
        "width": WIDTH,
        "height": HEIGHT,
        "terrain": rows,
        "forts": forts,
        "start_markers": markers,
        "regions": [
            {"id": "half_1_6", "name": "Half 1-6", "spans": [[r, 0, WIDTH - 1] for r in range(8)]},
            {"id": "half_7_12", "name": "Half 7-12",
             "spans": [[r, 0, WIDTH - 1] for r in range(8, HEIGHT)]},
        ],
        "paths": [{"id": "river", "kind": "river", "terrain": "water", "width": 0.6,
                   "points": [[0.0, 10.5], [27.0, 10.5]]}],
        "path_coverage": {"min_fraction": 0.25},
        "labels": [{"text": "La Rivière", "at": [10.0, 10.5], "size": 1.0, "rotation": 0}],
    }


def _example(kind: str) -> dict[str, Any]:
    return copy.deepcopy(all_schemas()[f"{BASE}{kind}.schema.json"]["examples"][0])


def valid_catalog() -> dict[str, Any]:
    """A catalog with infantry (all nations) and the schema example's armoured car."""
    data = _example("catalog")
    car = data["units"][0]
    infantry = copy.deepcopy(car)
    infantry.update({
        "id": "infantry", "name": {"de": "Infanterie", "en": "Infantry"}, "class": "foot",
        "speed": 2, "hit": {"recruit": 2, "veteran": 4, "hero": 6},
        "cost": {"coins": 2, "war_bonds": 7}, "transportable": True, "can_capture": True,
        "abilities": [],
    })
    data["units"] = [car, infantry]
    return data


def valid_ruleset() -> dict[str, Any]:
    """The schema example ruleset (current edition)."""
    return _example("ruleset")


def valid_scenario(players: int = 4, fmt: str = "yaml") -> dict[str, Any]:
    """A scenario referring to map.FMT, ruleset.FMT and catalog.FMT next to it."""
    data = _example("scenario")
    data.update({"map": f"map.{fmt}", "ruleset": f"ruleset.{fmt}", "catalog": f"catalog.{fmt}",
                 "variants": ["shorter_game"]})
    if players == 4:
        data.update({"players": 4, "half": None, "seats": [
            {"seat": 1, "nation": "DE", "team": "central", "controller": "human"},
            {"seat": 2, "nation": "GB", "team": "entente", "controller": "human"},
            {"seat": 3, "nation": "AH", "team": "central", "controller": "ai"},
            {"seat": 4, "nation": "FR", "team": "entente", "controller": "ai"},
        ]})
        for o in data["objectives"]:
            o["count"] = 9
    return data


def write_set(directory: Path, players: int = 4, fmt: str = "yaml") -> dict[str, Path]:
    """Write a valid map, catalog, ruleset and scenario into `directory`; return their paths."""
    out = {}
    for name, data in (("map", valid_map()), ("catalog", valid_catalog()),
                       ("ruleset", valid_ruleset()), ("scenario", valid_scenario(players, fmt))):
        path = directory / f"{name}.{fmt}"
        path.write_text(dump_canonical(data, fmt), encoding="utf-8")
        out[name] = path
    return out
