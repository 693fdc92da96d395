"""Boards of Der Erste Weltkrieg area maps as SVG, PNG or PDF, through the hex board's
renderers (exporters.svg, exporters.png, exporters.pdf)."""

from __future__ import annotations

from pathlib import Path

from engine.area_model import AreaMap, AreaScenario
from engine.i18n import _
from exporters.area_board import build_area_board
from exporters.area_pack import build_area_pack
from exporters.area_pack_extras import board_background
from exporters.base import ExportError, ExportOptions, atomic_write_bytes
from exporters.limits import check_options
from exporters.pack import existing_version
from exporters.pdf import board_to_pdf
from exporters.png import png_bytes, render_board
from exporters.svg import board_to_svg

AREA_BOARD_FORMATS = {"svg": ".svg", "png": ".png", "pdf": ".pdf"}


def export_area_board(source: AreaMap | AreaScenario, fmt: str, out_path: Path,
                      options: ExportOptions, source_path: Path | None = None) -> Path:
    """Write the board of an area map (or a scenario's map, with its catalog's colours).
    `source_path` is the file `source` was loaded from: the map's background picture is found
    relative to the map's file (ExportError, located, when it is missing or broken)."""
    if fmt not in AREA_BOARD_FORMATS:
        raise ExportError(_("--format {fmt} is not available for area maps", fmt=fmt),
                          hint=
                          _("use one of: {area_board_formats}",
                            area_board_formats=', '.join(AREA_BOARD_FORMATS)))
    check_options(options)
    if isinstance(source, AreaScenario):
        assert source.map is not None
        map_path = source_path.parent / source.map_ref if source_path is not None else None
        board = build_area_board(source.map, source.catalog,
                                 background=board_background(source.map, map_path))
    else:
        board = build_area_board(source, background=board_background(source, source_path))
    if fmt == "svg":
        data = board_to_svg(board)
    elif fmt == "png":
        data = png_bytes(render_board(board, options.dpi, options.max_pixels), options.dpi)
    else:
        data = board_to_pdf(board, options.paper)
    return atomic_write_bytes(out_path, data)


def write_area_pack(scenario: AreaScenario, out_path: Path, source: Path | None = None) -> Path:
    """Write the pack of a loaded area scenario (`source`: its file, which locates the map's
    background picture and battlefields); its revision continues from the pack of the same id
    already at `out_path`."""
    pack = build_area_pack(scenario, previous_version=existing_version(out_path, scenario.id),
                           source=source)
    return atomic_write_bytes(out_path, pack.data)
