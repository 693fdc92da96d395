"""Undo commands for forts, start markers, regions, paths and labels."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from editor.commands.base import (
    QT_TRANSLATE_NOOP,
    Command,
    hexes_text,
    terrain_word,
    translate,
    verb_text,
)
from editor.commands.paths import apply_path_terrain_command
from engine.hexes import Hex
from engine.hexset import HexSet
from engine.model import Fort, Label, MapPath, Region, StartMarker

if TYPE_CHECKING:
    from editor.document import MapDocument

REGION_ID = 1002
MOVE = QT_TRANSLATE_NOOP("Command", "Move")
ROTATE = QT_TRANSLATE_NOOP("Command", "Rotate")
EDIT = QT_TRANSLATE_NOOP("Command", "Edit")


def _describe(obj: object) -> str:
    if isinstance(obj, Fort):
        return translate("Command", "fort {name}").format(name=obj.name or obj.id)
    if isinstance(obj, StartMarker):
        return translate("Command", "start marker {number}").format(number=obj.number)
    if isinstance(obj, MapPath):
        return f"{terrain_word(obj.kind)} {obj.id}"
    if isinstance(obj, Label):
        return translate("Command", "label “{text}”").format(text=obj.text)
    if isinstance(obj, Region):
        return translate("Command", "region {name}").format(name=obj.name or obj.id)
    return type(obj).__name__.lower()


def _verb_object(verb: str, obj: object) -> str:
    return translate("Command", "{verb} {what}").format(verb=verb_text(verb),
                                                        what=_describe(obj))


_LISTS = {Fort: "forts", StartMarker: "start_markers", MapPath: "paths", Label: "labels"}


def _list_of(doc: MapDocument, obj: object) -> list:
    return getattr(doc.map, _LISTS[type(obj)])


class AddObject(Command):
    """Append a fort, start marker, path or label to its map list."""

    verb = QT_TRANSLATE_NOOP("Command", "Add")

    def __init__(self, doc: MapDocument, obj: object, parent: Command | None = None) -> None:
        super().__init__("", parent)
        self.doc = doc
        self.obj = obj
        self.setText(_verb_object(self.verb, obj))

    def redo(self) -> None:
        super().redo()
        _list_of(self.doc, self.obj).append(self.obj)
        self.doc.objectsChanged.emit()

    def undo(self) -> None:
        _list_of(self.doc, self.obj).remove(self.obj)
        if self.doc.selected_object is self.obj:
            self.doc.select_object(None)
        super().undo()
        self.doc.objectsChanged.emit()


class RemoveObject(Command):
    """Remove a fort, start marker, path or label; undo puts it back at the same place."""

    verb = QT_TRANSLATE_NOOP("Command", "Delete")

    def __init__(self, doc: MapDocument, obj: object, parent: Command | None = None) -> None:
        super().__init__("", parent)
        self.doc = doc
        self.obj = obj
        self.index = _list_of(doc, obj).index(obj)
        self.setText(_verb_object(self.verb, obj))

    def redo(self) -> None:
        _list_of(self.doc, self.obj).remove(self.obj)
        if self.doc.selected_object is self.obj:
            self.doc.select_object(None)
        self.doc.objectsChanged.emit()

    def undo(self) -> None:
        _list_of(self.doc, self.obj).insert(self.index, self.obj)
        self.doc.objectsChanged.emit()


class SetAttributes(Command):
    """Change attributes of one object in place (keeps its identity for the selection)."""

    def __init__(
        self,
        doc: MapDocument,
        obj: Any,
        changes: dict[str, Any],
        text: str | None = None,
        parent: Command | None = None,
    ) -> None:
        super().__init__("", parent)
        self.doc = doc
        self.obj = obj
        self.new = {k: copy.deepcopy(v) for k, v in changes.items()}
        self.old = {k: copy.deepcopy(getattr(obj, k)) for k in changes}
        self.setText(text or _verb_object(EDIT, obj))

    def _set(self, values: dict[str, Any]) -> None:
        for k, v in values.items():
            setattr(self.obj, k, copy.deepcopy(v))
        self.doc.objectsChanged.emit()

    def redo(self) -> None:
        super().redo()
        self._set(self.new)

    def undo(self) -> None:
        self._set(self.old)
        super().undo()


class PlaceFort(AddObject):
    """Place a new fort."""

    verb = QT_TRANSLATE_NOOP("Command", "Place")


class DeleteFort(RemoveObject):
    """Delete a fort."""


class EditFort(SetAttributes):
    """Change a fort's footprint, entrances, owner, name or facing."""


def _rotate60(v: Hex, steps: int) -> Hex:
    for _ in range(steps % 6):
        v = Hex(v.q + v.r, -v.q)  # direction i -> i+1
    return v


class MoveFort(SetAttributes):
    """Move a fort (footprint and entrances) by an axial delta."""

    def __init__(self, doc: MapDocument, fort: Fort, delta: Hex) -> None:
        changes = {
            "hexes": [h + delta for h in fort.hexes],
            "entrances": [h + delta for h in fort.entrances],
        }
        super().__init__(doc, fort, changes, _verb_object(MOVE, fort))


class RotateFort(SetAttributes):
    """Rotate a fort by 60° steps around its first footprint hex."""

    def __init__(self, doc: MapDocument, fort: Fort, steps: int) -> None:
        c = fort.hexes[0] if fort.hexes else Hex(0, 0)

        def rot(h: Hex) -> Hex:
            return c + _rotate60(h - c, steps)

        changes: dict[str, Any] = {
            "hexes": [rot(h) for h in fort.hexes],
            "entrances": [rot(h) for h in fort.entrances],
        }
        if fort.facing is not None:
            changes["facing"] = (fort.facing + steps) % 6
        super().__init__(doc, fort, changes, _verb_object(ROTATE, fort))


class PlaceStartMarker(AddObject):
    """Place a start marker."""

    verb = QT_TRANSLATE_NOOP("Command", "Place")


class DeleteStartMarker(RemoveObject):
    """Delete a start marker."""


class MoveStartMarker(SetAttributes):
    """Move a start marker to another hex."""

    def __init__(
        self, doc: MapDocument, marker: StartMarker, h: Hex, parent: Command | None = None
    ) -> None:
        super().__init__(doc, marker, {"hex": h}, _verb_object(MOVE, marker),
                         parent)


class EditStartMarker(SetAttributes):
    """Renumber a start marker."""

    def __init__(self, doc: MapDocument, marker: StartMarker, number: int) -> None:
        super().__init__(
            doc, marker, {"number": number},
            translate("Command", "Renumber start marker {old} → {new}").format(
                old=marker.number, new=number))


class AddPath(AddObject):
    """Add a path; optionally a child command writes its terrain into the covered hexes."""

    def __init__(self, doc: MapDocument, path: MapPath, apply_terrain: bool) -> None:
        super().__init__(doc, path)
        if apply_terrain:
            apply_path_terrain_command(doc, path, parent=self)


class EditPath(SetAttributes):
    """Change a path; optionally re-apply its terrain to the hexes it now covers."""

    def __init__(
        self, doc: MapDocument, path: MapPath, changes: dict[str, Any], apply_terrain: bool
    ) -> None:
        super().__init__(doc, path, changes, _verb_object(EDIT, path))
        if apply_terrain:
            edited = copy.deepcopy(path)
            for k, v in changes.items():
                setattr(edited, k, v)
            apply_path_terrain_command(doc, edited, parent=self)


class DeletePath(RemoveObject):
    """Delete a path (the terrain it wrote stays)."""


class AddLabel(AddObject):
    """Add a label."""


class EditLabel(SetAttributes):
    """Change a label."""


class DeleteLabel(RemoveObject):
    """Delete a label."""


class PaintRegion(Command):
    """Add hexes to or remove them from a named region (created on first paint)."""

    def __init__(
        self,
        doc: MapDocument,
        region_id: str,
        hexes: Iterable[Hex],
        add: bool,
        stroke_id: int | None = None,
    ) -> None:
        super().__init__()
        self.doc = doc
        self.region_id = region_id
        self.hexes = HexSet(hexes)
        self.add = add
        self.stroke_id = stroke_id
        self.created = doc.map.region(region_id) is None
        self._update_text()

    def _update_text(self) -> None:
        text = (translate("Command", "Paint region {id} ({hexes})") if self.add
                else translate("Command", "Erase region {id} ({hexes})"))
        self.setText(text.format(id=self.region_id, hexes=hexes_text(len(self.hexes))))

    def id(self) -> int:
        return REGION_ID if self.stroke_id is not None else -1

    def mergeWith(self, other: Command) -> bool:
        if (
            not isinstance(other, PaintRegion)
            or other.stroke_id != self.stroke_id
            or other.region_id != self.region_id
            or other.add != self.add
            or other.created
        ):
            return False
        self.hexes |= other.hexes
        self._update_text()
        return True

    def redo(self) -> None:
        region = self.doc.map.region(self.region_id)
        if region is None:
            region = Region(self.region_id, self.region_id)
            self.doc.map.regions.append(region)
        if self.add:
            region.hexes |= self.hexes
        else:
            region.hexes -= self.hexes
        self.doc.region_hexes_changed(region, self.hexes, self.add)
        self.doc.objectsChanged.emit()

    def undo(self) -> None:
        region = self.doc.map.region(self.region_id)
        if region is None:
            return
        if self.add:
            region.hexes -= self.hexes
        else:
            region.hexes |= self.hexes
        self.doc.region_hexes_changed(region, self.hexes, not self.add)
        if self.created and not region.hexes:
            self.doc.map.regions.remove(region)
        self.doc.objectsChanged.emit()


class AddRegion(Command):
    """Create an empty named region."""

    def __init__(self, doc: MapDocument, region: Region) -> None:
        super().__init__(translate("Command", "Add region {id}").format(id=region.id))
        self.doc = doc
        self.region = region

    def redo(self) -> None:
        self.doc.map.regions.append(self.region)
        self.doc.objectsChanged.emit()

    def undo(self) -> None:
        self.doc.map.regions.remove(self.region)
        self.doc.objectsChanged.emit()


class DeleteRegion(Command):
    """Delete a region."""

    def __init__(self, doc: MapDocument, region: Region) -> None:
        super().__init__(translate("Command", "Delete region {id}").format(id=region.id))
        self.doc = doc
        self.region = region
        self.index = doc.map.regions.index(region)

    def redo(self) -> None:
        self.doc.map.regions.remove(self.region)
        self.doc.objectsChanged.emit()

    def undo(self) -> None:
        self.doc.map.regions.insert(self.index, self.region)
        self.doc.objectsChanged.emit()
