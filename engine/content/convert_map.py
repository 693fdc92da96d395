"""Map files <-> `GameMap`: offset coordinates in files, axial in the model."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from engine.content.documents import SCHEMA_OF_KIND
from engine.content.problems import ContentError, Problem, error
from engine.hexes import Hex
from engine.hexset import HexSet
from engine.i18n import _
from engine.model import (
    CHAR_TERRAIN,
    TERRAIN_ID,
    Fort,
    GameMap,
    Label,
    MapLayout,
    MapPath,
    Region,
    StartMarker,
)

MAX_SIDE = 1000
MAX_HEXES = 1_000_000
_ROW = re.compile("[" + re.escape("".join(CHAR_TERRAIN)) + "]*")
_TO_ID = str.maketrans({c: chr(TERRAIN_ID[t]) for c, t in CHAR_TERRAIN.items()})


def grid_problems(data: dict[str, Any]) -> list[Problem]:
    """Size limit and terrain-grid shape problems of map data (checked before allocating)."""
    width, height = data.get("width"), data.get("height")
    if not (isinstance(width, int) and isinstance(height, int)):
        return [error("map.size", _("width and height must be integers"), _("set width and height"),
                      pointer="/width")]
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE) or width * height > MAX_HEXES:
        return [error(
            "map.too_large",
            _("map of {width} x {height} hexes is outside the limit ({max_side} per side, "
              "{max_hexes:,} in all)", width=width, height=height, max_side=MAX_SIDE,
              max_hexes=MAX_HEXES), _("make the map smaller"), pointer="/width",
        )]
    rows = data.get("terrain")
    if not isinstance(rows, list):
        return [error("map.terrain_rows", _("terrain must be a list of rows"),
                      _("write one string per row"), pointer="/terrain")]
    out: list[Problem] = []
    if len(rows) != height:
        out.append(error(
            "map.terrain_rows",
            _("terrain has {n_rows} rows but height is {height}", n_rows=len(rows), height=height),
            _("add or remove rows, or change height"), pointer="/terrain",
        ))
    for i, row in enumerate(rows):
        if not isinstance(row, str):
            out.append(error("map.terrain_row_length", _("terrain row {i} is not text", i=i),
                             _("write each row as one string"), pointer=f"/terrain/{i}"))
        elif len(row) != width:
            out.append(error(
                "map.terrain_row_length",
                _("terrain row {i} has {n_row} hexes, width is {width}", i=i, n_row=len(row),
                  width=width),
                _("every row needs exactly width characters"), pointer=f"/terrain/{i}",
            ))
        elif not _ROW.fullmatch(row):
            out.append(error(
                "map.terrain_char", _("terrain row {i} has an unknown terrain character", i=i),
                _("use . f = b ~ t"), pointer=f"/terrain/{i}",
            ))
        if len(out) >= 50:
            break
    return out


def span_hexes(m: GameMap, spans: list[list[int]]) -> HexSet:
    """The hexes of run-length rows [row, first_col, last_col], built run by run on a
    pointy-top map (no object per hex)."""
    if m.layout.orientation == "pointy":
        # Along a pointy row, q grows by one per column and r is the row: a span is a run.
        to_axial = m.to_axial
        return HexSet.from_runs((row, q0 := to_axial(first, row).q, q0 + last - first)
                                for row, first, last in spans)
    return HexSet(m.to_axial(c, row) for row, first, last in spans
                  for c in range(first, last + 1))


def _hexes(m: GameMap, pairs: list[list[int]]) -> list[Hex]:
    return [m.to_axial(c, r) for c, r in pairs]


def _offsets(m: GameMap, hexes: list[Hex]) -> list[list[int]]:
    return [list(m.to_offset(h)) for h in hexes]


def _english(name: str | dict[str, str]) -> str:
    return name if isinstance(name, str) else name.get("en", "")


def map_from_dict(data: dict[str, Any]) -> GameMap:
    """Build a GameMap from schema-valid map data; raise ContentError on a bad grid."""
    problems = grid_problems(data)
    if problems:
        raise ContentError(problems)
    layout = data["layout"]
    m = GameMap(
        id=data["id"],
        name=_english(data["name"]),
        name_de=data["name"].get("de", "") if isinstance(data["name"], dict) else "",
        width=data["width"],
        height=data["height"],
        layout=MapLayout(layout["orientation"], layout["hex_size"], layout["offset"]),
        terrain=bytearray("".join(data["terrain"]).translate(_TO_ID), "latin-1"),
        author=data.get("author", ""),
        description=data.get("description", ""),
        license=data.get("license", ""),
        season=data.get("season", "summer"),
        path_coverage=data.get("path_coverage", {}).get("min_fraction", 0.25),
    )
    m.forts = [
        Fort(f["id"], f["name"], _hexes(m, f["hexes"]), _hexes(m, f["entrances"]),
             f.get("owner", "neutral"), f.get("facing"))
        for f in data.get("forts", [])
    ]
    m.start_markers = [
        StartMarker(s["number"], m.to_axial(*s["hex"])) for s in data.get("start_markers", [])
    ]
    m.regions = [Region(r["id"], r["name"], span_hexes(m, r["spans"]))
                 for r in data.get("regions", [])]
    m.paths = [
        MapPath(p["id"], p["kind"], [(x, y) for x, y in p["points"]], p.get("terrain"),
                p.get("width", 0.5))
        for p in data.get("paths", [])
    ]
    m.labels = [
        Label(lb["text"], (lb["at"][0], lb["at"][1]), lb.get("size", 1.0), lb.get("rotation", 0))
        for lb in data.get("labels", [])
    ]
    return m


def region_spans(m: GameMap, hexes: Iterable[Hex]) -> list[list[int]]:
    """Run-length rows [row, first_col, last_col] of a hex set, sorted."""
    if m.layout.orientation == "pointy" and isinstance(hexes, HexSet):
        # HexSet runs are maximal and ordered by (r, q): on a pointy map, exactly the spans.
        to_offset = m.to_offset
        return [[r, col := to_offset(Hex(q0, r))[0], col + q1 - q0]
                for r, q0, q1 in hexes.runs()]
    cells = sorted((r, c) for c, r in (m.to_offset(h) for h in hexes))
    spans: list[list[int]] = []
    for row, col in cells:
        if spans and spans[-1][0] == row and spans[-1][2] == col - 1:
            spans[-1][2] = col
        else:
            spans.append([row, col, col])
    return spans


def map_to_dict(m: GameMap) -> dict[str, Any]:
    """The file form of a GameMap (every key written; canonical order is the writer's job)."""
    forts = []
    for f in m.forts:
        fort: dict[str, Any] = {
            "id": f.id, "name": f.name, "hexes": _offsets(m, f.hexes),
            "entrances": _offsets(m, f.entrances), "owner": f.owner,
        }
        if f.facing is not None:
            fort["facing"] = f.facing
        forts.append(fort)
    return {
        "$schema": SCHEMA_OF_KIND["map"],
        "schema_version": 1,
        "id": m.id,
        "name": {"de": m.name_de, "en": m.name} if m.name_de else m.name,
        "author": m.author,
        "description": m.description,
        "license": m.license,
        "season": m.season,
        "layout": {"orientation": m.layout.orientation, "hex_size": m.layout.hex_size,
                   "offset": m.layout.offset},
        "width": m.width,
        "height": m.height,
        "terrain": m.terrain_rows(),
        "forts": forts,
        "start_markers": [{"number": s.number, "hex": list(m.to_offset(s.hex))}
                          for s in m.start_markers],
        "regions": [{"id": r.id, "name": r.name, "spans": region_spans(m, r.hexes)}
                    for r in m.regions],
        "paths": [{"id": p.id, "kind": p.kind, "terrain": p.terrain, "width": p.width,
                   "points": [[x, y] for x, y in p.points]} for p in m.paths],
        "path_coverage": {"min_fraction": m.path_coverage},
        "labels": [{"text": lb.text, "at": [lb.at[0], lb.at[1]], "size": lb.size,
                    "rotation": lb.rotation} for lb in m.labels],
    }
