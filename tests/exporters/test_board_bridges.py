"""Bridge parapets follow the nearest road segment within reach of the bridge's centre; the
segments are found through a grid (a long road and many bridges were a quadratic scan),
with the same result as looking at every segment."""

from __future__ import annotations

import itertools
import math
import random

from engine.geometry import smooth_points
from engine.model import TERRAINS, GameMap, MapPath
from exporters.board import BoardLayout, _bridges


def _nearest_road_by_scanning(game_map: GameMap, bl: BoardLayout, i: int):
    roads = [([bl.unit_point(p) for p in path.points], path.width * bl.size * 0.55)
             for path in game_map.paths if path.kind == "road" and len(path.points) > 1]
    cx, cy = bl.center(game_map.hex_at_index(i))
    best = None
    for pts, width in roads:
        for a, b in itertools.pairwise(smooth_points(pts)):
            sx, sy = b[0] - a[0], b[1] - a[1]
            seg2 = sx * sx + sy * sy or 1e-12
            t = max(0.0, min(1.0, ((cx - a[0]) * sx + (cy - a[1]) * sy) / seg2))
            px, py = a[0] + sx * t, a[1] + sy * t
            d = math.hypot(px - cx, py - cy)
            if d < bl.size * 0.9 and (best is None or d < best[0]):
                best = (d, (px, py), (sx, sy), width)
    return best


def test_parapets_sit_on_the_nearest_road_as_a_full_scan_finds_it():
    rng = random.Random(11)
    m = GameMap.blank("bridges", 40, 30)
    bridge = TERRAINS.index("bridge")
    spots = rng.sample(range(len(m.terrain)), 150)
    for i in spots:
        m.terrain[i] = bridge
    for k in range(5):
        pts = [(rng.uniform(0, 40), rng.uniform(0, 30))]
        for _ in range(60):
            x, y = pts[-1]
            pts.append((x + rng.uniform(-1.5, 1.5), y + rng.uniform(-1.5, 1.5)))
        m.paths.append(MapPath(f"road_{k}", "road", pts, "road", rng.choice((0.3, 0.6))))
    bl = BoardLayout(m, 12.0, 5.0)
    shapes = _bridges(m, bl).shapes
    assert len(shapes) == 2 * len(spots)  # two parapets per bridge
    on_road = 0
    for n, i in enumerate(sorted(spots)):
        best = _nearest_road_by_scanning(m, bl, i)
        a, b = shapes[2 * n].points[1], shapes[2 * n + 1].points[1]
        centre = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)  # between the parapets
        expected = best[1] if best is not None else bl.center(m.hex_at_index(i))
        half = bl.size * 0.45
        direction = best[2] if best is not None else (1.0, 0.0)
        norm = math.hypot(*direction) or 1.0
        expected = (expected[0] - direction[0] / norm * half,
                    expected[1] - direction[1] / norm * half)
        assert math.dist(centre, expected) < 1e-9, (i, centre, expected)
        on_road += best is not None
    assert on_road >= 10  # the roads pass by many of the bridges
