"""Select All on a big map: the selection is runs, not a million tuples, and is painted run by
run when zoomed out (issue 13: Select All on a 1M-hex map took ~8 s)."""

from __future__ import annotations

import itertools
import random

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtTest import QTest

from editor.canvas import highlight_layer
from editor.canvas import objects_paint as op
from editor.canvas.geometry import GridGeometry
from editor.canvas.highlight_layer import window_hexes
from engine.hexes import DIRECTIONS, Hex
from engine.hexset import HexSet
from engine.model import GameMap, MapLayout
from tests.editor.conftest import send_mouse


def test_select_all_is_one_run_per_row_and_counts_every_hex(make_window):
    w = make_window(GameMap.blank("big", 300, 200))
    w.act_select_all.trigger()
    sel = w.document.selection
    assert isinstance(sel, HexSet)
    assert len(sel) == 300 * 200 and sel.run_count == 200
    assert set(sel) == set(w.document.map.hexes())
    assert w.act_rotate.isEnabled()


def _blue_share(image, rect: QRectF) -> float:
    """How much bluer than red the pixels in the middle of `rect` are, on average."""
    total = n = 0
    for x in range(int(rect.left()), int(rect.right()), 7):
        for y in range(int(rect.top()), int(rect.bottom()), 7):
            c = image.pixelColor(x, y)
            total += c.blue() - c.red()
            n += 1
    return total / max(n, 1)


def test_a_whole_map_selection_zoomed_out_is_tinted_as_strips(make_window, monkeypatch):
    w = make_window(GameMap.blank("big", 240, 160))
    w.set_zoom(0.05)
    w.view.center_on_hex(w.document.map.to_axial(120, 80))
    middle = QRectF(w.view.viewport().rect()).adjusted(200, 150, -200, -150)
    before = _blue_share(w.view.viewport().grab().toImage(), middle)
    strips: list[int] = []
    real = highlight_layer.paint_highlight

    def spy(painter, name, hexes, geom, lod, members=None, runs=None):
        strips.append(len(runs or ()))
        real(painter, name, hexes, geom, lod, members, runs)

    monkeypatch.setattr(highlight_layer, "paint_highlight", spy)
    w.act_select_all.trigger()
    after = _blue_share(w.view.viewport().grab().toImage(), middle)
    assert strips and max(strips) > 0  # tinted run by run, not hex by hex
    assert after > before + 5  # the selection's blue tint shows over the whole map


def test_alt_drag_of_a_whole_map_selection_previews_the_moved_runs(make_window):
    w = make_window(GameMap.blank("big", 60, 40))
    doc = w.document
    w.act_select_all.trigger()
    a, b = doc.map.to_axial(10, 10), doc.map.to_axial(12, 10)
    send_mouse(w, "press", a, modifiers=Qt.KeyboardModifier.AltModifier)
    send_mouse(w, "move", b, modifiers=Qt.KeyboardModifier.AltModifier)
    preview = doc.overlay_hexes["preview"]
    assert isinstance(preview, HexSet)
    assert preview == HexSet(h + (b - a) for h in doc.map.hexes())
    QTest.keyClick(w.view, Qt.Key.Key_Escape)


@pytest.mark.parametrize(("orientation", "parity"),
                         list(itertools.product(["pointy", "flat"], ["odd", "even"])))
def test_window_hexes_are_the_offset_rectangle(orientation, parity):
    m = GameMap.blank("t", 30, 20, layout=MapLayout(orientation, 32.0, parity))  # type: ignore
    g = GridGeometry.of(m)
    got = window_hexes(g, 3, 17, 2, 11)
    assert set(got) == {m.to_axial(c, r) for c in range(3, 18) for r in range(2, 12)}
    assert not window_hexes(g, 5, 4, 0, 3)


def test_the_outlined_border_is_the_members_next_to_a_non_member(qapp):
    m = GameMap.blank("t", 50, 40)
    layer = highlight_layer.HighlightLayer(m)
    hexes = {m.to_axial(c, r) for c in range(5, 30) for r in range(4, 20)} - {m.to_axial(9, 9)}
    layer.set_sets({"selection": hexes})
    want = {h for h in hexes if any(n not in hexes for n in h.neighbors())}
    assert set(layer._border("selection")) == want
    assert layer._rect_of(layer._sets["selection"]).contains(
        QPointF(*layer.geom.hex_center(m.to_axial(29, 19))))


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_the_outline_is_every_edge_facing_a_non_member_in_order(qapp, orientation):
    """A big selection's outline asked its run set about each neighbour of each border hex;
    the edges now come from arrays, the same lines in the same order, for a run set and for
    any other container of members."""
    m = GameMap.blank("t", 30, 30, layout=MapLayout(orientation, 23.7, "odd"))
    g = GridGeometry.of(m)
    edges = op.edge_offsets(g)
    rng = random.Random(5)
    for n in (0, 1, 12, 150, 400):
        members = {Hex(rng.randrange(-9, 9), rng.randrange(-9, 9)) for _ in range(n)}
        hexes = sorted(members)[::2]
        want = [edges[d].translated(*g.hex_center(h)) for h in hexes
                for d, step in enumerate(DIRECTIONS) if h + step not in members]
        for container in (HexSet(members), members):
            got = op._border_lines(hexes, container, g)
            assert [line.toTuple() for line in got] == [line.toTuple() for line in want]
