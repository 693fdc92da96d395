"""The map document: owns the GameMap, the undo stack, the selection and the change signals.

Views and panels only listen to the signals; tools call the edit methods below, which push
undo commands (editor.commands) — nothing else changes the model (STYLE digest 2–4).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from editor import commands as cmd
from editor import grid
from editor.draft import Draft
from editor.forts import capture_hexes
from editor.region_masks import RegionMasks
from engine.geometry import map_hexset
from engine.hexes import Hex
from engine.hexset import HexSet
from engine.model import TERRAIN_ID, Fort, GameMap, Label, MapPath, Region, StartMarker

_stroke_ids = itertools.count(1)


class MapDocument(QObject):
    """One open map: the model, its undo history, selection, problems and file state."""

    terrainChanged = Signal(object)  # list[int] of changed terrain indices, or None for all
    objectsChanged = Signal()
    # A region's hexes changed in place: region id, the hexes added or removed. Followed by
    # objectsChanged; views repaint just these hexes instead of comparing whole regions.
    regionHexesChanged = Signal(str, object)
    mapReplaced = Signal()
    mapOpened = Signal()  # another map swapped in (open, new, revert): no undo step leads back
    selectionChanged = Signal()
    problemsChanged = Signal()
    overlayChanged = Signal()
    draftChanged = Signal()  # the drawing preview of a tool (draft path, floating stamp)
    fileChanged = Signal()  # path or modified state changed (window title, actions)
    notice = Signal(str)  # what an edit could not carry or replaced, named, for the status bar

    def __init__(
        self, game_map: GameMap, path: Path | str | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.map: GameMap = game_map
        self.path: Path | None = Path(path) if path else None
        self.undo_stack = QUndoStack(self)
        # Runs per row, not a set of tuples: Select All on a million hexes is one run a row.
        self.selection: HexSet = HexSet()
        self.selected_object: object | None = None
        self.problems: list = []
        self.overlay_hexes: dict[str, set[Hex] | HexSet] = {}
        self.region_masks = RegionMasks()
        self.draft: Draft | None = None
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self.objectsChanged.connect(self._update_capture_overlay)
        self.terrainChanged.connect(self._update_capture_overlay)
        self.mapReplaced.connect(self._update_capture_overlay)

    # --- file state ----------------------------------------------------------------------

    def _on_clean_changed(self, _clean: bool) -> None:
        self.fileChanged.emit()

    @property
    def modified(self) -> bool:
        """Whether the map differs from the last saved (or opened) state."""
        return not self.undo_stack.isClean()

    def mark_saved(self, path: Path | str | None = None) -> None:
        """Record that the current state is what is on disk (at `path` if given)."""
        if path is not None:
            self.path = Path(path)
        self.undo_stack.setClean()
        self.fileChanged.emit()

    def display_name(self) -> str:
        """File name for titles, or the map name for a new map."""
        return self.path.name if self.path else (self.map.title() or "Untitled")

    def replace_map(self, game_map: GameMap, path: Path | str | None = None) -> None:
        """Swap in another map (open, new, revert): clears history and selection."""
        self.map = game_map
        self.path = Path(path) if path else None
        self.region_masks.clear()
        self.undo_stack.clear()
        self.selection = HexSet()
        self.selected_object = None
        self.overlay_hexes = {}
        self.draft = None
        self.mapOpened.emit()
        self.mapReplaced.emit()
        self.selectionChanged.emit()
        self.overlayChanged.emit()
        self.fileChanged.emit()

    # --- selection, overlays, problems ---------------------------------------------------

    def set_selection(self, hexes: Iterable[Hex], checked: bool = False) -> None:
        """Replace the hex selection; hexes outside the map are dropped unless the caller
        says they are all on the map (`checked`)."""
        if isinstance(hexes, HexSet):
            self.selection = hexes.copy() if checked else hexes & map_hexset(self.map)
        elif checked:
            self.selection = HexSet(hexes)
        else:
            self.selection = HexSet(h for h in hexes if self.map.in_bounds(h))
        self.selectionChanged.emit()

    def select_all(self) -> None:
        """Select every hex of the map (one run per row)."""
        self.set_selection(map_hexset(self.map), checked=True)

    def select_object(self, obj: object | None) -> None:
        """Make a fort, start marker, label or path the selected object (or none)."""
        if obj is self.selected_object:
            return
        self.selected_object = obj
        self.selectionChanged.emit()
        self._update_capture_overlay()

    def _update_capture_overlay(self, *_args: object) -> None:
        fort = self.selected_object
        if isinstance(fort, Fort) and fort in self.map.forts:
            self.set_overlay("capture", capture_hexes(self.map, fort))
        else:
            self.set_overlay("capture", None)

    def set_overlay(self, name: str, hexes: Iterable[Hex] | None) -> None:
        """Set (or with None/empty, clear) a named transient highlight."""
        hexes = hexes.copy() if isinstance(hexes, HexSet) else set(hexes or ())
        if self.overlay_hexes.get(name, set()) == hexes:
            return
        if hexes:
            self.overlay_hexes[name] = hexes
        else:
            self.overlay_hexes.pop(name, None)
        self.overlayChanged.emit()

    def set_draft(self, draft: Draft | None) -> None:
        """Show (or with None, clear) what a tool is about to add: a path being drawn, a
        stamp floating under the mouse. Not part of the map and not an undo step."""
        if draft == self.draft:
            return
        self.draft = draft
        self.draftChanged.emit()

    def set_problems(self, problems: list) -> None:
        """Replace the validation problems and mark their hexes in the "problems" overlay."""
        self.problems = list(problems)
        # Problem.hex is an offset (col, row) pair, as in the files.
        self.overlay_hexes["problems"] = {
            self.map.to_axial(*p.hex) for p in self.problems if getattr(p, "hex", None)
        }
        self.problemsChanged.emit()
        self.overlayChanged.emit()

    # --- terrain edits -------------------------------------------------------------------

    @staticmethod
    def new_stroke_id() -> int:
        """A token that makes successive paint calls merge into one undo step."""
        return next(_stroke_ids)

    def paint_terrain(
        self,
        hexes: Iterable[Hex],
        terrain: str,
        stroke_id: int | None = None,
        verb: str = "Paint",
    ) -> int:
        """Paint hexes; calls with the same stroke_id merge into one undo step.

        Returns how many hexes changed.
        """
        value = TERRAIN_ID[terrain]
        t = self.map.terrain
        indices = [i for i in grid.indices_of(self.map, hexes) if t[i] != value]
        if not indices:
            return 0
        self.undo_stack.push(cmd.PaintTerrain(self, indices, value, stroke_id, verb))
        return len(indices)

    def erase_terrain(self, hexes: Iterable[Hex], stroke_id: int | None = None) -> int:
        """Erase hexes to meadow with the eraser; road, river and trench lines over erased
        hexes of their terrain are cut. Calls with the same stroke_id merge into one undo
        step. Returns how many hexes changed."""
        command = cmd.EraseStroke(self, list(hexes), stroke_id)
        if not command.changes_anything:
            return 0
        self.undo_stack.push(command)
        return len(command.indices)

    def fill_terrain(self, start: Hex, terrain: str) -> int:
        """Flood-fill the connected same-terrain area around `start`; returns hexes changed."""
        if not self.map.in_bounds(start):
            return 0
        value = TERRAIN_ID[terrain]
        start_i = self.map.index(start)
        if self.map.terrain[start_i] == value:
            return 0
        indices = grid.flood_indices(self.map, start_i)
        self.undo_stack.push(cmd.FillTerrain(self, indices, value))
        return len(indices)

    def fill_rectangle(self, a: Hex, b: Hex, terrain: str) -> int:
        """Fill the offset rectangle between two hexes; returns hexes changed."""
        value = TERRAIN_ID[terrain]
        t = self.map.terrain
        indices = [i for i in grid.rect_indices(self.map, a, b) if t[i] != value]
        if not indices:
            return 0
        self.undo_stack.push(cmd.FillRectangle(self, indices, value))
        return len(indices)

    # --- objects -------------------------------------------------------------------------

    def place_fort(self, fort: Fort) -> None:
        """Add a fort and select it."""
        self.undo_stack.push(cmd.PlaceFort(self, fort))
        self.select_object(fort)

    def edit_fort(self, fort: Fort, text: str | None = None, **changes: object) -> None:
        """Change fields of a fort (hexes, entrances, owner, name, facing) in one undo step."""
        self.undo_stack.push(cmd.EditFort(self, fort, changes, text))

    def move_fort(self, fort: Fort, delta: Hex) -> None:
        """Move a fort's footprint and entrances by an axial delta."""
        self.undo_stack.push(cmd.MoveFort(self, fort, delta))

    def rotate_fort(self, fort: Fort, steps: int = 1) -> None:
        """Rotate a fort by 60° steps around its first footprint hex."""
        self.undo_stack.push(cmd.RotateFort(self, fort, steps))

    def delete_fort(self, fort: Fort) -> None:
        """Remove a fort."""
        if self.selected_object is fort:
            self.select_object(None)
        self.undo_stack.push(cmd.DeleteFort(self, fort))

    def place_start_marker(self, number: int, h: Hex) -> StartMarker:
        """Add a start marker with this number on a hex and select it."""
        marker = StartMarker(number, h)
        self.undo_stack.push(cmd.PlaceStartMarker(self, marker))
        self.select_object(marker)
        return marker

    def move_start_marker(self, marker: StartMarker, h: Hex) -> None:
        """Move a start marker to another hex."""
        if marker.hex != h:
            self.undo_stack.push(cmd.MoveStartMarker(self, marker, h))

    def renumber_start_marker(self, marker: StartMarker, number: int) -> None:
        """Give a start marker another number."""
        if marker.number != number:
            self.undo_stack.push(cmd.EditStartMarker(self, marker, number))

    def delete_start_marker(self, marker: StartMarker) -> None:
        """Remove a start marker."""
        if self.selected_object is marker:
            self.select_object(None)
        self.undo_stack.push(cmd.DeleteStartMarker(self, marker))

    def paint_region(
        self, region_id: str, hexes: Iterable[Hex], add: bool = True, stroke_id: int | None = None
    ) -> int:
        """Add hexes to (or remove from) a region, creating it if needed; returns hexes changed."""
        # As runs: "Add Selection to Region" after Select All is a run a row, not a million.
        if isinstance(hexes, HexSet):
            hexes = hexes & map_hexset(self.map)
        else:
            hexes = HexSet(h for h in hexes if self.map.in_bounds(h))
        region = self.map.region(region_id)
        current = region.hexes if region else HexSet()
        changed = hexes - current if add else hexes & current
        if not changed:
            return 0
        self.undo_stack.push(cmd.PaintRegion(self, region_id, changed, add, stroke_id))
        return len(changed)

    def region_hexes_changed(self, region: Region, hexes: set[Hex], added: bool) -> None:
        """Called by region commands after adding (or removing) `hexes` to a region in place:
        updates the region's mask and tells the views which hexes to repaint."""
        self.region_masks.painted(self.map, region, hexes, added)
        self.regionHexesChanged.emit(region.id, hexes)

    def add_region(self, region_id: str, name: str = "") -> None:
        """Create an empty named region."""
        if self.map.region(region_id) is None:
            self.undo_stack.push(cmd.AddRegion(self, Region(region_id, name or region_id)))

    def delete_region(self, region_id: str) -> None:
        """Remove a region."""
        region = self.map.region(region_id)
        if region is not None:
            self.undo_stack.push(cmd.DeleteRegion(self, region))

    def add_path(self, path: MapPath, apply_terrain: bool = True) -> None:
        """Add a path; with apply_terrain its covered hexes get the path's terrain."""
        self.undo_stack.push(cmd.AddPath(self, path, apply_terrain))
        self.select_object(path)

    def edit_path(self, path: MapPath, apply_terrain: bool = False, **changes: object) -> None:
        """Change a path's points, kind, terrain or width (optionally re-applying terrain)."""
        self.undo_stack.push(cmd.EditPath(self, path, changes, apply_terrain))

    def delete_path(self, path: MapPath) -> None:
        """Remove a path (the terrain it wrote stays: terrain is the source of truth)."""
        if self.selected_object is path:
            self.select_object(None)
        self.undo_stack.push(cmd.DeletePath(self, path))

    def add_label(self, label: Label) -> None:
        """Add a label and select it."""
        self.undo_stack.push(cmd.AddLabel(self, label))
        self.select_object(label)

    def edit_label(self, label: Label, **changes: object) -> None:
        """Change a label's text, position, size or rotation."""
        self.undo_stack.push(cmd.EditLabel(self, label, changes))

    def delete_label(self, label: Label) -> None:
        """Remove a label."""
        if self.selected_object is label:
            self.select_object(None)
        self.undo_stack.push(cmd.DeleteLabel(self, label))

    def change_properties(self, **changes: object) -> None:
        """Change map properties (name, author, …, layout fields, path_coverage)."""
        self.undo_stack.push(cmd.ChangeMapProperties(self, changes))

    def resize_map(self, width: int, height: int, anchor: tuple[float, float]) -> None:
        """Resize the map; anchor (0..1, 0..1) says where the old content stays."""
        command = cmd.ResizeMap(self, width, height, anchor)
        self.undo_stack.push(command)
        if command.result.message():
            self.notice.emit(command.result.message())

    # --- selection edits -----------------------------------------------------------------

    def _push_carried(self, command: cmd.ApplyCarried) -> None:
        self.undo_stack.push(command)
        message = command.result.message()
        if message:
            self.notice.emit(message)

    def transform_selection(self, kind: str) -> None:
        """Mirror ("mirror_h", "mirror_v") or rotate ("rotate_180") the selected content."""
        if not self.selection:
            return
        if kind == "rotate_180":
            self._push_carried(cmd.RotateSelection180(self))
        elif kind in ("mirror_h", "mirror_v"):
            self._push_carried(cmd.MirrorSelection(self, kind[-1]))
        else:
            raise ValueError(f"unknown transform {kind!r}")

    def copy_to_other_side(self, kind: str = "rotate_180") -> None:
        """Copy the selection (rotated or mirrored about the map centre) onto the other side."""
        if self.selection:
            self._push_carried(cmd.CopyToOtherSide(self, kind))

    def paste_stamp(self, stamp: cmd.Stamp, at: Hex) -> None:
        """Paste a stamp with its origin on `at`."""
        self._push_carried(cmd.PasteStamp(self, stamp, at))

    def delete_selection(self, text: str = "Delete") -> None:
        """Erase the selected hexes to meadow with what is on them (forts wholly inside,
        start markers, labels, the stretches of paths over them)."""
        if self.selection:
            command = cmd.EraseSelection(self, text)
            if command.result.changed or command.result.replaced:
                self._push_carried(command)
            elif command.result.dropped:
                self.notice.emit(command.result.message())

    def move_selection(self, delta: Hex) -> bool:
        """Move the selected content by an axial delta (vacated hexes become meadow).

        Refused, with the reason in the notice, when a fort or start marker would leave the
        map or be split from its footprint: a move never loses an object. Returns whether
        the content moved."""
        if not self.selection or delta == Hex(0, 0):
            return False
        command = cmd.MoveSelection(self, delta)
        if command.result.dropped:
            self.notice.emit(self.tr("Move refused: {reasons}").format(
                reasons="; ".join(command.result.dropped)))
            return False
        self._push_carried(command)
        return True
