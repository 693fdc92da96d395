"""Stamps (copied pieces of map) and the commands that move, mirror, paste and erase them.

Every selection edit goes through `engine.geometry_transform.carry` (or `erase`), so terrain,
forts with their entrances, start markers, regions, paths and labels move together, as one
undo step, and what cannot be carried is named in the document's notice.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from editor.commands.base import QT_TRANSLATE_NOOP, Command, counted, hexes_text
from editor.commands.terrain import TerrainEdit
from editor.i18n import translate
from engine.gcpause import gc_paused
from engine.geometry import axial_arrays, mask_hexes
from engine.geometry_transform import (
    Carried,
    CopyNaming,
    HexMapping,
    carry,
    clone_map,
    clone_objects,
    erase,
    selected_indices,
    set_objects,
    symmetric,
    translation,
    whole_map,
)
from engine.hexes import Hex
from engine.hexset import HexSet
from engine.model import GameMap, Region

if TYPE_CHECKING:
    from editor.document import MapDocument

_ORIGIN = Hex(0, 0)


def compose(first: HexMapping, then: HexMapping) -> HexMapping:
    """The mapping applying `first`, then `then` (hexes and points alike)."""
    return HexMapping(lambda h: then.hex(first.hex(h)), lambda p: then.point(first.point(p)),
                      mirrored=first.mirrored != then.mirrored,
                      inverse=lambda: compose(then.inverse(), first.inverse()),
                      name=f"{first.name}, then {then.name}")


@dataclass
class Stamp:
    """A copied piece of map: the selected hexes of a snapshot of the map they came from,
    with everything on them, placed relative to an origin hex (its top-left hex).

    The terrain is held as arrays (axial q and r relative to the origin, terrain values), so
    copying a million hexes makes no Python object per hex; `pairs` builds them when a
    preview asks. `turn` is how the stamp was rotated or mirrored before placing (X, Y,
    Z while it floats, as in Tiled): the arrays and `origin` describe the turned stamp,
    `hexes` stay the source hexes that `carry` reads."""

    source: GameMap | None = None
    hexes: Collection[Hex] = frozenset()
    origin: Hex = _ORIGIN
    rel_q: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    rel_r: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    values: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.uint8))
    turn: HexMapping | None = None

    @classmethod
    def from_selection(cls, game_map: GameMap, hexes: Collection[Hex]) -> Stamp:
        """Copy the selected hexes and everything on them (forts only when wholly inside)."""
        si = selected_indices(game_map, hexes)
        if not si.size:
            return cls()
        mask = np.zeros(game_map.width * game_map.height, dtype=bool)
        mask[si] = True
        q, r = axial_arrays(game_map, si)
        origin = Hex(int(q[0]), int(r[0]))  # the lowest index: top row, then left
        values = np.frombuffer(game_map.terrain, dtype=np.uint8)[si].copy()
        return cls(clone_map(game_map), mask_hexes(game_map, mask), origin,
                   q - origin.q, r - origin.r, values)

    @cached_property
    def pairs(self) -> tuple[tuple[Hex, int], ...]:
        """(hex relative to the paste hex, terrain) of every hex: one tuple for the stamp's
        life, so a preview following the mouse is drawn once (editor.draft.Draft)."""
        with gc_paused():
            relative = map(Hex._make, zip(self.rel_q.tolist(), self.rel_r.tolist(),
                                          strict=True))
            return tuple(zip(relative, self.values.tolist(), strict=True))

    def mapping_to(self, at: Hex) -> HexMapping:
        """The mapping placing the (turned) stamp's origin on `at`."""
        assert self.source is not None
        move = translation(self.source.layout.orientation, at - self.origin)
        return move if self.turn is None else compose(self.turn, move)

    def turned(self, kind: str) -> Stamp:
        """The stamp rotated 180° ("rotate_180") or mirrored ("mirror_h", "mirror_v") about
        its own middle, before it is placed."""
        if self.source is None or not self.hexes:
            return self
        m = self.source
        now = self.turn
        landed = [now.hex(h) if now is not None else h for h in self.hexes]
        step = symmetric(m.layout.orientation, landed, kind)
        turn = step if now is None else compose(now, step)
        values = {turn.hex(h): m.terrain[m.index(h)] for h in self.hexes}
        origin = min(values, key=lambda h: m.to_offset(h)[::-1])
        keys = list(values)
        return Stamp(m, self.hexes, origin,
                     np.array([h.q - origin.q for h in keys], dtype=np.int64),
                     np.array([h.r - origin.r for h in keys], dtype=np.int64),
                     np.array(list(values.values()), dtype=np.uint8), turn)


class ApplyCarried(Command):
    """Replace the map's content by what `carry`/`erase` produced: terrain as a child
    storing only the changed bytes, objects as before/after snapshots, selection after/before.
    The whole edit is one undo step."""

    def __init__(self, doc: MapDocument, result: Carried, text: str,
                 selection_after: Collection[Hex] | None = None) -> None:
        super().__init__(text)
        self.doc = doc
        self.result = result
        m, new = doc.map, result.map
        if result.changed:
            changed = np.asarray(result.changed, dtype=np.int64)
            values = np.frombuffer(new.terrain, dtype=np.uint8)[changed].tobytes()
            TerrainEdit(doc, changed, values, self)
        self.objects_before = clone_objects(m)
        self.objects_after = clone_objects(new)
        self.sel_before = doc.selection.copy()
        self.sel_after = HexSet(result.landed if selection_after is None else selection_after)

    def _show(self, objects: tuple, selection: HexSet) -> None:
        m = self.doc.map
        set_objects(m, objects)
        self.doc.select_object(None)
        self.doc.objectsChanged.emit()
        # Both selections are on the map: the one before came from the document, the one
        # after is where carried hexes landed (or the erased selection). Re-checking a
        # million hexes one by one took seconds.
        self.doc.set_selection(selection, checked=True)

    def redo(self) -> None:
        super().redo()
        self._show(self.objects_after, self.sel_after)

    def undo(self) -> None:
        super().undo()
        self._show(self.objects_before, self.sel_before)


class TransformSelection(ApplyCarried):
    """Mirror horizontally/vertically or rotate by 180° everything on the selected hexes."""

    NAMES: ClassVar[dict[str, str]] = {
        "mirror_h": QT_TRANSLATE_NOOP("Command", "Mirror selection horizontally"),
        "mirror_v": QT_TRANSLATE_NOOP("Command", "Mirror selection vertically"),
        "rotate_180": QT_TRANSLATE_NOOP("Command", "Rotate selection 180°"),
    }

    def __init__(self, doc: MapDocument, kind: str) -> None:
        sel = doc.selection.copy()
        mapping = symmetric(doc.map.layout.orientation, sel, kind)
        super().__init__(doc, carry(doc.map, mapping, sel), translate("Command", self.NAMES[kind]))


class MoveSelection(ApplyCarried):
    """Move everything on the selected hexes by an axial delta; vacated hexes become meadow."""

    def __init__(self, doc: MapDocument, delta: Hex) -> None:
        mapping = translation(doc.map.layout.orientation, delta)
        super().__init__(doc, carry(doc.map, mapping, doc.selection.copy()),
                         translate("Command", "Move selection"))


class PasteStamp(ApplyCarried):
    """Paste a stamp: its terrain, forts (fresh ids), markers, paths and labels. Regions are
    zones of the map, not content, and stay as they are."""

    def __init__(self, doc: MapDocument, stamp: Stamp, at: Hex) -> None:
        if stamp.source is None:
            result = Carried(clone_map(doc.map), set(), [])
        else:
            result = carry(stamp.source, stamp.mapping_to(at), stamp.hexes, target=doc.map,
                           regions=False)
        text = translate("Command", "Paste stamp ({hexes})")
        super().__init__(doc, result, text.format(hexes=hexes_text(len(result.landed))))


class EraseSelection(ApplyCarried):
    """Erase the selected hexes to meadow with everything on them (path stretches cut)."""

    def __init__(self, doc: MapDocument, text: str = "Delete") -> None:
        sel = doc.selection.copy()
        result = erase(doc.map, sel)
        super().__init__(doc, result, counted(text, len(sel)), sel)


class MirrorSelection(TransformSelection):
    """Mirror the selection horizontally ("h") or vertically ("v")."""

    def __init__(self, doc: MapDocument, axis: str) -> None:
        super().__init__(doc, "mirror_h" if axis == "h" else "mirror_v")


class RotateSelection180(TransformSelection):
    """Rotate the selection by 180° (a point reflection: exact on every hex grid)."""

    def __init__(self, doc: MapDocument) -> None:
        super().__init__(doc, "rotate_180")


HALF_PAIRS = {"half_1_6": "half_7_12", "half_7_12": "half_1_6"}


def _other_number(number: int) -> int:
    return number + 6 if number <= 6 else number - 6


class CopyToOtherSide(ApplyCarried):
    """Copy the selection onto the other side of the map, rotated by 180° about the map's
    centre (or mirrored): terrain, forts (new ids, names + " II"), start markers (1–6 become
    7–12 and back), paths and labels. When the selection is one 2-player half, the other
    half's region is set to the copy's hexes. The original side is left as it was."""

    NAMES: ClassVar[dict[str, str]] = {
        "rotate_180": QT_TRANSLATE_NOOP("Command", "Copy selection to other side (rotated 180°)"),
        "mirror_h": QT_TRANSLATE_NOOP("Command",
                                      "Copy selection to other side (mirrored horizontally)"),
        "mirror_v": QT_TRANSLATE_NOOP("Command",
                                      "Copy selection to other side (mirrored vertically)"),
    }

    def __init__(self, doc: MapDocument, kind: str = "rotate_180") -> None:
        m = doc.map
        sel = doc.selection.copy()
        naming = CopyNaming("_2", " II", _other_number)
        result = carry(m, whole_map(m, kind), sel, keep_source=True, regions=False,
                       naming=naming)
        for rid, other in HALF_PAIRS.items():
            region = m.region(rid)
            if region is not None and region.hexes == sel:
                target = result.map.region(other)
                if target is None:
                    result.map.regions.append(Region(other, other, HexSet(result.landed)))
                else:
                    target.hexes = HexSet(result.landed)
                break
        super().__init__(doc, result, translate("Command", self.NAMES[kind]))
