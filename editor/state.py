"""Shared tool settings (current terrain, brush size, marker number, …) and the clipboard."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from editor.commands import Stamp
from engine.model import PATH_KINDS, TERRAINS


class ToolState(QObject):
    """What the tools paint with; panels edit it, the eyedropper sets it."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.terrain = "forest"
        self.brush_radius = 0
        self.marker_number = 1
        self.region_id = "half_1_6"
        self.path_kind = "road"
        self.fort_size = 2
        self.fort_owner = "neutral"
        self.wand = False  # selection tool: magic wand instead of rectangle
        self.clipboard: Stamp | None = None

    def set(self, **values: object) -> None:
        """Change settings and notify listeners (unknown names are a programming error)."""
        for k, v in values.items():
            if not hasattr(self, k):
                raise AttributeError(k)
            if k == "terrain" and v not in TERRAINS:
                raise ValueError(f"unknown terrain {v!r}")
            if k == "path_kind" and v not in PATH_KINDS:
                raise ValueError(f"unknown path kind {v!r}")
            if k == "brush_radius":
                v = max(0, min(3, int(v)))  # type: ignore[call-overload]
            if k == "marker_number":
                v = max(1, min(12, int(v)))  # type: ignore[call-overload]
            setattr(self, k, v)
        self.changed.emit()
