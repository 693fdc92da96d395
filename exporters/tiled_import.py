"""Tiled maps back into the Studio: a `.tmx`/`.tmj` becomes a map file.

A map the Studio exported comes back exactly (every object carries our values in `tc_*`
properties). A map painted or edited in Tiled is read from its geometry where it has no
`tc_*` values: terrain from each tile's `terrain` property (the generated tileset), a
fort's or region's hexes from the cells whose centres its polygon holds, start markers and
entrances from the cell their point is in, new polylines typed `road`/`river`/`trench`/`rail`
as paths. Anything that cannot be mapped is a problem located in the Tiled file.
"""

from __future__ import annotations

import bisect
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon

from engine.content import (
    ContentError,
    check_document,
    document_from_text,
    dump_canonical,
    map_to_dict,
)
from engine.content.problems import Problem, error, warning
from engine.i18n import _
from engine.model import TERRAIN_CHAR, TERRAINS, GameMap
from exporters.tiled import TiledGrid
from exporters.tiledxml import MAX_CELLS, TiledSource, read_map

PATH_KINDS = {"road": "road", "river": "water", "trench": "trench", "rail": None}
OBJECT_KINDS = ("fort", "entrance", "start", "region", *PATH_KINDS, "label")
_GID_MASK = 0x0FFFFFFF  # Tiled keeps flip and rotation flags in the top four bits
MAX_CELL_PROBLEMS = 20
MAP_SCHEMA = map_to_dict(GameMap.blank("m", 1, 1))["$schema"]
_POSITION_TOLERANCE = 0.5  # px: Tiled rewrites coordinates with 6 significant digits


@dataclass
class TiledImport:
    """The imported map in file form and every problem. `data` is None when the Tiled file
    could not be mapped (problems coded `tiled.*`); a map that came in but breaks the map
    rules (the same checks as any map file) has data and those problems too."""

    data: dict[str, Any] | None
    problems: list[Problem]

    @property
    def ok(self) -> bool:
        """Whether the map came in and has no errors."""
        return self.data is not None and not any(p.is_error for p in self.problems)


class _Importer:
    def __init__(self, source: TiledSource, stem: str) -> None:
        self.src = source
        self.doc = source.doc
        self.stem = stem
        self.problems: list[Problem] = []
        self.path_order: dict[str, int] = {}

    def err(self, code: str, message: str, hint: str, pointer: str,
            hex_: tuple[int, int] | None = None, severity: str = "error") -> None:
        make = error if severity == "error" else warning
        self.problems.append(make(code, message, hint, hex=hex_, **self.src.where(pointer)))

    # --- map header -----------------------------------------------------------------------

    def header(self) -> TiledGrid | None:
        d = self.doc
        if d.get("orientation") != "hexagonal":
            orientation = d.get("orientation")
            self.err("tiled.not_hexagonal",
                     _("the map is {get!r}, not hexagonal", get=orientation)
                     if orientation is not None else
                     _("the map has no orientation, so it is not hexagonal"),
                     _("create the map in Tiled as Hexagonal (staggered)"), "")
            return None
        if d.get("infinite") in (1, True):
            self.err("tiled.infinite", _("infinite Tiled maps cannot be imported"),
                     _("untick Map ▸ Map Properties ▸ Infinite and save again"), "")
            return None
        sizes = {k: d.get(k) for k in ("width", "height", "tilewidth", "tileheight",
                                        "hexsidelength")}
        bad = [k for k, v in sizes.items() if not isinstance(v, int) or isinstance(v, bool)
               or v < 1]
        if bad:
            self.err("tiled.bad_size",
                     _("{bad} must be whole numbers of at least 1", bad=', '.join(bad)),
                     _("open and save the map in Tiled"), "")
            return None
        w, h = sizes["width"], sizes["height"]
        if w > 1000 or h > 1000 or w * h > MAX_CELLS:
            self.err("tiled.too_large",
                     _("the map is {w}×{h} hexes; the Studio takes at most 1000 per side and "
                       "{max_cells:,} in all", w=w, h=h, max_cells=MAX_CELLS),
                     _("crop it in Tiled (Map ▸ Resize Map)"), "")
            return None
        axis, index = d.get("staggeraxis"), d.get("staggerindex")
        if axis not in ("x", "y") or index not in ("odd", "even"):
            self.err("tiled.bad_stagger",
                     _("stagger axis {axis!r} / index {index!r} is not x|y / odd|even", axis=axis,
                       index=index), _("set them in Map ▸ Map Properties"), "")
            return None
        orientation = "pointy" if axis == "y" else "flat"
        # Tiled lays tiles out with their sizes rounded down to even numbers.
        return TiledGrid(orientation, index, sizes["tilewidth"] & ~1, sizes["tileheight"] & ~1,
                         sizes["hexsidelength"])

    def properties(self, props: Any, pointer: str) -> dict[str, tuple[Any, str]]:
        out: dict[str, tuple[Any, str]] = {}
        for i, p in enumerate(props if isinstance(props, list) else []):
            if isinstance(p, dict) and isinstance(p.get("name"), str):
                out[p["name"]] = (p.get("value"), f"{pointer}/properties/{i}")
        return out

    def _name(self, props: dict[str, tuple[Any, str]]) -> str | dict[str, str]:
        """The map's name: {de, en} when the map carries a German name (tc_name_de)."""
        name = self.prop(props, "tc_name", str, self.stem)
        german = self.prop(props, "tc_name_de", str, "")
        return {"de": german, "en": name} if german and name else name

    def prop(self, props: dict[str, tuple[Any, str]], name: str, kind: type | tuple,
             default: Any = None) -> Any:
        if name not in props:
            return default
        value, pointer = props[name]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool) or (
                isinstance(value, float) and not math.isfinite(value)):
            names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            self.err("tiled.bad_property",
                     _("property {name} is {value!r}, not a {names}", name=name, value=value,
                       names=names),
                     _("fix it in Tiled's Properties view"), pointer)
            return default
        return value

    def json_prop(self, props: dict[str, tuple[Any, str]], name: str,
                  shape: Callable[[Any], bool]) -> Any:
        """The JSON a `tc_*` property holds when it has the `shape` the Studio writes, else
        None with a located error (the object's geometry is used instead)."""
        text = self.prop(props, name, str)
        if text is None:
            return None
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            value = _NOT_WRITTEN
        if value is not _NOT_WRITTEN and shape(value):
            return value
        self.err("tiled.bad_property",
                 _("property {name} is not the JSON the Studio wrote", name=name),
                 _("delete {name} so the object's geometry is used", name=name), props[name][1])
        return None

    # --- terrain --------------------------------------------------------------------------

    def terrain_of_gid(self) -> dict[int, str]:
        """gid → terrain name for every tile with a known `terrain` property."""
        out: dict[int, str] = {}
        for i, ts in enumerate(self.doc.get("tilesets") or []):
            if not isinstance(ts, dict) or not isinstance(ts.get("firstgid"), int):
                continue
            for j, tile in enumerate(ts.get("tiles") or []):
                if not isinstance(tile, dict) or not isinstance(tile.get("id"), int):
                    continue
                props = self.properties(tile.get("properties"), f"/tilesets/{i}/tiles/{j}")
                name = self.prop(props, "terrain", str)
                if name in TERRAINS:
                    out[ts["firstgid"] + tile["id"]] = name
                elif name is not None:
                    self.err("tiled.unknown_terrain",
                             _("tile {id} of tileset {get!r} says terrain {name!r}", id=tile['id'],
                               get=ts.get('name', i), name=name),
                             _("use one of: {terrains}", terrains=', '.join(TERRAINS)),
                             props["terrain"][1])
        return out

    def terrain(self, layers: list[tuple[dict, str]], width: int, height: int) -> list[str]:
        tile_layers = [(lay, p) for lay, p in layers if lay.get("type") == "tilelayer"]
        if not tile_layers:
            self.err("tiled.no_terrain", _("the map has no tile layer"),
                     _("paint the terrain in a tile layer named 'terrain'"), "")
            return []
        named = [lp for lp in tile_layers if lp[0].get("name") == "terrain"]
        layer, pointer = (named or tile_layers)[0]
        for other, p in tile_layers:
            if other is not layer:
                self.err("tiled.extra_layer",
                         _("tile layer {get!r} is ignored: only one terrain layer is read",
                           get=other.get('name')),
                         _("merge it into {get!r} (Layer ▸ Merge Layer Down)",
                           get=layer.get('name')), p, severity="warning")
        data = layer.get("data")
        if isinstance(data, str) or not isinstance(data, list):
            self.err("tiled.bad_data",
                     _("the terrain layer's tiles cannot be read: {data}",
                       data=data if isinstance(data, str) else 'no tile data'),
                     _("save the layer as CSV (Map ▸ Map Properties ▸ Tile Layer Format)"),
                     f"{pointer}/data")
            return []
        if len(data) != width * height or layer.get("width") not in (None, width):
            self.err("tiled.bad_data",
                     _("the terrain layer has {n_data:,} tiles; the map needs {width}×{height} = "
                       "{width2:,}", n_data=len(data), width=width, height=height,
                       width2=width * height),
                       _("resize the layer with the map (Map ▸ Resize Map)"), f"{pointer}/data")
            return []
        known = self.terrain_of_gid()
        rows, problems = [], 0
        for row in range(height):
            chars = []
            for col in range(width):
                k = row * width + col
                gid = data[k] & _GID_MASK if isinstance(data[k], int) else 0
                name = known.get(gid)
                if name is None:
                    problems += 1
                    if problems <= MAX_CELL_PROBLEMS:
                        why = "is empty" if gid == 0 else f"has tile {gid}, which has no terrain"
                        where = self.cell_pointer(f"{pointer}/data", k)
                        self.err("tiled.cell_terrain",
                                 _("hex [{col}, {row}] {why}", col=col, row=row, why=why),
                                 _("paint it with a tile of the Studio's terrain tileset (each "
                                   "tile has a 'terrain' property)"), where, (col, row))
                    name = "meadow"
                chars.append(TERRAIN_CHAR[name])
            rows.append("".join(chars))
        if problems > MAX_CELL_PROBLEMS:
            self.err("tiled.cell_terrain",
                     _("{problems:,} more hexes have no terrain",
                       problems=problems - MAX_CELL_PROBLEMS),
                     _("paint them with the terrain tileset"), f"{pointer}/data")
        return rows

    def cell_pointer(self, data_pointer: str, k: int) -> str:
        """Pointer of cell k, or of the nearest cell before it whose line is known (TMX
        CSV data records the first cell of each line)."""
        lines = self.src.lines
        if f"{data_pointer}/{k}" in lines:
            return f"{data_pointer}/{k}"
        if not hasattr(self, "_line_starts"):
            self._line_starts = sorted(int(p.rsplit("/", 1)[1]) for p in lines
                                       if p.startswith(data_pointer + "/"))
        i = bisect.bisect_right(self._line_starts, k)
        return f"{data_pointer}/{self._line_starts[i - 1]}" if i else data_pointer

    # --- objects --------------------------------------------------------------------------

    def run(self) -> dict[str, Any] | None:
        grid = self.header()
        if grid is None:
            return None
        self.grid = grid
        d = self.doc
        width, height = d["width"], d["height"]
        self.width, self.height = width, height
        props = self.properties(d.get("properties"), "")
        orientation = self.prop(props, "tc_orientation", str, grid.orientation)
        offset = self.prop(props, "tc_offset", str, grid.parity)
        if (orientation, offset) != (grid.orientation, grid.parity):
            self.err("tiled.layout_changed",
                     _("the map says {orientation}/{offset} but Tiled's stagger is "
                       "{orientation2}/{parity}", orientation=orientation, offset=offset,
                       orientation2=grid.orientation, parity=grid.parity),
                     _("set the stagger axis and index back in Map ▸ Map Properties"), "")
        layers = list(self.flat_layers(d.get("layers") or [], "/layers"))
        rows = self.terrain(layers, width, height)
        objects = [(o, f"{p}/objects/{i}") for lay, p in layers
                   if lay.get("type") == "objectgroup"
                   for i, o in enumerate(lay.get("objects") or []) if isinstance(o, dict)]
        self.centres = self._centres()
        xs = self.centres[:, 0].reshape(self.height, self.width)
        ys = self.centres[:, 1].reshape(self.height, self.width)
        # per column the range of its centres' x, per row of their y (stagger moves them by
        # half a tile): a polygon's bounds give the block of cells worth testing
        self.col_x = (xs.min(axis=0), xs.max(axis=0))
        self.row_y = (ys.min(axis=1), ys.max(axis=1))
        by_id = {o.get("id"): (o, p) for o, p in objects}
        forts, regions, paths, labels, markers = [], {}, {}, [], []
        for obj, pointer in objects:
            kind = obj.get("type") or ""
            oprops = self.properties(obj.get("properties"), pointer)
            kind = self.prop(oprops, "tc_kind", str, kind) if kind in PATH_KINDS else kind
            if kind == "fort":
                fort = self.fort(obj, pointer, oprops, by_id)
                if fort:
                    forts.append(fort)
            elif kind == "start":
                marker = self.marker(obj, pointer, oprops)
                if marker:
                    markers.append(marker)
            elif kind == "region":
                self.region(obj, pointer, oprops, regions)
            elif kind in PATH_KINDS:
                self.path(obj, pointer, oprops, kind, paths)
            elif kind == "label":
                label = self.label(obj, pointer, oprops)
                if label:
                    labels.append((oprops.get("tc_index", (len(labels), ""))[0], label))
            elif kind != "entrance":
                self.err("tiled.unmapped_object",
                         _("object {get!r} (id {get2}, type {kind!r}) has no meaning in a Trench "
                           "Club map and is left out", get=obj.get('name'), get2=obj.get('id'),
                           kind=kind),
                         _("give it a type: {object_kinds}", object_kinds=', '.join(OBJECT_KINDS)),
                         pointer, severity="warning")
        hex_size = self.prop(props, "tc_hex_size", float, float(grid.side))
        season = self.prop(props, "tc_season", str, "summer")
        return {
            "$schema": MAP_SCHEMA, "schema_version": 1,
            "id": self.prop(props, "tc_id", str, _slug(self.stem)),
            "name": self._name(props),
            "author": self.prop(props, "tc_author", str, ""),
            "description": self.prop(props, "tc_description", str, ""),
            "license": self.prop(props, "tc_license", str, ""),
            "season": season,
            "layout": {"orientation": grid.orientation, "hex_size": hex_size,
                       "offset": grid.parity},
            "width": width, "height": height, "terrain": rows,
            "forts": forts,
            "start_markers": sorted(markers, key=lambda s: s["number"]),
            "regions": [{"id": rid, "name": name, "spans": _spans(cells)}
                        for rid, (name, cells) in regions.items()],
            "paths": sorted(paths.values(), key=lambda p: self.path_order[p["id"]]),
            "path_coverage": {"min_fraction": self.prop(props, "tc_path_coverage", float,
                                                        0.25)},
            "labels": [lb for _, lb in sorted(labels, key=lambda t: t[0])],
        }

    def flat_layers(self, layers: list, pointer: str):
        for i, layer in enumerate(layers):
            if not isinstance(layer, dict):
                continue
            if layer.get("type") == "group":
                yield from self.flat_layers(layer.get("layers") or [], f"{pointer}/{i}/layers")
            else:
                yield layer, f"{pointer}/{i}"

    def _centres(self) -> np.ndarray:
        cols, rows = np.meshgrid(np.arange(self.width), np.arange(self.height))
        g = self.grid
        if g.orientation == "pointy":
            shifted = (rows % 2 == 1) if g.parity == "odd" else (rows % 2 == 0)
            x = cols * g.tile_w + np.where(shifted, g.tile_w / 2, 0) + g.tile_w / 2
            y = rows * (g.tile_h + g.side) / 2 + g.tile_h / 2
        else:
            shifted = (cols % 2 == 1) if g.parity == "odd" else (cols % 2 == 0)
            y = rows * g.tile_h + np.where(shifted, g.tile_h / 2, 0) + g.tile_h / 2
            x = cols * (g.tile_w + g.side) / 2 + g.tile_w / 2
        return np.stack([x.ravel(), y.ravel()], axis=1)

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The map cell whose centre is nearest to (x, y) (the hex holding it), or None
        when the point lies off the map."""
        g = self.grid
        if g.orientation == "pointy":
            row0 = round((y - g.tile_h / 2) / ((g.tile_h + g.side) / 2))
            col0 = round((x - g.tile_w) / g.tile_w)
        else:
            col0 = round((x - g.tile_w / 2) / ((g.tile_w + g.side) / 2))
            row0 = round((y - g.tile_h) / g.tile_h)
        best, best_d = None, math.inf
        for row in range(row0 - 1, row0 + 2):
            for col in range(col0 - 1, col0 + 2):
                if 0 <= col < self.width and 0 <= row < self.height:
                    cx, cy = g.center(col, row)
                    dist = (cx - x) ** 2 + (cy - y) ** 2
                    if dist < best_d:
                        best, best_d = (col, row), dist
        if best is None or best_d > (g.side * 1.1) ** 2:
            return None
        return best

    def points(self, obj: dict, key: str) -> list[tuple[float, float]] | None:
        pts = obj.get(key)
        x0, y0 = obj.get("x"), obj.get("y")
        if not isinstance(pts, list) or not all(_finite(v) for v in (x0, y0)):
            return None
        out = []
        for p in pts:
            if not isinstance(p, dict) or not all(_finite(p.get(k)) for k in ("x", "y")):
                return None
            out.append((x0 + p["x"], y0 + p["y"]))
        return out

    def cells_in(self, ring: list[tuple[float, float]]) -> set[tuple[int, int]]:
        if len(ring) < 3:
            return set()
        poly = Polygon(ring)
        if not poly.is_valid:
            poly = poly.buffer(0)
        if poly.is_empty:
            return set()
        # Only the cells in the polygon's bounds: testing every centre of the map made a
        # region of many small parts cost parts × map size (10,000 parts: 9 s on 200×200).
        min_x, min_y, max_x, max_y = poly.bounds
        cols = np.flatnonzero((self.col_x[1] >= min_x) & (self.col_x[0] <= max_x))
        rows = np.flatnonzero((self.row_y[1] >= min_y) & (self.row_y[0] <= max_y))
        block = (rows[:, None] * self.width + cols[None, :]).ravel()
        inside = shapely.contains_xy(poly, self.centres[block, 0], self.centres[block, 1])
        return {(int(i % self.width), int(i // self.width)) for i in block[inside]}

    def point_cell(self, obj: dict, pointer: str, what: str) -> tuple[int, int] | None:
        x, y = obj.get("x"), obj.get("y")
        cell = self.cell_at(x, y) if all(_finite(v) for v in (x, y)) else None
        if cell is None:
            self.err("tiled.off_map", _("{what} is not on a hex of the map", what=what),
                     _("move it onto a hex in Tiled"), pointer)
        return cell

    def fort(self, obj: dict, pointer: str, props: dict, by_id: dict) -> dict | None:
        name = obj.get("name") or ""
        fid = self.prop(props, "tc_id", str) or _slug(name) or f"fort_{obj.get('id')}"
        listed = self.json_prop(props, "tc_hexes", _cell_list)
        ring = self.points(obj, "polygon")
        cells = self.cells_in(ring) if ring else None
        if cells is None and isinstance(listed, list):
            hexes = listed
        elif cells:
            # keep the Studio's order when the outline still covers the same hexes
            same = isinstance(listed, list) and {tuple(h) for h in listed
                                                if isinstance(h, list)} == cells
            hexes = listed if same else [list(c) for c in sorted(cells, key=lambda c: c[::-1])]
        else:
            self.err("tiled.fort_hexes", _("fort {name!r} covers no hex centre", name=name),
                     _("draw its polygon around the centres of its hexes"), pointer)
            return None
        entrances = []
        refs = [props.get(f"tc_entrance_{i}", (None, ""))[0] for i in (1, 2)]
        ent_objs = [by_id[r] for r in refs if r in by_id]
        if not ent_objs:
            ent_objs = sorted(((o, p) for o, p in by_id.values() if o.get("type") == "entrance"
                               and self._entrance_of(o, p) in (obj.get("id"), fid)),
                              key=lambda op: op[0].get("name") or "")
        for ent, ent_pointer in ent_objs:
            cell = self.point_cell(ent, ent_pointer, f"entrance {ent.get('name')!r}")
            if cell is not None:
                entrances.append(list(cell))
        if len(entrances) != 2:
            self.err("tiled.fort_entrances",
                     _("fort {name!r} has {n_entrances} entrances that can be read; it needs 2",
                       name=name, n_entrances=len(entrances)),
                     _("add point objects of type 'entrance' with a property tc_fort naming the "
                       "fort (object) or tc_fort_id"), pointer)
        facing = self.prop(props, "tc_facing", int, -1)
        fort = {"id": fid, "name": name, "hexes": hexes, "entrances": entrances,
                "owner": self.prop(props, "tc_owner", str, "neutral")}
        if facing != -1:
            fort["facing"] = facing
        return fort

    def _entrance_of(self, obj: dict, pointer: str) -> Any:
        props = self.properties(obj.get("properties"), pointer)
        return props.get("tc_fort", props.get("tc_fort_id", (None, "")))[0]

    def marker(self, obj: dict, pointer: str, props: dict) -> dict | None:
        number = self.prop(props, "tc_number", int)
        if number is None:
            name = str(obj.get("name") or "").strip()
            number = int(name) if name.isdigit() else None
        if number is None:
            self.err("tiled.marker_number",
                     _("start marker {get!r} has no number", get=obj.get('name')),
                     _("name the point object 1..12 (or give it an int property tc_number)"),
                     pointer)
            return None
        cell = self.point_cell(obj, pointer, f"start marker {number}")
        return {"number": number, "hex": list(cell)} if cell else None

    def region(self, obj: dict, pointer: str, props: dict, regions: dict) -> None:
        name = obj.get("name") or ""
        rid = self.prop(props, "tc_id", str) or _slug(name) or f"region_{obj.get('id')}"
        ring = self.points(obj, "polygon")
        if ring:
            cells = self.cells_in(ring)
        else:
            spans = self.json_prop(props, "tc_spans", self.spans_fit) or []
            cells = {(c, r) for r, a, b in spans for c in range(a, b + 1)}
        regions.setdefault(rid, (name, set()))[1].update(cells)

    def spans_fit(self, spans: Any) -> bool:
        """Whether `spans` is a list of [row, first, last] spans inside the map."""
        return isinstance(spans, list) and all(
            isinstance(s, list) and len(s) == 3 and all(_is_int(v) for v in s)
            and 0 <= s[0] < self.height and 0 <= s[1] <= s[2] < self.width for s in spans)

    def unit_point(self, x: float, y: float) -> list[float]:
        g = self.grid
        ox, oy = g.center(0, 0)
        if g.orientation == "pointy":
            sx, sy = g.tile_w / math.sqrt(3), (g.tile_h + g.side) / 3
        else:
            sx, sy = (g.tile_w + g.side) / 3, g.tile_h / math.sqrt(3)
        return [round((x - ox) / sx, 4), round((y - oy) / sy, 4)]

    def path(self, obj: dict, pointer: str, props: dict, kind: str, paths: dict) -> None:
        pid = self.prop(props, "tc_id", str) or _slug(obj.get("name") or "") or \
            f"{kind}_{obj.get('id')}"
        listed = self.json_prop(props, "tc_points", _point_list)
        if pid in paths:
            if listed is None:
                self.err("tiled.duplicate_path", _("two paths are called {pid!r}", pid=pid),
                         _("give each polyline its own name"), pointer)
            return  # a further part of a path clipped at the map's edge
        if isinstance(listed, list):
            points = listed
        else:
            line = self.points(obj, "polyline")
            if not line or len(line) < 2:
                self.err("tiled.path_shape", _("path {pid!r} is not a polyline", pid=pid),
                         _("draw paths with the polyline tool"), pointer)
                return
            points = [self.unit_point(x, y) for x, y in line]
        terrain = self.prop(props, "tc_terrain", str, PATH_KINDS[kind] or "")
        self.path_order[pid] = self.prop(props, "tc_order", int, len(paths) + 1_000_000)
        paths[pid] = {"id": pid, "kind": kind, "terrain": terrain or None,
                      "width": self.prop(props, "tc_width", float, 0.5), "points": points}

    def label(self, obj: dict, pointer: str, props: dict) -> dict | None:
        text = (obj.get("text") or {}).get("text") or self.prop(props, "tc_text", str)
        if not text:
            self.err("tiled.label_text", _("a label has no text"), _("type its text in Tiled"),
                     pointer)
            return None
        x, y = obj.get("x", 0), obj.get("y", 0)
        w, h = obj.get("width", 0), obj.get("height", 0)
        if not all(_finite(v) for v in (x, y, w, h)):
            return None
        centre = (x + w / 2, y + h / 2)
        at = self.json_prop(props, "tc_at", _point)
        if isinstance(at, list) and len(at) == 2:
            gx, gy = self.grid.unit_point((at[0], at[1]))
            if math.dist((gx, gy), centre) > _POSITION_TOLERANCE:
                at = None  # moved in Tiled: the new position wins
        if not (isinstance(at, list) and len(at) == 2):
            at = self.unit_point(*centre)
        rotation = obj.get("rotation", 0)
        exact = self.prop(props, "tc_rotation", float)
        if exact is None or not _finite(rotation) or round(exact, 3) != rotation:
            exact = float(rotation) if _finite(rotation) else 0.0
        return {"text": text, "at": at, "size": self.prop(props, "tc_size", float, 1.0),
                "rotation": exact}


_NOT_WRITTEN = object()


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _finite(value: Any) -> bool:
    """A number that is not a bool, NaN or infinite (TMX takes x="nan", JSON 1e400)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _point(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_finite(v) for v in value)


def _point_list(value: Any) -> bool:
    return isinstance(value, list) and all(_point(p) for p in value)


def _cell_list(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(c, list) and len(c) == 2 and all(_is_int(v) for v in c) for c in value)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9_-]+", "_", text.lower()).strip("_")[:64]


def _spans(cells: set[tuple[int, int]]) -> list[list[int]]:
    spans: list[list[int]] = []
    for row, col in sorted((r, c) for c, r in cells):
        if spans and spans[-1][0] == row and spans[-1][2] == col - 1:
            spans[-1][2] = col
        else:
            spans.append([row, col, col])
    return spans


def import_tiled(path: str | Path) -> TiledImport:
    """Read a Tiled map (.tmx or .tmj) into a map in file form, with every problem located
    in the Tiled file; semantic checks are the same as for a map file. Raises ContentError
    (a TiledReadError) when the file cannot be parsed at all."""
    path = Path(path)
    source = read_map(path)
    importer = _Importer(source, path.stem)
    data = importer.run()
    problems = importer.problems
    if data is None or any(p.is_error for p in problems):
        return TiledImport(None, problems)
    try:
        doc = document_from_text(dump_canonical(data, "yaml"), "yaml", None)
        checked = check_document(doc)
    except ContentError as exc:
        checked = exc.problems
    # the map file does not exist yet: name the Tiled file, keep the hex
    problems += [replace(p, file=str(path), line=None, col=None,
                         message=_("{message} (in the imported map)", message=p.message))
                 for p in checked]
    return TiledImport(data, problems)
