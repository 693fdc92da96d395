"""The fast paths of the PDF and PNG exports give what the slow ones gave: page and strip
bucketing pick the same shapes in the same order as testing every shape on every page or
strip, and the PDF painter's own polygon and circle writer produces fpdf's bytes."""

from __future__ import annotations

import pytest
from fpdf import FPDF

from exporters.board import Shape, build_board
from exporters.pdf import _Painter, page_part, page_shapes, plan_tiling
from exporters.png import _strip_shapes

from .conftest import sample_map


@pytest.mark.parametrize(("paper", "hex_mm"), [("A4", 30.0), ("A4", 55.0), ("A3", 80.0),
                                               ("A4", 8.0)])
def test_page_buckets_hold_exactly_the_shapes_that_meet_each_page(paper, hex_mm):
    board = build_board(sample_map("flat", "even", 14, 11), hex_mm)
    t = plan_tiling(board.width, board.height, paper)
    shapes = [s for g in board.groups for s in g.shapes]
    buckets = page_shapes(board, t)
    assert len(buckets) == t.pages
    for j in range(t.rows):
        for i in range(t.cols):
            p = page_part(t, i, j, board.width, board.height)
            want = [s for s in shapes if (b := s.bbox())[2] >= p.bx0 and b[0] <= p.bx1
                    and b[3] >= p.by0 and b[1] <= p.by1]
            assert [id(s) for s in buckets[j * t.cols + i]] == [id(s) for s in want]
    if t.pages > 1:
        assert sum(map(len, buckets)) < len(shapes) * t.pages


def _page_bytes(draw) -> bytes:
    pdf = FPDF(unit="mm", format="A4")
    pdf.add_page()
    draw(pdf)
    return bytes(pdf.pages[1].contents)


SHAPES = [
    Shape("polygon", [(10.0, 10.0), (30.5, 12.25), (20.125, 40.0)], fill="#98a56f"),
    Shape("polygon", [(1.0, 2.0), (3.0, 2.0), (3.0, 5.0)], fill="#98a56f", stroke="#98a56f",
          width=0.15),
    Shape("polygon", [(11.0, 12.0), (13.0, 12.0), (13.0, 15.0), (11.0, 15.0)],
          stroke="#5e5a48", width=0.25),
    Shape("polygon", [(5.0, 5.0), (9.0, 5.0), (9.0, 9.0)], stroke="#2f2c27", width=0.5,
          dash=(1.2, 0.8)),
    Shape("circle", [(50.0, 60.0)], fill="#6f7f4c", radius=1.7),
    Shape("circle", [(70.0, 60.0)], fill="#f4eedd", stroke="#7a2e2a", width=0.6, radius=4.1),
]


@pytest.mark.parametrize(("dx", "dy", "k"), [(0.0, 0.0, 1.0), (10.0, -3.5, 1.0),
                                             (12.0, 20.0, 0.137)])
def test_the_painter_writes_the_bytes_fpdf_writes(dx, dy, k):
    def by_fpdf(pdf: FPDF) -> None:
        for s in SHAPES:
            pts = [(dx + x * k, dy + y * k) for x, y in s.points]
            if s.fill:
                pdf.set_fill_color(*(int(s.fill[i:i + 2], 16) for i in (1, 3, 5)))
            if s.stroke:
                pdf.set_draw_color(*(int(s.stroke[i:i + 2], 16) for i in (1, 3, 5)))
                pdf.set_line_width(max(s.width * k, 0.05))
            if s.dash:
                pdf.set_dash_pattern(s.dash[0] * k, s.dash[1] * k)
            style = ("F" if s.fill else "") + ("D" if s.stroke else "")
            if s.kind == "polygon":
                pdf.polygon(pts, style=style)
            else:
                pdf.circle(pts[0][0], pts[0][1], s.radius * k, style=style)
            if s.dash:
                pdf.set_dash_pattern()

    ours = _page_bytes(lambda pdf: _Painter(pdf).draw(SHAPES, dx, dy, k))
    assert ours == _page_bytes(by_fpdf)
    assert ours.count(b" h\n") == 4 and ours.count(b" c ") == 2


@pytest.mark.parametrize(("dpi", "strip_h"), [(40.0, 7), (40.0, 50), (13.0, 1), (75.0, 10_000)])
def test_strip_buckets_hold_exactly_the_shapes_that_meet_each_strip(dpi, strip_h):
    board = build_board(sample_map("pointy", "even", 13, 9), 30.0)
    k = dpi / 25.4
    h = round(board.height * k)
    shapes = [s for g in board.groups for s in g.shapes]
    buckets = _strip_shapes(board, k, h, strip_h)
    assert len(buckets) == -(-h // strip_h)
    for n, top in enumerate(range(0, h, strip_h)):
        y0, y1 = top / k, (top + min(strip_h, h - top)) / k
        want = [s for s in shapes if s.bbox()[3] >= y0 - 1 and s.bbox()[1] <= y1 + 1]
        assert [id(s) for s in buckets[n]] == [id(s) for s in want]
