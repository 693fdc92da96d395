"""Exporter speed: building the built-in content; 100,000- and 1,000,000-hex maps to Tiled,
PNG and PDF; importing a Tiled map whose region has 10,000 parts.

Each measurement has a baseline in the same run, so the figures compare across machines:
validation alone for the build; for Tiled, the real Tiled (`tiled --export-map`, Debian package
`tiled`) reading the written TMX and writing it again; for PNG, Pillow drawing the same hexes
as plain polygons (fill and outline) on an image of the same size and saving it with the same
settings; json.dumps of the map data; for the Tiled import, reading its XML alone and the
real Tiled's round trip of the same file. Peak memory is measured in a fresh process.
"""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import pytest
from PIL import Image, ImageDraw

from engine.content import map_to_dict, validate_paths
from engine.model import TERRAIN_ID, TERRAINS, Fort, GameMap, Label, MapPath, Region, StartMarker
from engine.paths import CONTENT_DIR
from exporters import pack
from exporters.board import PALETTE, BoardLayout
from exporters.pdf import map_to_pdf
from exporters.pipeline import build
from exporters.png import map_to_png, png_bytes
from exporters.tiled import build_tiled, export_tiled, tiled_to_tmx
from exporters.tiled_import import import_tiled
from exporters.tiledxml import read_map
from tests.benchmarks.say import say

WIDTH, HEIGHT = 400, 250  # 100,000 hexes
BIG = 1000  # 1000 x 1000: the largest map the editor and validator accept
PNG_DPI = 10.0
MAX_RSS_MB = 300


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


def _build_once(tmp_path_factory, jobs: int | None = None) -> None:
    out = tmp_path_factory.mktemp("dist")
    pack._PICTURES.clear()  # measure a cold build: no board drawings remembered
    result = build(CONTENT_DIR, out, jobs=jobs)
    assert result.ok and result.built
    shutil.rmtree(out)


def test_build_all_builtin_content(benchmark, tmp_path_factory):
    """A first build into an empty folder, packs on one process per CPU (the default)."""
    benchmark.group = "build"
    benchmark.pedantic(_build_once, args=(tmp_path_factory,), rounds=5, iterations=1)


def test_build_all_builtin_content_one_job(benchmark, tmp_path_factory):
    """A first build on this process alone: the work itself, whatever the CPUs."""
    benchmark.group = "build"
    benchmark.pedantic(_build_once, args=(tmp_path_factory, 1), rounds=5, iterations=1)


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


def _pillow_polygons(big_map: GameMap) -> Callable[[], bytes]:
    """What the PNG export is compared with: every hex as one Pillow polygon (its terrain's
    fill, the grid colour as outline) at the export's pixel size, saved as PNG alike."""
    k = PNG_DPI / 25.4
    bl = BoardLayout(big_map, 30.0, 30.0 * 0.4)
    size = Image.open(io.BytesIO(map_to_png(big_map, dpi=PNG_DPI))).size
    fills = [PALETTE[t] for t in TERRAINS]

    def draw() -> bytes:
        centres = np.array([bl.center(h) for h in big_map.hexes()]) * k
        corners = centres[:, None, :] + np.array(bl.corners) * k
        img = Image.new("RGB", size, "#ffffff")
        pen = ImageDraw.Draw(img)
        for t, poly in zip(big_map.terrain, corners.tolist(), strict=True):
            pen.polygon([tuple(p) for p in poly], fill=fills[t], outline=PALETTE["grid"])
        return png_bytes(img, PNG_DPI)

    return draw


def test_baseline_100k_hexes_pillow_polygons(benchmark, big_map):
    benchmark.group = "png 100k"
    data = benchmark.pedantic(_pillow_polygons(big_map), rounds=5, iterations=1)
    assert data.startswith(b"\x89PNG")


def test_export_100k_hexes_to_png_same_size(benchmark, big_map):
    benchmark.group = "png 100k"
    data = benchmark.pedantic(map_to_png, args=(big_map,), kwargs={"dpi": PNG_DPI}, rounds=5,
                              iterations=1)
    assert data.startswith(b"\x89PNG")


def test_png_against_pillow_alternating(benchmark, big_map, pytestconfig):
    """The goal's ratio (PNG export <= 1.5x Pillow polygons) from runs that alternate, so a
    busy spell of the shared machine slows both sides alike; medians of 5 each."""
    benchmark.group = "png 100k alternating"
    pillow = _pillow_polygons(big_map)
    times: dict[str, list[float]] = {"export": [], "pillow": []}

    def pairs() -> None:
        for _ in range(5):
            for name, run in (("export", lambda: map_to_png(big_map, dpi=PNG_DPI)),
                              ("pillow", pillow)):
                start = time.perf_counter()
                run()
                times[name].append(time.perf_counter() - start)

    benchmark.pedantic(pairs, rounds=1, iterations=1)
    export, baseline = (statistics.median(times[k]) for k in ("export", "pillow"))
    benchmark.extra_info.update(export_s=round(export, 3), pillow_s=round(baseline, 3),
                                ratio=round(export / baseline, 2))
    say(pytestconfig, f"\nPNG 100k, alternating: export median {export:.3f} s, Pillow polygons "
        f"median {baseline:.3f} s, export/Pillow = {export / baseline:.2f}")


def test_export_100k_hexes_to_pdf(benchmark, big_map):
    """Goal: at most 10 s (A3, 12 mm hexes: about 130 pages and the page map)."""
    benchmark.group = "pdf 100k"
    data = benchmark.pedantic(map_to_pdf, args=(big_map, "A3", 12.0), rounds=1, iterations=1)
    assert data.startswith(b"%PDF")
    benchmark.extra_info["megabytes"] = round(len(data) / 1e6, 1)


@pytest.fixture(scope="module")
def million_map() -> GameMap:
    return make_front(BIG, BIG)


@pytest.fixture(scope="module")
def million_tmx(tmp_path_factory, million_map) -> Path:
    return export_tiled(million_map, tmp_path_factory.mktemp("tiled") / "big.tmx", "tmx")


def test_export_1m_hexes_to_tiled(benchmark, million_map, tmp_path):
    """Goal: at most 10x the baseline below."""
    benchmark.group = "tiled 1M"
    out = benchmark.pedantic(export_tiled, args=(million_map, tmp_path / "big.tmx", "tmx"),
                             rounds=3, iterations=1)
    assert out.stat().st_size > BIG * BIG * 2


def test_baseline_1m_hexes_tiled_export_map(benchmark, million_tmx, tmp_path):
    """Tiled itself loading the exported TMX and writing it again."""
    benchmark.group = "tiled 1M"
    tiled = shutil.which("tiled")
    if tiled is None:
        pytest.fail("the baseline needs Tiled: sudo apt-get install -y tiled")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    copy = tmp_path / "copy.tmx"

    def run() -> None:
        subprocess.run([tiled, "--export-map", str(million_tmx), str(copy)], env=env,
                       check=True, capture_output=True, timeout=600)

    benchmark.pedantic(run, rounds=3, iterations=1)
    assert copy.stat().st_size > BIG * BIG * 2  # Tiled read every cell and wrote them back


_RSS_SCRIPT = textwrap.dedent("""
    import resource, sys
    from pathlib import Path
    from tests.benchmarks.test_bench_exporters import make_front
    from exporters.tiled import export_tiled
    m = make_front({size}, {size})
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    export_tiled(m, Path(sys.argv[1]), "tmx")
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(before // 1024, after // 1024)
""")


def test_export_1m_hexes_to_tiled_memory(benchmark, tmp_path):
    """Peak memory of a fresh process that builds the 1M map and exports it, and how much
    the export adds to the map's own peak. Goal: the export within 300 MB."""
    benchmark.group = "tiled 1M memory"
    root = Path(__file__).resolve().parents[2]
    script = _RSS_SCRIPT.format(size=BIG)

    def run() -> tuple[int, int]:
        done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "m.tmx")],
                              cwd=root, check=True, capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(root)}, timeout=900)
        before, after = map(int, done.stdout.split())
        return before, after

    before, after = benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info.update(map_peak_mb=before, process_peak_mb=after,
                                export_adds_mb=after - before)
    assert after - before <= MAX_RSS_MB


@pytest.fixture(scope="module")
def dense_file(tmp_path_factory) -> Path:
    """The validate benchmark's 1M map (tests/bigmaps.py): a ragged event region of 33,000
    parts (33,000 Tiled objects) and long curved roads."""
    from tests.bigmaps import write_big_map  # lazy: only these benchmarks need it

    return write_big_map(tmp_path_factory.mktemp("dense") / "dense.map.yaml", BIG, BIG)


def _tcstudio_peak_mb(*args: str) -> int:
    """`tcstudio ARGS` in a fresh process (it must succeed); its peak RSS in MB."""
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
            "stdout=subprocess.DEVNULL); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code, sys.executable, "-m", "tcstudio", *args],
                          cwd=root, check=True, capture_output=True, text=True, timeout=900,
                          env={**os.environ, "PYTHONPATH": str(root)})
    return int(done.stdout.strip()) // 1024


def _export_dense_cli(dense_file: Path, out: Path, fmt: str = "tiled") -> int:
    """`tcstudio export --format tiled` (or tmj) in a fresh process; its peak RSS in MB."""
    return _tcstudio_peak_mb("export", "--format", fmt, "--out", str(out), str(dense_file))


def _tiled_export_map(source: Path, copy: Path) -> None:
    """The real Tiled reading `source` and writing it again as `copy`."""
    tiled = shutil.which("tiled")
    if tiled is None:
        pytest.fail("the baseline needs Tiled: sudo apt-get install -y tiled")
    subprocess.run([tiled, "--export-map", str(source), str(copy)], check=True,
                   capture_output=True, timeout=600,
                   env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})


def test_export_dense_1m_to_tiled_cli(benchmark, dense_file, tmp_path):
    """The whole `tcstudio export` process on the dense map, as a user runs it (read, check,
    export, write). Goals: at most 10x Tiled's own round trip of the result (below), the
    whole process within 300 MB."""
    benchmark.group = "tiled dense 1M"
    peaks = []
    benchmark.pedantic(lambda: peaks.append(_export_dense_cli(dense_file, tmp_path / "d.tmx")),
                       rounds=3, iterations=1)
    benchmark.extra_info["process_peak_mb"] = max(peaks)
    assert max(peaks) <= MAX_RSS_MB


def test_baseline_dense_1m_tiled_export_map(benchmark, dense_tmx, tmp_path):
    benchmark.group = "tiled dense 1M"
    benchmark.pedantic(_tiled_export_map, args=(dense_tmx, tmp_path / "copy.tmx"), rounds=3,
                       iterations=1)


@pytest.fixture(scope="module")
def many_parts_tmx(tmp_path_factory) -> Path:
    """A 200×200 map whose region has 10,000 one-hex parts (one Tiled polygon each)."""
    m = GameMap.blank("parts", 200, 200, name="Parts")
    dots = {m.to_axial(c, r) for r in range(0, 200, 2) for c in range(0, 200, 2)}
    m.regions.append(Region("dots", "Dots", dots))
    return export_tiled(m, tmp_path_factory.mktemp("parts") / "parts.tmx", "tmx")


def test_baseline_read_tmx_of_many_region_parts(benchmark, many_parts_tmx):
    """Reading the XML alone (the import's first step)."""
    benchmark.group = "tiled import, 10,000 region parts"
    benchmark.pedantic(read_map, args=(many_parts_tmx,), rounds=3, iterations=1)


def test_import_tmx_of_many_region_parts(benchmark, many_parts_tmx):
    benchmark.group = "tiled import, 10,000 region parts"
    result = benchmark.pedantic(import_tiled, args=(many_parts_tmx,), rounds=3, iterations=1)
    assert result.data is not None and len(result.data["regions"][0]["spans"]) == 100 * 100


@pytest.fixture(scope="module")
def dense_tmx(tmp_path_factory, dense_file) -> Path:
    """The dense map as `tcstudio export --format tiled` writes it (33,467 objects)."""
    out = tmp_path_factory.mktemp("dense_tmx") / "dense.tmx"
    _export_dense_cli(dense_file, out)
    return out


@pytest.fixture(scope="module")
def dense_tmj(tmp_path_factory, dense_file) -> Path:
    out = tmp_path_factory.mktemp("dense_tmj") / "dense.tmj"
    _export_dense_cli(dense_file, out, "tmj")
    return out


def test_import_dense_1m_tmx(benchmark, dense_tmx):
    """Goal: at most 10x the real Tiled's round trip of the same file (below)."""
    benchmark.group = "tiled import dense 1M tmx"
    result = benchmark.pedantic(import_tiled, args=(dense_tmx,), rounds=3, iterations=1)
    assert result.ok and len(result.data["regions"]) == 4


def test_import_dense_1m_tmx_cli(benchmark, dense_tmx, tmp_path):
    """The whole `tcstudio import-tiled` process (read, map, check, write the map file).
    Goals: at most 10x the real Tiled's round trip, the whole process within 300 MB."""
    benchmark.group = "tiled import dense 1M tmx"
    out = tmp_path / "back.map.yaml"
    peaks = []
    benchmark.pedantic(lambda: peaks.append(_tcstudio_peak_mb(
        "import-tiled", "--force", "--out", str(out), str(dense_tmx))), rounds=3, iterations=1)
    benchmark.extra_info["process_peak_mb"] = max(peaks)
    assert max(peaks) <= MAX_RSS_MB


def test_baseline_dense_1m_tmx_tiled_export_map(benchmark, dense_tmx, tmp_path):
    benchmark.group = "tiled import dense 1M tmx"
    copy = tmp_path / "copy.tmx"
    benchmark.pedantic(_tiled_export_map, args=(dense_tmx, copy), rounds=3, iterations=1)
    assert copy.stat().st_size > BIG * BIG * 2


def test_baseline_dense_1m_tmx_elementtree(benchmark, dense_tmx):
    """Reading the XML alone with ElementTree's C parser (no checks, no conversion)."""
    benchmark.group = "tiled import dense 1M tmx"
    data = dense_tmx.read_bytes()
    root = benchmark.pedantic(ElementTree.fromstring, args=(data,), rounds=3, iterations=1)
    assert root.tag == "map"


def test_import_dense_1m_tmj(benchmark, dense_tmj):
    benchmark.group = "tiled import dense 1M tmj"
    result = benchmark.pedantic(import_tiled, args=(dense_tmj,), rounds=3, iterations=1)
    assert result.ok and len(result.data["regions"]) == 4


def test_import_dense_1m_tmj_cli(benchmark, dense_tmj, tmp_path):
    """Peak memory of the whole process for the record: the JSON alone (54 MB of text and
    every value as a Python object) is most of it."""
    benchmark.group = "tiled import dense 1M tmj"
    out = tmp_path / "back.map.yaml"
    peaks = []
    benchmark.pedantic(lambda: peaks.append(_tcstudio_peak_mb(
        "import-tiled", "--force", "--out", str(out), str(dense_tmj))), rounds=1, iterations=1)
    benchmark.extra_info["process_peak_mb"] = max(peaks)


def test_baseline_dense_1m_tmj_tiled_export_map(benchmark, dense_tmj, tmp_path):
    benchmark.group = "tiled import dense 1M tmj"
    copy = tmp_path / "copy.tmj"
    benchmark.pedantic(_tiled_export_map, args=(dense_tmj, copy), rounds=3, iterations=1)
    assert copy.stat().st_size > BIG * BIG * 2


def test_baseline_dense_1m_tmj_json_loads(benchmark, dense_tmj):
    """Reading the JSON alone with json.loads (no checks, no conversion)."""
    benchmark.group = "tiled import dense 1M tmj"
    text = dense_tmj.read_text(encoding="utf-8")
    doc = benchmark.pedantic(json.loads, args=(text,), rounds=3, iterations=1)
    assert doc["width"] == BIG
