"""Documented bounds of the export options (docs/exporters.md, "Limits"), checked before any
work starts so that no option can make an export overflow, run for minutes or write a
useless file."""

from __future__ import annotations

import math

from engine.i18n import _
from exporters.base import ExportError, ExportOptions

DPI_RANGE = (10.0, 1200.0)
HEX_MM_RANGE = (5.0, 100.0)
MAX_PDF_PAGES = 200
MAX_PNG_SIDE = 30_000
MIN_PNG_SIDE = 16
MAX_PNG_PIXELS = 200_000_000


def check_range(name: str, value: float, bounds: tuple[float, float]) -> None:
    """Raise ExportError unless `value` is a finite number within `bounds`."""
    low, high = bounds
    if not (isinstance(value, int | float) and math.isfinite(value) and low <= value <= high):
        raise ExportError(_("{name} {value!r} is outside {low:g}–{high:g}", name=name, value=value,
                            low=low, high=high),
                          hint=
                          _("give {name} between {low:g} and {high:g}", name=name, low=low,
                            high=high))


def check_options(options: ExportOptions) -> None:
    """Raise ExportError if the DPI or hex size of `options` is out of its documented range."""
    check_range("--dpi", options.dpi, DPI_RANGE)
    check_range("--hex-mm", options.hex_mm, HEX_MM_RANGE)


def check_png_size(width_px: float, height_px: float,
                   max_pixels: int = MAX_PNG_PIXELS) -> tuple[int, int]:
    """The rounded pixel size of a PNG, or ExportError if a side or the area is out of the
    limits (also for infinite or NaN sizes)."""
    if not (math.isfinite(width_px) and math.isfinite(height_px)):
        raise ExportError(_("the PNG size is not a finite number"),
        hint=_("lower --dpi or --hex-mm"))
    w, h = round(width_px), round(height_px)
    if max(w, h) > MAX_PNG_SIDE or w * h > max_pixels:
        raise ExportError(_("the PNG would be {w}×{h} pixels, more than the limit of "
                            "{max_png_side:,} per side and {max_pixels:,} in all", w=w, h=h,
                            max_png_side=MAX_PNG_SIDE, max_pixels=max_pixels),
                          hint=_("lower --dpi or --hex-mm"))
    if max(w, h) < MIN_PNG_SIDE:
        raise ExportError(_("the PNG would be {w}×{h} pixels, less than {min_png_side} on its "
                            "longer side", w=w, h=h, min_png_side=MIN_PNG_SIDE), hint=
                          _("raise --dpi or --hex-mm"))
    return max(1, w), max(1, h)


def check_pages(pages: int) -> None:
    """Raise ExportError if a PDF would have more board pages than MAX_PDF_PAGES."""
    if pages > MAX_PDF_PAGES:
        raise ExportError(_("the PDF would have {pages:,} pages, more than the limit of "
                            "{max_pdf_pages}", pages=pages, max_pdf_pages=MAX_PDF_PAGES), hint=
                          _("lower --hex-mm or use --paper A3"))
