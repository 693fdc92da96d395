"""The Tiled import as it was before the bulk rewrite (commit d299bb4), kept only as the
reference of tests/exporters/test_tiled_import_bulk.py: terrain cell by cell, every polygon
shaped and tested alone with its cells in a set of (col, row) tuples, polygon points as
TMJ's {x, y} dicts and every source place known up front. The methods that did not change
are inherited from today's importer."""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon

from engine.content import ContentError, check_document, document_from_text, dump_canonical
from engine.content.positions import Positions
from engine.i18n import _
from engine.model import TERRAIN_CHAR
from exporters import tiledxml
from exporters.tiled_import import (
    _GID_MASK,
    MAP_SCHEMA,
    MAX_CELL_PROBLEMS,
    OBJECT_KINDS,
    PATH_KINDS,
    TiledImport,
    _finite,
    _Importer,
    _point_list,
    _slug,
)


class BeforeImporter(_Importer):
    """_Importer with the methods the bulk rewrite replaced, as they were."""

    centres: np.ndarray | None = None  # a plain attribute again (today a property)

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



def _spans(cells: set[tuple[int, int]]) -> list[list[int]]:
    spans: list[list[int]] = []
    for row, col in sorted((r, c) for c, r in cells):
        if spans and spans[-1][0] == row and spans[-1][2] == col - 1:
            spans[-1][2] = col
        else:
            spans.append([row, col, col])
    return spans




def _points_before(text: str) -> list[dict[str, Any]] | str:
    """exporters.tiledxml._points as it was: TMJ's {x, y} dicts."""
    try:
        pairs = [p.split(",") for p in text.split()]
        return [{"x": float(x), "y": float(y)} for x, y in pairs]
    except ValueError:
        return text


def _tile_data_before(self: Any, data: Any, width: int, height: int) -> list[int] | str:
    """The gids of a tile layer; a string says why they cannot be read."""
    if data.find("chunk") is not None:
        return "infinite maps (chunks) are not supported"
    encoding, compression = data.get("encoding"), data.get("compression")
    if encoding is None:
        return [tiledxml._int(t.get("gid", "0")) for t in data.findall("tile")]
    text = (data.text or "").strip()
    if encoding == "csv":
        try:
            return [int(v) for v in text.replace("\n", "").split(",") if v.strip()]
        except ValueError:
            return "the CSV tile data holds something that is not a number"
    if encoding != "base64":
        return f"unknown tile data encoding {encoding!r}"
    try:
        raw = base64.b64decode(text, validate=False)
    except (binascii.Error, ValueError):
        return "the base64 tile data is corrupt"
    limit = 4 * max(0, width) * max(0, height)
    try:
        if compression == "zlib":
            d = zlib.decompressobj()
            raw = d.decompress(raw, limit + 1)
        elif compression == "gzip":
            d = zlib.decompressobj(16 + zlib.MAX_WBITS)
            raw = d.decompress(raw, limit + 1)
        elif compression is not None:
            return (f"tile data compression {compression!r} cannot be read (Python has no "
                    "zstd)")
    except zlib.error:
        return "the compressed tile data is corrupt"
    if len(raw) % 4:
        return "the tile data is not a whole number of 4-byte tiles"
    return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]


def read_before(path: Path) -> tiledxml.TiledSource:
    """read_map as it was: the whole element tree, then {x, y} points and every place."""
    saved = tiledxml._points, tiledxml._XmlToTmj.tile_data
    tiledxml._points, tiledxml._XmlToTmj.tile_data = _points_before, _tile_data_before
    try:
        file = str(path)
        if path.suffix.lower() in (".tmj", ".json"):
            source = tiledxml.read_map(path)
        else:
            root, elements = tiledxml.parse_xml(tiledxml.read_bytes(path), file)
            assert root.tag == "map"
            conv = tiledxml._XmlToTmj(elements, file)
            source = tiledxml.TiledSource(conv.map(root), file, conv.positions())
            tiledxml._inline_tilesets(source, path)
    finally:
        tiledxml._points, tiledxml._XmlToTmj.tile_data = saved
    source.positions = Positions(dict(source.lines))
    return source


def import_before(path: str | Path) -> TiledImport:
    """import_tiled as it was."""
    path = Path(path)
    importer = BeforeImporter(read_before(path), path.stem)
    data = importer.run()
    problems = importer.problems
    if data is None or any(p.is_error for p in problems):
        return TiledImport(None, problems)
    try:
        doc = document_from_text(dump_canonical(data, "yaml"), "yaml", None)
        checked = check_document(doc)
    except ContentError as exc:
        checked = exc.problems
    problems += [replace(p, file=str(path), line=None, col=None,
                         message=_("{message} (in the imported map)", message=p.message))
                 for p in checked]
    return TiledImport(data, problems)
