"""Per-half boards: a 2-player half of a map printed as its own, smaller board.

The half's region is cut out as the smallest rectangle of rows and columns holding it; the
board keeps the whole map's hex numbers in its margin (a player reads the same `[col, row]`
as in every file), and hexes of the rectangle outside the region are covered in grey. Only
forts wholly inside the half (`engine.halves`, as the rules count them) and start markers
inside it are drawn; paths and labels are moved with the hexes and cut at the board's edge.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.halves import in_half
from engine.hexes import Hex, Layout
from engine.i18n import _
from engine.model import Fort, GameMap, Label, MapLayout, MapPath, StartMarker
from exporters.base import ExportError
from exporters.board import Board, build_board


@dataclass(frozen=True)
class HalfBoard:
    """A half of a map ready to draw: the cut-out map, the whole map's first column and row
    of it, and its hexes outside the half."""

    map: GameMap
    region: str
    origin: tuple[int, int]
    out_of_play: frozenset[Hex]

    def board(self, hex_mm: float = 30.0, raster_cells: bool = False) -> Board:
        """The half's drawing (`raster_cells`: see `build_board`)."""
        return build_board(self.map, hex_mm, numbering=self.origin,
                           out_of_play=self.out_of_play, raster_cells=raster_cells)


def half_regions(game_map: GameMap) -> list[str]:
    """Ids of the map's regions that can be printed as a board (every non-empty one)."""
    return [r.id for r in game_map.regions if r.hexes]


def half_board(game_map: GameMap, region_id: str) -> HalfBoard:
    """Cut the region `region_id` out of `game_map`; ExportError if it has no such region."""
    region = game_map.region(region_id)
    if region is None or not region.hexes:
        known = ", ".join(half_regions(game_map)) or "none"
        raise ExportError(_("the map {id!r} has no region {region_id!r} to print", id=game_map.id,
                            region_id=region_id),
                          hint=_("use one of its regions: {known}", known=known))
    cells = [game_map.to_offset(h) for h in region.hexes]
    col0, row0 = min(c for c, _ in cells), min(r for _, r in cells)
    col1, row1 = max(c for c, _ in cells), max(r for _, r in cells)
    lay = game_map.layout
    # Cutting at an odd row (pointy) or column (flat) turns which rows are shoved over.
    shift = row0 if lay.orientation == "pointy" else col0
    parity = lay.offset if shift % 2 == 0 else ("even" if lay.offset == "odd" else "odd")
    part = GameMap.blank(
        f"{game_map.id}-{region_id}"[:64], col1 - col0 + 1, row1 - row0 + 1,
        name=f"{game_map.name} – {region.name}",
        layout=MapLayout(lay.orientation, lay.hex_size, parity),
        author=game_map.author, license=game_map.license, season=game_map.season,
        description=game_map.description, path_coverage=game_map.path_coverage)

    def moved(h: Hex) -> Hex:
        col, row = game_map.to_offset(h)
        return part.to_axial(col - col0, row - row0)

    out_of_play = set()
    for row in range(part.height):
        for col in range(part.width):
            old = game_map.to_axial(col + col0, row + row0)
            new = part.to_axial(col, row)
            part.set_terrain(new, game_map.terrain_at(old))
            if old not in region.hexes:
                out_of_play.add(new)
    part.forts = [Fort(f.id, f.name, [moved(h) for h in f.hexes],
                       [moved(h) for h in f.entrances], f.owner, f.facing)
                  for f in game_map.forts if in_half(f, region.hexes)]
    part.start_markers = [StartMarker(s.number, moved(s.hex)) for s in game_map.start_markers
                          if s.hex in region.hexes]
    # hex units are pixels at size 1 from hex [0, 0]: moving by the old centre of the cut's
    # first hex puts every point where it was relative to the hexes
    dx, dy = Layout(lay.orientation, 1.0, (0.0, 0.0)).hex_to_pixel(
        game_map.to_axial(col0, row0))
    part.paths = [MapPath(p.id, p.kind, [(x - dx, y - dy) for x, y in p.points], p.terrain,
                          p.width) for p in game_map.paths]
    part.labels = [Label(lb.text, (lb.at[0] - dx, lb.at[1] - dy), lb.size, lb.rotation)
                   for lb in game_map.labels if _inside(part, lb.at[0] - dx, lb.at[1] - dy)]
    return HalfBoard(part, region_id, (col0, row0), frozenset(out_of_play))


def _inside(part: GameMap, x: float, y: float) -> bool:
    h = Layout(part.layout.orientation, 1.0, (0.0, 0.0)).pixel_to_hex(x, y)
    return part.in_bounds(h)


def board_of(source: GameMap | HalfBoard, hex_mm: float, raster_cells: bool = False) -> Board:
    """The drawing of a whole map or of a half (`raster_cells`: see `build_board`)."""
    if isinstance(source, HalfBoard):
        return source.board(hex_mm, raster_cells)
    return build_board(source, hex_mm, raster_cells=raster_cells)
