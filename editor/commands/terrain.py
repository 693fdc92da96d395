"""Terrain undo commands. Each stores only the changed indices with old and new bytes."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

import numpy as np

from editor.commands.base import (
    QT_TRANSLATE_NOOP,
    Command,
    counted,
    hexes_text,
    terrain_word,
    translate,
    verb_text,
)
from engine.model import TERRAINS

if TYPE_CHECKING:
    from editor.document import MapDocument

PAINT_ID = 1001
BULK_CHANGE = 50_000  # from this many changed hexes (and a quarter of the map) emit None


def _terrain_view(terrain: bytearray) -> np.ndarray:
    return np.frombuffer(terrain, dtype=np.uint8)


class TerrainEdit(Command):
    """Set terrain at indices; undo restores the old bytes. Base of the terrain commands."""

    verb = QT_TRANSLATE_NOOP("Command", "Set")

    def __init__(
        self,
        doc: MapDocument,
        indices: list[int],
        value: int | bytes,
        parent: Command | None = None,
    ) -> None:
        super().__init__("", parent)
        self.doc = doc
        self.indices = array("I")
        self.indices.frombytes(np.asarray(indices, dtype=np.uint32).tobytes())
        self.old = _terrain_view(doc.map.terrain)[self._where()].tobytes()
        self.new = bytes([value]) * len(indices) if isinstance(value, int) else bytes(value)
        self._update_text()

    def _update_text(self) -> None:
        values = set(self.new)
        what = (terrain_word(TERRAINS[next(iter(values))]) if len(values) == 1
                else translate("Command", "terrain"))
        self.setText(translate("Command", "{verb} {what} ({hexes})").format(
            verb=verb_text(self.verb), what=what, hexes=hexes_text(len(self.indices))))

    def _where(self) -> np.ndarray:
        return np.frombuffer(self.indices, dtype=np.uint32)

    def _apply(self, values: bytes) -> None:
        t = self.doc.map.terrain
        if len(values) != len(self.indices):
            raise ValueError("terrain edit: as many values as indices expected")
        view = _terrain_view(t)
        view[self._where()] = np.frombuffer(values, dtype=np.uint8)
        del view  # a live view would stop the bytearray from being resized (map resize)
        n = len(self.indices)
        if n >= BULK_CHANGE and 4 * n >= len(t):
            # A change to most of a big map: "everything changed" lets views rebuild once
            # instead of patching a million hexes one by one.
            self.doc.terrainChanged.emit(None)
        else:
            self.doc.terrainChanged.emit(self.indices.tolist())

    def redo(self) -> None:
        self._apply(self.new)

    def undo(self) -> None:
        self._apply(self.old)


class PaintTerrain(TerrainEdit):
    """A brush stroke; successive dabs of one stroke merge into one undo step."""

    verb = QT_TRANSLATE_NOOP("Command", "Paint")

    def __init__(
        self,
        doc: MapDocument,
        indices: list[int],
        value: int,
        stroke_id: int | None,
        verb: str = "Paint",
    ) -> None:
        self.stroke_id = stroke_id
        self.verb = verb
        super().__init__(doc, indices, value)
        # Kept for merging: a long stroke must not rebuild these on every dab.
        self._known = set(self.indices)
        self.old = bytearray(self.old)

    def _update_text(self) -> None:
        if self.verb == "Paint":
            super()._update_text()
        else:
            self.setText(counted(self.verb, len(self.indices)))

    def id(self) -> int:
        return PAINT_ID if self.stroke_id is not None else -1

    def mergeWith(self, other: Command) -> bool:
        if not isinstance(other, PaintTerrain) or other.stroke_id != self.stroke_id:
            return False
        if other.new[:1] != self.new[:1]:
            return False
        known = self._known
        for i, old in zip(other.indices, other.old, strict=True):
            if i not in known:
                known.add(i)
                self.indices.append(i)
                self.old.append(old)
        self.new = self.new[:1] * len(self.indices)
        self._update_text()
        return True


class EraseTerrain(TerrainEdit):
    """Set hexes back to meadow (eraser, cut, delete)."""

    def __init__(
        self, doc: MapDocument, indices: list[int], value: int, text: str = "Erase"
    ) -> None:
        self.verb = text
        super().__init__(doc, indices, value)

    def _update_text(self) -> None:
        self.setText(counted(self.verb, len(self.indices)))


class FillTerrain(TerrainEdit):
    """Flood fill of a connected area."""

    verb = QT_TRANSLATE_NOOP("Command", "Fill")


class FillRectangle(TerrainEdit):
    """Fill of an offset rectangle."""

    verb = QT_TRANSLATE_NOOP("Command", "Fill rectangle with")


class ApplyPathTerrain(TerrainEdit):
    """The terrain written by a path into the hexes it covers."""

    verb = QT_TRANSLATE_NOOP("Command", "Apply path terrain")

    def _update_text(self) -> None:
        self.setText(counted(self.verb, len(self.indices)))
