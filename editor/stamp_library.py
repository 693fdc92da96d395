"""The stamp library: saved stamps (pieces of map with everything on them) in a folder of the
user's data directory, one map file per stamp.

A saved stamp is an ordinary map content file (`NAME.map.yaml`, the map schema): the
selection cropped into a small map, with a region `stamp` naming the stamp's hexes (a
selection need not be a rectangle). Writing goes through the engine's atomic writer, so a
crash never leaves half a stamp; a file that cannot be read is listed with its problem and
never breaks the others.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from editor.commands import Stamp
from editor.i18n import translate
from engine.content import load_file
from engine.content.save import save_map
from engine.geometry_transform import carry, translation
from engine.hexes import Hex
from engine.model import GameMap, Region

SUFFIX = ".map.yaml"
STAMP_REGION = "stamp"
MAX_NAME = 60
_UNSAFE = re.compile(r"[^A-Za-z0-9 _\-]+")


class StampError(ValueError):
    """A stamp cannot be saved or read; the message says which and why."""


@dataclass(frozen=True)
class SavedStamp:
    """One stamp of the library: its name and file."""

    name: str
    path: Path


def file_stem(name: str) -> str:
    """A file name for a stamp name: letters, digits, space, '-' and '_' kept."""
    stem = _UNSAFE.sub("_", name.strip())[:MAX_NAME].strip()
    if not stem or stem.strip("_") == "":
        raise StampError(translate(
            "StampLibrary", "'{name}' is not a usable stamp name (use letters or digits)"
            ).format(name=name))
    return stem


def crop(game_map: GameMap, hexes: set[Hex], name: str) -> GameMap:
    """The selected hexes and everything on them as a small map of their bounding box, the
    stamp's hexes listed in region `stamp`."""
    sel = {h for h in hexes if game_map.in_bounds(h)}
    if not sel:
        raise StampError(translate("StampLibrary", "nothing is selected to save as a stamp"))
    offsets = [game_map.to_offset(h) for h in sel]
    c0, r0 = min(c for c, _ in offsets), min(r for _, r in offsets)
    c1, r1 = max(c for c, _ in offsets), max(r for _, r in offsets)
    # Shift by an even number of shoved lines so the offset shape of the hexes is kept.
    if game_map.layout.orientation == "pointy":
        r0 -= r0 % 2
    else:
        c0 -= c0 % 2
    small = GameMap.blank(file_stem(name).lower().replace(" ", "_"), c1 - c0 + 1,
                          r1 - r0 + 1, name=name, layout=game_map.layout,
                          season=game_map.season, path_coverage=game_map.path_coverage)
    delta = small.to_axial(0, 0) - game_map.to_axial(c0, r0)
    result = carry(game_map, translation(game_map.layout.orientation, delta), sel,
                   target=small, regions=False)
    out = result.map
    out.regions = [Region(STAMP_REGION, "Stamp", {h + delta for h in sel})]
    return out


def stamp_of(tile: GameMap) -> Stamp:
    """The stamp (for pasting) held by a saved tile map."""
    region = next((r for r in tile.regions if r.id == STAMP_REGION), None)
    hexes = set(region.hexes) if region is not None else set(tile.hexes())
    return Stamp.from_selection(tile, hexes)


class StampLibrary:
    """The saved stamps of one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def stamps(self) -> list[SavedStamp]:
        """The saved stamps, by name."""
        if not self.folder.is_dir():
            return []
        found = [SavedStamp(p.name[: -len(SUFFIX)], p) for p in self.folder.glob("*" + SUFFIX)]
        return sorted(found, key=lambda s: s.name.lower())

    def path_for(self, name: str) -> Path:
        """Where a stamp of this name is kept."""
        return self.folder / (file_stem(name) + SUFFIX)

    def save(self, name: str, game_map: GameMap, hexes: set[Hex]) -> SavedStamp:
        """Save the selected hexes of `game_map` as stamp `name` (replacing one of that
        name), atomically."""
        tile = crop(game_map, hexes, name)
        path = self.path_for(name)
        self.folder.mkdir(parents=True, exist_ok=True)
        save_map(tile, path)
        return SavedStamp(path.name[: -len(SUFFIX)], path)

    def read(self, saved: SavedStamp) -> GameMap:
        """The tile map of a saved stamp; StampError naming the file and problem if unreadable."""
        loaded = load_file(saved.path, "map", lenient=True)
        if loaded.model is None:
            first = next((p for p in loaded.problems if p.is_error), None)
            where = f"{saved.path}:{first.line}" if first and first.line else str(saved.path)
            why = first.message if first else translate("StampLibrary", "unreadable")
            raise StampError(translate("StampLibrary", "stamp '{name}' cannot be read: {where}: "
                                       "{why}").format(name=saved.name, where=where, why=why))
        return loaded.model

    def delete(self, saved: SavedStamp) -> None:
        """Remove a saved stamp's file."""
        saved.path.unlink()
