"""The map scene: terrain, objects and highlight layers wired to a MapDocument's signals."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsScene

from engine.gcpause import gc_paused

from . import style
from .draft_layer import DraftLayer
from .geometry import GridGeometry
from .highlight_layer import HighlightLayer
from .objects_layer import ObjectsLayer
from .terrain_layer import TerrainLayer

OVERLAYS = ("grid", "coords", "regions", "problems", "paths")


class MapScene(QGraphicsScene):
    """One scene per document; rebuilt in place when the document's map is replaced."""

    def __init__(self, document: Any, parent: Any = None) -> None:
        super().__init__(parent)
        self.document = document
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setBackgroundBrush(style.PAPER)
        game_map = document.map
        # A 1M map's layers allocate ~10^5 objects that all stay (road spots, path pieces):
        # cyclic collections in between would rescan the whole map for nothing.
        with gc_paused():
            self.terrain = TerrainLayer(game_map, masks=document.region_masks)
            self.objects = ObjectsLayer(game_map)
            self.highlights = HighlightLayer(game_map)
            self.draft = DraftLayer(game_map)
        self.terrain.setZValue(0)
        self.objects.setZValue(10)
        self.draft.setZValue(15)
        self.highlights.setZValue(20)
        self.objects.roads = self.terrain.roads
        for item in (self.terrain, self.objects, self.draft, self.highlights):
            self.addItem(item)
        self.overlays = {"grid": True, "coords": False, "regions": True, "problems": True,
                         "paths": True}
        document.terrainChanged.connect(self.terrain.terrain_changed)
        document.terrainChanged.connect(self.objects.terrain_changed)
        document.objectsChanged.connect(self._on_objects_changed)
        document.regionHexesChanged.connect(self.terrain.regions_painted)
        document.mapReplaced.connect(self.rebuild)
        document.selectionChanged.connect(self._on_selection_changed)
        document.overlayChanged.connect(self._sync_highlights)
        draft_changed = getattr(document, "draftChanged", None)  # documents without tools lack it
        if draft_changed is not None:
            draft_changed.connect(lambda: self.draft.set_draft(document.draft))
        document.problemsChanged.connect(self._sync_highlights)
        self._fit_scene_rect()
        self._on_selection_changed()

    def map_rect(self) -> QRectF:
        """Scene rectangle of the map's hexes."""
        left, top, right, bottom = GridGeometry.of(self.document.map).scene_bounds()
        return QRectF(left, top, right - left, bottom - top)

    def _fit_scene_rect(self) -> None:
        # Room around the map so its edges can be scrolled to the middle of the view.
        r = self.map_rect()
        pad = max(r.width(), r.height()) * 0.5 + 200
        self.setSceneRect(r.adjusted(-pad, -pad, pad, pad))

    def rebuild(self) -> None:
        """The document's map was replaced: rebuild every layer."""
        m = self.document.map
        with gc_paused():
            self.terrain.set_map(m)
            self.objects.set_map(m)
            self.highlights.set_map(m)
            self.draft.set_map(m)
        self._fit_scene_rect()
        self._on_selection_changed()
        self.update()

    def _on_objects_changed(self) -> None:
        self.objects.sync()
        self.terrain.regions_changed()
        self.terrain.roads_changed()

    def _on_selection_changed(self) -> None:
        self.objects.set_selected(getattr(self.document, "selected_object", None))
        self._sync_highlights()

    def _sync_highlights(self) -> None:
        sets = dict(getattr(self.document, "overlay_hexes", {}) or {})
        selection = getattr(self.document, "selection", None)
        if selection:
            sets["selection"] = selection
        self.highlights.set_sets(sets)

    def set_overlay_visible(self, name: str, visible: bool) -> None:
        """Show or hide an overlay: grid, coords, regions, problems or paths."""
        if name not in OVERLAYS:
            raise ValueError(f"unknown overlay {name!r}; expected one of {', '.join(OVERLAYS)}")
        if self.overlays[name] == visible:
            return
        self.overlays[name] = visible
        if name in ("grid", "coords", "regions"):
            self.terrain.set_style(**{name: visible})
        elif name == "paths":
            self.objects.set_paths_visible(visible)
            self.terrain.set_drawn_roads_visible(visible)
        else:
            self.highlights.set_hidden("problems", not visible)
