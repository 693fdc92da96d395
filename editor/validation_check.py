"""Live validation's Qt-free half: an immutable snapshot of a map and the check run on it.

Deep-copying a 1,000,000-hex map took 4.8 s on the GUI thread, almost all of it the regions'
million hex tuples. A `MapSnapshot` instead holds the terrain as `bytes`, each region as a
packed bit mask (125 kB for a million hexes, from the document's cached masks) and copies of
the few forts, markers, paths and labels: capturing one costs a few milliseconds, and
pickling it to a worker process about as much. `check_snapshot` runs in that process (this
module imports no Qt, so the worker starts without it).
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from engine.content import check_map_model
from engine.geometry import mask_hexes
from engine.geometry_transform import clone_objects
from engine.model import Fort, GameMap, Label, MapPath, Region, StartMarker

MaskOf = Callable[[GameMap, Region], np.ndarray]


@dataclass(frozen=True)
class MapSnapshot:
    """A map's content at one revision, sharing nothing mutable with the document's map."""

    base: GameMap  # scalar fields and layout; terrain and object lists empty
    terrain: bytes
    forts: tuple[Fort, ...]
    start_markers: tuple[StartMarker, ...]
    paths: tuple[MapPath, ...]
    labels: tuple[Label, ...]
    regions: tuple[tuple[str, str, bytes], ...]  # id, name, np.packbits of the mask

    @classmethod
    def capture(cls, game_map: GameMap, mask_of: MaskOf) -> MapSnapshot:
        """Snapshot `game_map`; `mask_of(map, region)` gives a region's boolean mask (the
        document's cache, so an unchanged region costs only packing its bits)."""
        holder = dataclasses.replace(game_map, regions=[])
        forts, markers, _none, paths, labels = clone_objects(holder)
        base = dataclasses.replace(game_map, layout=dataclasses.replace(game_map.layout),
                                   terrain=bytearray(b"\0"), forts=[], start_markers=[],
                                   regions=[], paths=[], labels=[])
        regions = tuple((r.id, r.name, np.packbits(mask_of(game_map, r)).tobytes())
                        for r in game_map.regions)
        return cls(base, bytes(game_map.terrain), tuple(forts), tuple(markers), tuple(paths),
                   tuple(labels), regions)

    def to_map(self) -> GameMap:
        """A fresh GameMap with this snapshot's content (the checks' input)."""
        m = self.base
        n = m.width * m.height
        out = dataclasses.replace(m, layout=dataclasses.replace(m.layout),
                                  terrain=bytearray(self.terrain))
        forts, markers, _none, paths, labels = clone_objects(dataclasses.replace(
            m, forts=list(self.forts), start_markers=list(self.start_markers), regions=[],
            paths=list(self.paths), labels=list(self.labels)))
        out.forts, out.start_markers, out.paths, out.labels = forts, markers, paths, labels
        out.regions = [
            Region(rid, name, mask_hexes(m, np.unpackbits(
                np.frombuffer(bits, dtype=np.uint8), count=n).astype(bool)))
            for rid, name, bits in self.regions
        ]
        return out


def full_check(game_map: GameMap) -> list:
    """Every problem the map would have as a file (engine.content.check_map_model), with the
    long values schema messages quote cut short for the problems panel."""
    return [shorten_message(p) for p in check_map_model(game_map)]


def check_snapshot(snapshot: MapSnapshot) -> list:
    """`full_check` of a snapshot's map: what the worker process runs."""
    return full_check(snapshot.to_map())


WORKER_NICENESS = 5


def yield_cpu_to_editor() -> None:
    """Lower the calling (worker) process's CPU priority: on a busy machine the seconds-long
    check of a big map then waits for the editor's GUI thread instead of delaying its frames."""
    with contextlib.suppress(OSError, AttributeError):  # no os.nice on Windows
        os.nice(WORKER_NICENESS)


MAX_QUOTED = 48
_COMPLAINTS = (" is too long", " is too short", " has non-unique elements", " is not of type",
               " is not one of", " does not match", " is not valid", " should be non-empty")


def shorten_message(problem: object) -> object:
    """Cut the offending value a schema message quotes whole (a 13-marker list ending in
    "is too long" filled the problems panel), keeping where it is and what is wrong."""
    msg = getattr(problem, "message", "")
    if len(msg) <= 2 * MAX_QUOTED or not msg.startswith("'") or "': " not in msg:
        return problem
    head, _, rest = msg.partition("': ")
    cut = max(rest.rfind(c) for c in _COMPLAINTS)
    if cut <= MAX_QUOTED:
        return problem
    return dataclasses.replace(
        problem, message=f"{head}': {rest[:MAX_QUOTED].rstrip()}…{rest[cut:]}"  # type: ignore
    )
