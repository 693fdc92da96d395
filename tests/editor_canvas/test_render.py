"""render_map_image: right size, not blank, each terrain recognisably coloured; PNG round trip."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage

from editor.canvas import render_map_image
from editor.canvas.geometry import GridGeometry
from engine.model import TERRAINS, GameMap, MapLayout

from .fakes import generate_map


def _mean_color(img: QImage, cx: float, cy: float, r: int) -> tuple[float, float, float]:
    tot = [0.0, 0.0, 0.0]
    n = 0
    for y in range(int(cy) - r, int(cy) + r + 1):
        for x in range(int(cx) - r, int(cx) + r + 1):
            c = img.pixelColor(x, y)
            tot[0] += c.red()
            tot[1] += c.green()
            tot[2] += c.blue()
            n += 1
    return tot[0] / n, tot[1] / n, tot[2] / n


def _stripes_map(orientation: str) -> GameMap:
    # Each terrain fills a 3-hex-wide column band, so a band's middle hexes show it pure.
    m = GameMap.blank("stripes", 3 * len(TERRAINS), 6,
                      layout=MapLayout(orientation=orientation))  # type: ignore[arg-type]
    for row in range(m.height):
        for col in range(m.width):
            m.set_terrain(m.to_axial(col, row), TERRAINS[col // 3])
    return m


@pytest.mark.qt
def test_render_has_size_and_distinct_terrain_colours(qapp, orientation, tmp_path):
    m = _stripes_map(orientation)
    g = GridGeometry.of(m)
    left, top, right, bottom = g.scene_bounds()
    w, h = int(right - left), int(bottom - top)
    img = render_map_image(m, w, h, overlays={"grid"})
    path = tmp_path / "stripes.png"
    assert img.save(str(path))
    loaded = QImage(str(path))
    assert (loaded.width(), loaded.height()) == (w, h)
    means = {}
    for k, name in enumerate(TERRAINS):
        x, y = g.center(3 * k + 1, 2)
        means[name] = _mean_color(loaded, x - left, y - top, int(g.size * 0.45))
    names = list(means)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            dist = sum((p - q) ** 2 for p, q in zip(means[a], means[b], strict=True)) ** 0.5
            assert dist > 12, (a, b, means[a], means[b])
    r, gr, bl = means["water"]
    assert bl > r and bl > gr - 5  # water reads blue
    r, gr, bl = means["forest"]
    assert gr > r and gr > bl  # forest reads green, darker than meadow
    assert sum(means["forest"]) < sum(means["meadow"])


@pytest.mark.qt
def test_render_generated_map_thumbnail_is_not_blank(qapp, tmp_path):
    m = generate_map(40, 30)
    img = render_map_image(m, 640, 400)
    assert (img.width(), img.height()) == (640, 400)
    colors = {img.pixel(x, y) for y in range(0, 400, 7) for x in range(0, 640, 7)}
    assert len(colors) > 200
    paper = QColor("#e8e1cf").rgb()
    assert img.pixel(320, 200) != paper
    assert img.save(str(tmp_path / "generated.png"))


@pytest.mark.qt
def test_render_tiny_thumbnail_uses_overview(qapp):
    m = generate_map(300, 200)
    img = render_map_image(m, 120, 80)
    assert (img.width(), img.height()) == (120, 80)
    assert len({img.pixel(x, y) for y in range(80) for x in range(120)}) > 5


def test_render_refuses_bad_size(qapp):
    with pytest.raises(ValueError, match="image size must be positive"):
        render_map_image(generate_map(5, 5), 0, 10)
