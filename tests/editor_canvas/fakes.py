"""Test stand-ins: a minimal MapDocument with the editor contract's signals and attributes,
a recording tool, and a generator of plausible maps of any size (no content files needed)."""

from __future__ import annotations

import math
import random
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from editor.region_masks import RegionMasks
from engine.hexes import Hex
from engine.model import (
    TERRAIN_ID,
    Fort,
    GameMap,
    Label,
    MapLayout,
    MapPath,
    Region,
    StartMarker,
)


class FakeDocument(QObject):
    """The signals and attributes of editor.document.MapDocument that the canvas uses."""

    terrainChanged = Signal(object)
    objectsChanged = Signal()
    regionHexesChanged = Signal(str, object)
    mapReplaced = Signal()
    selectionChanged = Signal()
    problemsChanged = Signal()
    overlayChanged = Signal()

    def __init__(self, game_map: GameMap) -> None:
        super().__init__()
        self.map = game_map
        self.undo_stack = QUndoStack(self)
        self.selection: set[Hex] = set()
        self.selected_object: object | None = None
        self.problems: list = []
        self.overlay_hexes: dict[str, set[Hex]] = {}
        self.region_masks = RegionMasks()

    def paint(self, hexes: list[Hex], terrain: str) -> list[int]:
        """Set terrain on in-bounds hexes and emit terrainChanged with their indices."""
        idx = []
        for h in hexes:
            if self.map.in_bounds(h):
                self.map.set_terrain(h, terrain)
                idx.append(self.map.index(h))
        self.terrainChanged.emit(idx)
        return idx

    def replace_map(self, game_map: GameMap) -> None:
        self.map = game_map
        self.mapReplaced.emit()


class RecordingTool:
    """A tool that records what the view sends it."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any, Any]] = []

    def mouse_press(self, h: Hex, pos: Any, event: Any) -> None:
        self.calls.append(("press", h, pos))

    def mouse_move(self, h: Hex, pos: Any, event: Any) -> None:
        self.calls.append(("move", h, pos))

    def mouse_release(self, h: Hex, pos: Any, event: Any) -> None:
        self.calls.append(("release", h, pos))

    def hover(self, h: Hex | None, pos: Any) -> None:
        self.calls.append(("hover", h, pos))


def _noise(rng: random.Random, w: int, h: int, cell: int) -> list[float]:
    # Smooth value noise: random values on a coarse lattice, bilinearly interpolated.
    gw, gh = w // cell + 2, h // cell + 2
    lattice = [rng.random() for _ in range(gw * gh)]
    out = [0.0] * (w * h)
    for row in range(h):
        fy = row / cell
        y0 = int(fy)
        ty = fy - y0
        for col in range(w):
            fx = col / cell
            x0 = int(fx)
            tx = fx - x0
            a = lattice[y0 * gw + x0]
            b = lattice[y0 * gw + x0 + 1]
            c = lattice[(y0 + 1) * gw + x0]
            d = lattice[(y0 + 1) * gw + x0 + 1]
            out[row * w + col] = (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty
    return out


def generate_map(width: int = 30, height: int = 24, orientation: str = "pointy",
                 seed: int = 7, hex_size: float = 32.0) -> GameMap:
    """A deterministic battlefield: woods, a river with bridges, roads, trench lines, forts,
    start markers, the two halves as regions, drawn paths and labels."""
    rng = random.Random(seed)
    m = GameMap.blank("generated", width, height,
                      layout=MapLayout(orientation=orientation, hex_size=hex_size))  # type: ignore
    m.name = f"Generated {width}×{height}"
    t = m.terrain
    forest, water = TERRAIN_ID["forest"], TERRAIN_ID["water"]
    road, bridge, trench = TERRAIN_ID["road"], TERRAIN_ID["bridge"], TERRAIN_ID["trench"]
    noise = _noise(rng, width, height, max(3, min(width, height) // 6))
    for i, v in enumerate(noise):
        if v > 0.68:
            t[i] = forest
    # Rivers: meandering north-south, one every ~40 columns.
    n_rivers = max(1, width // 40)
    for k in range(n_rivers):
        col = (k + 0.5) * width / n_rivers
        pts = []
        for row in range(height):
            col += math.sin(row / 5.0 + k) * 0.45 + rng.uniform(-0.3, 0.3)
            c = min(width - 1, max(0, int(col)))
            t[row * width + c] = water
            pts.append(m.to_axial(c, row))
        layout = m.layout.pixel_layout(1.0 / hex_size)
        sampled = [*pts[::max(1, height // 12)], pts[-1]]
        m.paths.append(MapPath(id=f"river_{k}", kind="river",
                               points=[layout.hex_to_pixel(h) for h in sampled],
                               terrain="water", width=0.35))
    # Roads east-west every ~20 rows, bridges where they cross water.
    for row in range(height // 3, height, max(6, height // 3)):
        for col in range(width):
            i = row * width + col
            t[i] = bridge if t[i] == water else road
    # Trench line: a zig-zag across the map near its middle.
    mid = height // 2 + 1
    for col in range(width):
        r = mid + (1 if (col // 3) % 2 else 0)
        if r < height and t[r * width + col] not in (water, bridge, road):
            t[r * width + col] = trench
    # Forts on a coarse lattice.
    owners = ["neutral", "DE", "AH", "FR", "GB"]
    n = 0
    for row in range(3, height - 3, max(7, height // 3)):
        for col in range(4, width - 4, max(9, width // 4)):
            h = m.to_axial(col, row)
            foot = [h, h + Hex(1, 0)]
            entrances = [h + Hex(-1, 0), h + Hex(2, 0)]
            for x in (*foot, *entrances):
                m.set_terrain(x, "meadow")
            m.forts.append(Fort(id=f"fort_{n}", name=f"Fort {n}", hexes=foot,
                                entrances=entrances, owner=owners[n % len(owners)],
                                facing=(n * 2) % 6 if n % 3 else None))
            n += 1
    for k in range(12):
        row = 1 if k < 6 else height - 2
        col = int((k % 6 + 0.5) * width / 6)
        m.start_markers.append(StartMarker(number=k + 1, hex=m.to_axial(col, row)))
    top = {m.to_axial(c, r) for r in range(height // 2) for c in range(width)}
    bottom = {m.to_axial(c, r) for r in range(height // 2, height) for c in range(width)}
    m.regions = [Region("half_1_6", "Half 1–6", top), Region("half_7_12", "Half 7–12", bottom)]
    m.labels.append(Label(text="Bois de la Gruerie", at=(width * 0.3, height * 0.2), size=1.2))
    m.labels.append(Label(text="Côte 285", at=(width * 0.7, height * 0.75), size=1.0,
                          rotation=-12))
    m.paths.append(MapPath(id="rail_1", kind="rail",
                           points=[(2.0, height * 1.3), (width * 0.5, height * 1.1),
                                   (width * 1.5, height * 1.2)], terrain=None, width=0.2))
    m.paths.append(MapPath(id="trench_path", kind="trench",
                           points=[(3.0, height * 0.9), (width * 0.4, height * 0.95),
                                   (width * 0.8, height * 0.85)], terrain="trench", width=0.3))
    return m
