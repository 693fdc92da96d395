"""Winter maps export in the winter palette (as the editor draws them): PNG, SVG, PDF and
the Tiled tileset; summer maps keep their colours."""

from __future__ import annotations

import io
import re

import cairosvg
import pypdf
import pytest
from PIL import Image, ImageColor

import exporters.png as png
from engine.model import GameMap, MapLayout
from exporters.board import PALETTE, WINTER_PALETTE, BoardLayout, build_board, palette
from exporters.pdf import map_to_pdf
from exporters.svg import board_to_svg
from exporters.tiled import TiledGrid, tileset_png

DPI = 60


def _map(season: str) -> GameMap:
    m = GameMap.blank("snowy", 5, 4, layout=MapLayout("pointy", 32.0, "odd"), season=season)
    m.set_terrain(m.to_axial(3, 1), "forest")
    m.set_terrain(m.to_axial(1, 2), "water")
    return m


def _close(pixel, colour: str, tol: int = 4) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(pixel[:3], ImageColor.getrgb(colour),
                                                 strict=True))


def _sample(img: Image.Image, m: GameMap, col: int, row: int, hex_mm: float = 30.0):
    board = build_board(m, hex_mm)
    bl = BoardLayout(m, hex_mm, hex_mm * 0.4)
    x, y = bl.center(m.to_axial(col, row))
    k = img.width / board.width
    # a little off the centre: the forest's trees are drawn around it
    return img.convert("RGB").getpixel((round((x + 0.5) * k), round((y + 9) * k)))


def test_only_terrain_and_path_colours_change():
    summer = {k: PALETTE[k] for k in WINTER_PALETTE}
    others = {k: v for k, v in PALETTE.items() if k not in WINTER_PALETTE}
    # the swap goes by colour, so a swapped summer colour must name one thing only
    assert len(set(summer.values())) == len(summer)
    assert not set(summer.values()) & set(others.values())
    assert palette("summer") == PALETTE
    assert palette("winter")["fort"] == PALETTE["fort"]
    assert palette("winter")["meadow"] == WINTER_PALETTE["meadow"] != PALETTE["meadow"]


@pytest.mark.parametrize("season", ["summer", "winter"])
def test_png_and_svg_draw_the_season(season):
    m = _map(season)
    colours = palette(season)
    board = build_board(m, 30.0)
    assert board.season == season
    rendered = {
        "png": png.render_board(board, DPI),
        "svg": Image.open(io.BytesIO(cairosvg.svg2png(bytestring=board_to_svg(board),
                                                      output_width=round(board.width * DPI
                                                                         / 25.4)))),
    }
    for name, img in rendered.items():
        for (col, row), terrain in (((0, 0), "meadow"), ((3, 1), "forest"), ((1, 2), "water")):
            pixel = _sample(img, m, col, row)
            assert _close(pixel, colours[terrain]), (name, terrain, pixel)


def _fill_colours(pdf: bytes) -> set[tuple[float, float, float]]:
    page = pypdf.PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data().decode("latin-1")
    return {tuple(float(v) for v in t) for t in re.findall(r"([0-9.]+) ([0-9.]+) ([0-9.]+) rg",
                                                           page)}


def _has(colours: set[tuple[float, float, float]], colour: str) -> bool:
    want = [c / 255 for c in ImageColor.getrgb(colour)]
    return any(all(abs(a - b) < 0.003 for a, b in zip(c, want, strict=True)) for c in colours)


def test_pdf_page_map_and_legend_are_in_winter_colours():
    winter = _fill_colours(map_to_pdf(_map("winter")))
    summer = _fill_colours(map_to_pdf(_map("summer")))
    for terrain in ("meadow", "forest", "water"):
        assert _has(winter, WINTER_PALETTE[terrain]) and not _has(winter, PALETTE[terrain])
        assert _has(summer, PALETTE[terrain]) and not _has(summer, WINTER_PALETTE[terrain])


def test_tiled_tileset_is_in_winter_colours():
    grid = TiledGrid.for_map(_map("winter"))
    img = Image.open(io.BytesIO(tileset_png(grid, "winter"))).convert("RGB")
    meadow = img.getpixel((grid.tile_w // 2, grid.tile_h // 2))
    assert _close(meadow, WINTER_PALETTE["meadow"], 0)
    summer = Image.open(io.BytesIO(tileset_png(grid))).convert("RGB")
    assert _close(summer.getpixel((grid.tile_w // 2, grid.tile_h // 2)), PALETTE["meadow"], 0)
