"""Big, realistic maps for scale tests and benchmarks (Qt-free): terrain with woods, rivers,
roads and bridges, 7 forts per half, start markers 1–12, the two halves plus event areas as
regions, drawn river and road paths, labels.

`big_map(1000, 1000)` builds a 1,000,000-hex map in about a second; `write_big_map` saves it
through the engine's writer so a benchmark can open it as a user would.
"""

from __future__ import annotations

import random
from pathlib import Path

from engine.content.save import save_map
from engine.model import TERRAIN_ID, Fort, GameMap, Label, MapPath, Region, StartMarker

FORTS_PER_HALF = 7


def _terrain(m: GameMap, rng: random.Random) -> None:
    w, h = m.width, m.height
    forest, water = TERRAIN_ID["forest"], TERRAIN_ID["water"]
    road, bridge = TERRAIN_ID["road"], TERRAIN_ID["bridge"]
    t = m.terrain
    # Woods: rectangles of forest scattered over the map, ~15 % of it.
    for _ in range(max(1, w * h // 2500)):
        bw, bh = rng.randint(3, 30), rng.randint(3, 20)
        c0, r0 = rng.randrange(w), rng.randrange(h)
        for row in range(r0, min(h, r0 + bh)):
            start = row * w + c0
            end = row * w + min(w, c0 + bw)
            t[start:end] = bytes([forest]) * (end - start)
    # Rivers run north-south and meander; roads run east-west with bridges over the rivers.
    river_cols = []
    for k in range(max(1, w // 80)):
        col = int((k + 0.5) * w / max(1, w // 80))
        cols = []
        for row in range(h):
            col = min(w - 1, max(0, col + rng.choice((-1, 0, 0, 1))))
            t[row * w + col] = water
            cols.append(col)
        river_cols.append(cols)
    for row in range(h // 10, h, max(4, h // 10)):
        line = t[row * w:(row + 1) * w]
        t[row * w:(row + 1) * w] = bytes(bridge if v == water else road for v in line)
    m.paths = [
        MapPath(id=f"river_{k}", kind="river", terrain="water", width=0.4,
                points=[_point(m, cols[row], row) for row in range(0, h, max(1, h // 40))])
        for k, cols in enumerate(river_cols)
    ]
    m.paths += [
        MapPath(id=f"road_{n}", kind="road", terrain="road", width=0.3,
                points=[_point(m, 0, row), _point(m, w - 1, row)])
        for n, row in enumerate(range(h // 10, h, max(4, h // 10)))
    ]


def _point(m: GameMap, col: int, row: int) -> tuple[float, float]:
    layout = m.layout.pixel_layout(1.0 / m.layout.hex_size)
    x, y = layout.hex_to_pixel(m.to_axial(col, row))
    return (round(x, 3), round(y, 3))


def _forts(m: GameMap) -> None:
    w, h = m.width, m.height
    for half in range(2):
        row = h // 4 + half * (h // 2)
        for k in range(FORTS_PER_HALF):
            col = 2 + (k + 1) * (w - 4) // (FORTS_PER_HALF + 1)
            if half:
                col += 1
            foot = [m.to_axial(col, row), m.to_axial(col + 1, row)]
            entrances = [m.to_axial(col - 1, row), m.to_axial(col + 2, row)]
            for x in (*foot, *entrances):
                m.set_terrain(x, "meadow")
            n = half * FORTS_PER_HALF + k
            m.forts.append(Fort(id=f"fort_{n}", name=f"Fort {n}", hexes=foot,
                                entrances=entrances, owner="neutral"))


def _markers(m: GameMap) -> None:
    w, h = m.width, m.height
    for k in range(12):
        row = 2 if k < 6 else h - 3
        col = int((k % 6 + 0.5) * w / 6)
        hx = m.to_axial(col, row)
        m.set_terrain(hx, "meadow")
        m.start_markers.append(StartMarker(number=k + 1, hex=hx))


def _regions(m: GameMap) -> None:
    w, h = m.width, m.height
    top = {m.to_axial(c, r) for r in range(h // 2) for c in range(w)}
    bottom = {m.to_axial(c, r) for r in range(h // 2, h) for c in range(w)}
    # Event areas: a few blocks, as a scenario's triggers would use.
    events = []
    for k in range(4):
        c0, r0 = (k + 1) * w // 6, (k + 1) * h // 6
        events.append(Region(f"area_{k}", f"Area {k}",
                             {m.to_axial(c, r) for r in range(r0, min(h, r0 + h // 20))
                              for c in range(c0, min(w, c0 + w // 20))}))
    m.regions = [Region("half_1_6", "Half 1–6", top), Region("half_7_12", "Half 7–12", bottom),
                 *events]


def big_map(width: int = 1000, height: int = 1000, seed: int = 11) -> GameMap:
    """A deterministic battlefield of width × height hexes with every kind of map object."""
    rng = random.Random(seed)
    m = GameMap.blank("big", width, height, name=f"Big {width}×{height}")
    _terrain(m, rng)
    _forts(m)
    _markers(m)
    _regions(m)
    m.labels = [Label(text="Bois de la Gruerie", at=(width * 0.3, height * 0.2), size=1.2),
                Label(text="Côte 285", at=(width * 0.7, height * 0.75), rotation=-12)]
    return m


def write_big_map(path: Path, width: int = 1000, height: int = 1000) -> Path:
    """Save `big_map(width, height)` to `path` (a .map.yaml or .map.json) and return it."""
    save_map(big_map(width, height), path)
    return path
