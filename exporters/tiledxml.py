"""Reading Tiled files safely into one shape: a `.tmx` (XML) or `.tmj` (JSON) map, and the
external `.tsx`/`.tsj` tilesets it names, become the TMJ-shaped dict Tiled's JSON format
uses, with the source line of every part (by JSON pointer) for located messages.

XML goes through defusedxml with DTDs forbidden: a TMX never needs one, and without a DTD
there are no entities (no "billion laughs", no external files read by the parser).
"""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from engine.content import ContentError, parse_json
from engine.content.positions import Positions
from engine.content.problems import Problem, error
from engine.i18n import _

MAX_TILED_BYTES = 64 * 1024 * 1024
MAX_TILESETS = 64  # a Studio map has one; Tiled's own maps seldom more than a few
MAX_CELLS = 1_000_000  # the map schema's limit on hexes


class TiledReadError(ContentError):
    """A Tiled file that cannot be read at all (the problems say where and why)."""


@dataclass
class TiledSource:
    """A Tiled map as Tiled's JSON shape, where each part came from, and the tilesets'
    files (for messages)."""

    doc: dict[str, Any]
    file: str
    positions: Positions = field(default_factory=Positions)

    @property
    def lines(self) -> dict[str, tuple[int, int]]:
        """(line, col) of each located part, by JSON pointer. A TMJ's are found when first
        asked for (only a problem needs them): scanning 50 MB of JSON for the place of
        every value took far longer than reading it."""
        return self.positions.values

    def where(self, pointer: str) -> dict[str, Any]:
        """Location fields (file, line, col) of the nearest located part at `pointer`."""
        p = pointer
        while p and p not in self.lines:
            p = p.rsplit("/", 1)[0]
        line, col = self.lines.get(p, (None, None))
        return {"file": self.file, "line": line, "col": col}


def _fail(code: str, message: str, hint: str, file: str, line: int | None = None,
          col: int | None = None) -> TiledReadError:
    return TiledReadError([error(code, message, hint, file=file, line=line, col=col)])


def read_bytes(path: Path) -> bytes:
    """The file's bytes, refusing files above MAX_TILED_BYTES before reading them."""
    size = path.stat().st_size
    if size > MAX_TILED_BYTES:
        raise _fail("tiled.too_large", f"the file has {size:,} bytes, more than the limit of "
                    f"{MAX_TILED_BYTES:,}", "a Tiled map of 1,000,000 hexes is far smaller; "
                    "check that this is the right file", str(path))
    return path.read_bytes()


# --- XML ----------------------------------------------------------------------------------


class _LineBuilder(ET.TreeBuilder):
    """A tree builder that remembers the (line, column) where each element starts."""

    def __init__(self) -> None:
        super().__init__()
        self.parser: DefusedXMLParser | None = None
        self.lines: dict[ET.Element, tuple[int, int]] = {}

    def start(self, tag: str, attrs: dict[str, str]) -> ET.Element:  # type: ignore[override]
        el = super().start(tag, attrs)
        if self.parser is not None:
            raw = self.parser.parser  # the expat parser inside
            self.lines[el] = (raw.CurrentLineNumber, raw.CurrentColumnNumber + 1)
        return el


def parse_xml(data: bytes, file: str) -> tuple[ET.Element, dict[ET.Element, tuple[int, int]]]:
    """Parse XML without DTDs or entities; the root and each element's position."""
    builder = _LineBuilder()
    parser = DefusedXMLParser(target=builder, forbid_dtd=True, forbid_entities=True,
                              forbid_external=True)
    builder.parser = parser
    try:
        parser.feed(data)
        root = parser.close()
    except DefusedXmlException:
        raw = parser.parser
        raise _fail("tiled.dtd", "the file declares a DTD or entities, which a Tiled map "
                    "never needs and which are refused for safety",
                    "remove the <!DOCTYPE …> declaration", file, raw.CurrentLineNumber,
                    raw.CurrentColumnNumber + 1) from None
    except ET.ParseError as exc:
        line, col = exc.position
        raise _fail("tiled.xml_syntax", f"malformed XML: {str(exc).split(':')[0]}",
                    "check the tags around this place (open the file in Tiled and save it "
                    "again)", file, line, col + 1) from None
    return root, builder.lines


_PROP_TYPES = {"int": int, "float": float, "object": int}


def _prop_value(el: ET.Element) -> Any:
    kind = el.get("type", "string")
    text = el.get("value")
    if text is None:
        text = el.text or ""
    if kind == "bool":
        return text == "true"
    if kind in _PROP_TYPES:
        try:
            return _PROP_TYPES[kind](text)
        except ValueError:
            return text  # the converter reports a property of the wrong type
    return text


class _XmlToTmj:
    """Converts a TMX/TSX element tree into Tiled's JSON shape, recording positions."""

    def __init__(self, lines: dict[ET.Element, tuple[int, int]], file: str) -> None:
        self.lines = lines
        self.file = file
        self.out: dict[str, tuple[int, int]] = {}

    def mark(self, pointer: str, el: ET.Element) -> None:
        if el in self.lines:
            self.out[pointer] = self.lines[el]

    def props(self, el: ET.Element, pointer: str) -> list[dict[str, Any]]:
        found = el.find("properties")
        result = []
        for i, p in enumerate(found.findall("property") if found is not None else []):
            self.mark(f"{pointer}/properties/{i}", p)
            result.append({"name": p.get("name", ""), "type": p.get("type", "string"),
                           "value": _prop_value(p)})
        return result

    def tileset(self, el: ET.Element, pointer: str) -> dict[str, Any]:
        self.mark(pointer, el)
        ts: dict[str, Any] = {k: el.get(k) for k in ("name", "source") if el.get(k)}
        for key in ("firstgid", "tilewidth", "tileheight", "tilecount", "columns"):
            if el.get(key) is not None:
                ts[key] = _int(el.get(key))
        tiles = []
        for i, tile in enumerate(el.findall("tile")):
            self.mark(f"{pointer}/tiles/{i}", tile)
            tiles.append({"id": _int(tile.get("id")),
                          "properties": self.props(tile, f"{pointer}/tiles/{i}")})
        ts["tiles"] = tiles
        return ts

    def map(self, root: ET.Element) -> dict[str, Any]:
        self.mark("", root)
        doc: dict[str, Any] = {"type": "map"}
        for key in ("orientation", "staggeraxis", "staggerindex", "version", "tiledversion"):
            if root.get(key) is not None:
                doc[key] = root.get(key)
        for key in ("width", "height", "tilewidth", "tileheight", "hexsidelength", "infinite"):
            if root.get(key) is not None:
                doc[key] = _int(root.get(key))
        doc["properties"] = self.props(root, "")
        doc["tilesets"] = [self.tileset(t, f"/tilesets/{i}")
                           for i, t in enumerate(root.findall("tileset"))]
        doc["layers"] = []
        self.layers(root, doc["layers"], "/layers")
        return doc

    def layers(self, parent: ET.Element, out: list[dict[str, Any]], pointer: str) -> None:
        for el in parent:
            if el.tag not in ("layer", "objectgroup", "group", "imagelayer"):
                continue
            here = f"{pointer}/{len(out)}"
            self.mark(here, el)
            layer: dict[str, Any] = {"name": el.get("name", ""),
                                     "visible": el.get("visible", "1") != "0"}
            if el.tag == "layer":
                layer.update(type="tilelayer", width=_int(el.get("width")),
                             height=_int(el.get("height")))
                data = el.find("data")
                if data is not None:
                    self.mark(f"{here}/data", data)
                    layer["data"] = self.tile_data(data, layer["width"], layer["height"])
                    self.mark_csv_lines(data, f"{here}/data")
            elif el.tag == "objectgroup":
                layer.update(type="objectgroup", objects=[
                    self.obj(o, f"{here}/objects/{i}")
                    for i, o in enumerate(el.findall("object"))])
            elif el.tag == "group":
                layer.update(type="group", layers=[])
                self.layers(el, layer["layers"], f"{here}/layers")
            else:
                layer["type"] = "imagelayer"
            out.append(layer)

    def mark_csv_lines(self, data: ET.Element, pointer: str) -> None:
        """Record the line of the first cell on each line of CSV tile data."""
        if data.get("encoding") != "csv" or data not in self.lines:
            return
        first_line = self.lines[data][0]
        cell = 0
        for i, line in enumerate((data.text or "").split("\n")):
            values = [v for v in line.split(",") if v.strip()]
            if values:
                self.out[f"{pointer}/{cell}"] = (first_line + i, 1)
                cell += len(values)

    def tile_data(self, data: ET.Element, width: int, height: int) -> list[int] | str:
        """The gids of a tile layer; a string says why they cannot be read."""
        if data.find("chunk") is not None:
            return "infinite maps (chunks) are not supported"
        encoding, compression = data.get("encoding"), data.get("compression")
        if encoding is None:
            return [_int(t.get("gid", "0")) for t in data.findall("tile")]
        text = (data.text or "").strip()
        if encoding == "csv":
            try:
                return [int(v) for v in text.replace("\n", "").split(",") if v.strip()]
            except ValueError:
                return "the CSV tile data holds something that is not a number"
        if encoding != "base64":
            return f"unknown tile data encoding {encoding!r}"
        try:
            raw = base64.b64decode(text, validate=False)
        except (binascii.Error, ValueError):
            return "the base64 tile data is corrupt"
        limit = 4 * max(0, width) * max(0, height)
        try:
            if compression == "zlib":
                d = zlib.decompressobj()
                raw = d.decompress(raw, limit + 1)
            elif compression == "gzip":
                d = zlib.decompressobj(16 + zlib.MAX_WBITS)
                raw = d.decompress(raw, limit + 1)
            elif compression is not None:
                return (f"tile data compression {compression!r} cannot be read (Python has no "
                        "zstd)")
        except zlib.error:
            return "the compressed tile data is corrupt"
        if len(raw) % 4:
            return "the tile data is not a whole number of 4-byte tiles"
        return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]

    def obj(self, el: ET.Element, pointer: str) -> dict[str, Any]:
        self.mark(pointer, el)
        obj: dict[str, Any] = {
            "id": _int(el.get("id", "0")), "name": el.get("name", ""),
            "type": el.get("type", el.get("class", "")), "x": _float(el.get("x", "0")),
            "y": _float(el.get("y", "0")), "width": _float(el.get("width", "0")),
            "height": _float(el.get("height", "0")),
            "rotation": _float(el.get("rotation", "0")),
            "properties": self.props(el, pointer),
        }
        if el.get("gid") is not None:
            obj["gid"] = _int(el.get("gid"))
        if el.find("point") is not None:
            obj["point"] = True
        if el.find("ellipse") is not None:
            obj["ellipse"] = True
        for key in ("polygon", "polyline"):
            shape = el.find(key)
            if shape is not None:
                obj[key] = _points(shape.get("points", ""))
        text = el.find("text")
        if text is not None:
            obj["text"] = {"text": text.text or ""}
        return obj


def _int(text: str | None) -> Any:
    try:
        return int(text or "")
    except ValueError:
        return text


def _float(text: str) -> Any:
    try:
        return float(text)
    except ValueError:
        return text


def _points(text: str) -> list[dict[str, Any]] | str:
    try:
        pairs = [p.split(",") for p in text.split()]
        return [{"x": float(x), "y": float(y)} for x, y in pairs]
    except ValueError:
        return text


# --- files --------------------------------------------------------------------------------


def _json(data: bytes, file: str) -> tuple[Any, Positions]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _fail("tiled.encoding", f"the file is not UTF-8 (byte {exc.start})",
                    "save it again from Tiled", file) from None
    return parse_json(text, file)


def read_map(path: Path) -> TiledSource:
    """Read a .tmx or .tmj map (external tilesets inlined) into a TiledSource; raise
    TiledReadError when the file cannot be parsed at all."""
    file = str(path)
    data = read_bytes(path)
    if path.suffix.lower() in (".tmj", ".json"):
        doc, lines = _json(data, file)
        if not isinstance(doc, dict):
            raise _fail("tiled.not_map", "the file holds no Tiled map object",
                        "export the map from Tiled as JSON (.tmj)", file, 1, 1)
    else:
        root, elements = parse_xml(data, file)
        if root.tag != "map":
            line, col = elements.get(root, (1, 1))
            raise _fail("tiled.not_map", f"the root element is <{root.tag}>, not <map>",
                        "give a Tiled map file (.tmx)", file, line, col)
        conv = _XmlToTmj(elements, file)
        doc, lines = conv.map(root), Positions(conv.out)
    source = TiledSource(doc, file, lines)
    _inline_tilesets(source, path)
    return source


def _inline_tilesets(source: TiledSource, path: Path) -> None:
    """Replace each external tileset reference by the tileset it names (its tiles only; the
    firstgid stays the map's)."""
    tilesets = source.doc.get("tilesets")
    if not isinstance(tilesets, list):
        return
    external_bytes = 0
    for i, ts in enumerate(tilesets):
        if not isinstance(ts, dict) or not isinstance(ts.get("source"), str):
            continue
        ts_path = path.parent / ts["source"]
        pointer = f"/tilesets/{i}"  # located only for a problem: a TMJ's places cost a scan
        if i >= MAX_TILESETS:
            raise TiledReadError([error(
                "tiled.too_many_tilesets",
                _("the map names more than {max_tilesets} tilesets", max_tilesets=MAX_TILESETS),
                _("a Studio map needs one; remove the others in Tiled"), **source.where(pointer))])
        if not ts_path.is_file():
            raise TiledReadError([error(
                "tiled.tileset_missing",
                _("the tileset file {source!r} is not there", source=ts['source']),
                _("keep the .tsx next to the map, or embed the tileset in Tiled (Map ▸ Tileset ▸ "
                  "Embed)"), **source.where(pointer))])
        data = read_bytes(ts_path)
        external_bytes += len(data)
        if external_bytes > MAX_TILED_BYTES:  # one file named again and again, say
            raise TiledReadError([error(
                "tiled.too_large",
                _("the tileset files hold more than {max_bytes:,} bytes in all",
                  max_bytes=MAX_TILED_BYTES),
                _("a Studio map needs one small tileset; remove the others in Tiled"),
                **source.where(pointer))])
        if ts_path.suffix.lower() in (".tsj", ".json"):
            external, _lines = _json(data, str(ts_path))
        else:
            root, elements = parse_xml(data, str(ts_path))
            external = _XmlToTmj(elements, str(ts_path)).tileset(root, "")
        if isinstance(external, dict):
            tilesets[i] = {**external, "firstgid": ts.get("firstgid"), "source": ts["source"]}


def located(problem: Problem, source: TiledSource, pointer: str) -> Problem:
    """`problem` placed at the part of the Tiled file at `pointer`."""
    return problem.located(**source.where(pointer))
