"""A map-pack reader written from docs/pack-format.md alone, as another client would.

Standard library only, and nothing from this project: if the docs are incomplete, this reader
cannot be written and its test fails. It opens a pack, verifies it as the docs say (manifest
listing, sizes, SHA-256, version digest, revision, schemas present) and rebuilds the map and
the scenario as plain Python values.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from dataclasses import dataclass, field
from typing import Any

CONTENT_ORDER = ("scenario.json", "map.json", "ruleset.json", "catalog.json")
TERRAIN_CHARS = {".": "meadow", "f": "forest", "=": "road", "b": "bridge", "~": "water",
                 "t": "trench"}


class PackInvalid(Exception):
    """The pack does not follow the documented format."""


@dataclass
class PlainMap:
    """A map as plain values: every coordinate an offset (col, row) tuple."""

    id: str
    name: str
    orientation: str
    offset: str
    width: int
    height: int
    terrain: dict[tuple[int, int], str]
    forts: dict[str, dict[str, Any]]
    start_markers: dict[int, tuple[int, int]]
    regions: dict[str, set[tuple[int, int]]]
    paths: dict[str, dict[str, Any]]
    labels: list[tuple[str, tuple[float, float], float, float]]
    # trench path id -> the hexes it covers (pack-format.md: `covers`)
    trench_covers: dict[str, list[tuple[int, int]]] = field(default_factory=dict)


@dataclass
class PlainScenario:
    """A scenario as plain values."""

    id: str
    players: int
    half: str | None
    seats: list[tuple[int, str, str, str]]
    variants: list[str]
    starting_money: dict[str, int]
    hexes_in_play: set[tuple[int, int]] = field(default_factory=set)


@dataclass
class Pack:
    """A verified pack: manifest, parsed JSON entries, map and scenario."""

    manifest: dict[str, Any]
    json: dict[str, Any]
    map: PlainMap
    scenario: PlainScenario


def unwrap(value: Any) -> Any:
    """The documented rule: an object with a `value` key stands for that value."""
    if isinstance(value, dict) and "value" in value:
        return value["value"]
    return value


def _pair(value: Any) -> tuple[int, int]:
    col, row = value
    return int(col), int(row)


def read(data: bytes) -> Pack:
    """Open and verify a pack's bytes; PackInvalid when anything differs from the docs."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        entries = {info.filename: zf.read(info) for info in zf.infolist()}
    if "manifest.json" not in entries:
        raise PackInvalid("no manifest.json")
    manifest = json.loads(entries["manifest.json"].decode("utf-8"))
    listed = {f["path"]: f for f in manifest["files"]}
    if set(listed) != set(entries) - {"manifest.json"}:
        raise PackInvalid("manifest does not list exactly the entries")
    for path, info in listed.items():
        body = entries[path]
        if len(body) != info["size"] or hashlib.sha256(body).hexdigest() != info["sha256"]:
            raise PackInvalid(f"{path}: size or checksum differs")
    digest = hashlib.sha256()
    for path in CONTENT_ORDER:
        digest.update(path.encode("utf-8") + b"\0" + entries[path])
    version = manifest["pack"]["version"]
    core, _, build_meta = version.partition("+")
    major, minor, patch = (int(x) for x in core.split("."))
    if (major, patch) != (1, 0) or build_meta != digest.hexdigest()[:12]:
        raise PackInvalid(f"version {version} is not 1.REVISION.0+digest of the content")
    if manifest["pack"].get("revision", 0) != minor:
        raise PackInvalid("revision differs from the version's minor number")
    parsed = {}
    for path, body in entries.items():
        if path.endswith(".json"):
            if body.startswith(b"\xef\xbb\xbf") or not body.endswith(b"\n"):
                raise PackInvalid(f"{path}: not BOM-less UTF-8 ending in a newline")
            parsed[path] = json.loads(body.decode("utf-8"))
    for path in (*CONTENT_ORDER, "manifest.json"):
        doc = parsed[path]
        schema_name = doc["$schema"].rsplit("/", 1)[1]
        schema = parsed.get(f"schemas/{schema_name}")
        version_of = (schema or {}).get("properties", {}).get("schema_version", {}).get("const")
        if schema is None or doc["schema_version"] != version_of:
            raise PackInvalid(f"{path}: schema {schema_name} missing or version unknown")
        if parsed[f"schemas/{schema_name}"].get("$id") != doc["$schema"]:
            raise PackInvalid(f"{path}: schemas/{schema_name} has another $id")
    scenario_doc = parsed["scenario.json"]
    for key in ("map", "ruleset", "catalog"):
        if scenario_doc[key] != f"{key}.json":
            raise PackInvalid(f"scenario {key} is not {key}.json")
    game_map = _map(parsed["map.json"])
    return Pack(manifest, parsed, game_map, _scenario(scenario_doc, game_map))


def _map(doc: dict[str, Any]) -> PlainMap:
    terrain = {}
    for row, line in enumerate(doc["terrain"]):
        for col, ch in enumerate(line):
            terrain[(col, row)] = TERRAIN_CHARS[ch]
    regions = {}
    for region in doc["regions"]:
        cells = set()
        for row, first, last in region["spans"]:
            cells.update((col, row) for col in range(first, last + 1))
        regions[region["id"]] = cells
    return PlainMap(
        id=doc["id"], name=doc["name"], orientation=doc["layout"]["orientation"],
        offset=doc["layout"]["offset"], width=doc["width"], height=doc["height"],
        terrain=terrain,
        forts={f["id"]: {"name": f["name"], "hexes": [_pair(h) for h in f["hexes"]],
                         "entrances": [_pair(h) for h in f["entrances"]], "owner": f["owner"],
                         "facing": f.get("facing")} for f in doc["forts"]},
        start_markers={m["number"]: _pair(m["hex"]) for m in doc["start_markers"]},
        regions=regions,
        paths={p["id"]: {"kind": p["kind"], "terrain": p["terrain"], "width": p["width"],
                         "points": [(float(x), float(y)) for x, y in p["points"]]}
               for p in doc["paths"]},
        labels=[(lb["text"], (float(lb["at"][0]), float(lb["at"][1])), float(lb["size"]),
                 float(lb["rotation"])) for lb in doc["labels"]],
        trench_covers={p["id"]: [_pair(h) for h in p["covers"]] for p in doc["paths"]
                       if p["kind"] == "trench"},
    )


def read_map(doc: dict[str, Any]) -> PlainMap:
    """A parsed map.json as plain values."""
    return _map(doc)


def _scenario(doc: dict[str, Any], game_map: PlainMap) -> PlainScenario:
    half = doc.get("half")
    # with 2 players only the half's hexes are in play
    in_play = set(game_map.regions[half] if doc["players"] == 2 and half else game_map.terrain)
    return PlainScenario(
        id=doc["id"], players=doc["players"], half=half,
        seats=[(s["seat"], s["nation"], s["team"], s["controller"]) for s in doc["seats"]],
        variants=list(doc["variants"]), starting_money=dict(doc["starting_money"]),
        hexes_in_play=in_play)


def forts_in_play(pack: Pack) -> set[str]:
    """Forts that count: with 2 players only those wholly inside the half."""
    cells = pack.scenario.hexes_in_play
    return {fid for fid, f in pack.map.forts.items() if set(f["hexes"]) <= cells}


def trench_hexes(game_map: PlainMap, in_play: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """pack-format.md "Trench hexes": the hexes in play, outside fort footprints and
    entrances, of trench terrain or listed in a trench path's `covers`."""
    forts = {h for f in game_map.forts.values() for h in (*f["hexes"], *f["entrances"])}
    cells = {h for h, t in game_map.terrain.items() if t == "trench"}
    cells.update(h for covers in game_map.trench_covers.values() for h in covers)
    return {h for h in cells if h in in_play and h not in forts}
