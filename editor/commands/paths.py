"""The terrain a drawn path writes (over the hexes `engine.geometry.covered_hexes` gives)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from editor.commands.base import Command
from editor.commands.terrain import ApplyPathTerrain
from engine.geometry import covered_hexes
from engine.model import TERRAIN_ID, GameMap, MapPath

if TYPE_CHECKING:
    from editor.document import MapDocument

__all__ = ["apply_path_terrain_command", "covered_hexes", "path_terrain_values"]


def path_terrain_values(game_map: GameMap, path: MapPath) -> dict[int, int]:
    """Index -> terrain value the path writes; road over water (and water over road) is bridge."""
    if path.terrain is None:
        return {}
    value = TERRAIN_ID[path.terrain]
    water, road, bridge = TERRAIN_ID["water"], TERRAIN_ID["road"], TERRAIN_ID["bridge"]
    out: dict[int, int] = {}
    t = game_map.terrain
    for h in covered_hexes(game_map, path):
        i = game_map.index(h)
        old = t[i]
        new = value
        if (value == road and old in (water, bridge)) or (value == water and old in (road, bridge)):
            new = bridge
        if new != old:
            out[i] = new
    return out


def apply_path_terrain_command(
    doc: MapDocument, path: MapPath, parent: Command | None = None
) -> ApplyPathTerrain | None:
    """A command writing the path's terrain (None when nothing would change)."""
    values = path_terrain_values(doc.map, path)
    if not values:
        return None
    cmd = ApplyPathTerrain(doc, list(values), bytes(values.values()), parent)
    return cmd
