"""Tiled maps: `.tmx` (XML) and `.tmj` (JSON) with a generated terrain tileset image.

The map becomes a hexagonal Tiled map: pointy-top maps stagger rows (`staggeraxis="y"`),
flat-top maps stagger columns (`"x"`); `staggerindex` is the map's offset parity, so Tiled's
cell (x, y) is exactly our offset [col, row]. Terrain is one tile layer (tile id = terrain
index, each tile carries a `terrain` property). Forts (with their entrances as object
references), start markers, regions, paths and labels are object layers; every object carries
our ids in `tc_*` custom properties, so a reader needs no geometry to recover them.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import shapely.ops
from PIL import Image, ImageDraw
from shapely.geometry import LineString, Point, Polygon, box

from engine.hexes import Hex
from engine.model import TERRAINS, GameMap
from engine.version import __version__
from exporters.base import ExportOptions, atomic_write_bytes, register
from exporters.board import PALETTE, palette
from exporters.outline import cell_runs, outline_parts, runs_of
from exporters.tiled_tmx import tiled_to_tmx

TILED_VERSION = "1.10"
TILED_APP_VERSION = "1.10.2"
FIRSTGID = 1


@dataclass(frozen=True)
class TiledGrid:
    """Tiled's pixel geometry for a hexagonal map (integer tile sizes, as Tiled wants)."""

    orientation: str  # pointy | flat
    parity: str  # odd | even
    tile_w: int
    tile_h: int
    side: int  # hexsidelength

    @classmethod
    def for_map(cls, game_map: GameMap) -> TiledGrid:
        """The grid for a map, one hex about `hex_size` from centre to corner.

        Tiled halves tile sizes with integer division (a 55 px tile is laid out every 54 px),
        so the side length and both tile sizes are even: then Tiled's integer layout and the
        centres below are the same numbers, for any map size.
        """
        s = max(2, 2 * round(game_map.layout.hex_size / 2))
        across = 2 * round(math.sqrt(3) * s / 2)
        if game_map.layout.orientation == "pointy":
            return cls("pointy", game_map.layout.offset, across, 2 * s, s)
        return cls("flat", game_map.layout.offset, 2 * s, across, s)

    @property
    def stagger_axis(self) -> str:
        return "y" if self.orientation == "pointy" else "x"

    def shifted(self, i: int) -> bool:
        """Whether row (pointy) or column (flat) i is pushed half a tile along."""
        return (i % 2 == 1) if self.parity == "odd" else (i % 2 == 0)

    def center(self, col: int, row: int) -> tuple[float, float]:
        """Centre of cell (col, row) in Tiled pixels (Tiled's staggered layout)."""
        w, h, s = self.tile_w, self.tile_h, self.side
        if self.orientation == "pointy":
            x = col * w + (w / 2 if self.shifted(row) else 0) + w / 2
            return x, row * (h + s) / 2 + h / 2
        y = row * h + (h / 2 if self.shifted(col) else 0) + h / 2
        return col * (w + s) / 2 + w / 2, y

    def corners(self, col: int, row: int) -> list[tuple[float, float]]:
        """The six corners of a cell in Tiled pixels."""
        cx, cy = self.center(col, row)
        w2, h2, s2 = self.tile_w / 2, self.tile_h / 2, self.side / 2
        if self.orientation == "pointy":
            offs = [(0, -h2), (w2, -s2), (w2, s2), (0, h2), (-w2, s2), (-w2, -s2)]
        else:
            offs = [(-w2, 0), (-s2, -h2), (s2, -h2), (w2, 0), (s2, h2), (-s2, h2)]
        return [(cx + dx, cy + dy) for dx, dy in offs]

    def unit_point(self, p: tuple[float, float]) -> tuple[float, float]:
        """A point in hex units (our files) in Tiled pixels."""
        ox, oy = self.center(0, 0)
        if self.orientation == "pointy":
            sx, sy = self.tile_w / math.sqrt(3), (self.tile_h + self.side) / 3
        else:
            sx, sy = (self.tile_w + self.side) / 3, self.tile_h / math.sqrt(3)
        return ox + p[0] * sx, oy + p[1] * sy

    def map_pixel_size(self, width: int, height: int) -> tuple[float, float]:
        """Size of the whole map in pixels."""
        w, h, s = self.tile_w, self.tile_h, self.side
        if self.orientation == "pointy":
            return width * w + w / 2, height * (h + s) / 2 + (h - s) / 2
        return width * (w + s) / 2 + (w - s) / 2, height * h + h / 2


def _num(v: float) -> float | int:
    if type(v) is int:  # outline corners are exact; round(int, 3) is slow
        return v
    r = round(v, 3)
    return int(r) if r == int(r) else r


def _prop(name: str, value: Any, kind: str | None = None) -> dict[str, Any]:
    if kind is None:
        kind = {bool: "bool", int: "int", float: "float"}.get(type(value), "string")
    return {"name": name, "type": kind, "value": value}


def _offsets(game_map: GameMap, hexes: list[Hex]) -> str:
    return json.dumps([list(game_map.to_offset(h)) for h in hexes], separators=(",", ":"))


def _outline(grid: TiledGrid, game_map: GameMap, hexes: Collection[Hex]
             ) -> list[tuple[list[tuple[int, int]], list[list[int]]]]:
    """Outer rings of the union of hexes, one per edge-connected part, with the part's row
    spans [row, first_col, last_col]; parts in order of their top then left edge.

    Rings are in GEOS's normal form (clockwise, starting at the smallest (x, y)), so the same
    hexes always give the same bytes."""
    layout = game_map.layout
    parts = outline_parts(runs_of(hexes, layout.orientation, layout.offset), grid.shifted)
    ax, bx = (grid.tile_w // 2, grid.side // 2) if grid.orientation == "pointy" else (
        grid.tile_h // 2, grid.side // 2)
    out = []
    while parts:  # each part is dropped once converted: a dense region has 10^4 of them
        part = parts.pop()
        a, b = part.ring[:, 0], part.ring[:, 1]
        if grid.orientation == "pointy":
            ring = list(zip((a * ax).tolist(), (b * bx).tolist(), strict=True))
            spans = np.column_stack((part.runs.line, part.runs.first, part.runs.last))
        else:
            ring = list(zip((b * bx).tolist(), (a * ax).tolist(), strict=True))
            cols, rows = part.runs.cells()
            rr = cell_runs(rows, cols)
            spans = np.column_stack((rr.line, rr.first, rr.last))
        out.append((_normal_ring(ring), spans.tolist()))
    out.sort(key=lambda p: (min(y for _, y in p[0]), min(x for x, _ in p[0]), p[0]))
    return out


def _normal_ring(ring: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ring clockwise with y up (negative shoelace area on screen), from its least point."""
    pairs = zip(ring, ring[1:] + ring[:1], strict=True)
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairs)
    if area > 0:
        ring = ring[::-1]
    i = ring.index(min(ring))
    return ring[i:] + ring[:i]


def clip_polyline(points: list[tuple[float, float]], area: Polygon
                  ) -> list[list[tuple[float, float]]]:
    """The parts of a polyline inside `area`, in order; a polyline wholly outside becomes the
    one area point nearest to its start (so the object still exists, on the map's edge)."""
    if len(points) == 1:
        points = [points[0], points[0]]
    clipped = LineString(points).intersection(area)
    lines = [g for g in getattr(clipped, "geoms", [clipped])
             if isinstance(g, LineString) and not g.is_empty and g.length > 0]
    if not lines:
        nearest = shapely.ops.nearest_points(area, Point(points[0]))[0]
        return [[(nearest.x, nearest.y)]]
    start = LineString(points)
    lines.sort(key=lambda g: start.project(Point(g.coords[0])))
    return [[(x, y) for x, y in g.coords] for g in lines]


def build_tiled(game_map: GameMap, tileset_image: str, *,
                pairs: bool = False) -> dict[str, Any]:
    """The Tiled map as a TMJ-shaped dict (also the source of the TMX writer). With `pairs`,
    polygon and polyline points are (x, y) tuples instead of TMJ's {"x", "y"} objects: what
    the TMX writer takes, at a third of the memory (1.5M points on a dense 1M-hex map)."""
    grid = TiledGrid.for_map(game_map)
    next_id = 1
    m = game_map

    def new_object(name: str, kind: str, x: float, y: float, props: list) -> dict[str, Any]:
        nonlocal next_id
        obj = {"id": next_id, "name": name, "type": kind, "x": _num(x), "y": _num(y),
               "width": 0, "height": 0, "rotation": 0, "visible": True, "properties": props}
        next_id += 1
        return obj

    def shape(obj: dict, key: str, points: list[tuple[float, float]]) -> dict:
        x0, y0 = points[0]
        obj["x"], obj["y"] = _num(x0), _num(y0)
        obj[key] = ([(_num(x - x0), _num(y - y0)) for x, y in points] if pairs else
                    [{"x": _num(x - x0), "y": _num(y - y0)} for x, y in points])
        return obj

    forts: list[dict] = []
    for fort in sorted(m.forts, key=lambda f: f.id):
        rings = _outline(grid, m, set(fort.hexes))
        fort_obj = shape(new_object(fort.name, "fort", 0, 0, [
            _prop("tc_id", fort.id), _prop("tc_owner", fort.owner),
            _prop("tc_hexes", _offsets(m, fort.hexes)),
            _prop("tc_facing", -1 if fort.facing is None else fort.facing),
        ]), "polygon", rings[0][0])
        forts.append(fort_obj)
        for i, entrance in enumerate(fort.entrances, start=1):
            col, row = m.to_offset(entrance)
            ent = new_object(f"{fort.name} entrance {i}", "entrance", *grid.center(col, row), [
                _prop("tc_fort", fort_obj["id"], "object"), _prop("tc_fort_id", fort.id),
                _prop("tc_hex", json.dumps([col, row], separators=(",", ":"))),
            ])
            ent["point"] = True
            fort_obj["properties"].append(_prop(f"tc_entrance_{i}", ent["id"], "object"))
            forts.append(ent)

    markers = []
    for marker in sorted(m.start_markers, key=lambda s: s.number):
        col, row = m.to_offset(marker.hex)
        obj = new_object(str(marker.number), "start", *grid.center(col, row), [
            _prop("tc_number", marker.number),
            _prop("tc_hex", json.dumps([col, row], separators=(",", ":"))),
        ])
        obj["point"] = True
        markers.append(obj)

    regions = []
    for region in sorted(m.regions, key=lambda r: r.id):
        if not region.hexes:
            continue
        outlines = _outline(grid, m, region.hexes)
        outlines.reverse()
        for part in range(len(outlines)):
            ring, spans = outlines.pop()  # dropped as soon as its object holds its points
            regions.append(shape(new_object(region.name, "region", 0, 0, [
                _prop("tc_id", region.id), _prop("tc_part", part),
                _prop("tc_spans", json.dumps(spans, separators=(",", ":"))),
            ]), "polygon", ring))

    paths = []
    map_box = box(0, 0, *grid.map_pixel_size(m.width, m.height))
    order = {id(path): i for i, path in enumerate(m.paths)}
    for path in sorted(m.paths, key=lambda p: p.id):
        if not path.points:
            continue
        pieces = clip_polyline([grid.unit_point(p) for p in path.points], map_box)
        for part, piece in enumerate(pieces):
            obj = new_object(path.id, path.kind, 0, 0, [
                _prop("tc_id", path.id), _prop("tc_part", part), _prop("tc_kind", path.kind),
                _prop("tc_order", order[id(path)]),
                _prop("tc_terrain", path.terrain or ""), _prop("tc_width", float(path.width)),
                _prop("tc_points", json.dumps([list(p) for p in path.points],
                                              separators=(",", ":"))),
            ])
            if len(piece) == 1:
                # wholly outside the map: a point on the edge keeps the exact path in tc_points
                obj["x"], obj["y"], obj["point"] = _num(piece[0][0]), _num(piece[0][1]), True
                paths.append(obj)
            else:
                paths.append(shape(obj, "polyline", piece))

    labels = []
    for i, label in enumerate(m.labels):
        px = max(8, round(label.size * grid.side * 0.9))
        w, h = max(px, round(len(label.text) * px * 0.6)), round(px * 1.4)
        x, y = grid.unit_point(label.at)
        obj = new_object(label.text, "label", x - w / 2, y - h / 2, [
            _prop("tc_index", i), _prop("tc_text", label.text),
            _prop("tc_at", json.dumps(list(label.at), separators=(",", ":"))),
            _prop("tc_size", float(label.size)), _prop("tc_rotation", float(label.rotation)),
        ])
        obj.update({"width": w, "height": h, "rotation": _num(label.rotation),
                    "text": {"text": label.text, "pixelsize": px, "halign": "center",
                             "valign": "center", "wrap": False, "fontfamily": "serif",
                             "italic": True, "color": PALETTE["ink"]}})
        labels.append(obj)

    img_w, img_h = _tileset_size(grid)
    data = [FIRSTGID + t for t in m.terrain]
    layers = [
        {"id": 1, "name": "terrain", "type": "tilelayer", "x": 0, "y": 0, "width": m.width,
         "height": m.height, "opacity": 1, "visible": True, "data": data},
    ]
    for lid, (name, objects) in enumerate(
        [("regions", regions), ("paths", paths), ("forts", forts), ("start_markers", markers),
         ("labels", labels)], start=2):
        layers.append({"id": lid, "name": name, "type": "objectgroup", "draworder": "index",
                       "x": 0, "y": 0, "opacity": 1, "visible": name != "regions",
                       "objects": objects})
    return {
        "type": "map", "version": TILED_VERSION, "tiledversion": TILED_APP_VERSION,
        "orientation": "hexagonal", "renderorder": "right-down",
        "width": m.width, "height": m.height, "tilewidth": grid.tile_w,
        "tileheight": grid.tile_h, "hexsidelength": grid.side,
        "staggeraxis": grid.stagger_axis, "staggerindex": grid.parity,
        "infinite": False, "nextlayerid": len(layers) + 1, "nextobjectid": next_id,
        "properties": [
            _prop("tc_id", m.id), _prop("tc_name", m.name),
            *([_prop("tc_name_de", m.name_de)] if m.name_de else []),
            _prop("tc_author", m.author),
            _prop("tc_description", m.description), _prop("tc_license", m.license),
            _prop("tc_season", m.season),
            _prop("tc_orientation", m.layout.orientation), _prop("tc_offset", m.layout.offset),
            _prop("tc_hex_size", float(m.layout.hex_size)),
            _prop("tc_path_coverage", float(m.path_coverage)),
            _prop("tc_created_by", f"trenchclub-studio {__version__}"),
        ],
        "tilesets": [{
            "firstgid": FIRSTGID, "name": "terrain", "tilewidth": grid.tile_w,
            "tileheight": grid.tile_h, "tilecount": len(TERRAINS), "columns": len(TERRAINS),
            "margin": 0, "spacing": 0, "image": tileset_image, "imagewidth": img_w,
            "imageheight": img_h,
            "tiles": [{"id": i, "properties": [_prop("terrain", t)]}
                      for i, t in enumerate(TERRAINS)],
        }],
        "layers": layers,
    }


def _tileset_size(grid: TiledGrid) -> tuple[int, int]:
    return grid.tile_w * len(TERRAINS), grid.tile_h


def tileset_png(grid: TiledGrid, season: str = "summer") -> bytes:
    """The terrain tileset: one hex tile per terrain, in the board's colours of the season."""
    colours = palette(season)
    w, h = _tileset_size(grid)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    local = TiledGrid(grid.orientation, "odd", grid.tile_w, grid.tile_h, grid.side)
    cx0, cy0 = local.center(0, 0)
    for i, terrain in enumerate(TERRAINS):
        dx = i * grid.tile_w
        pts = [(x - cx0 + grid.tile_w / 2 + dx, y - cy0 + grid.tile_h / 2)
               for x, y in local.corners(0, 0)]
        draw.polygon(pts, fill=colours[terrain], outline=colours["grid"])
        if terrain == "forest":
            r = grid.side * 0.16
            for ox, oy in ((-0.35, 0.15), (0.3, 0.25), (0.0, -0.35)):
                x = dx + grid.tile_w / 2 + ox * grid.side
                y = grid.tile_h / 2 + oy * grid.side
                draw.ellipse((x - r, y - r, x + r, y + r), fill=colours["tree"])
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def tiled_to_tmj(doc: dict[str, Any]) -> bytes:
    """Serialise the TMJ-shaped dict as Tiled JSON bytes."""
    return (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def export_tiled(game_map: GameMap, out_path: Path, fmt: str) -> Path:
    """Write the map as .tmx or .tmj plus its tileset PNG next to it; returns the map file."""
    out_path = Path(out_path)
    image_name = f"{out_path.stem}.terrain.png"
    doc = build_tiled(game_map, image_name, pairs=fmt == "tmx")
    atomic_write_bytes(out_path.parent / image_name,
                       tileset_png(TiledGrid.for_map(game_map), game_map.season))
    data = tiled_to_tmx(doc) if fmt == "tmx" else tiled_to_tmj(doc)
    return atomic_write_bytes(out_path, data)


class TmxExporter:
    """Tiled map, XML (.tmx)."""

    name = "tiled"
    extension = ".tmx"
    description = "Tiled map (.tmx) with a generated terrain tileset"

    def export(self, source: Any, out_path: Path, options: ExportOptions) -> Path:
        """Write a GameMap as .tmx plus tileset image."""
        return export_tiled(source, out_path, "tmx")


class TmjExporter:
    """Tiled map, JSON (.tmj)."""

    name = "tmj"
    extension = ".tmj"
    description = "Tiled map (.tmj JSON) with a generated terrain tileset"

    def export(self, source: Any, out_path: Path, options: ExportOptions) -> Path:
        """Write a GameMap as .tmj plus tileset image."""
        return export_tiled(source, out_path, "tmj")


register(TmxExporter())
register(TmjExporter())
