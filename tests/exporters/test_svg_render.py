"""The SVG rendered by real SVG 1.1 renderers (cairosvg, resvg): halo texts stay readable."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import cairosvg
import pytest
import resvg_py
from PIL import Image

from exporters.board import PALETTE, Board, build_board
from exporters.svg import board_to_svg

from .conftest import sample_map

PX_PER_MM = 8


def _cairosvg(svg: bytes) -> Image.Image:
    png = cairosvg.svg2png(bytestring=svg, scale=PX_PER_MM * 25.4 / 96)
    return Image.open(io.BytesIO(png)).convert("L")


def _resvg(svg: bytes, board: Board) -> Image.Image:
    png = resvg_py.svg_to_bytes(svg_string=svg.decode("utf-8"), dpi=PX_PER_MM * 25.4)
    return Image.open(io.BytesIO(bytes(png))).convert("L")


def _fort_name_boxes(board: Board) -> dict[str, tuple[int, int, int, int]]:
    boxes = {}
    for group in board.groups:
        for shape in group.shapes:
            if shape.kind == "text" and shape.halo == PALETTE["fort_wall"]:
                x, y = shape.points[0]
                w, h = shape.size * 0.3 * len(shape.text), shape.size * 0.4
                boxes[shape.text] = tuple(round(v * PX_PER_MM)
                                          for v in (x - w, y - h, x + w, y + h))
    return boxes


@pytest.mark.parametrize("renderer", ["cairosvg", "resvg"])
def test_fort_names_are_light_on_dark(renderer):
    """Regression: with SVG 2 `paint-order` cairosvg painted the dark halo over the letters."""
    board = build_board(sample_map(), 30.0)
    svg = board_to_svg(board)
    img = _cairosvg(svg) if renderer == "cairosvg" else _resvg(svg, board)
    assert abs(img.width - board.width * PX_PER_MM) <= 1
    boxes = _fort_name_boxes(board)
    assert len(boxes) == 2
    for name, box in boxes.items():
        pixels = list(img.crop(box).get_flattened_data())
        light = sum(p > 200 for p in pixels) / len(pixels)
        dark = sum(p < 80 for p in pixels) / len(pixels)
        assert light > 0.2 and dark > 0.2, (name, renderer, light, dark)


def test_halo_is_a_separate_text_drawn_first():
    svg = board_to_svg(build_board(sample_map(), 30.0))
    assert b"paint-order" not in svg
    root = ET.fromstring(svg)
    texts = [t for t in root.iter("{http://www.w3.org/2000/svg}text") if t.text == "Fort Nord"]
    assert [t.get("class") for t in texts] == ["halo", None]
    assert texts[0].get("stroke") == texts[0].get("fill") == PALETTE["fort_wall"]
    assert texts[1].get("fill") == PALETTE["marker"] and texts[1].get("stroke") is None
