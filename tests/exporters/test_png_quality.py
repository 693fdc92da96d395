"""The PNG board: anti-aliased at every size (drawn in strips), and fonts from the project."""

from __future__ import annotations

import pytest
from PIL import Image, ImageFont

import exporters.png as png
from engine.model import GameMap, MapLayout
from exporters.board import build_board

from .conftest import sample_map


def _plain_map(width: int, height: int) -> GameMap:
    m = GameMap.blank("plain", width, height, layout=MapLayout("pointy", 32.0, "odd"))
    m.set_terrain(m.to_axial(width // 2, height // 2), "water")
    return m


def _interior_colours(img: Image.Image) -> int:
    """Distinct colours in the middle of the board: only hex fills and grid lines are there."""
    w, h = img.size
    crop = img.crop((w // 3, h // 3, 2 * w // 3, 2 * h // 3))
    return len(crop.getcolors(maxcolors=1 << 20) or [])


def test_large_png_is_anti_aliased():
    """Regression: above 12 million pixels the board was drawn without anti-aliasing, so the
    grid lines had only the fill and the line colour (jagged edges)."""
    board = build_board(_plain_map(30, 24), 30.0)
    img = png.render_board(board, 120)
    assert img.width * img.height > 12_000_000
    assert _interior_colours(img) > 8


def test_strips_join_without_seams(monkeypatch):
    board = build_board(sample_map(), 30.0)
    whole = png.render_board(board, 40)
    monkeypatch.setattr(png, "_STRIP_PIXELS", 200_000)  # many strips
    stripped = png.render_board(board, 40)
    assert whole.size == stripped.size
    diff = sum(abs(a - b) for pa, pb in zip(whole.get_flattened_data(),
                                             stripped.get_flattened_data(), strict=True)
               for a, b in zip(pa, pb, strict=True))
    assert diff / (whole.width * whole.height * 3) < 0.5  # off by at most rounding at seams


def test_boards_use_only_the_bundled_fonts(monkeypatch):
    """No system font is ever looked up: the board bytes are the same on every machine."""
    real = ImageFont.truetype
    opened = []

    def only_bundled(font, *args, **kwargs):
        opened.append(font)
        assert str(font).startswith(str(png.FONT_DIR)), font
        return real(font, *args, **kwargs)

    monkeypatch.setattr(ImageFont, "truetype", only_bundled)
    monkeypatch.setattr(ImageFont, "load_default", lambda *a, **k: pytest.fail("default font"))
    png._font.cache_clear()
    try:
        png.map_to_png(sample_map(), 20)
    finally:
        png._font.cache_clear()
    assert opened
    assert (png.FONT_DIR / "LICENSE-DejaVu.txt").is_file()
