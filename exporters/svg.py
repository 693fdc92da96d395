"""The board as SVG at real size (mm), written with the standard library's XML tools."""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from engine.model import GameMap
from exporters.base import ExportOptions, atomic_write_bytes, register
from exporters.board import Board, Shape, bezier_controls
from exporters.halfboard import HalfBoard, board_of
from exporters.limits import HEX_MM_RANGE, check_range
from packs.picture import picture_format

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"  # SVG 1.1 links an image with xlink:href
_FAMILIES = {"sans": "'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif",
             "serif": "Georgia, 'Times New Roman', 'DejaVu Serif', serif"}


def _n(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def _points(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _smooth_d(points: list[tuple[float, float]]) -> str:
    d = [f"M{_n(points[0][0])},{_n(points[0][1])}"]
    for (c1, c2), p in zip(bezier_controls(points), points[1:], strict=True):
        d.append(f"C{_n(c1[0])},{_n(c1[1])} {_n(c2[0])},{_n(c2[1])} {_n(p[0])},{_n(p[1])}")
    return " ".join(d)


def _text_elements(shape: Shape) -> list[ET.Element]:
    """A text, and before it its halo as a stroked copy: SVG 1.1 has no `paint-order`, and
    renderers that ignore it (cairosvg) would paint the stroke over the letters."""
    x, y = shape.points[0]
    attrs = {"x": _n(x), "y": _n(y + shape.size * 0.35), "font-size": _n(shape.size),
             "font-family": _FAMILIES[shape.family], "text-anchor": "middle"}
    if shape.bold:
        attrs["font-weight"] = "bold"
    if shape.italic:
        attrs["font-style"] = "italic"
    if shape.rotation:
        attrs["transform"] = f"rotate({_n(shape.rotation)} {_n(x)} {_n(y)})"
    out = []
    if shape.halo:
        halo = ET.Element("text", {**attrs, "fill": shape.halo, "stroke": shape.halo,
                                   "stroke-width": _n(shape.size * 0.18),
                                   "stroke-linejoin": "round", "class": "halo",
                                   "aria-hidden": "true"})
        halo.text = shape.text
        out.append(halo)
    text = ET.Element("text", {**attrs, "fill": shape.fill or "#000"})
    text.text = shape.text
    out.append(text)
    return out


def _image(shape: Shape) -> ET.Element:
    """An image embedded as a data: URI, stretched over its rectangle."""
    assert shape.picture is not None
    (x0, y0), (x1, y1) = shape.points[0], shape.points[1]
    uri = f"data:image/{picture_format(shape.picture)};base64," + \
        base64.b64encode(shape.picture).decode("ascii")
    attrs = {"x": _n(x0), "y": _n(y0), "width": _n(x1 - x0), "height": _n(y1 - y0),
             "preserveAspectRatio": "none", f"{{{XLINK_NS}}}href": uri}
    if shape.opacity < 1:
        attrs["opacity"] = _n(shape.opacity)
    return ET.Element("image", attrs)


def _element(shape: Shape) -> ET.Element:
    attrs: dict[str, str] = {}
    if shape.kind == "image":
        return _image(shape)
    if shape.kind == "circle":
        x, y = shape.points[0]
        attrs = {"cx": _n(x), "cy": _n(y), "r": _n(shape.radius)}
        tag = "circle"
    elif shape.kind == "polygon":
        tag, attrs = "polygon", {"points": _points(shape.points)}
    elif shape.smooth and len(shape.points) > 2:
        tag, attrs = "path", {"d": _smooth_d(shape.points)}
    else:
        tag, attrs = "polyline", {"points": _points(shape.points)}
    attrs["fill"] = shape.fill or "none"
    if shape.fill and shape.opacity < 1:
        attrs["fill-opacity"] = _n(shape.opacity)
    if shape.stroke:
        attrs["stroke"] = shape.stroke
        attrs["stroke-width"] = _n(shape.width)
        attrs["stroke-linejoin"] = "round"
        if shape.kind == "polyline":
            attrs["stroke-linecap"] = "butt" if shape.dash else "round"
        if shape.dash:
            attrs["stroke-dasharray"] = f"{_n(shape.dash[0])} {_n(shape.dash[1])}"
    return ET.Element(tag, attrs)


def board_to_svg(board: Board) -> bytes:
    """Serialise a laid-out board as an SVG document (UTF-8 bytes, real size in mm)."""
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    root = ET.Element("svg", {
        "xmlns": SVG_NS, "version": "1.1",
        "width": f"{_n(board.width)}mm", "height": f"{_n(board.height)}mm",
        "viewBox": f"0 0 {_n(board.width)} {_n(board.height)}",
    })
    title = ET.SubElement(root, "title")
    title.text = board.title
    for group in board.groups:
        attrs = {"class": group.name}
        if group.ident:
            attrs["id"] = group.ident
        attrs.update(group.attrs)
        g = ET.SubElement(root, "g", attrs)
        for shape in group.shapes:
            if shape.kind == "text":
                g.extend(_text_elements(shape))
            else:
                g.append(_element(shape))
    ET.indent(root, space=" ")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8",
                                                                    xml_declaration=False) + b"\n"


def map_to_svg(game_map: GameMap | HalfBoard, hex_mm: float = 30.0) -> bytes:
    """The board of `game_map` (or of a half of one) as SVG bytes."""
    return board_to_svg(board_of(game_map, hex_mm))


class SvgExporter:
    """Board drawing as SVG at real size."""

    name = "svg"
    extension = ".svg"
    description = "board drawing (SVG, real size in mm)"

    def export(self, source: Any, out_path: Path, options: ExportOptions) -> Path:
        """Write the board of a GameMap as SVG."""
        check_range("--hex-mm", options.hex_mm, HEX_MM_RANGE)
        return atomic_write_bytes(out_path, map_to_svg(source, options.hex_mm))


register(SvgExporter())
