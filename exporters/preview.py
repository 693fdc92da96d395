"""The exported board drawn small, for the editor's export preview (no Qt: it runs in a worker).

`board_picture` is the PNG export's drawing (hex cells rastered) scaled to fit a box of
pixels, as raw RGB rows with the board's size in millimetres. It is a plain function of
picklable values so that the editor can run it in a worker process for a big map.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.model import GameMap
from exporters.board import build_board
from exporters.png import render_board


@dataclass(frozen=True)
class BoardPicture:
    """The board at `scale` pixels per mm: `width` x `height` pixels of RGB bytes."""

    hex_mm: float
    board_w: float  # mm
    board_h: float  # mm
    scale: float  # pixels per mm
    width: int
    height: int
    rgb: bytes


def board_picture(game_map: GameMap, hex_mm: float, max_w: int, max_h: int) -> BoardPicture:
    """The board of `game_map` at `hex_mm` drawn as the PNG export draws it, scaled to fit
    `max_w` x `max_h` pixels."""
    # Hex cells rastered as the PNG export draws them: a shape per hex made a 1M-hex map's
    # preview take 18 s.
    board = build_board(game_map, hex_mm, raster_cells=True)
    k = min(max_w / board.width, max_h / board.height)
    image = render_board(board, k * 25.4)
    return BoardPicture(hex_mm, board.width, board.height, k, image.width, image.height,
                        image.convert("RGB").tobytes())


def warm() -> None:
    """Nothing: a worker process calling it has loaded this module (numpy, Pillow, the
    board and PNG code) before its first picture is asked for."""
