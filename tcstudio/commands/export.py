"""`tcstudio export`: a map or scenario file as pack, Tiled map, SVG, PNG or PDF."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.content import Loaded, load_file
from engine.i18n import _
from exporters import base
from exporters.halfboard import half_board
from exporters.limits import DPI_RANGE, HEX_MM_RANGE
from tcstudio.cli_support import not_a_file, print_problems

FORMATS = ["pack", "tiled", "tmj", "svg", "png", "pdf", "conformance"]
SCENARIO_FORMATS = ("pack", "conformance")
BOARD_FORMATS = ("svg", "png", "pdf")
WHOLE_MAP = "all"


def bounded_float(bounds: tuple[float, float]) -> Callable[[str], float]:
    """argparse type: a finite number within `bounds` (documented in docs/exporters.md)."""
    low, high = bounds

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("{text!r} is not a number", text=text)) from None
        if not (math.isfinite(value) and low <= value <= high):
            raise argparse.ArgumentTypeError(_("{text} is outside {low:g}–{high:g}", text=text,
                                               low=low, high=high))
        return value

    return parse


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `export` subcommand."""
    p = subparsers.add_parser(
        "export", help=_("export a map or scenario (pack, Tiled, SVG, PNG, PDF)"),
        description=
        _("Export a map file (or a scenario's map) as a Tiled map (tiled: .tmx, tmj: .tmj, each "
          "with a terrain tileset PNG), an SVG or PNG board, a print-and-play PDF, or a scenario "
          "as a map pack or as rules conformance vectors."))
    p.add_argument("file", metavar="FILE", help=_("map or scenario file (YAML or JSON)"))
    p.add_argument("--format", required=True, choices=FORMATS, help=_("output format"))
    p.add_argument("--out", metavar="PATH",
                   help=_("output file, or a folder to write ID.EXT into (default: ./ID.EXT)"))
    p.add_argument("--dpi", type=bounded_float(DPI_RANGE), default=150.0,
                   help=
                   _("PNG resolution, {dpi_range:g}–{dpi_range2:g} (150)", dpi_range=DPI_RANGE[0],
                     dpi_range2=DPI_RANGE[1]))
    p.add_argument("--paper", choices=["A4", "A3"], default="A4", help=_("PDF paper (A4)"))
    p.add_argument("--hex-mm", type=bounded_float(HEX_MM_RANGE), default=30.0, dest="hex_mm",
                   help=
                   _("hex width across flats in mm for SVG/PNG/PDF, "
                     "{hex_mm_range:g}–{hex_mm_range2:g} (30)", hex_mm_range=HEX_MM_RANGE[0],
                     hex_mm_range2=HEX_MM_RANGE[1]))
    p.add_argument("--half", metavar="REGION",
                   help=
                   _("svg/png/pdf: print only this region of the map (a 2-player half such as "
                     "half_1_6) as its own board; a 2-player scenario prints its half unless "
                     "--half {whole_map}", whole_map=WHOLE_MAP))
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Export; 0 ok, 1 invalid content or export problem, 2 unreadable input."""
    source = Path(args.file)
    if not source.is_file():
        sys.stderr.write(_("tcstudio export: {source}: {why} (hint: give a .map.yaml or "
                           ".scenario.yaml file)\n", source=source, why=not_a_file(source)))
        return 2
    loaded = load_file(source)
    if loaded.document is None:
        print_problems(loaded.problems, "text")
        return 1
    if loaded.kind in ("area-map", "area-scenario"):
        return _export_area(loaded, args)
    if loaded.kind == "map" and args.format in SCENARIO_FORMATS:
        sys.stderr.write(_("tcstudio export: {source}: --format {format} needs a scenario (hint: "
                           "export the scenario file that uses this map)\n", source=source,
                           format=args.format))
        return 1
    if loaded.kind not in ("map", "scenario"):
        sys.stderr.write(_("tcstudio export: {source} is a {kind} file (hint: export a map or a "
                           "scenario)\n", source=source, kind=loaded.kind))
        return 1
    if not loaded.ok:
        print_problems(loaded.problems, "text")
        return 1
    obj = loaded.model
    ident = obj.id
    if loaded.kind == "scenario" and args.format not in SCENARIO_FORMATS:
        obj = obj.map
    half = _half(args, loaded.model if loaded.kind == "scenario" else None)
    if half and args.format not in BOARD_FORMATS:
        sys.stderr.write(_("tcstudio export: --half is for the boards ({board_formats}) (hint: "
                           "drop --half for --format {format})\n",
                           board_formats=', '.join(BOARD_FORMATS), format=args.format))
        return 1
    exporter = base.get(args.format)
    out = _target(args.out, f"{ident}{'-' + half if half else ''}{exporter.extension}")
    if out is None:
        return 2
    options = base.ExportOptions(dpi=args.dpi, paper=args.paper, hex_mm=args.hex_mm)
    try:
        if half:
            obj = half_board(obj, half)
        written = exporter.export(obj, out, options)
    except base.ExportError as err:
        sys.stderr.write(_("tcstudio export: {err}\n", err=err))
        return 1
    except OSError as err:
        sys.stderr.write(_("tcstudio export: cannot write {value}: {strerror}\n",
                           value=err.filename or out, strerror=err.strerror))
        return 2
    print(_("wrote {written}", written=written))
    return 0


def _export_area(loaded: Loaded, args: argparse.Namespace) -> int:
    """A Der Erste Weltkrieg board (SVG, PNG, PDF) of an area map or scenario, or the pack of
    an area scenario."""
    # lazy: the renderers (Pillow, fpdf) load only when an area board is exported
    from exporters.area_exports import AREA_BOARD_FORMATS, export_area_board, write_area_pack

    if not loaded.ok:
        print_problems(loaded.problems, "text")
        return 1
    if args.half:
        sys.stderr.write(_("tcstudio export: {file}: --half is for hex maps (hint: an area map is "
                           "printed whole; drop --half)\n", file=args.file))
        return 1
    if args.format == "pack" and loaded.kind != "area-scenario":
        sys.stderr.write(_("tcstudio export: {file}: --format pack needs a scenario (hint: export "
                           "the area scenario file that uses this map)\n", file=args.file))
        return 1
    extensions = {**AREA_BOARD_FORMATS, "pack": ".tcpack"}
    if args.format not in extensions:
        sys.stderr.write(_("tcstudio export: {file}: --format {format} is not available for Der "
                           "Erste Weltkrieg content yet (hint: use {extensions})\n",
                           file=args.file, format=args.format, extensions=', '.join(extensions)))
        return 1
    out = _target(args.out, f"{loaded.model.id}{extensions[args.format]}")
    if out is None:
        return 2
    options = base.ExportOptions(dpi=args.dpi, paper=args.paper, hex_mm=args.hex_mm)
    try:
        if args.format == "pack":
            written = write_area_pack(loaded.model, out, Path(args.file))
        else:
            written = export_area_board(loaded.model, args.format, out, options,
                                        Path(args.file))
    except base.ExportError as err:
        sys.stderr.write(_("tcstudio export: {err}\n", err=err))
        return 1
    except OSError as err:
        sys.stderr.write(_("tcstudio export: cannot write {value}: {strerror}\n",
                           value=err.filename or out, strerror=err.strerror))
        return 2
    print(_("wrote {written}", written=written))
    return 0


def _half(args: argparse.Namespace, scenario: Any) -> str | None:
    """The region to print as its own board: --half, else a 2-player scenario's half (only
    for the board formats), None for the whole map."""
    if args.half == WHOLE_MAP:
        return None
    if args.half:
        return str(args.half)
    if scenario is not None and args.format in BOARD_FORMATS and scenario.players == 2:
        return scenario.half
    return None


def _target(arg: str | None, file_name: str) -> Path | None:
    """The file to write: `--out` itself, or `file_name` inside it when it is a folder (or
    ends with a slash: a folder made now). None after printing why the folder is unusable."""
    out = Path(arg) if arg else Path.cwd()
    if not (out.is_dir() or (arg and arg.endswith(("/", "\\")))):
        return out
    try:
        out.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        sys.stderr.write(_("tcstudio export: --out {arg}: {out} is a file, not a folder (hint: "
                           "drop the trailing slash to write that file, or name a folder)\n",
                           arg=arg, out=out))
        return None
    except OSError as err:
        sys.stderr.write(_("tcstudio export: cannot create the folder {value}: {strerror} (hint: "
                           "choose a folder you can write to)\n", value=err.filename or out,
                           strerror=err.strerror))
        return None
    return out / file_name
