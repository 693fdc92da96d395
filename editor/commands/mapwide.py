"""Undo commands changing the whole map: properties and size."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import numpy as np

from editor.commands.base import Command, translate
from engine.geometry import unit_layout
from engine.geometry_transform import (
    Carried,
    HexMapping,
    ObjectLists,
    carry,
    clone_map,
    clone_objects,
    from_hex_function,
    set_objects,
)
from engine.hexes import Hex, axial_to_offset, offset_to_axial
from engine.hexset import HexSet
from engine.model import GameMap

if TYPE_CHECKING:
    from editor.document import MapDocument

LAYOUT_KEYS = ("orientation", "hex_size", "offset")
MAP_KEYS = ("id", "name", "name_de", "author", "description", "license", "season",
            "path_coverage")


class ChangeMapProperties(Command):
    """Change map metadata, layout (orientation, hex size, offset) or the path-coverage rule."""

    def __init__(self, doc: MapDocument, changes: dict[str, Any]) -> None:
        super().__init__()
        unknown = set(changes) - set(LAYOUT_KEYS) - set(MAP_KEYS)
        if unknown:
            raise ValueError(f"unknown map properties: {sorted(unknown)}")
        self.doc = doc
        self.new = dict(changes)
        self.old = {k: self._get(k) for k in changes}
        names = ", ".join(k.replace("_", " ") for k in changes)
        self.setText(translate("Command", "Change map properties ({names})").format(names=names))
        # Terrain is stored by offset position, so it stays put when the layout changes;
        # forts, markers and regions are axial and must follow their offset positions; path
        # points and label anchors are in hex-unit pixels and follow the hexes they lie in.
        self.objects_before: ObjectLists | None = None
        self.objects_after: ObjectLists | None = None
        if any(k in LAYOUT_KEYS and self.old[k] != v for k, v in changes.items()):
            m = doc.map
            old = (m.layout.orientation, m.layout.offset)
            new = (changes.get("orientation", old[0]), changes.get("offset", old[1]))
            self.objects_before = clone_objects(m)
            self.objects_after = _remapped(m, old, new)

    def _get(self, key: str) -> Any:
        target = self.doc.map.layout if key in LAYOUT_KEYS else self.doc.map
        return getattr(target, key)

    def _set(self, values: dict[str, Any], objects: ObjectLists | None = None) -> None:
        for k, v in values.items():
            setattr(self.doc.map.layout if k in LAYOUT_KEYS else self.doc.map, k, v)
        if objects is not None:
            m = self.doc.map
            set_objects(m, objects)
            self.doc.select_object(None)
        # A new layout or season changes every drawn hex: the views rebuild as for a new map.
        if any(k in LAYOUT_KEYS or k == "season" for k in values):
            self.doc.mapReplaced.emit()
        else:
            self.doc.objectsChanged.emit()
        self.doc.fileChanged.emit()

    def redo(self) -> None:
        self._set(self.new, self.objects_after)

    def undo(self) -> None:
        self._set(self.old, self.objects_before)


def _remapped(game_map: GameMap, old: tuple[str, str], new: tuple[str, str]) -> ObjectLists:
    """Forts, markers, regions, paths and labels moved so each keeps its offset (col, row)
    under the new orientation/offset convention."""

    def move(h: Hex) -> Hex:
        col, row = axial_to_offset(h, old[0], old[1])  # type: ignore[arg-type]
        return offset_to_axial(col, row, new[0], new[1])  # type: ignore[arg-type]

    mapping = from_hex_function(move, old[0], new[0], "layout change",  # type: ignore[arg-type]
                                index_fn=_same_index)
    target = _empty_like(game_map)
    target.layout.orientation, target.layout.offset = new  # type: ignore[assignment]
    return clone_objects(_round_points(carry(game_map, mapping, target=target, terrain=False).map))


def _same_index(src: GameMap, dst: GameMap, si: np.ndarray) -> np.ndarray:
    # A layout change keeps every hex at its offset position: the same terrain index.
    return si


def _empty_like(game_map: GameMap) -> GameMap:
    """A copy of the map's size, layout and terrain, without objects."""
    return GameMap(game_map.id, game_map.name, game_map.width, game_map.height,
                   dataclasses.replace(game_map.layout), bytearray(game_map.terrain))


def _round_points(m: GameMap) -> GameMap:
    # Files keep three decimals of hex units; remapped points would otherwise carry noise.
    for p in m.paths:
        p.points = [(round(x, 3), round(y, 3)) for x, y in p.points]
    for lab in m.labels:
        lab.at = (round(lab.at[0], 3), round(lab.at[1], 3))
    return m


def resize_mapping(game_map: GameMap, dc: int, dr: int) -> HexMapping:
    """Hexes keep their offset position shifted by (dc, dr); free points (paths, labels)
    follow the pixel shift of the origin hex, so lines stay straight."""
    unit = unit_layout(game_map.layout.orientation)
    ox, oy = unit.hex_to_pixel(game_map.to_axial(dc, dr))
    bx, by = unit.hex_to_pixel(game_map.to_axial(0, 0))
    sx, sy = ox - bx, oy - by

    def move(h: Hex) -> Hex:
        col, row = game_map.to_offset(h)
        return game_map.to_axial(col + dc, row + dr)

    def move_indices(src: GameMap, dst: GameMap, si: np.ndarray) -> np.ndarray:
        row, col = np.divmod(si, src.width)
        row, col = row + dr, col + dc
        inside = (col >= 0) & (col < dst.width) & (row >= 0) & (row < dst.height)
        return np.where(inside, row * dst.width + col, -1)

    return HexMapping(move, lambda p: (p[0] + sx, p[1] + sy), name="resize",
                      index_fn=move_indices)


def resized(game_map: GameMap, width: int, height: int, anchor: tuple[float, float]) -> Carried:
    """The map at a new size; the old content moves by the anchor's share of the size change
    (0,0: stays top-left; 0.5,0.5: centred). What falls off is named in `dropped`/`replaced`."""
    dc = round((width - game_map.width) * anchor[0])
    dr = round((height - game_map.height) * anchor[1])
    new = _empty_like(game_map)
    new.width, new.height = width, height
    new.terrain = bytearray(width * height)
    old_w = game_map.width
    for row in range(game_map.height):
        nr = row + dr
        if not 0 <= nr < height:
            continue
        c0 = max(0, -dc)
        c1 = min(old_w, width - dc)
        if c0 < c1:
            new.terrain[nr * width + c0 + dc : nr * width + c1 + dc] = game_map.terrain[
                row * old_w + c0 : row * old_w + c1
            ]
    result = carry(game_map, resize_mapping(game_map, dc, dr), target=new, terrain=False)
    for name in MAP_KEYS:
        setattr(result.map, name, getattr(game_map, name))
    # Off-map hexes of a fort, marker or region are not carried; a path or label falling off
    # stays drawn past the edge, as before.
    return result


def resized_map(game_map: GameMap, width: int, height: int, anchor: tuple[float, float]) -> GameMap:
    """A copy of the map at a new size (see `resized`); objects that fall off are dropped."""
    return resized(game_map, width, height, anchor).map


def _swap_in(target: GameMap, source: GameMap) -> None:
    # clone_map copies what is mutable and shares the immutable hexes: a deepcopy of a
    # million-hex region took seconds.
    fresh = clone_map(source)
    for f in dataclasses.fields(GameMap):
        setattr(target, f.name, getattr(fresh, f.name))


class ResizeMap(Command):
    """Resize the map around an anchor, keeping the content."""

    def __init__(
        self, doc: MapDocument, width: int, height: int, anchor: tuple[float, float]
    ) -> None:
        super().__init__(translate("Command", "Resize map to {width}×{height}").format(
            width=width, height=height))
        self.doc = doc
        self.before = clone_map(doc.map)
        self.result = resized(doc.map, width, height, anchor)
        self.after = self.result.map

    def _show(self, state: GameMap) -> None:
        _swap_in(self.doc.map, state)
        self.doc.selected_object = None
        self.doc.selection = HexSet()
        self.doc.mapReplaced.emit()
        self.doc.selectionChanged.emit()

    def redo(self) -> None:
        self._show(self.after)

    def undo(self) -> None:
        self._show(self.before)
