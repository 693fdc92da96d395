"""The board as a PNG raster at a chosen DPI (Pillow), drawn from the shared board shapes."""

from __future__ import annotations

import io
import math
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engine.model import GameMap
from exporters.base import ExportOptions, atomic_write_bytes, register
from exporters.board import Board, Shape, dash_polyline, smooth_points
from exporters.halfboard import HalfBoard, board_of
from exporters.limits import check_options, check_png_size

# Every board is drawn at SUPERSAMPLE times the size and averaged down (Pillow draws polygons
# without anti-aliasing); large boards are drawn in horizontal strips so memory stays bounded.
SUPERSAMPLE = 3
_STRIP_PIXELS = 16_000_000  # supersampled pixels per strip

# The fonts the boards use ship with the project (DejaVu, Bitstream Vera licence, see
# fonts/LICENSE-DejaVu.txt): the same bytes on every machine, whatever is installed.
FONT_DIR = Path(__file__).resolve().parent / "fonts"
_FONT_FILES = {
    ("sans", False): "DejaVuSans.ttf",
    ("sans", True): "DejaVuSans-Bold.ttf",
    ("serif", False): "DejaVuSerif-Italic.ttf",
    ("serif", True): "DejaVuSerif-Italic.ttf",
}


@lru_cache(maxsize=128)
def _font(px: int, family: str = "sans", bold: bool = False, italic: bool = False
          ) -> ImageFont.FreeTypeFont:
    """The bundled font for a board text (serif texts are the italic labels)."""
    name = _FONT_FILES.get((family, bold), _FONT_FILES[("sans", bold)])
    return ImageFont.truetype(str(FONT_DIR / name), max(px, 4))


def _draw_shape(img: Image.Image, draw: ImageDraw.ImageDraw, shape: Shape, k: float,
                dx: float = 0.0, dy: float = 0.0) -> None:
    """Draw a shape moved by (dx, dy) mm at `k` pixels per mm."""
    width = max(1, round(shape.width * k)) if shape.stroke else 0
    if shape.kind == "polygon":
        pts = [((x + dx) * k, (y + dy) * k) for x, y in shape.points]
        if shape.fill:
            draw.polygon(pts, fill=shape.fill)
        if shape.stroke:
            closed = [*pts, pts[0]]
            if shape.dash:
                for piece in dash_polyline(closed, shape.dash[0] * k, shape.dash[1] * k):
                    draw.line(piece, fill=shape.stroke, width=width)
            else:
                draw.line(closed, fill=shape.stroke, width=width, joint="curve")
    elif shape.kind == "polyline":
        moved = _moved(shape.points, dx, dy)
        pts = [(x * k, y * k) for x, y in (smooth_points(moved) if shape.smooth else moved)]
        pieces = dash_polyline(pts, shape.dash[0] * k, shape.dash[1] * k) if shape.dash else [pts]
        for piece in pieces:
            draw.line(piece, fill=shape.stroke, width=width, joint="curve")
        if not shape.dash and width > 2:
            # Round caps, and discs at the joints close the slivers Pillow leaves between
            # wide segments of a sampled curve.
            r = width / 2
            for x, y in pts:
                draw.ellipse((x - r, y - r, x + r, y + r), fill=shape.stroke)
    elif shape.kind == "circle":
        x, y = (shape.points[0][0] + dx) * k, (shape.points[0][1] + dy) * k
        r = shape.radius * k
        draw.ellipse((x - r, y - r, x + r, y + r), fill=shape.fill, outline=shape.stroke,
                     width=width)
    elif shape.kind == "text":
        x, y = (shape.points[0][0] + dx) * k, (shape.points[0][1] + dy) * k
        _draw_text(img, draw, shape, k, x, y)


def _moved(points: list[tuple[float, float]], dx: float, dy: float) -> list[tuple[float, float]]:
    if dx == dy == 0:
        return points
    return [(x + dx, y + dy) for x, y in points]


def _draw_text(img: Image.Image, draw: ImageDraw.ImageDraw, shape: Shape, k: float, x: float,
               y: float) -> None:
    font = _font(round(shape.size * k), shape.family, shape.bold, shape.italic)
    halo = max(1, round(shape.size * k * 0.09)) if shape.halo else 0
    if not shape.rotation:
        draw.text((x, y), shape.text, font=font, fill=shape.fill, anchor="mm",
                  stroke_width=halo, stroke_fill=shape.halo)
        return
    left, top, right, bottom = draw.textbbox((0, 0), shape.text, font=font, anchor="mm",
                                             stroke_width=halo)
    w, h = math.ceil(right - left) + 4, math.ceil(bottom - top) + 4
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(tile).text((w / 2, h / 2), shape.text, font=font, fill=shape.fill,
                              anchor="mm", stroke_width=halo, stroke_fill=shape.halo)
    tile = tile.rotate(-shape.rotation, resample=Image.Resampling.BICUBIC, expand=True)
    img.paste(tile, (round(x - tile.width / 2), round(y - tile.height / 2)), tile)


def render_board(board: Board, dpi: float, max_pixels: int = 200_000_000) -> Image.Image:
    """Rasterise a board at `dpi` (pixels per inch of the real-size board), anti-aliased."""
    k = dpi / 25.4
    w, h = check_png_size(board.width * k, board.height * k, max_pixels)
    ss = SUPERSAMPLE
    strip_h = max(1, min(h, _STRIP_PIXELS // (w * ss * ss)))
    img = Image.new("RGB", (w, h), "#ffffff")
    strips = _strip_shapes(board, k, h, strip_h)
    for n, top in enumerate(range(0, h, strip_h)):
        rows = min(strip_h, h - top)
        strip = Image.new("RGB", (w * ss, rows * ss), "#ffffff")
        draw = ImageDraw.Draw(strip)
        # Pillow draws at integer pixels, so the strip's offset is a whole supersampled pixel.
        dy = -top * ss / (k * ss) if top else 0.0
        for shape in strips[n]:
            _draw_shape(strip, draw, shape, k * ss, 0.0, dy)
        img.paste(strip.reduce(ss), (0, top))
    return img


def _strip_shapes(board: Board, k: float, h: int, strip_h: int) -> list[list[Shape]]:
    """The shapes each strip draws, in drawing order: those whose box (1 mm wider) meets
    the strip. A shape is checked only against the strips its box can reach."""
    count = -(-h // strip_h)
    out: list[list[Shape]] = [[] for _ in range(count)]
    for group in board.groups:
        for shape in group.shapes:
            _, min_y, _, max_y = shape.bbox()
            first = max(0, math.floor((min_y - 1) * k / strip_h) - 1)
            last = min(count - 1, math.floor((max_y + 1) * k / strip_h) + 1)
            for n in range(first, last + 1):
                top = n * strip_h
                rows = min(strip_h, h - top)
                if max_y >= top / k - 1 and min_y <= (top + rows) / k + 1:
                    out[n].append(shape)
    return out


def png_bytes(img: Image.Image, dpi: float) -> bytes:
    """Encode an image as PNG with its DPI recorded and no time stamp (reproducible)."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", dpi=(dpi, dpi), optimize=False, compress_level=6)
    return buf.getvalue()


def map_to_png(game_map: GameMap | HalfBoard, dpi: float = 150.0, hex_mm: float = 30.0,
               max_pixels: int = 200_000_000) -> bytes:
    """The board of `game_map` (or of a half of one) as PNG bytes."""
    return png_bytes(render_board(board_of(game_map, hex_mm), dpi, max_pixels), dpi)


class PngExporter:
    """Board raster at a chosen DPI."""

    name = "png"
    extension = ".png"
    description = "board picture (PNG at --dpi, board at --hex-mm)"

    def export(self, source: Any, out_path: Path, options: ExportOptions) -> Path:
        """Write the board of a GameMap as PNG."""
        check_options(options)
        data = map_to_png(source, options.dpi, options.hex_mm, options.max_pixels)
        return atomic_write_bytes(out_path, data)


register(PngExporter())
