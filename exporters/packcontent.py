"""The four content files of a pack and the digest of them that names the pack's version.

Shared by the pack writer and the conformance vectors (which record the digest), so neither
needs the other to know what content a pack carries.
"""

from __future__ import annotations

import copy
import hashlib
from typing import Any

from engine.content import (
    catalog_to_dict,
    dump_canonical,
    map_to_dict,
    ruleset_to_dict,
    scenario_to_dict,
)
from engine.geometry import covered_hexes
from engine.model import Catalog, GameMap, Scenario
from packs.format import CONTENT_FILES


def catalog_subset(catalog: Catalog, nations: set[str]) -> Catalog:
    """The catalog restricted to unit types that one of `nations` can field."""
    units = {uid: u for uid, u in sorted(catalog.units.items()) if nations & set(u.nations)}
    return Catalog(catalog.id, dict(catalog.name), units)


def map_json(game_map: GameMap) -> dict[str, Any]:
    """The pack's map.json data: the map file's, each trench path with the hexes it covers
    (`covers`, offset [col, row] sorted by row, then column), so a client need not redo the
    coverage geometry to know which hexes the rules count as trench (docs/pack-format.md)."""
    data = map_to_dict(game_map)
    for path, entry in zip(game_map.paths, data["paths"], strict=True):
        if path.kind == "trench":
            cells = [game_map.to_offset(h) for h in covered_hexes(game_map, path)]
            entry["covers"] = [[col, row] for col, row in sorted(cells, key=lambda c: (c[1], c[0]))]
    return data


def _canonical_json(data: dict[str, Any]) -> bytes:
    return dump_canonical(data, "json").encode("utf-8")


def map_file(game_map: GameMap) -> bytes:
    """map.json of a pack of this map (as in `content_files`)."""
    return _canonical_json(map_json(game_map))


def content_files(scenario: Scenario) -> dict[str, bytes]:
    """scenario.json, map.json, ruleset.json and catalog.json of a loaded scenario's pack: the
    canonical JSON, the scenario's references rewritten to the files beside it."""
    if scenario.map is None or scenario.ruleset is None or scenario.catalog is None:
        raise ValueError("the scenario's references are not resolved; load it with load_scenario")
    # A co-op partner's units are in play too (RULES §9: it plays with its seat's nation).
    nations = {n for seat in scenario.seats for n in (seat.nation, seat.partner) if n}
    scen = copy.copy(scenario)
    scen.map_ref, scen.ruleset_ref, scen.catalog_ref = "map.json", "ruleset.json", "catalog.json"
    return {
        "scenario.json": _canonical_json(scenario_to_dict(scen)),
        "map.json": map_file(scenario.map),
        "ruleset.json": _canonical_json(ruleset_to_dict(scenario.ruleset)),
        "catalog.json": _canonical_json(catalog_to_dict(catalog_subset(scenario.catalog,
                                                                       nations))),
    }


def content_digest(files: dict[str, bytes]) -> str:
    """First 12 hex digits of the SHA-256 over the content files, in CONTENT_FILES order,
    each framed as UTF-8 path, one zero byte, the file's bytes (docs/pack-format.md)."""
    digest = hashlib.sha256()
    for path in CONTENT_FILES:
        digest.update(path.encode() + b"\0" + files[path])
    return digest.hexdigest()[:12]
