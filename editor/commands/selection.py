"""Stamps (copied pieces of map) and the commands that move, mirror and paste them."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from editor import grid
from editor.commands.base import Command
from editor.commands.objects import AddObject, EditFort, MoveStartMarker, RemoveObject
from editor.commands.terrain import TerrainEdit
from engine.hexes import Hex
from engine.model import TERRAIN_ID, Fort, GameMap, Region, StartMarker

if TYPE_CHECKING:
    from editor.document import MapDocument


@dataclass
class Stamp:
    """A copied piece of map: terrain and whole forts/markers, relative to an origin hex."""

    terrain: dict[Hex, int] = field(default_factory=dict)
    forts: list[Fort] = field(default_factory=list)
    markers: list[StartMarker] = field(default_factory=list)

    @classmethod
    def from_selection(cls, game_map: GameMap, hexes: set[Hex]) -> Stamp:
        """Copy the selected hexes; forts and markers come along when wholly inside."""
        if not hexes:
            return cls()
        origin = min(hexes, key=lambda h: game_map.to_offset(h)[::-1])
        terrain = {h - origin: game_map.terrain[game_map.index(h)] for h in hexes}
        forts = []
        for f in game_map.forts:
            if all(h in hexes for h in (*f.hexes, *f.entrances)):
                c = copy.deepcopy(f)
                c.hexes = [h - origin for h in c.hexes]
                c.entrances = [h - origin for h in c.entrances]
                forts.append(c)
        markers = [
            StartMarker(m.number, m.hex - origin) for m in game_map.start_markers if m.hex in hexes
        ]
        return cls(terrain, forts, markers)

    def hexes_at(self, at: Hex) -> list[Hex]:
        """Where the stamp's hexes land when pasted at `at`."""
        return [h + at for h in self.terrain]


def _unique_fort_id(game_map: GameMap, base: str, taken: set[str]) -> str:
    n = 2
    candidate = base
    while candidate in taken or game_map.fort(candidate) is not None:
        candidate = f"{base}_{n}"
        n += 1
    taken.add(candidate)
    return candidate


class _SelectionCommand(Command):
    """Base: children do the edits; redo/undo also set the selection after/before."""

    def __init__(self, doc: MapDocument, text: str) -> None:
        super().__init__(text)
        self.doc = doc
        self.sel_before = set(doc.selection)
        self.sel_after: set[Hex] = set()

    def redo(self) -> None:
        super().redo()
        self.doc.set_selection(self.sel_after)

    def undo(self) -> None:
        super().undo()
        self.doc.set_selection(self.sel_before)


def _terrain_child(doc: MapDocument, values: dict[int, int], parent: Command) -> None:
    t = doc.map.terrain
    changed = {i: v for i, v in values.items() if t[i] != v}
    if changed:
        TerrainEdit(doc, list(changed), bytes(changed.values()), parent)


class TransformSelection(_SelectionCommand):
    """Mirror horizontally/vertically or rotate by 180° the selected terrain, forts, markers."""

    NAMES: ClassVar[dict[str, str]] = {
        "mirror_h": "Mirror selection horizontally",
        "mirror_v": "Mirror selection vertically",
        "rotate_180": "Rotate selection 180°",
    }

    def __init__(self, doc: MapDocument, kind: str) -> None:
        super().__init__(doc, self.NAMES[kind])
        m = doc.map
        sel = doc.selection
        tf = grid.hex_transform(m, sel, kind)
        values: dict[int, int] = {}
        for h in sel:
            th = tf(h)
            if m.in_bounds(th):
                values[m.index(th)] = m.terrain[m.index(h)]
        _terrain_child(doc, values, self)
        for f in m.forts:
            if all(h in sel for h in (*f.hexes, *f.entrances)):
                changes: dict[str, object] = {
                    "hexes": [tf(h) for h in f.hexes],
                    "entrances": [tf(h) for h in f.entrances],
                }
                if f.facing is not None and f.hexes:
                    a = tf(f.hexes[0])
                    b = tf(f.hexes[0].neighbor(f.facing))
                    d = a.direction_to(b)
                    changes["facing"] = d if d is not None else f.facing
                EditFort(doc, f, changes, parent=self)
        for mk in m.start_markers:
            if mk.hex in sel:
                MoveStartMarker(doc, mk, tf(mk.hex), parent=self)
        self.sel_after = {tf(h) for h in sel if m.in_bounds(tf(h))}


class MoveSelection(_SelectionCommand):
    """Move the selected terrain (and forts/markers wholly inside) by an axial delta."""

    def __init__(self, doc: MapDocument, delta: Hex) -> None:
        super().__init__(doc, "Move selection")
        m = doc.map
        sel = doc.selection
        meadow = TERRAIN_ID["meadow"]
        values = {m.index(h): meadow for h in sel}
        for h in sel:
            if m.in_bounds(h + delta):
                values[m.index(h + delta)] = m.terrain[m.index(h)]
        _terrain_child(doc, values, self)
        for f in m.forts:
            if all(h in sel for h in (*f.hexes, *f.entrances)):
                changes = {
                    "hexes": [h + delta for h in f.hexes],
                    "entrances": [h + delta for h in f.entrances],
                }
                EditFort(doc, f, changes, parent=self)
        for mk in m.start_markers:
            if mk.hex in sel:
                MoveStartMarker(doc, mk, mk.hex + delta, parent=self)
        self.sel_after = {h + delta for h in sel if m.in_bounds(h + delta)}


class PasteStamp(_SelectionCommand):
    """Paste a stamp: its terrain, and its forts (with fresh ids) and markers."""

    def __init__(self, doc: MapDocument, stamp: Stamp, at: Hex) -> None:
        m = doc.map
        landed = [h for h in stamp.hexes_at(at) if m.in_bounds(h)]
        n = len(landed)
        super().__init__(doc, f"Paste stamp ({n} hex{'es' if n != 1 else ''})")
        values = {m.index(h + at): v for h, v in stamp.terrain.items() if m.in_bounds(h + at)}
        _terrain_child(doc, values, self)
        taken: set[str] = set()
        for f in stamp.forts:
            c = copy.deepcopy(f)
            c.hexes = [h + at for h in c.hexes]
            c.entrances = [h + at for h in c.entrances]
            if all(m.in_bounds(h) for h in (*c.hexes, *c.entrances)):
                c.id = _unique_fort_id(m, c.id, taken)
                AddObject(doc, c, parent=self)
        for mk in stamp.markers:
            if m.in_bounds(mk.hex + at):
                AddObject(doc, StartMarker(mk.number, mk.hex + at), parent=self)
        self.sel_after = set(landed)


class MirrorSelection(TransformSelection):
    """Mirror the selection horizontally ("h") or vertically ("v")."""

    def __init__(self, doc: MapDocument, axis: str) -> None:
        super().__init__(doc, "mirror_h" if axis == "h" else "mirror_v")


class RotateSelection180(TransformSelection):
    """Rotate the selection by 180° (a point reflection: exact on every hex grid)."""

    def __init__(self, doc: MapDocument) -> None:
        super().__init__(doc, "rotate_180")


HALF_PAIRS = {"half_1_6": "half_7_12", "half_7_12": "half_1_6"}


def map_transform(game_map: GameMap, kind: str) -> Callable[[Hex], Hex]:
    """A transform about the centre of the whole map (what the other side of a board is)."""
    w, h = game_map.width, game_map.height
    frame = [
        game_map.to_axial(c, r)
        for c in {0, min(1, w - 1), max(w - 2, 0), w - 1}
        for r in {0, min(1, h - 1), max(h - 2, 0), h - 1}
    ]
    return grid.hex_transform(game_map, frame, kind)


class CopyToOtherSide(Command):
    """Copy the selection onto the other side of the map, rotated by 180° about the map's
    centre (or mirrored): terrain, forts (new ids) and start markers (1–6 become 7–12 and
    back). When the selection is one 2-player half, the other half's region is set to the
    copy's hexes. The original side is left as it was."""

    NAMES: ClassVar[dict[str, str]] = {
        "rotate_180": "Copy selection to other side (rotated 180°)",
        "mirror_h": "Copy selection to other side (mirrored horizontally)",
        "mirror_v": "Copy selection to other side (mirrored vertically)",
    }

    def __init__(self, doc: MapDocument, kind: str = "rotate_180") -> None:
        super().__init__(self.NAMES[kind])
        self.doc = doc
        m = doc.map
        sel = set(doc.selection)
        tf = map_transform(m, kind)
        image = {tf(h) for h in sel if m.in_bounds(tf(h))}
        self.sel_before, self.sel_after = sel, image
        values = {m.index(tf(h)): m.terrain[m.index(h)] for h in sel if m.in_bounds(tf(h))}
        _terrain_child(doc, values, self)
        taken: set[str] = set()
        # Objects already on the target side are replaced by the copies.
        for f in list(m.forts):
            if any(x in image for x in (*f.hexes, *f.entrances)) and not all(
                x in sel for x in (*f.hexes, *f.entrances)
            ):
                RemoveObject(doc, f, parent=self)
        for mk in list(m.start_markers):
            if mk.hex in image and mk.hex not in sel:
                RemoveObject(doc, mk, parent=self)
        for f in m.forts:
            if not f.hexes or not all(x in sel for x in (*f.hexes, *f.entrances)):
                continue
            c = copy.deepcopy(f)
            c.hexes = [tf(x) for x in f.hexes]
            c.entrances = [tf(x) for x in f.entrances]
            if not all(m.in_bounds(x) for x in (*c.hexes, *c.entrances)):
                continue
            if f.facing is not None:
                d = tf(f.hexes[0]).direction_to(tf(f.hexes[0].neighbor(f.facing)))
                c.facing = d if d is not None else f.facing
            c.id = _unique_fort_id(m, f"{f.id}_2", taken)
            c.name = f"{f.name} II"
            AddObject(doc, c, parent=self)
        for mk in m.start_markers:
            if mk.hex in sel and m.in_bounds(tf(mk.hex)):
                number = mk.number + 6 if mk.number <= 6 else mk.number - 6
                AddObject(doc, StartMarker(number, tf(mk.hex)), parent=self)
        self.region_change: tuple[str, set[Hex] | None] | None = None
        for rid, other in HALF_PAIRS.items():
            region = m.region(rid)
            if region is not None and region.hexes == sel:
                target = m.region(other)
                self.region_change = (other, set(target.hexes) if target else None)
                break

    def _set_region(self, hexes: set[Hex] | None) -> None:
        if self.region_change is None:
            return
        rid = self.region_change[0]
        m = self.doc.map
        region = m.region(rid)
        if hexes is None:
            if region is not None:
                m.regions.remove(region)
        elif region is None:
            m.regions.append(Region(rid, rid, set(hexes)))
        else:
            region.hexes = set(hexes)
        self.doc.objectsChanged.emit()

    def redo(self) -> None:
        super().redo()
        self._set_region(self.sel_after)
        self.doc.set_selection(self.sel_after)

    def undo(self) -> None:
        if self.region_change is not None:
            self._set_region(self.region_change[1])
        super().undo()
        self.doc.set_selection(self.sel_before)
