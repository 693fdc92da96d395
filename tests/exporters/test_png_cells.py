"""The PNG board with rastered hex cells (`exporters.hexraster`) looks like the board drawn
shape by shape, in every layout and season, anti-aliased and without tile seams."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from PIL import Image

import exporters.pdf as pdf
import exporters.png as png
from engine.content.loaders import load_file
from engine.model import GameMap, MapLayout
from engine.paths import CONTENT_DIR
from exporters.board import Shape, build_board
from exporters.halfboard import board_of, half_board

from .conftest import sample_map


def _pixels(img: Image.Image) -> np.ndarray:
    return np.asarray(img).astype(np.int16)


def _both(source, dpi: float) -> tuple[np.ndarray, np.ndarray]:
    """The board drawn shape by shape, and with rastered cells."""
    shapes = png.render_board(board_of(source, 30.0), dpi)
    cells = png.render_board(board_of(source, 30.0, raster_cells=True), dpi)
    assert shapes.size == cells.size
    return _pixels(shapes), _pixels(cells)


def _assert_alike(old: np.ndarray, new: np.ndarray) -> None:
    diff = np.abs(old - new)
    assert diff.mean() < 1.0, diff.mean()  # measured: 0.3-0.45 on the default map
    # Only the anti-aliased rims of lines and edges differ, by a fraction of a pixel.
    assert (diff.max(axis=2) > 32).mean() < 0.005


@pytest.mark.parametrize("season", ["summer", "winter"])
def test_default_map_looks_as_drawn_shape_by_shape(season):
    game_map = load_file(CONTENT_DIR / "maps" / "default.map.yaml").model
    _assert_alike(*_both(dataclasses.replace(game_map, season=season), 40))


@pytest.mark.parametrize(("orientation", "offset"),
                         [("pointy", "odd"), ("pointy", "even"), ("flat", "odd"), ("flat", "even")])
def test_every_layout_finds_the_right_hexes(orientation, offset):
    """Regression guard for the offset maths: a wrong cell index shifts whole hex fills."""
    _assert_alike(*_both(sample_map(orientation, offset), 60))


def test_a_half_board_covers_its_out_of_play_hexes():
    m = sample_map()
    _assert_alike(*_both(half_board(m, "half_1_6"), 50))


def test_cells_are_anti_aliased():
    m = GameMap.blank("plain", 6, 5, layout=MapLayout("pointy", 32.0, "odd"))
    img = png.render_board(build_board(m, 30.0, raster_cells=True), 120)
    w, h = img.size
    crop = img.crop((w // 3, h // 3, 2 * w // 3, 2 * h // 3))
    # fill, line and the steps of coverage between them
    assert len(crop.getcolors(maxcolors=1 << 20) or []) > 5


def test_tiles_join_without_seams(monkeypatch):
    board = build_board(sample_map(), 30.0, raster_cells=True)
    whole = _pixels(png.render_board(board, 60))
    monkeypatch.setattr(png, "_TILE_ROWS", 37)
    monkeypatch.setattr(png, "_TILE_COLS", 53)
    tiled = _pixels(png.render_board(board, 60))
    assert np.abs(whole - tiled).mean() < 0.05
    # Pillow rounds a wide line's corners differently once they are off the image (negative),
    # so a line crossing a seam can move by one supersampled pixel: 0.06 % of pixels here.
    assert (np.abs(whole - tiled).max(axis=2) > 32).mean() < 0.001


def test_a_curve_reaches_the_tiles_it_swings_into():
    """Regression: tiles took a curve's box from its points, but a smoothed curve swings past
    them; the tile under the swing drew the road's dark edge without its light middle."""
    k = 1.0
    lowest = png._TILE_ROWS - 4.0  # points 4 px above the next tile row, 1 mm pad is 1 px
    curve = Shape("polyline", [(0.0, 0.0), (100.0, lowest), (200.0, lowest), (300.0, 0.0)],
                  stroke="#000000", width=1.0, smooth=True)
    drawn = np.concatenate(png._polyline_pieces(curve, {}))
    assert drawn[:, 1].max() > png._TILE_ROWS  # the curve swings into the next tile row ...
    tiles = png._tile_shapes([curve], k, 400, 400, {})
    assert (1, 0) in tiles  # ... so that tile draws it


def test_map_png_is_deterministic_and_rasters_cells():
    m = sample_map()
    first = png.map_to_png(m, dpi=50)
    assert first == png.map_to_png(m, dpi=50)
    assert first.startswith(b"\x89PNG")


def test_a_large_board_page_map_is_a_picture(monkeypatch):
    """The page map of a large board embeds the board as an image (its vector drawing was a
    third of a 100k-hex export); a small board keeps the vector page map."""
    small = pdf.map_to_pdf(sample_map(), "A4")
    assert b"/Subtype /Image" not in small
    monkeypatch.setattr(pdf, "OVERVIEW_PICTURE_HEXES", 50)
    large = pdf.map_to_pdf(sample_map(), "A4")
    assert b"/Subtype /Image" in large
    assert large == pdf.map_to_pdf(sample_map(), "A4")  # deterministic
    # the board pages themselves stay vectors: the same page count, more than the picture
    assert large.count(b"/Type /Page\n") == small.count(b"/Type /Page\n") > 1
