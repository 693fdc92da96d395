"""The terrain a drawn path writes (over the hexes `engine.geometry.covered_hexes` gives)."""

from __future__ import annotations

import dataclasses
from array import array
from typing import TYPE_CHECKING

from editor import grid
from editor.commands.base import Command, hexes_text, translate
from editor.commands.terrain import PAINT_ID, ApplyPathTerrain
from engine.geometry import covered_hexes
from engine.geometry_transform import cut_paths
from engine.hexes import Hex
from engine.model import TERRAIN_ID, GameMap, MapPath

if TYPE_CHECKING:
    from editor.document import MapDocument

__all__ = ["EraseStroke", "apply_path_terrain_command", "covered_hexes", "path_terrain_values"]


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


class EraseStroke(Command):
    """An eraser stroke: hexes back to meadow, and the stretches of road, river and trench
    lines over erased road, water and trench hexes cut away with them. Successive dabs of
    one stroke merge into one undo step."""

    def __init__(self, doc: MapDocument, hexes: list[Hex], stroke_id: int | None) -> None:
        super().__init__("")
        self.doc = doc
        self.stroke_id = stroke_id
        m = doc.map
        meadow = TERRAIN_ID["meadow"]
        self.indices = array("I", (i for i in grid.indices_of(m, hexes) if m.terrain[i] != meadow))
        self.old = bytearray(m.terrain[i] for i in self.indices)
        self._known = set(self.indices)
        self.paths_before = [dataclasses.replace(p, points=list(p.points)) for p in m.paths]
        self.paths_after, self.cut = cut_paths(m, [m.hex_at_index(i) for i in self.indices])
        self._update_text()

    @property
    def changes_anything(self) -> bool:
        """Whether the dab erases any hex."""
        return bool(self.indices)

    def _update_text(self) -> None:
        hexes = hexes_text(len(self.indices))
        if self.cut:
            text = translate("Command", "Erase ({hexes}, cut {paths})").format(
                hexes=hexes, paths=", ".join(sorted(set(self.cut))))
        else:
            text = translate("Command", "Erase ({hexes})").format(hexes=hexes)
        self.setText(text)

    def id(self) -> int:
        return PAINT_ID + 1 if self.stroke_id is not None else -1

    def mergeWith(self, other: Command) -> bool:
        if not isinstance(other, EraseStroke) or other.stroke_id != self.stroke_id:
            return False
        for i, old in zip(other.indices, other.old, strict=True):
            if i not in self._known:
                self._known.add(i)
                self.indices.append(i)
                self.old.append(old)
        self.paths_after = other.paths_after
        self.cut = [*self.cut, *other.cut]
        self._update_text()
        return True

    def _show(self, values: bytes | bytearray, paths: list[MapPath]) -> None:
        t = self.doc.map.terrain
        for i, v in zip(self.indices, values, strict=True):
            t[i] = v
        self.doc.map.paths = [dataclasses.replace(p, points=list(p.points)) for p in paths]
        self.doc.terrainChanged.emit(self.indices.tolist())
        if self.cut:
            self.doc.select_object(None)
            self.doc.objectsChanged.emit()

    def redo(self) -> None:
        self._show(bytes([TERRAIN_ID["meadow"]]) * len(self.indices), self.paths_after)

    def undo(self) -> None:
        self._show(self.old, self.paths_before)
