"""Print-and-play PDF: the board at real size split over A4 or A3 pages (fpdf2).

The first page is a page map (the board in miniature with every page's area numbered and the
assembly steps). Each board page shows its part of the board plus `OVERLAP_MM` shared with its
neighbours; alignment crosses sit in the shared strips at the same board positions on both
pages, a dashed cut line runs through them on the left and top edges, and a 50 mm scale bar in
the margin lets the group check that the printer did not scale the page.
"""

from __future__ import annotations

import datetime as dt
import io
import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from fpdf import FPDF
from fpdf.drawing_primitives import DeviceCMYK, DeviceGray, DeviceRGB, convert_to_device_color

from engine.i18n import _, rule_word
from engine.model import TERRAINS, GameMap
from engine.version import __version__
from exporters.base import ExportError, ExportOptions, atomic_write_bytes, register
from exporters.board import PALETTE, Board, Shape, palette, smooth_points
from exporters.halfboard import HalfBoard, board_of
from exporters.limits import check_options, check_pages
from exporters.png import render_board

PAPERS: dict[str, tuple[float, float]] = {"A4": (210.0, 297.0), "A3": (297.0, 420.0)}
PAGE_MARGIN_MM = 10.0  # most printers cannot print the outer 4-6 mm
OVERLAP_MM = 10.0
CROSS_EVERY_MM = 60.0
MARK = "#b03a2e"
_FIXED_DATE = dt.datetime(1980, 1, 1, tzinfo=dt.UTC)
# Above this many hexes the page map shows the board as a picture: at page-map scale a hex is
# a fraction of a millimetre, and writing 100,000 of them as vectors was a third of the export.
OVERVIEW_PICTURE_HEXES = 20_000
OVERVIEW_DPI = 200.0
_OVERVIEW_GROUPS = ("paper", "terrain", "paths", "grid", "fort")
_LATIN1 = str.maketrans({"–": "-", "—": "-", "‘": "'", "’": "'", "“": '"', "”": '"',
                         "…": "...", "•": "*"})


@dataclass(frozen=True)
class Tiling:
    """How a board is cut into pages: paper orientation, page grid and step."""

    paper: str
    landscape: bool
    page_w: float
    page_h: float
    cols: int
    rows: int

    @property
    def area_w(self) -> float:
        return self.page_w - 2 * PAGE_MARGIN_MM

    @property
    def area_h(self) -> float:
        return self.page_h - 2 * PAGE_MARGIN_MM

    @property
    def step_x(self) -> float:
        return self.area_w - OVERLAP_MM

    @property
    def step_y(self) -> float:
        return self.area_h - OVERLAP_MM

    origin_x: float = 0.0
    origin_y: float = 0.0

    @property
    def pages(self) -> int:
        """Board pages (the page map comes on top)."""
        return self.cols * self.rows

    def page_box(self, i: int, j: int) -> tuple[float, float, float, float]:
        """The printable area of page (column i, row j) in board mm: x, y, width, height."""
        return (self.origin_x + i * self.step_x, self.origin_y + j * self.step_y,
                self.area_w, self.area_h)


@dataclass(frozen=True)
class PagePart:
    """The part of the board on one page: page origin and the board rectangle it prints."""

    x0: float  # board mm at the page's printable top-left corner (may be < 0: the grid is
    y0: float  # centred on the board, so the outer pages hold a real share of it)
    bx0: float
    by0: float
    bx1: float
    by1: float

    @property
    def width(self) -> float:
        return self.bx1 - self.bx0

    @property
    def height(self) -> float:
        return self.by1 - self.by0


def page_part(t: Tiling, i: int, j: int, board_w: float, board_h: float) -> PagePart:
    """The board part page (column i, row j) of a tiling prints."""
    x0, y0, w, h = t.page_box(i, j)
    return PagePart(x0, y0, max(x0, 0.0), max(y0, 0.0), min(x0 + w, board_w),
                    min(y0 + h, board_h))


def _count(length: float, area: float) -> int:
    if length <= area:
        return 1
    return math.ceil((length - area) / (area - OVERLAP_MM) - 1e-9) + 1


def plan_tiling(board_w: float, board_h: float, paper: str) -> Tiling:
    """The page grid needing the fewest pages (portrait or landscape, portrait on ties)."""
    if paper not in PAPERS:
        raise ExportError(_("unknown paper size {paper!r}", paper=paper), hint=_("use A4 or A3"))
    short, long = PAPERS[paper]
    best: Tiling | None = None
    for landscape in (False, True):
        pw, ph = (long, short) if landscape else (short, long)
        t = Tiling(paper, landscape, pw, ph, _count(board_w, pw - 2 * PAGE_MARGIN_MM),
                   _count(board_h, ph - 2 * PAGE_MARGIN_MM))
        if best is None or t.pages < best.pages:
            best = t
    assert best is not None
    # Centre the page grid on the board: the slack is shared by the first and last page of
    # each direction, so none of them holds only a sliver of board.
    slack_x = (best.cols - 1) * best.step_x + best.area_w - board_w
    slack_y = (best.rows - 1) * best.step_y + best.area_h - board_h
    return replace(best, origin_x=-slack_x / 2, origin_y=-slack_y / 2)


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def _latin1(text: str) -> str:
    return text.translate(_LATIN1).encode("latin-1", "replace").decode("latin-1")


_OPERATOR = {"F": "f", "D": "S", "FD": "B"}
_KAPPA = 4 / 3 * (math.sqrt(2) - 1)


@lru_cache(maxsize=256)
def _device(colour: str) -> DeviceGray | DeviceRGB | DeviceCMYK:
    """fpdf's colour object for a board colour, as `set_*_color(*_rgb(colour))` makes it."""
    return convert_to_device_color(*_rgb(colour))


@lru_cache(maxsize=512)
def _operator(colour: str, fill: bool) -> str:
    """The colour operator fpdf writes for a fill (lower case) or stroke colour."""
    text = _device(colour).serialize()
    return text.lower() if fill else text.upper()


class _Painter:
    """Draws board shapes onto the current PDF page with an offset and a scale.

    Polygons and circles, nearly every shape of a board, are written as the very operators
    fpdf's `polygon` and `circle` write (same numbers, same bytes) in one piece each: fpdf
    spends tens of microseconds per call and point, which made a 100,000-hex board take
    minutes. Everything else goes through fpdf's drawing calls."""

    def __init__(self, pdf: FPDF) -> None:
        self.pdf = pdf
        self._smooth: dict[int, list[tuple[float, float]]] = {}  # by id(shape), in mm

    def draw(self, shapes: Iterable[Shape], dx: float, dy: float, k: float = 1.0,
             text: bool = True) -> None:
        pdf = self.pdf
        for s in shapes:
            if s.opacity < 1 or s.kind == "image":
                self._translucent(s, dx, dy, k)
                continue
            if s.kind == "polygon" and s.fill and not s.stroke and not s.dash:
                self._fill(s.fill)
                self._polygon(s.points, dx, dy, k, "f")
                continue
            if s.kind == "text":
                if text:
                    x, y = s.points[0]
                    self._text(s, (dx + x * k, dy + y * k), k)
                continue
            if s.fill:
                self._fill(s.fill)
            if s.stroke:
                colour = _device(s.stroke)
                if colour is not pdf.draw_color and colour != pdf.draw_color:
                    # what `set_draw_color` writes, without its per-call conversion
                    pdf.draw_color = colour
                    pdf._out(_operator(s.stroke, fill=False))
                pdf.set_line_width(max(s.width * k, 0.05))
            if s.dash:
                pdf.set_dash_pattern(s.dash[0] * k, s.dash[1] * k)
            style = ("F" if s.fill else "") + ("D" if s.stroke else "")
            if s.kind == "polygon":
                self._polygon(s.points, dx, dy, k, _OPERATOR[style])
            elif s.kind == "circle":
                x, y = s.points[0]
                self._circle(dx + x * k, dy + y * k, s.radius * k, _OPERATOR[style])
            else:
                line = [(dx + x * k, dy + y * k) for x, y in self._curve(s)]
                with pdf.local_context(stroke_cap_style="BUTT" if s.dash else "ROUND",
                                       stroke_join_style="ROUND"):
                    pdf.polyline(line, style="D")
            if s.dash:
                pdf.set_dash_pattern()

    def _translucent(self, s: Shape, dx: float, dy: float, k: float) -> None:
        """An image, or a shape whose fill is translucent, at its opacity."""
        with self.pdf.local_context(fill_opacity=s.opacity):
            if s.kind != "image":
                self.draw([replace(s, opacity=1.0)], dx, dy, k)
                return
            assert s.picture is not None
            (x0, y0), (x1, y1) = s.points[0], s.points[1]
            # fpdf embeds a picture once however many pages show it
            self.pdf.image(io.BytesIO(s.picture), dx + x0 * k, dy + y0 * k, (x1 - x0) * k,
                           (y1 - y0) * k)

    def _curve(self, s: Shape) -> list[tuple[float, float]]:
        """The points a polyline is drawn through (smoothed once per shape, not per page)."""
        if not s.smooth:
            return s.points
        line = self._smooth.get(id(s))
        if line is None:
            line = self._smooth[id(s)] = smooth_points(s.points)
        return line

    def _fill(self, fill: str) -> None:
        colour = _device(fill)
        pdf = self.pdf
        if colour is not pdf.fill_color and colour != pdf.fill_color:
            # what `set_fill_color` writes, without its per-call conversion
            pdf.fill_color = colour
            pdf._out(_operator(fill, fill=True))

    def _polygon(self, points: list[tuple[float, float]], dx: float, dy: float, scale: float,
                 operator: str) -> None:
        """What `FPDF.polygon` writes for the points moved by (dx, dy) after `scale`: one
        line per point, close, paint."""
        k, h = self.pdf.k, self.pdf.h
        numbers = []
        for x, y in points:
            numbers.append((dx + x * scale) * k)
            numbers.append((h - (dy + y * scale)) * k)
        # fpdf's own writer, see the class; one formatting call per polygon
        self.pdf._out(_polygon_format(len(points), operator) % tuple(numbers))

    def _circle(self, x: float, y: float, radius: float, operator: str) -> None:
        """What `FPDF.circle(x, y, radius, style)` writes: four Bézier quarters."""
        k, h = self.pdf.k, self.pdf.h
        w = 2 * radius
        cx, cy = (x - radius) + w / 2, (y - radius) + w / 2
        r = w / 2
        lx = ly = _KAPPA * r
        self.pdf._out(  # fpdf's own writer, see the class
            f"{(cx + r) * k:.2f} {(h - cy) * k:.2f} m "
            f"{(cx + r) * k:.2f} {(h - cy + ly) * k:.2f} "
            f"{(cx + lx) * k:.2f} {(h - cy + r) * k:.2f} "
            f"{cx * k:.2f} {(h - cy + r) * k:.2f} c\n"
            f"{(cx - lx) * k:.2f} {(h - cy + r) * k:.2f} "
            f"{(cx - r) * k:.2f} {(h - cy + ly) * k:.2f} "
            f"{(cx - r) * k:.2f} {(h - cy) * k:.2f} c\n"
            f"{(cx - r) * k:.2f} {(h - cy - ly) * k:.2f} "
            f"{(cx - lx) * k:.2f} {(h - cy - r) * k:.2f} "
            f"{cx * k:.2f} {(h - cy - r) * k:.2f} c\n"
            f"{(cx + lx) * k:.2f} {(h - cy - r) * k:.2f} "
            f"{(cx + r) * k:.2f} {(h - cy - ly) * k:.2f} "
            f"{(cx + r) * k:.2f} {(h - cy) * k:.2f} c {operator}")

    def _text(self, s: Shape, at: tuple[float, float], k: float) -> None:
        pdf = self.pdf
        family = "Times" if s.family == "serif" else "Helvetica"
        style = ("B" if s.bold else "") + ("I" if s.italic else "")
        size_mm = s.size * k
        pdf.set_font(family, style, size_mm * 72 / 25.4)
        text = _latin1(s.text)
        w = pdf.get_string_width(text)
        x, y = at[0] - w / 2, at[1] + size_mm * 0.35
        with pdf.rotation(-s.rotation, at[0], at[1]) if s.rotation else _nothing():
            if s.halo:
                with pdf.local_context(text_mode="STROKE", draw_color=_rgb(s.halo),
                                       line_width=size_mm * 0.15):
                    pdf.text(x, y, text)
            pdf.set_text_color(*_rgb(s.fill or "#000000"))
            pdf.text(x, y, text)


@lru_cache(maxsize=64)
def _polygon_format(corners: int, operator: str) -> str:
    """The %-template of what `_Painter._polygon` writes for a polygon of `corners` points."""
    return "\n".join(["%.2f %.2f m", *["%.2f %.2f l"] * (corners - 1), " h", f" {operator}"])


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _crosses(board: Board, t: Tiling) -> list[tuple[float, float]]:
    """Alignment cross positions (board mm): in the middle of every shared strip."""
    out = []
    ys = [y for y in _every(board.height)]
    xs = [x for x in _every(board.width)]
    for i in range(1, t.cols):
        out.extend((t.origin_x + i * t.step_x + OVERLAP_MM / 2, y) for y in ys)
    for j in range(1, t.rows):
        out.extend((x, t.origin_y + j * t.step_y + OVERLAP_MM / 2) for x in xs)
    return out


def _every(length: float) -> list[float]:
    n = max(2, math.ceil(length / CROSS_EVERY_MM))
    return [length * (i + 0.5) / n for i in range(n)]


def _cross(pdf: FPDF, x: float, y: float) -> None:
    pdf.set_draw_color(*_rgb(MARK))
    pdf.set_line_width(0.25)
    pdf.line(x - 3.5, y, x + 3.5, y)
    pdf.line(x, y - 3.5, x, y + 3.5)
    pdf.circle(x, y, 2.0, style="D")


def _scale_bar(pdf: FPDF, x: float, y: float) -> None:
    pdf.set_draw_color(*_rgb(PALETTE["ink"]))
    pdf.set_line_width(0.3)
    pdf.line(x, y, x + 50, y)
    for tick in (0, 10, 20, 30, 40, 50):
        pdf.line(x + tick, y - (1.5 if tick % 50 == 0 else 0.8), x + tick, y)
    pdf.set_font("Helvetica", "", 6)
    pdf.set_text_color(*_rgb(PALETTE["ink"]))
    pdf.text(x + 52, y + 0.8, _latin1(_("50 mm - check before cutting")))


def board_to_pdf(board: Board, paper: str = "A4", overview: Board | None = None) -> bytes:
    """The print-and-play PDF of a laid-out board: page map, then the board pages. With
    `overview` (the same board with raster cells) the page map shows it as a picture."""
    t = plan_tiling(board.width, board.height, paper)
    check_pages(t.pages)
    pdf = FPDF(orientation="L" if t.landscape else "P", unit="mm", format=paper)
    pdf.set_auto_page_break(False)
    pdf.set_creation_date(_FIXED_DATE)
    pdf.set_producer(f"trenchclub-studio {__version__}")
    pdf.set_title(_latin1(f"{board.title} - print and play"))
    pdf.set_creator(f"trenchclub-studio {__version__}")
    painter = _Painter(pdf)
    _page_map(pdf, painter, board, t, overview)
    crosses = _crosses(board, t)
    on_page = page_shapes(board, t)
    for j in range(t.rows):
        for i in range(t.cols):
            pdf.add_page()
            part = page_part(t, i, j, board.width, board.height)
            dx, dy = PAGE_MARGIN_MM - part.x0, PAGE_MARGIN_MM - part.y0
            with pdf.rect_clip(part.bx0 + dx, part.by0 + dy, part.width, part.height):
                painter.draw(on_page[j * t.cols + i], dx, dy)
                for cx, cy in crosses:
                    if (part.bx0 - 5 <= cx <= part.bx1 + 5
                            and part.by0 - 5 <= cy <= part.by1 + 5):
                        _cross(pdf, cx + dx, cy + dy)
            _page_furniture(pdf, t, i, j, part, board.title)
    out = pdf.output()
    return bytes(out)


def page_shapes(board: Board, t: Tiling) -> list[list[Shape]]:
    """The shapes each board page shows (row by row), in drawing order: those whose box
    meets the page's part of the board (one array test per page over all boxes)."""
    shapes = [s for group in board.groups for s in group.shapes]
    if not shapes:
        return [[] for _ in range(t.rows * t.cols)]
    boxes = np.array([s.bbox() for s in shapes], dtype=np.float64)
    x0, y0, x1, y1 = boxes.T
    out: list[list[Shape]] = []
    for j in range(t.rows):
        for i in range(t.cols):
            p = page_part(t, i, j, board.width, board.height)
            meets = (x1 >= p.bx0) & (x0 <= p.bx1) & (y1 >= p.by0) & (y0 <= p.by1)
            out.append([shapes[n] for n in np.flatnonzero(meets).tolist()])
    return out


def _page_furniture(pdf: FPDF, t: Tiling, i: int, j: int, part: PagePart, title: str) -> None:
    m = PAGE_MARGIN_MM
    top, bottom = m + part.by0 - part.y0, m + part.by1 - part.y0
    left, right = m + part.bx0 - part.x0, m + part.bx1 - part.x0
    number = 2 + j * t.cols + i
    pdf.set_draw_color(*_rgb(MARK))
    pdf.set_line_width(0.3)
    pdf.set_dash_pattern(2, 1.5)
    if i > 0:
        pdf.line(m + OVERLAP_MM / 2, top - 4, m + OVERLAP_MM / 2, bottom + 4)
    if j > 0:
        pdf.line(left - 4, m + OVERLAP_MM / 2, right + 4, m + OVERLAP_MM / 2)
    pdf.set_dash_pattern()
    pdf.set_font("Helvetica", "", 7)
    pdf.set_text_color(*_rgb(PALETTE["ink"]))
    footer = _fit(pdf, _("{title} - page {number} of {pages} - row {row}, column {column} of "
                         "{rows}x{cols}", title=title, number=number, pages=t.pages + 1,
                         row=j + 1, column=i + 1, rows=t.rows, cols=t.cols),
                  t.page_w - 2 * m - 95)
    pdf.text(m, t.page_h - m / 2 + 1, footer)
    hints = []
    if i > 0:
        hints.append(_("cut the left dashed line, lay over page {page}", page=number - 1))
    if j > 0:
        hints.append(_("cut the top dashed line, lay over page {page}", page=number - t.cols))
    if hints:
        pdf.text(m, m / 2 + 1, _fit(pdf, _("{hints} - match the crosses",
                                           hints="; ".join(hints)), t.page_w - 2 * m))
    _scale_bar(pdf, t.page_w - m - 90, t.page_h - m / 2)


def _fit(pdf: FPDF, text: str, width: float) -> str:
    """`text` (Latin-1) shortened with '...' to fit `width` mm in the current font."""
    text = _latin1(text)
    if pdf.get_string_width(text) <= width:
        return text
    while text and pdf.get_string_width(text + "...") > width:
        text = text[:-1]
    return text + "..."


def wrap_lines(pdf: FPDF, text: str, width: float) -> list[str]:
    """`text` (Latin-1) broken at spaces into lines no wider than `width` mm in the current
    font; a single word wider than that is shortened with '...'."""
    lines: list[str] = []
    current = ""
    for word in _latin1(text).split():
        candidate = f"{current} {word}" if current else word
        if current and pdf.get_string_width(candidate) > width:
            lines.append(current)
            candidate = word
        current = candidate if pdf.get_string_width(candidate) <= width else _fit(
            pdf, candidate, width)
    if current:
        lines.append(current)
    return lines


def _page_map(pdf: FPDF, painter: _Painter, board: Board, t: Tiling,
              overview: Board | None = None) -> None:
    pdf.add_page()
    m = PAGE_MARGIN_MM
    pdf.set_text_color(*_rgb(PALETTE["ink"]))
    text_w = t.page_w - 2 * m
    pdf.set_font("Times", "B", 18)
    pdf.text(m, m + 6, _fit(pdf, board.title, text_w))
    pdf.set_font("Helvetica", "", 9)
    paragraphs = [
        _("Print-and-play board: {width:.0f} x {height:.0f} mm, hexes {hex_mm:g} mm across, "
          "{pages} {paper} pages ({rows} rows x {cols} columns) after this page map.",
          width=board.width, height=board.height, hex_mm=board.hex_mm, pages=t.pages,
          paper=t.paper, rows=t.rows, cols=t.cols),
        _("Print at 100 % (actual size, no 'fit to page'); the 50 mm bar on each page must "
          "measure 50 mm."),
        _("Pages overlap by {overlap:g} mm. Cut each page along its dashed left/top line, "
          "lay it over its neighbour so the red crosses match, and tape from the back.",
          overlap=OVERLAP_MM),
    ]
    lines = [line for p in paragraphs for line in wrap_lines(pdf, p, text_w)]
    for n, line in enumerate(lines):
        pdf.text(m, m + 14 + 4.2 * n, line)
    legend_y = m + 14 + 4.2 * len(lines)
    rows = _legend(pdf, m, legend_y, text_w, board.season)
    top = legend_y + 6.5 * rows + 3
    avail_w, avail_h = t.page_w - 2 * m, t.page_h - top - m - 8
    k = min(avail_w / board.width, avail_h / board.height)
    ox, oy = m + (avail_w - board.width * k) / 2, top
    if overview is not None:
        # as the vector page map: no texts
        picture = replace(overview, groups=[
            replace(g, shapes=[s for s in g.shapes if s.kind != "text"])
            for g in overview.groups if g.name in _OVERVIEW_GROUPS])
        pdf.image(render_board(picture, OVERVIEW_DPI * k), ox, oy, board.width * k,
                  board.height * k)
    else:
        painter.draw([s for g in board.groups if g.name in _OVERVIEW_GROUPS
                      for s in g.shapes], ox, oy, k, text=False)
    pdf.set_line_width(0.4)
    for j in range(t.rows):
        for i in range(t.cols):
            part = page_part(t, i, j, board.width, board.height)
            pdf.set_draw_color(*_rgb(MARK))
            pdf.rect(ox + part.bx0 * k, oy + part.by0 * k, part.width * k, part.height * k,
                     style="D")
            label = str(2 + j * t.cols + i)
            cx = ox + (part.bx0 + part.width / 2) * k
            cy = oy + (part.by0 + part.height / 2) * k
            pdf.set_fill_color(255, 255, 255)
            pdf.circle(cx, cy, 5, style="DF")
            pdf.set_font("Helvetica", "B", 14)
            pdf.set_text_color(*_rgb(MARK))
            pdf.text(cx - pdf.get_string_width(label) / 2, cy + 1.8, label)
    _scale_bar(pdf, m, t.page_h - m / 2)


def _legend(pdf: FPDF, x: float, y: float, width: float, season: str) -> int:
    """Terrain and fort swatches (in the season's colours) in rows that fit `width` mm;
    returns the number of rows."""
    colours = palette(season)
    pdf.set_font("Helvetica", "", 7)
    pdf.set_text_color(*_rgb(PALETTE["ink"]))
    pdf.set_draw_color(*_rgb(PALETTE["grid"]))
    pdf.set_line_width(0.2)
    entries = [*TERRAINS, "fort"]
    per_row = max(1, int(width // 26))
    for i, name in enumerate(entries):
        cx, cy = x + (i % per_row) * 26, y + (i // per_row) * 6.5
        pdf.set_fill_color(*_rgb(colours[name]))
        pdf.rect(cx, cy, 6, 4.5, style="DF")
        pdf.text(cx + 7.5, cy + 3.3, _latin1(rule_word(name)))
    return math.ceil(len(entries) / per_row)


def map_to_pdf(game_map: GameMap | HalfBoard, paper: str = "A4", hex_mm: float = 30.0) -> bytes:
    """The print-and-play PDF of `game_map` (or of a half of one); a large board's page map
    shows it as a picture."""
    cut = game_map.map if isinstance(game_map, HalfBoard) else game_map
    overview = None
    if len(cut.terrain) > OVERVIEW_PICTURE_HEXES:
        overview = board_of(game_map, hex_mm, raster_cells=True)
    return board_to_pdf(board_of(game_map, hex_mm), paper, overview)


class PdfExporter:
    """Print-and-play board split over pages."""

    name = "pdf"
    extension = ".pdf"
    description = "print-and-play board at real size on A4/A3 pages"

    def export(self, source: Any, out_path: Path, options: ExportOptions) -> Path:
        """Write the print-and-play PDF of a GameMap."""
        check_options(options)
        return atomic_write_bytes(out_path, map_to_pdf(source, options.paper, options.hex_mm))


register(PdfExporter())
