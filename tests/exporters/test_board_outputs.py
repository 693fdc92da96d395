"""SVG, PNG and PDF boards: well-formed, complete, real size, paged correctly, reproducible."""

from __future__ import annotations

import io
import itertools
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdf
import pytest
from fpdf import FPDF
from PIL import Image

from engine.content import load_map
from exporters.board import PALETTE, BoardLayout, build_board, dash_polyline, smooth_points
from exporters.pdf import OVERLAP_MM, map_to_pdf, page_part, plan_tiling
from exporters.png import map_to_png
from exporters.svg import SVG_NS, map_to_svg

from .conftest import sample_map

NS = {"svg": SVG_NS}


def test_svg_is_well_formed_and_has_every_fort_and_start_marker(any_map):
    root = ET.fromstring(map_to_svg(any_map))
    forts = {g.get("data-fort") for g in root.iterfind(".//svg:g[@class='fort']", NS)}
    assert forts == {f.id for f in any_map.forts}
    starts = {int(g.get("data-start")) for g in root.iterfind(".//svg:g[@class='start']", NS)}
    assert starts == {m.number for m in any_map.start_markers}
    texts = [t.text for t in root.iterfind(".//svg:text", NS)]
    assert "Fort Süd" in texts and "Bois de Boule" in texts
    terrain = root.find(".//svg:g[@class='terrain']", NS)
    hexes = [p for p in terrain if p.tag == f"{{{SVG_NS}}}polygon"]
    assert len(hexes) == any_map.width * any_map.height
    assert root.find(".//svg:g[@class='paths']/svg:path", NS) is not None  # smooth curves
    bridges = sum(1 for t in any_map.terrain if t == 3)
    assert len(root.findall(".//svg:g[@class='bridges']/svg:polyline", NS)) == 2 * bridges > 0


def test_svg_is_real_size_in_mm():
    m = sample_map()
    root = ET.fromstring(map_to_svg(m, hex_mm=20.0))
    board = build_board(m, 20.0)
    assert root.get("width") == f"{round(board.width, 2):g}mm"
    # 12 columns of 20 mm plus the half-hex shift of odd rows plus two 8 mm margins
    assert board.width == pytest.approx(12 * 20 + 10 + 2 * 8)


def test_svg_is_reproducible():
    assert map_to_svg(sample_map()) == map_to_svg(sample_map())


def test_png_has_requested_dpi_and_size():
    m = sample_map()
    data = map_to_png(m, dpi=50, hex_mm=30)
    img = Image.open(io.BytesIO(data))
    board = build_board(m, 30)
    assert img.size == (round(board.width * 50 / 25.4), round(board.height * 50 / 25.4))
    assert img.info["dpi"] == pytest.approx((50, 50), abs=0.05)
    bl = BoardLayout(m, 30, 30 * 0.4)
    k = 50 / 25.4
    for col, row, colour in ((4, 4, PALETTE["water"]), (0, 0, PALETTE["meadow"])):
        x, y = bl.center(m.to_axial(col, row))
        got = img.getpixel((round(x * k), round(y * k + 8)))
        want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        assert max(abs(a - b) for a, b in zip(got, want, strict=True)) < 6, (col, row)
    assert data == map_to_png(m, dpi=50, hex_mm=30)


def test_png_refuses_a_gigantic_raster():
    from exporters.base import ExportError

    with pytest.raises(ExportError, match="lower --dpi"):
        map_to_png(sample_map(), dpi=600, max_pixels=1_000_000)


def _pages(data: bytes) -> list:
    return pypdf.PdfReader(io.BytesIO(data)).pages


@pytest.mark.parametrize(("paper", "hex_mm", "expected"), [
    # 12×10 pointy map at 30 mm: board 399 × 292.5 mm. A4 landscape (277 × 190 printable,
    # 10 mm overlap) needs 2 × 2 pages, portrait 3 × 2; plus the page map: 5.
    ("A4", 30.0, 5),
    # A3 portrait (277 × 400 printable) needs 2 × 1, landscape 1 × 2 (tie: portrait): 3.
    ("A3", 30.0, 3),
    # at 15 mm the board is 199.5 × 146 mm: one A4 landscape page plus the page map.
    ("A4", 15.0, 2),
])
def test_pdf_page_count(paper, hex_mm, expected):
    pages = _pages(map_to_pdf(sample_map(), paper, hex_mm))
    assert len(pages) == expected
    short, long = (210, 297) if paper == "A4" else (297, 420)
    for page in pages:
        w, h = float(page.mediabox.width) * 25.4 / 72, float(page.mediabox.height) * 25.4 / 72
        assert sorted((round(w), round(h))) == [short, long]


def test_pdf_has_page_map_and_board_text():
    data = map_to_pdf(sample_map(), "A4")
    pages = _pages(data)
    assert "Print-and-play board" in pages[0].extract_text()
    assert "Fort Nord" in "".join(p.extract_text() for p in pages[1:])
    assert data == map_to_pdf(sample_map(), "A4")


def test_tiling_covers_the_board_with_overlap():
    t = plan_tiling(1000.0, 700.0, "A4")
    assert (t.cols - 1) * t.step_x + t.area_w >= 1000.0
    assert (t.rows - 1) * t.step_y + t.area_h >= 700.0
    assert (t.cols - 2) * t.step_x + t.area_w < 1000.0  # no page too many


def test_unknown_paper_is_refused():
    from exporters.base import ExportError

    with pytest.raises(ExportError, match="A4 or A3"):
        plan_tiling(100, 100, "Letter")


def test_smooth_curve_passes_through_its_points():
    pts = [(0.0, 0.0), (10.0, 5.0), (20.0, 0.0)]
    curve = smooth_points(pts, steps=4)
    assert curve[0] == pts[0] and curve[4] == pytest.approx(pts[1]) and curve[-1] == pts[2]


def test_dashes_alternate_along_the_line():
    dashes = dash_polyline([(0.0, 0.0), (10.0, 0.0)], 2.0, 1.0)
    assert [(d[0][0], d[-1][0]) for d in dashes] == [(0, 2), (3, 5), (6, 8), (9, 10)]


_BASE_FONTS = {"/Helvetica": ("Helvetica", ""), "/Helvetica-Bold": ("Helvetica", "B"),
               "/Times-Roman": ("Times", ""), "/Times-Bold": ("Times", "B"),
               "/Times-Italic": ("Times", "I"), "/Times-BoldItalic": ("Times", "BI"),
               "/Helvetica-Oblique": ("Helvetica", "I")}


def _text_extents(page: pypdf.PageObject) -> list[tuple[str, float, float]]:
    """(text, left, right) in pt of every text run on a page, measured with the standard
    metrics of its core font (independent of how the exporter laid the text out)."""
    meter = FPDF(unit="pt")
    runs: list[tuple[str, float, float]] = []

    def visit(text, cm, tm, font_dict, font_size):
        if not text.strip() or font_dict is None:
            return
        family, style = _BASE_FONTS[font_dict["/BaseFont"]]
        meter.set_font(family, style, font_size)
        x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
        runs.append((text, x, x + meter.get_string_width(text) * cm[0]))

    page.extract_text(visitor_text=visit)
    return runs


@pytest.mark.parametrize("paper", ["A4", "A3"])
def test_page_map_instructions_fit_the_page(paper):
    """Regression: on A4 the assembly instructions ran past the right edge of page 1."""
    m = load_map(Path(__file__).resolve().parents[2] / "content" / "maps" / "default.map.yaml")
    page = _pages(map_to_pdf(m, paper))[0]
    page_w = float(page.mediabox.width)
    runs = _text_extents(page)
    assert any("Print at 100" in text for text, _, _ in runs)
    too_wide = [(text, right) for text, _, right in runs if right > page_w - 10 * 72 / 25.4 + 1]
    assert not too_wide, too_wide
    words = " ".join(text for text, _, _ in runs)
    assert "tape from the back." in words  # nothing of the instructions is dropped


@pytest.mark.parametrize("paper", ["A4", "A3"])
@pytest.mark.parametrize("size", [(230, 100), (400, 290), (1000, 700), (1085, 742), (700, 1500),
                                  (183, 300), (195, 280)])
def test_every_board_page_holds_a_real_share_of_the_board(paper, size):
    """Regression: the page grid started at the board's corner, so the last row or column of
    pages could hold only ~20 mm of board. Centred, every outer page holds at least half its
    printable width/height (or the whole board along that side)."""
    board_w, board_h = size
    t = plan_tiling(board_w, board_h, paper)
    covered_x = set()
    for j in range(t.rows):
        for i in range(t.cols):
            part = page_part(t, i, j, board_w, board_h)
            assert part.width >= min(board_w, t.area_w / 2) - 1e-6, (i, j, part)
            assert part.height >= min(board_h, t.area_h / 2) - 1e-6, (i, j, part)
            covered_x.add((part.bx0, part.bx1))
    # the pages still cover the board edge to edge, overlapping by OVERLAP_MM
    spans = sorted(covered_x)
    assert spans[0][0] == 0 and spans[-1][1] == pytest.approx(board_w)
    for (_, a1), (b0, _) in itertools.pairwise(spans):
        assert a1 - b0 == pytest.approx(OVERLAP_MM)
