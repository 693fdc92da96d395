"""Sample maps built in code, so the exporter tests need no content files."""

from __future__ import annotations

import pytest

from engine.model import (
    Fort,
    GameMap,
    Label,
    MapLayout,
    MapPath,
    Region,
    StartMarker,
)


def sample_map(orientation: str = "pointy", offset: str = "odd", width: int = 12,
               height: int = 10) -> GameMap:
    """A small map using every terrain and every kind of object."""
    m = GameMap.blank("sample", width, height, name="Sample Front",
                      layout=MapLayout(orientation, 32.0, offset), author="Tests",
                      license="CC0-1.0")
    rows = [
        "..ff....~...",
        ".fff...~~...",
        "..f...~~..tt",
        "======b=====",
        "....~~......",
        "...~~...ff..",
        "..~~...fff..",
        ".~~.....f...",
        "~~..........",
        "~...........",
    ]
    from engine.model import CHAR_TERRAIN

    for row in range(height):
        for col in range(width):
            ch = rows[row % len(rows)][col % 12]
            m.set_terrain(m.to_axial(col, row), CHAR_TERRAIN[ch])
    m.forts = [
        Fort("fort_nord", "Fort Nord", [m.to_axial(4, 1), m.to_axial(5, 1)],
             [m.to_axial(3, 1), m.to_axial(6, 1)], owner="DE", facing=0),
        Fort("fort_sud", "Fort Süd", [m.to_axial(8, 8)], [m.to_axial(7, 8), m.to_axial(9, 8)]),
    ]
    m.start_markers = [StartMarker(n, m.to_axial(n - 1, 5 + n % 3)) for n in range(1, 7)]
    m.regions = [
        Region("half_1_6", "Half 1–6", {m.to_axial(c, r) for r in range(height // 2)
                                        for c in range(width)}),
        Region("island", "Island", {m.to_axial(0, 0), m.to_axial(10, 9)}),
    ]
    m.paths = [
        MapPath("road_1", "road", [(0.0, 4.5), (4.0, 4.6), (8.0, 4.4), (12.0, 4.5)], "road", 0.5),
        MapPath("river_1", "river", [(9.0, 0.0), (7.0, 3.0), (3.0, 8.0), (0.0, 13.0)], "water",
                0.6),
        MapPath("trench_1", "trench", [(15.0, 3.0), (17.0, 3.2)], "trench", 0.4),
        MapPath("rail_1", "rail", [(0.0, 12.0), (10.0, 12.5), (18.0, 12.0)], None, 0.3),
    ]
    m.labels = [Label("Bois de Boule", (12.5, 8.0), 1.0, 0.0), Label("Flussufer", (4.0, 9.0),
                                                                      0.8, -30.0)]
    return m


@pytest.fixture
def pointy_map() -> GameMap:
    return sample_map()


@pytest.fixture(params=[("pointy", "odd"), ("pointy", "even"), ("flat", "odd"), ("flat", "even")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def any_map(request) -> GameMap:
    return sample_map(*request.param)
