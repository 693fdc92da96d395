"""Each region's hexes as a boolean mask over the map's terrain indices, for the canvas tint
and the live validator's snapshot.

Converting a half-map region of a 1,000,000-hex map from its set of hexes costs ~150 ms, so
a mask is built once per region object and then kept up to date from the hexes each region
paint adds or removes (`painted`). A region object or hex set replaced wholesale (undo of a
transform, resize, open) is noticed by identity and rebuilt, unless its hexes are those the
mask holds (a copy put back by an edit of other objects: a paste, a fort move).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

import numpy as np

from engine.geometry import index_mask
from engine.hexes import Hex
from engine.hexset import HexSet
from engine.model import GameMap, Region


@dataclass
class _Entry:
    game_map: GameMap
    region: Region
    hexes: object  # the region's hex set object the mask was built from
    shape: tuple[int, int, str, str]
    mask: np.ndarray


def _shape(game_map: GameMap) -> tuple[int, int, str, str]:
    return (game_map.width, game_map.height, game_map.layout.orientation,
            game_map.layout.offset)


class RegionMasks:
    """Cached region masks of one document, keyed by region id."""

    def __init__(self) -> None:
        self._entries: dict[str, _Entry] = {}

    def _valid(self, game_map: GameMap, region: Region) -> _Entry | None:
        e = self._entries.get(region.id)
        if (e is not None and e.game_map is game_map and e.region is region
                and e.hexes is region.hexes and e.shape == _shape(game_map)):
            return e
        return None

    def mask(self, game_map: GameMap, region: Region) -> np.ndarray:
        """The region's mask (shared and updated in place: copy it to keep a state)."""
        e = self._valid(game_map, region)
        if e is None and self._same_hexes(game_map, region):
            # A copy of the region with the same hexes (an edit of other objects puts fresh
            # copies of every region on the map): the mask stays, compared run by run.
            e = self._entries[region.id]
            e.region, e.hexes = region, region.hexes
        if e is None:
            e = _Entry(game_map, region, region.hexes, _shape(game_map),
                       index_mask(game_map, region.hexes))
            self._entries[region.id] = e
        return e.mask

    def _same_hexes(self, game_map: GameMap, region: Region) -> bool:
        e = self._entries.get(region.id)
        return (e is not None and e.game_map is game_map and e.shape == _shape(game_map)
                and isinstance(e.hexes, HexSet) and isinstance(region.hexes, HexSet)
                and e.hexes == region.hexes)

    def masks(self, game_map: GameMap) -> list[tuple[str, np.ndarray]]:
        """(region id, mask) of every region of the map, in the map's order; entries of
        regions no longer on the map are dropped."""
        out = [(r.id, self.mask(game_map, r)) for r in game_map.regions]
        keep = {rid for rid, _ in out}
        for rid in [rid for rid in self._entries if rid not in keep]:
            del self._entries[rid]
        return out

    def painted(self, game_map: GameMap, region: Region, hexes: Collection[Hex],
                added: bool) -> None:
        """Record that `hexes` were added to (or removed from) the region in place."""
        e = self._valid(game_map, region)
        if e is None:
            return
        e.mask[index_mask(game_map, hexes)] = added

    def clear(self) -> None:
        """Forget every mask (the map was replaced)."""
        self._entries.clear()
