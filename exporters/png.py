"""The board as a PNG raster at a chosen DPI (Pillow), drawn from the shared board shapes."""

from __future__ import annotations

import io
import math
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageColor, ImageDraw, ImageFont

from engine.model import GameMap
from exporters.base import ExportOptions, atomic_write_bytes, register
from exporters.board import Board, Cells, Shape, dash_polyline, smooth_points
from exporters.halfboard import HalfBoard, board_of
from exporters.hexraster import cell_layers, rgb
from exporters.limits import check_options, check_png_size

# Every board is drawn at SUPERSAMPLE times the size and averaged down (Pillow draws polygons
# without anti-aliasing); large boards are drawn in horizontal strips so memory stays bounded.
SUPERSAMPLE = 3
_STRIP_PIXELS = 16_000_000  # supersampled pixels per strip
# A board with raster cells is drawn in tiles; only tiles that shapes reach are supersampled.
_TILE_ROWS, _TILE_COLS = 128, 512

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
                dx: float = 0.0, dy: float = 0.0, shift: tuple[int, int] = (0, 0)) -> None:
    """Draw a shape moved by (dx, dy) mm at `k` pixels per mm, then by -`shift` pixels."""
    width = max(1, round(shape.width * k)) if shape.stroke else 0
    sx, sy = shift
    if shape.kind == "image":
        _draw_image(img, shape, k, dx, dy, shift)
    elif shape.kind == "polygon":
        pts = [((x + dx) * k - sx, (y + dy) * k - sy) for x, y in shape.points]
        if shape.fill and shape.opacity < 1:
            alpha = round(255 * shape.opacity)
            ImageDraw.Draw(img, "RGBA").polygon(pts, fill=(*ImageColor.getrgb(shape.fill)[:3],
                                                           alpha))
        elif shape.fill:
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
        x, y = (shape.points[0][0] + dx) * k - sx, (shape.points[0][1] + dy) * k - sy
        r = shape.radius * k
        draw.ellipse((x - r, y - r, x + r, y + r), fill=shape.fill, outline=shape.stroke,
                     width=width)
    elif shape.kind == "text":
        x, y = (shape.points[0][0] + dx) * k - sx, (shape.points[0][1] + dy) * k - sy
        _draw_text(img, draw, shape, k, x, y)


def _decoded(shape: Shape) -> Image.Image:
    assert shape.picture is not None
    with Image.open(io.BytesIO(shape.picture)) as source:
        return source.convert("RGB")


def _draw_image(img: Image.Image, shape: Shape, k: float, dx: float, dy: float,
                shift: tuple[int, int], picture: Image.Image | None = None) -> None:
    """Blend the part of an image's picture (`picture`: it decoded, else decoded here) that
    falls on `img` over it at its opacity: only that part is scaled, so a strip of a large
    board never holds the whole scaled picture."""
    (x0, y0), (x1, y1) = shape.points[0], shape.points[1]
    left, top = (x0 + dx) * k - shift[0], (y0 + dy) * k - shift[1]
    right, bottom = (x1 + dx) * k - shift[0], (y1 + dy) * k - shift[1]
    box = (max(0, math.floor(left)), max(0, math.floor(top)),
           min(img.width, math.ceil(right)), min(img.height, math.ceil(bottom)))
    if box[0] >= box[2] or box[1] >= box[3] or right <= left or bottom <= top:
        return
    if picture is None:
        picture = _decoded(shape)
    sx, sy = picture.width / (right - left), picture.height / (bottom - top)
    # the target box is whole pixels, so its source may reach a fraction past the picture
    source_box = (max(0.0, (box[0] - left) * sx), max(0.0, (box[1] - top) * sy),
                  min(picture.width, (box[2] - left) * sx),
                  min(picture.height, (box[3] - top) * sy))
    part = picture.resize((box[2] - box[0], box[3] - box[1]), Image.Resampling.BILINEAR,
                          box=source_box)
    under = img.crop(box)
    img.paste(Image.blend(under, part, shape.opacity), box[:2])


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
    if board.cells is not None:
        return _render_cells(board, board.cells, k, w, h)
    ss = SUPERSAMPLE
    strip_h = max(1, min(h, _STRIP_PIXELS // (w * ss * ss)))
    img = Image.new("RGB", (w, h), "#ffffff")
    strips = _strip_shapes(board, k, h, strip_h)
    pictures = {id(s): _decoded(s) for g in board.groups for s in g.shapes if s.kind == "image"}
    for n, top in enumerate(range(0, h, strip_h)):
        rows = min(strip_h, h - top)
        strip = Image.new("RGB", (w * ss, rows * ss), "#ffffff")
        draw = ImageDraw.Draw(strip)
        # Pillow draws at integer pixels, so the strip's offset is a whole supersampled pixel.
        dy = -top * ss / (k * ss) if top else 0.0
        for shape in strips[n]:
            if shape.kind == "image":  # decoded once for all strips
                _draw_image(strip, shape, k * ss, 0.0, dy, (0, 0), pictures[id(shape)])
            else:
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


def _render_cells(board: Board, cells: Cells, k: float, w: int, h: int) -> Image.Image:
    """Render a board whose hex cells are rastered (`exporters.hexraster`): per tile, the
    cells, then the shapes under the grid supersampled, the grid, the shapes over it."""
    ss = SUPERSAMPLE
    names = [g.name for g in board.groups]
    cut = names.index("grid")
    under = [s for g in board.groups[:cut] if g.name not in ("paper", "terrain") for s in g.shapes]
    over = [s for g in board.groups[cut + 1:] for s in g.shapes]
    cache: dict[int, list[np.ndarray]] = {}
    under_tiles = _tile_shapes(under, k, w, h, cache)
    over_tiles = _tile_shapes(over, k, w, h, cache)
    # The grid as wide as the shape renderer draws it: whole supersampled pixels.
    line_px = max(1, round(cells.grid_width * k * ss)) / ss
    grid = np.array(rgb(cells.grid), dtype=np.float32)
    out = np.empty((h, w, 3), dtype=np.uint8)
    for row, top in enumerate(range(0, h, _TILE_ROWS)):
        rows = min(_TILE_ROWS, h - top)
        colour, cover = cell_layers(cells, k, top, rows, w, line_px)
        band = out[top:top + rows]
        band[:] = _blend(colour, grid, cover)
        for col, left in enumerate(range(0, w, _TILE_COLS)):
            shapes = under_tiles.get((row, col))
            if shapes:
                # this tile again: shapes between the terrain and the grid
                part = slice(left, left + _TILE_COLS)
                tile = np.rint(colour[:, part]).astype(np.uint8)
                _draw_tile(tile, shapes, k, left, top, cache)
                band[:, part] = _blend(tile.astype(np.float32), grid, cover[:, part])
        for col, left in enumerate(range(0, w, _TILE_COLS)):
            shapes = over_tiles.get((row, col))
            if shapes:
                _draw_tile(band[:, left:left + _TILE_COLS], shapes, k, left, top, cache)
    return Image.fromarray(out, "RGB")


def _blend(colour: np.ndarray, ink: np.ndarray, cover: np.ndarray) -> np.ndarray:
    """`ink` over float `colour` by `cover`, as uint8 (`colour` is left as it was)."""
    mixed = np.subtract(ink, colour)
    mixed *= cover[:, :, None]
    mixed += colour
    return np.rint(mixed, out=mixed).astype(np.uint8)


def _tile_shapes(shapes: list[Shape], k: float, w: int, h: int,
                 cache: dict[int, list[np.ndarray]]) -> dict[tuple[int, int], list[Shape]]:
    """The shapes of each tile (row, column) in drawing order: those whose box, 1 mm wider,
    meets it (a curve's box is that of its drawn points: it can swing past its points)."""
    out: dict[tuple[int, int], list[Shape]] = {}
    last_row, last_col = (h - 1) // _TILE_ROWS, (w - 1) // _TILE_COLS
    for shape in shapes:
        if shape.kind == "polyline":
            drawn = np.concatenate(_polyline_pieces(shape, cache))
            pad = shape.width / 2
            x0, y0 = drawn.min(axis=0) - pad
            x1, y1 = drawn.max(axis=0) + pad
        else:
            x0, y0, x1, y1 = shape.bbox()
        r0 = max(0, math.floor((y0 - 1) * k / _TILE_ROWS))
        r1 = min(last_row, math.floor((y1 + 1) * k / _TILE_ROWS))
        c0 = max(0, math.floor((x0 - 1) * k / _TILE_COLS))
        c1 = min(last_col, math.floor((x1 + 1) * k / _TILE_COLS))
        for row in range(r0, r1 + 1):
            for col in range(c0, c1 + 1):
                out.setdefault((row, col), []).append(shape)
    return out


def _polyline_pieces(shape: Shape, cache: dict[int, list[np.ndarray]]) -> list[np.ndarray]:
    """The drawn pieces of a polyline in mm (smoothed, cut into dashes), worked out once per
    shape and kept in `cache`."""
    pieces = cache.get(id(shape))
    if pieces is None:
        pts = smooth_points(shape.points) if shape.smooth else shape.points
        parts = dash_polyline(pts, shape.dash[0], shape.dash[1]) if shape.dash else [pts]
        pieces = [np.array(p, dtype=np.float64).reshape(-1, 2) for p in parts]
        cache[id(shape)] = pieces
    return pieces


def _draw_tile(tile: np.ndarray, shapes: list[Shape], k: float, left: int, top: int,
               cache: dict[int, list[np.ndarray]]) -> None:
    """Draw shapes supersampled over the pixels of `tile` (whose corner is at left, top)."""
    ss = SUPERSAMPLE
    rows, cols = tile.shape[:2]
    img = Image.fromarray(tile, "RGB").resize((cols * ss, rows * ss), Image.Resampling.NEAREST)
    draw = ImageDraw.Draw(img)
    for shape in shapes:
        if shape.kind == "polyline":
            _draw_polyline_clipped(draw, shape, k * ss, left * ss, top * ss, img.size, cache)
        else:
            _draw_shape(img, draw, shape, k * ss, shift=(left * ss, top * ss))
    tile[:] = np.asarray(img.reduce(ss))


def _draw_polyline_clipped(draw: ImageDraw.ImageDraw, shape: Shape, k: float, left: int,
                           top: int, size: tuple[int, int], cache: dict[int, list[np.ndarray]]
                           ) -> None:
    """Draw a polyline as `_draw_shape` does, only the runs of it that reach the tile image."""
    width = max(1, round(shape.width * k))
    pad = width + 2
    box = (left - pad, top - pad, left + size[0] + pad, top + size[1] + pad)
    shift = np.array([left, top], dtype=np.float64)
    for piece in _polyline_pieces(shape, cache):
        for run in _runs_in(piece * k, box):
            pts = [tuple(p) for p in (run - shift).tolist()]
            draw.line(pts, fill=shape.stroke, width=width, joint="curve")
            if not shape.dash and width > 2:
                r = width / 2
                for x, y in pts:
                    draw.ellipse((x - r, y - r, x + r, y + r), fill=shape.stroke)


def _runs_in(pts: np.ndarray, box: tuple[float, float, float, float]) -> list[np.ndarray]:
    """The runs of consecutive segments of a polyline whose boxes meet `box`."""
    if len(pts) < 2:
        return []
    a, b = pts[:-1], pts[1:]
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    meets = (hi[:, 0] >= box[0]) & (lo[:, 0] <= box[2]) & (hi[:, 1] >= box[1]) & (
        lo[:, 1] <= box[3])
    if not meets.any():
        return []
    if meets.all():
        return [pts]
    edges = np.flatnonzero(np.diff(np.concatenate(([0], meets.astype(np.int8), [0]))))
    return [pts[start:stop + 1] for start, stop in zip(edges[::2], edges[1::2], strict=True)]


def png_bytes(img: Image.Image, dpi: float) -> bytes:
    """Encode an image as PNG with its DPI recorded and no time stamp (reproducible)."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", dpi=(dpi, dpi), optimize=False, compress_level=6)
    return buf.getvalue()


def map_to_png(game_map: GameMap | HalfBoard, dpi: float = 150.0, hex_mm: float = 30.0,
               max_pixels: int = 200_000_000) -> bytes:
    """The board of `game_map` (or of a half of one) as PNG bytes."""
    board = board_of(game_map, hex_mm, raster_cells=True)
    return png_bytes(render_board(board, dpi, max_pixels), dpi)


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
