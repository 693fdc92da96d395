"""What a tool is about to add, shown on the canvas before it becomes an edit."""

from __future__ import annotations

from dataclasses import dataclass

from engine.hexes import Hex
from engine.model import MapPath

_ORIGIN = Hex(0, 0)


@dataclass(frozen=True)
class Draft:
    """A path being drawn (its points so far, the last one following the mouse) and/or the
    terrain a floating stamp will paste: (hex, terrain) pairs relative to `at`, the hex under
    the mouse. The pairs stay one tuple while the stamp floats, so the canvas draws them once
    and only moves the drawing as the mouse moves."""

    path: MapPath | None = None
    terrain: tuple[tuple[Hex, int], ...] = ()
    at: Hex = _ORIGIN

    def landing(self) -> dict[Hex, int]:
        """The stamp's terrain by the hex it lands on."""
        at = self.at
        return {Hex(h.q + at.q, h.r + at.r): t for h, t in self.terrain}
