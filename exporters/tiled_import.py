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
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from engine.content import (
    ContentError,
    check_document,
    document_from_text,
    dump_canonical,
    map_to_dict,
)
from engine.content.problems import Problem, error, warning
from engine.gcpause import gc_paused
from engine.i18n import _
from engine.model import TERRAIN_CHAR, TERRAINS, GameMap
from exporters.tiled import TiledGrid
from exporters.tiled_cells import CellCentres, ranges, spans
from exporters.tiledxml import MAX_CELLS, TiledSource, read_map

PATH_KINDS = {"road": "road", "river": "water", "trench": "trench", "rail": None}
OBJECT_KINDS = ("fort", "entrance", "start", "region", *PATH_KINDS, "label")
_GID_MASK = 0x0FFFFFFF  # Tiled keeps flip and rotation flags in the top four bits
MAX_CELL_PROBLEMS = 20
_BLOCK = 1 << 16  # terrain cells decoded at once
_MEADOW = np.uint8(ord(TERRAIN_CHAR["meadow"]))
_EXACT = 2.0 ** 53  # up to here an int is a float exactly, so sums are the same either way
MAP_SCHEMA = map_to_dict(GameMap.blank("m", 1, 1))["$schema"]
_POSITION_TOLERANCE = 0.5  # px: Tiled rewrites coordinates with 6 significant digits


@dataclass
class TiledImport:
    """The imported map in file form and every problem. `data` is None when the Tiled file
    could not be mapped (problems coded `tiled.*`); a map that came in but breaks the map
    rules (the same checks as any map file) has data and those problems too."""

    data: dict[str, Any] | None
    problems: list[Problem]
    # `data` as the map file's canonical YAML (the checks read it back), for saving it
    # without writing it out again
    yaml: str | None = field(default=None, repr=False, compare=False)

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
        self._naming: dict[Any, list[tuple[int, dict, str]]] | None = None

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
        text, missing, problems = _terrain_chars(data, self.terrain_of_gid())
        for k, gid in missing:
            col, row = k % width, k // width
            why = "is empty" if gid == 0 else f"has tile {gid}, which has no terrain"
            where = self.cell_pointer(f"{pointer}/data", k)
            self.err("tiled.cell_terrain",
                     _("hex [{col}, {row}] {why}", col=col, row=row, why=why),
                     _("paint it with a tile of the Studio's terrain tileset (each "
                       "tile has a 'terrain' property)"), where, (col, row))
        rows = [text[r * width:(r + 1) * width] for r in range(height)]
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
        self.cell_centres = CellCentres(self.centre_xy, width, height)
        self.region_rings: list[tuple[str, np.ndarray]] = []
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
        # every region polygon at once: 33,000 of them one by one were most of the import
        rings = self.cell_centres.in_rings([ring for _, ring in self.region_rings])
        for (rid, _ring), cells in zip(self.region_rings, rings, strict=True):
            regions[rid][1].append(cells)
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
            "regions": [{"id": rid, "name": name,
                         "spans": spans(np.concatenate([_NO_CELLS, *parts]), width)}
                        for rid, (name, parts) in regions.items()],
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

    @property
    def centres(self) -> np.ndarray:
        """Every cell's centre in map pixels, row-major ((width × height, 2) floats)."""
        return np.stack(self.centre_xy(np.arange(self.width * self.height)), axis=1)

    def centre_xy(self, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The x and y of the centres of cells (flat indices row * width + col)."""
        cells = np.asarray(cells, dtype=np.int64)
        cols, rows = cells % self.width, cells // self.width
        g = self.grid
        if g.orientation == "pointy":
            shifted = (rows % 2 == 1) if g.parity == "odd" else (rows % 2 == 0)
            x = cols * g.tile_w + np.where(shifted, g.tile_w / 2, 0) + g.tile_w / 2
            y = rows * (g.tile_h + g.side) / 2 + g.tile_h / 2
        else:
            shifted = (cols % 2 == 1) if g.parity == "odd" else (cols % 2 == 0)
            y = rows * g.tile_h + np.where(shifted, g.tile_h / 2, 0) + g.tile_h / 2
            x = cols * (g.tile_w + g.side) / 2 + g.tile_w / 2
        return x, y

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

    def points(self, obj: dict, key: str) -> np.ndarray | None:
        """The object's polygon or polyline in map pixels, an (n, 2) float array; None when
        it has none or a point is not a finite number."""
        pts = obj.get(key)
        x0, y0 = obj.get("x"), obj.get("y")
        if not isinstance(pts, list | np.ndarray) or not all(_finite(v) for v in (x0, y0)):
            return None
        at = np.array([x0, y0], dtype=np.float64)
        if isinstance(pts, np.ndarray):  # a TMX's points, read as floats
            return pts + at if np.isfinite(pts).all() else None
        try:
            xy = [(p["x"], p["y"]) for p in pts]
            if ({type(v) for pair in xy for v in pair} <= {int, float}
                    and max(abs(x0), abs(y0)) <= _EXACT):
                ring = np.array(xy, dtype=np.float64).reshape(-1, 2)
                if not len(ring) or abs(ring).max() <= _EXACT:  # not so for NaN or inf
                    return ring + at
        except (TypeError, KeyError, IndexError, OverflowError):
            pass
        out = _points_one_by_one(pts, x0, y0)  # anything but plain numbers: as it always was
        return None if out is None else np.array(out, dtype=np.float64).reshape(-1, 2)

    def cells_in(self, ring: list[tuple[float, float]] | np.ndarray) -> set[tuple[int, int]]:
        """The (col, row) of the cells whose centres the ring's polygon holds."""
        cells = self.cell_centres.in_rings([np.asarray(ring, dtype=np.float64).reshape(-1, 2)])
        return {(i % self.width, i // self.width) for i in cells[0].tolist()}

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
        cells = self.cells_in(ring) if ring is not None and len(ring) else None
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
            naming = self._entrances_naming(by_id)
            # in object order, then by name, as a scan of every object would find them
            found = {k: (o, p) for key in (obj.get("id"), fid) if isinstance(key, Hashable)
                     for k, o, p in naming.get(key, ())}
            ent_objs = sorted((found[k] for k in sorted(found)),
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

    def _entrances_naming(self, by_id: dict) -> dict[Any, list[tuple[int, dict, str]]]:
        """The entrance objects by the fort they name (tc_fort or tc_fort_id), each with its
        place among the objects; found once, as forts drawn in Tiled ask for theirs."""
        if self._naming is None:
            self._naming = {}
            for k, (o, p) in enumerate(by_id.values()):
                if o.get("type") == "entrance":
                    ref = self._entrance_of(o, p)
                    if isinstance(ref, Hashable):
                        self._naming.setdefault(ref, []).append((k, o, p))
        return self._naming

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
        parts = regions.setdefault(rid, (name, []))[1]
        if ring is not None and len(ring):
            self.region_rings.append((rid, ring))  # its cells are found with all the others
        else:
            listed = np.array(self.json_prop(props, "tc_spans", self.spans_fit) or [],
                              dtype=np.int64).reshape(-1, 3)
            parts.append(ranges(listed[:, 0] * self.width + listed[:, 1],
                                listed[:, 2] - listed[:, 1] + 1))

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
            if line is None or len(line) < 2:
                self.err("tiled.path_shape", _("path {pid!r} is not a polyline", pid=pid),
                         _("draw paths with the polyline tool"), pointer)
                return
            points = [self.unit_point(x, y) for x, y in line.tolist()]
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


_NO_CELLS = np.empty(0, dtype=np.int64)


def _points_one_by_one(pts: list, x0: float, y0: float) -> list[tuple[float, float]] | None:
    out = []
    for p in pts:
        if not isinstance(p, dict) or not all(_finite(p.get(k)) for k in ("x", "y")):
            return None
        out.append((x0 + p["x"], y0 + p["y"]))
    return out


def _terrain_chars(data: list, known: dict[int, str]
                   ) -> tuple[str, list[tuple[int, int]], int]:
    """The terrain letters of the layer's cells (meadow where the gid has no terrain), the
    first MAX_CELL_PROBLEMS such cells as (index, gid) and how many there are. Done in
    blocks of cells, so the arrays stay small beside the map."""
    # no masked gid is below 0 or above the mask: other keys can never match
    keys = np.array(sorted(g for g in known if 0 <= g <= _GID_MASK), dtype=np.int64)
    letters = np.array([ord(TERRAIN_CHAR[known[g]]) for g in keys.tolist()] or [0],
                       dtype=np.uint8)
    keys = keys if len(keys) else np.array([-1])  # matches nothing
    out = bytearray(len(data))
    missing: list[tuple[int, int]] = []
    count = 0
    for start in range(0, len(data), _BLOCK):
        gids = _gids(data[start:start + _BLOCK])
        at = np.minimum(np.searchsorted(keys, gids), len(keys) - 1)
        hit = keys[at] == gids
        out[start:start + len(gids)] = np.where(hit, letters[at], _MEADOW).tobytes()
        miss = np.flatnonzero(~hit)
        count += len(miss)
        for k in miss[:MAX_CELL_PROBLEMS - len(missing)].tolist():
            missing.append((start + k, int(gids[k])))
    return out.decode("ascii"), missing, count


def _gids(data: list) -> np.ndarray:
    """The layer's gids without Tiled's flip flags; 0 for a value that is no int."""
    try:
        values = np.array(data)
        if values.ndim == 1 and values.dtype.kind in "biu":
            return (values & _GID_MASK).astype(np.int64, copy=False)
    except (ValueError, TypeError, OverflowError):
        pass
    return np.array([v & _GID_MASK if isinstance(v, int) else 0 for v in data], dtype=np.int64)


def _import(path: Path) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The map in file form (None when it cannot be mapped) and the Tiled file's problems;
    the file's tree and arrays are let go when this returns, before the map is checked."""
    importer = _Importer(read_map(path), path.stem)
    return importer.run(), importer.problems


def import_tiled(path: str | Path) -> TiledImport:
    """Read a Tiled map (.tmx or .tmj) into a map in file form, with every problem located
    in the Tiled file; semantic checks are the same as for a map file. Raises ContentError
    (a TiledReadError) when the file cannot be parsed at all."""
    path = Path(path)
    with gc_paused():  # a big map's file holds 100,000s of containers that all stay alive
        data, problems = _import(path)
        if data is None or any(p.is_error for p in problems):
            return TiledImport(None, problems)
        text = None
        try:
            text = dump_canonical(data, "yaml")
            checked = check_document(document_from_text(text, "yaml", None))
        except ContentError as exc:
            checked = exc.problems
    # the map file does not exist yet: name the Tiled file, keep the hex
    problems += [replace(p, file=str(path), line=None, col=None,
                         message=_("{message} (in the imported map)", message=p.message))
                 for p in checked]
    return TiledImport(data, problems, text)
