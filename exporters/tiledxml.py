"""Reading Tiled files safely into one shape: a `.tmx` (XML) or `.tmj` (JSON) map, and the
external `.tsx`/`.tsj` tilesets it names, become the TMJ-shaped dict Tiled's JSON format
uses (a TMX's polygon and polyline points as arrays, see _points), with the source line of
every part (by JSON pointer) for located messages.

XML goes through defusedxml with DTDs forbidden: a TMX never needs one, and without a DTD
there are no entities (no "billion laughs", no external files read by the parser).
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import numpy as np
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


ObjectHook = Callable[[ET.Element, ET.Element], None]


class _Handlers:
    """Expat callbacks building the tree (as ElementTree's own parser does) and noting the
    (line, column) where each element starts. With `on_object`, each object of an object
    layer is handed over as soon as it ends, with its layer's element, and left out of
    the tree: a 1M-hex map's 33,000 region objects held as elements took 150 MB."""

    def __init__(self, parser: DefusedXMLParser, builder: ET.TreeBuilder,
                 on_object: ObjectHook | None, lines: dict[ET.Element, tuple[int, int]]
                 ) -> None:
        self.raw = parser.parser  # the expat parser inside
        self.fixname = parser._fixname  # the same names as ElementTree's
        self.builder = builder
        self.on_object = on_object
        self.lines = lines
        # per open element: itself and whether it holds layers ("map" root, its groups)
        # or is an object layer
        self.open: list[tuple[ET.Element, str]] = []
        self.raw.StartElementHandler = self.start
        self.raw.EndElementHandler = self.end

    def start(self, tag: str, attr_list: list[str]) -> None:
        fixname = self.fixname
        tag = fixname(tag)
        keys = attr_list[0::2]
        if "}" in "".join(keys):  # namespaced names: ElementTree's {uri}name
            attrib = {fixname(k): v for k, v in zip(keys, attr_list[1::2], strict=True)}
        else:
            attrib = dict(zip(keys, attr_list[1::2], strict=True))
        el = self.builder.start(tag, attrib)
        raw = self.raw
        self.lines[el] = (raw.CurrentLineNumber, raw.CurrentColumnNumber + 1)
        outer = self.open[-1][1] if self.open else "root"
        if (outer == "root" and tag == "map") or (outer == "layers" and tag == "group"):
            kind = "layers"
        elif outer == "layers" and tag == "objectgroup":
            kind = "objects"
        else:
            kind = ""
        self.open.append((el, kind))

    def end(self, tag: str) -> None:
        el = self.builder.end(self.fixname(tag))
        self.open.pop()
        if (self.on_object is not None and tag == "object" and self.open
                and self.open[-1][1] == "objects"):
            layer = self.open[-1][0]
            self.on_object(el, layer)
            for part in el.iter():
                del self.lines[part]
            del layer[-1]  # el, its last child so far


def parse_xml(data: bytes, file: str, on_object: ObjectHook | None = None,
              lines: dict[ET.Element, tuple[int, int]] | None = None
              ) -> tuple[ET.Element, dict[ET.Element, tuple[int, int]]]:
    """Parse XML without DTDs or entities; the root and each element's position (in
    `lines` when given: filled as the elements start). With `on_object`, objects of
    object layers are handed to it as they end and left out of the tree."""
    builder = ET.TreeBuilder()
    parser = DefusedXMLParser(target=builder, forbid_dtd=True, forbid_entities=True,
                              forbid_external=True)
    handlers = _Handlers(parser, builder, on_object, {} if lines is None else lines)
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
    return root, handlers.lines


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
        # Objects converted while the file was parsed, by their layer's element, and the
        # places of their parts as (object index, pointer below the object's (an index in
        # `self.below`), line, col) in a flat array: 33,000 objects' places as a dict of
        # pointers took 33 MB, and only a problem needs them.
        self.parked: dict[ET.Element, tuple[list[dict[str, Any]], array[int]]] = {}
        self.below: dict[str, int] = {}
        # places worked out only when asked for: these add them to the pointers' dict
        self.later: list[Callable[[dict[str, tuple[int, int]]], None]] = []

    def park_object(self, el: ET.Element, layer: ET.Element) -> None:
        """Convert an object of an object layer as soon as the parser has it (parse_xml's
        on_object): its elements need not be kept."""
        out, self.out = self.out, {}
        try:
            obj = self.obj(el, "")
        finally:
            self.out, marks = out, self.out
        objects, places = self.parked.setdefault(layer, ([], array("q")))
        for below, (line, col) in marks.items():
            places.extend((len(objects), self.below.setdefault(below, len(self.below)), line,
                           col))
        objects.append(obj)

    def layer_objects(self, el: ET.Element, pointer: str) -> list[dict[str, Any]]:
        """The objects of the object layer `el`, at `pointer`."""
        if el not in self.parked:
            return [self.obj(o, f"{pointer}/objects/{i}")
                    for i, o in enumerate(el.findall("object"))]
        objects, places = self.parked.pop(el)

        def place(out: dict[str, tuple[int, int]]) -> None:
            below = list(self.below)
            for k in range(0, len(places), 4):
                i, b, line, col = places[k:k + 4]
                out[f"{pointer}/objects/{i}{below[b]}"] = (line, col)

        self.later.append(place)
        return objects

    def positions(self) -> Positions:
        """Where each converted part is, by pointer (found when first asked for)."""
        def find() -> Positions:
            out = dict(self.out)
            for place in self.later:
                place(out)
            return Positions(out)
        return Positions(find=find) if self.later else Positions(self.out)

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
                layer.update(type="objectgroup", objects=self.layer_objects(el, here))
            elif el.tag == "group":
                layer.update(type="group", layers=[])
                self.layers(el, layer["layers"], f"{here}/layers")
            else:
                layer["type"] = "imagelayer"
            out.append(layer)

    def mark_csv_lines(self, data: ET.Element, pointer: str) -> None:
        """Record the line of the first cell on each line of CSV tile data (when a problem
        asks for places: a cell's own problem does)."""
        if data.get("encoding") != "csv" or data not in self.lines:
            return
        first_line, text = self.lines[data][0], data.text or ""

        def place(out: dict[str, tuple[int, int]]) -> None:
            cell = 0
            for i, line in enumerate(text.split("\n")):
                values = [v for v in line.split(",") if v.strip()]
                if values:
                    out[f"{pointer}/{cell}"] = (first_line + i, 1)
                    cell += len(values)

        self.later.append(place)

    def tile_data(self, data: ET.Element, width: int, height: int) -> list[int] | str:
        """The gids of a tile layer; a string says why they cannot be read."""
        if data.find("chunk") is not None:
            return "infinite maps (chunks) are not supported"
        encoding, compression = data.get("encoding"), data.get("compression")
        if encoding is None:
            return [_int(t.get("gid", "0")) for t in data.findall("tile")]
        text = (data.text or "").strip()
        if encoding == "csv":
            values = text.replace("\n", "").split(",")
            try:
                return list(map(int, values))
            except ValueError:
                pass  # a blank value (a trailing comma) is skipped; anything else is refused
            try:
                return [int(v) for v in values if v.strip()]
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
        return np.frombuffer(raw, dtype="<u4").tolist()

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


_PAIRS = re.compile(r"[^, ]*,[^, ]*(?: [^, ]*,[^, ]*)*")


def _points(text: str) -> np.ndarray | str:
    """A polygon's or polyline's "x,y x,y …" as an (n, 2) float array (not TMJ's list of
    {x, y}: 600,000 small dicts were a good part of a big map's time and memory); the text
    itself when it is not pairs of numbers."""
    pairs = " ".join(text.split())
    if not pairs:
        return np.empty((0, 2))
    if _PAIRS.fullmatch(pairs) is None:  # a pair without its comma, or with two
        return text
    try:
        return np.array(list(map(float, pairs.replace(",", " ").split(" ")))).reshape(-1, 2)
    except ValueError:
        return text


# --- files --------------------------------------------------------------------------------


def _json(data: bytes, file: str) -> tuple[Any, Positions]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _fail("tiled.encoding", f"the file is not UTF-8 (byte {exc.start})",
                    "save it again from Tiled", file) from None
    del data  # the text is the same again (54 MB for a 1M-hex map)
    return parse_json(text, file)


def read_map(path: Path) -> TiledSource:
    """Read a .tmx or .tmj map (external tilesets inlined) into a TiledSource; raise
    TiledReadError when the file cannot be parsed at all."""
    file = str(path)
    if path.suffix.lower() in (".tmj", ".json"):
        doc, lines = _json(read_bytes(path), file)
        if not isinstance(doc, dict):
            raise _fail("tiled.not_map", "the file holds no Tiled map object",
                        "export the map from Tiled as JSON (.tmj)", file, 1, 1)
    else:
        conv = _XmlToTmj({}, file)
        root, elements = parse_xml(read_bytes(path), file, conv.park_object, conv.lines)
        if root.tag != "map":
            line, col = elements.get(root, (1, 1))
            raise _fail("tiled.not_map", f"the root element is <{root.tag}>, not <map>",
                        "give a Tiled map file (.tmx)", file, line, col)
        doc = conv.map(root)
        lines = conv.positions()
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
