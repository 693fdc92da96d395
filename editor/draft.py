"""What a tool is about to add, shown on the canvas before it becomes an edit."""

from __future__ import annotations

from dataclasses import dataclass

from engine.hexes import Hex
from engine.model import MapPath


@dataclass(frozen=True)
class Draft:
    """A path being drawn (its points so far, the last one following the mouse) and/or the
    terrain a floating stamp will paste, by the hex it lands on."""

    path: MapPath | None = None
    terrain: tuple[tuple[Hex, int], ...] = ()
