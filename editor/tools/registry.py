"""All tools in menu order."""

from __future__ import annotations

from editor.document import MapDocument
from editor.state import ToolState
from editor.tools.base import Tool
from editor.tools.objects import FortTool, LabelTool, StartMarkerTool
from editor.tools.path import PathTool
from editor.tools.region import RegionTool
from editor.tools.select import SelectTool
from editor.tools.terrain import BrushTool, EraserTool, EyedropperTool, FillTool, RectTool

TOOL_CLASSES: tuple[type[Tool], ...] = (
    BrushTool,
    FillTool,
    RectTool,
    EraserTool,
    EyedropperTool,
    PathTool,
    FortTool,
    StartMarkerTool,
    RegionTool,
    LabelTool,
    SelectTool,
)


def make_tools(document: MapDocument, state: ToolState) -> dict[str, Tool]:
    """One instance of every tool, by name."""
    return {cls.name: cls(document, state) for cls in TOOL_CLASSES}
