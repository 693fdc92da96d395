"""Undo commands changing the whole map: properties and size."""

from __future__ import annotations

import copy
import dataclasses
from typing import TYPE_CHECKING, Any

from editor.commands.base import Command
from engine.hexes import Hex, Layout, axial_to_offset, offset_to_axial
from engine.model import GameMap, Region

if TYPE_CHECKING:
    from editor.document import MapDocument

LAYOUT_KEYS = ("orientation", "hex_size", "offset")
MAP_KEYS = ("id", "name", "author", "description", "license", "season", "path_coverage")


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
        self.setText(f"Change map properties ({names})")
        # Terrain is stored by offset position, so it stays put when the layout changes;
        # forts, markers and regions are axial and must follow their offset positions; path
        # points and label anchors are in hex-unit pixels and follow the hexes they lie in.
        self.objects_before = self.objects_after = None
        if any(k in LAYOUT_KEYS and self.old[k] != v for k, v in changes.items()):
            m = doc.map
            old = (m.layout.orientation, m.layout.offset)
            new = (changes.get("orientation", old[0]), changes.get("offset", old[1]))
            self.objects_before = copy.deepcopy(
                (m.forts, m.start_markers, m.regions, m.paths, m.labels)
            )
            self.objects_after = _remapped(self.objects_before, old, new)

    def _get(self, key: str) -> Any:
        target = self.doc.map.layout if key in LAYOUT_KEYS else self.doc.map
        return getattr(target, key)

    def _set(self, values: dict[str, Any], objects: tuple | None = None) -> None:
        for k, v in values.items():
            setattr(self.doc.map.layout if k in LAYOUT_KEYS else self.doc.map, k, v)
        if objects is not None:
            m = self.doc.map
            m.forts, m.start_markers, m.regions, m.paths, m.labels = copy.deepcopy(objects)
            self.doc.select_object(None)
        if any(k in LAYOUT_KEYS for k in values):
            self.doc.mapReplaced.emit()
        else:
            self.doc.objectsChanged.emit()
        self.doc.fileChanged.emit()

    def redo(self) -> None:
        self._set(self.new, self.objects_after)

    def undo(self) -> None:
        self._set(self.old, self.objects_before)


def _remapped(objects: tuple, old: tuple[str, str], new: tuple[str, str]) -> tuple:
    """Forts, markers, regions, paths and labels moved so each keeps its offset (col, row)
    under the new orientation/offset convention."""

    def move(h: Hex) -> Hex:
        col, row = axial_to_offset(h, old[0], old[1])  # type: ignore[arg-type]
        return offset_to_axial(col, row, new[0], new[1])  # type: ignore[arg-type]

    before, after = Layout(old[0], 1.0), Layout(new[0], 1.0)  # type: ignore[arg-type]

    def move_point(p: tuple[float, float]) -> tuple[float, float]:
        # Same offset from the centre of the same (col, row) hex.
        h = before.pixel_to_hex(*p)
        cx, cy = before.hex_to_pixel(h)
        nx, ny = after.hex_to_pixel(move(h))
        return (round(nx + p[0] - cx, 3), round(ny + p[1] - cy, 3))

    forts, markers, regions, paths, labels = copy.deepcopy(objects)
    for mp in paths:
        mp.points = [move_point(p) for p in mp.points]
    for lab in labels:
        lab.at = move_point(lab.at)
    for f in forts:
        f.hexes = [move(h) for h in f.hexes]
        f.entrances = [move(h) for h in f.entrances]
    for mk in markers:
        mk.hex = move(mk.hex)
    for r in regions:
        r.hexes = {move(h) for h in r.hexes}
    return forts, markers, regions, paths, labels


def resized_map(game_map: GameMap, width: int, height: int, anchor: tuple[float, float]) -> GameMap:
    """A copy of the map at a new size; the old content moves by the anchor's share of the
    size change (0,0: stays top-left; 0.5,0.5: centred). Objects that fall off are dropped."""
    dc = round((width - game_map.width) * anchor[0])
    dr = round((height - game_map.height) * anchor[1])
    new = copy.deepcopy(game_map)
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

    def move(h: Hex) -> Hex:
        col, row = game_map.to_offset(h)
        return new.to_axial(col + dc, row + dr)

    def fits(hexes: list[Hex]) -> bool:
        return all(new.in_bounds(h) for h in hexes)

    forts = []
    for f in new.forts:
        f.hexes = [move(h) for h in f.hexes]
        f.entrances = [move(h) for h in f.entrances]
        if fits(f.hexes + f.entrances):
            forts.append(f)
    new.forts = forts
    markers = []
    for m in new.start_markers:
        m.hex = move(m.hex)
        if new.in_bounds(m.hex):
            markers.append(m)
    new.start_markers = markers
    new.regions = [
        Region(r.id, r.name, {h2 for h2 in (move(h) for h in r.hexes) if new.in_bounds(h2)})
        for r in new.regions
    ]
    # Free positions (hex units) follow the pixel shift of the origin hex.
    unit = Layout(game_map.layout.orientation, 1.0)
    ox, oy = unit.hex_to_pixel(new.to_axial(dc, dr))
    bx, by = unit.hex_to_pixel(game_map.to_axial(0, 0))
    sx, sy = ox - bx, oy - by
    for p in new.paths:
        p.points = [(x + sx, y + sy) for x, y in p.points]
    for lab in new.labels:
        lab.at = (lab.at[0] + sx, lab.at[1] + sy)
    return new


def _swap_in(target: GameMap, source: GameMap) -> None:
    for f in dataclasses.fields(GameMap):
        setattr(target, f.name, copy.deepcopy(getattr(source, f.name)))


class ResizeMap(Command):
    """Resize the map around an anchor, keeping the content."""

    def __init__(
        self, doc: MapDocument, width: int, height: int, anchor: tuple[float, float]
    ) -> None:
        super().__init__(f"Resize map to {width}×{height}")
        self.doc = doc
        self.before = copy.deepcopy(doc.map)
        self.after = resized_map(doc.map, width, height, anchor)

    def _show(self, state: GameMap) -> None:
        _swap_in(self.doc.map, state)
        self.doc.selected_object = None
        self.doc.selection = set()
        self.doc.mapReplaced.emit()
        self.doc.selectionChanged.emit()

    def redo(self) -> None:
        self._show(self.after)

    def undo(self) -> None:
        self._show(self.before)
