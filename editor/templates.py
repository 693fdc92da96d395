"""Starting points for File > New: an empty map, or one half of the default map."""

from __future__ import annotations

import copy

from engine.hexes import Hex
from engine.model import GameMap


def empty_map(
    map_id: str, name: str, width: int, height: int, orientation: str, offset: str, size: float
) -> GameMap:
    """An all-meadow map."""
    m = GameMap.blank(map_id, width, height, name=name)
    m.layout.orientation = orientation  # type: ignore[assignment]
    m.layout.offset = offset  # type: ignore[assignment]
    m.layout.hex_size = size
    return m


def half_template(source: GameMap, region_id: str = "half_1_6") -> GameMap:
    """A copy of `source` keeping only one half: the region's hexes (or, without that region,
    the top half of the rows) keep terrain, forts and start markers; the rest is meadow, so
    the designer can mirror or rotate the half onto the other side."""
    m = copy.deepcopy(source)
    region = m.region(region_id)
    if region is not None and region.hexes:
        keep: set[Hex] = set(region.hexes)
    else:
        keep = {m.to_axial(c, r) for r in range(m.height // 2) for c in range(m.width)}
    keep_idx = {m.index(h) for h in keep if m.in_bounds(h)}
    for i in range(len(m.terrain)):
        if i not in keep_idx:
            m.terrain[i] = 0
    m.forts = [f for f in m.forts if all(h in keep for h in (*f.hexes, *f.entrances))]
    m.start_markers = [s for s in m.start_markers if s.hex in keep]
    m.paths = []
    m.labels = []
    m.id = f"{source.id}_half"
    m.name = f"{source.name} (half)"
    m.name_de = f"{source.name_de} (Hälfte)" if source.name_de else ""  # the German name
    return m
