"""Exporter speed: building the built-in content, a 100,000-hex map to Tiled and to PNG.

Each measurement has a baseline in the same run (validation alone for the build, json.dumps of
the same map data for the exports), so the figures can be compared across machines.
"""

from __future__ import annotations

import json
import random
import shutil

import pytest

from engine.content import map_to_dict, validate_paths
from engine.model import TERRAIN_ID, Fort, GameMap, Label, MapPath, Region, StartMarker
from engine.paths import CONTENT_DIR
from exporters import pack
from exporters.pipeline import build
from exporters.png import map_to_png
from exporters.tiled import build_tiled, tiled_to_tmx

WIDTH, HEIGHT = 400, 250  # 100,000 hexes


def make_front(width: int = WIDTH, height: int = HEIGHT) -> GameMap:
    """A front of width × height hexes as a user draws it: terrain, a fort every 48 hexes,
    start markers, the two 2-player halves, ragged sector regions (some with holes), roads
    across the whole width and labels."""
    rng = random.Random(1916)
    m = GameMap.blank("big", width, height, name="Big Front")
    weights = [("meadow", 60), ("forest", 20), ("water", 8), ("road", 8), ("trench", 4)]
    names = [TERRAIN_ID[t] for t, w in weights for _ in range(w)]
    m.terrain = bytearray(rng.choices(names, k=width * height))
    for row in range(10, height - 10, 48):
        for col in range(10, width - 10, 48):
            fort = [m.to_axial(col, row), m.to_axial(col + 1, row), m.to_axial(col, row + 1)]
            m.forts.append(Fort(f"fort_{len(m.forts)}", f"Fort {len(m.forts)}", fort,
                                [m.to_axial(col - 1, row), m.to_axial(col + 2, row)]))
    m.start_markers = [StartMarker(n, m.to_axial(n * width // 13, height // 2))
                       for n in range(1, 13)]
    half = width // 2
    m.regions = [
        Region("half_1_6", "Half 1-6", {m.to_axial(c, r) for r in range(height)
                                        for c in range(half)}),
        Region("half_7_12", "Half 7-12", {m.to_axial(c, r) for r in range(height)
                                          for c in range(half, width)}),
    ]
    for i in range(8):
        # a ragged band of rows with a rectangular hole: an event area drawn with a brush
        top, bottom = i * height // 8, (i + 1) * height // 8
        cells = set()
        for r in range(top, bottom):
            first, last = rng.randrange(width // 10), width - 1 - rng.randrange(width // 10)
            cells.update(m.to_axial(c, r) for c in range(first, last + 1))
        hole_r, hole_c = (top + bottom) // 2, width // 3
        cells.difference_update(m.to_axial(c, r) for r in range(hole_r, hole_r + 3)
                                for c in range(hole_c, hole_c + 5))
        m.regions.append(Region(f"sector_{i}", f"Sector {i}", cells))
    m.paths = [MapPath(f"road_{i}", "road", [(x * 3.0, 10.0 + i * 30 + (x % 2))
                                             for x in range(width // 2)], "road", 0.5)
               for i in range(max(1, height // 25))]
    m.labels = [Label(f"Sector {i}", (i * 60.0, 50.0)) for i in range(10)]
    return m


@pytest.fixture(scope="module")
def big_map() -> GameMap:
    return make_front()


def _build_once(tmp_path_factory) -> None:
    out = tmp_path_factory.mktemp("dist")
    pack._PICTURES.clear()  # measure a cold build: no board drawings remembered
    result = build(CONTENT_DIR, out)
    assert result.ok and result.built
    shutil.rmtree(out)


def test_build_all_builtin_content(benchmark, tmp_path_factory):
    benchmark.group = "build"
    benchmark.pedantic(_build_once, args=(tmp_path_factory,), rounds=5, iterations=1)


def test_build_all_builtin_content_unchanged(benchmark, tmp_path):
    benchmark.group = "build"
    build(CONTENT_DIR, tmp_path)
    result = benchmark.pedantic(build, args=(CONTENT_DIR, tmp_path), rounds=5, iterations=1)
    assert result.built == [] and result.skipped


def test_baseline_validate_builtin_content(benchmark):
    benchmark.group = "build"
    problems = benchmark.pedantic(validate_paths, args=([CONTENT_DIR],), rounds=5, iterations=1)
    assert not [p for p in problems if p.severity == "error"]


def test_export_100k_hexes_to_tiled(benchmark, big_map):
    benchmark.group = "100k hexes"
    data = benchmark.pedantic(lambda: tiled_to_tmx(build_tiled(big_map, "t.png")), rounds=3,
                              iterations=1)
    assert data.count(b"<object ") >= 40 + 40 * 2 + 12


def test_export_100k_hexes_to_png(benchmark, big_map):
    benchmark.group = "100k hexes"
    data = benchmark.pedantic(map_to_png, args=(big_map,), kwargs={"dpi": 10.0}, rounds=3,
                              iterations=1)
    assert data.startswith(b"\x89PNG")


def test_baseline_100k_hexes_json_dumps(benchmark, big_map):
    benchmark.group = "100k hexes"
    data = map_to_dict(big_map)
    text = benchmark.pedantic(json.dumps, args=(data,), kwargs={"indent": 1}, rounds=3,
                              iterations=1)
    assert len(text) > WIDTH * HEIGHT
