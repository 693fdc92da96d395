"""Designer polish of the canvas: start markers keep a legible on-screen size when zoomed out,
forts carry a dark casing; exported thumbnails and the editor share this drawing."""

from __future__ import annotations

import pytest

from editor.canvas import objects_paint as op
from editor.canvas.render import render_map_image
from engine.model import Fort, GameMap, StartMarker

pytestmark = pytest.mark.qt


def test_marker_radius_has_a_screen_minimum_and_a_scene_maximum():
    assert op.marker_radius(32, 2.0) == pytest.approx(32 * op.MARKER_RADIUS)
    assert op.marker_radius(32, 0.45) * 0.45 >= op.MARKER_MIN_PX
    assert op.marker_radius(32, 0.05) == pytest.approx(32 * op.MARKER_MAX_RADIUS)
    bounds = op.marker_bounds(StartMarker(1, GameMap.blank("m", 4, 4).to_axial(1, 1)),
                              op.GridGeometry.of(GameMap.blank("m", 4, 4)))
    assert bounds.width() >= 2 * 32 * op.MARKER_MAX_RADIUS


def _dark_pixels(img, box) -> int:
    x0, y0, x1, y1 = box
    return sum(1 for x in range(x0, x1) for y in range(y0, y1)
               if max(img.pixelColor(x, y).getRgb()[:3]) < 70)


def test_zoomed_out_marker_and_fort_draw_dark_outlines(qapp):
    m = GameMap.blank("m", 12, 10)
    m.start_markers.append(StartMarker(7, m.to_axial(3, 3)))
    m.forts.append(Fort("f1", "Fort", [m.to_axial(8, 6)], [m.to_axial(7, 6),
                                                          m.to_axial(9, 6)]))
    img = render_map_image(m, 300, 260, overlays=())
    geom = op.GridGeometry.of(m)
    left, top, right, bottom = geom.scene_bounds()
    k = min(300 / (right - left), 260 / (bottom - top))

    def box(h, r):
        x, y = geom.hex_center(h)
        cx = (300 - (right - left) * k) / 2 + (x - left) * k
        cy = (260 - (bottom - top) * k) / 2 + (y - top) * k
        return int(cx - r), int(cy - r), int(cx + r), int(cy + r)

    # Neutral grey forts and small start discs both show real ink, not grey on grey.
    assert _dark_pixels(img, box(m.to_axial(3, 3), 12)) > 20
    assert _dark_pixels(img, box(m.to_axial(8, 6), 20)) > 40
