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


@pytest.fixture(scope="module")
def big_map() -> GameMap:
    rng = random.Random(1916)
    m = GameMap.blank("big", WIDTH, HEIGHT, name="Big Front")
    weights = [("meadow", 60), ("forest", 20), ("water", 8), ("road", 8), ("trench", 4)]
    names = [t for t, w in weights for _ in range(w)]
    m.terrain = bytearray(TERRAIN_ID[rng.choice(names)] for _ in range(WIDTH * HEIGHT))
    for i in range(40):
        col, row = 10 + (i % 8) * 48, 10 + (i // 8) * 48
        m.forts.append(Fort(f"fort_{i}", f"Fort {i}", [m.to_axial(col, row)],
                            [m.to_axial(col - 1, row), m.to_axial(col + 1, row)]))
    m.start_markers = [StartMarker(n, m.to_axial(20 * n, 120)) for n in range(1, 13)]
    m.regions = [Region("half_1_6", "Half 1-6", {m.to_axial(c, r) for r in range(HEIGHT)
                                                 for c in range(WIDTH // 2)})]
    m.paths = [MapPath(f"road_{i}", "road", [(x * 3.0, 10.0 + i * 30 + (x % 2)) for x in
                                             range(200)], "road", 0.5) for i in range(10)]
    m.labels = [Label(f"Sector {i}", (i * 60.0, 50.0)) for i in range(10)]
    return m


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
