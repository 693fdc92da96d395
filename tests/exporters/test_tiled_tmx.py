"""The TMX writer (exporters/tiled_tmx.py) gives byte for byte what ElementTree gave: the
element-tree writer it replaced is kept here as the reference."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from engine.content import load_map
from engine.model import Label, MapPath, Region
from engine.paths import CONTENT_DIR
from exporters.tiled import build_tiled
from exporters.tiled_tmx import tiled_to_tmx

from .conftest import sample_map


def _xml_props(parent: ET.Element, props: list[dict]) -> None:
    if not props:
        return
    el = ET.SubElement(parent, "properties")
    for p in props:
        attrs = {"name": p["name"]}
        if p["type"] != "string":
            attrs["type"] = p["type"]
        value = p["value"]
        attrs["value"] = ("true" if value else "false") if isinstance(value, bool) else str(value)
        ET.SubElement(el, "property", attrs)


def _s(v: Any) -> str:
    return ("1" if v else "0") if isinstance(v, bool) else str(v)


def reference_tmx(doc: dict[str, Any]) -> bytes:
    """Serialise the TMJ-shaped dict as TMX (XML) bytes."""
    keys = ["version", "tiledversion", "orientation", "renderorder", "width", "height",
            "tilewidth", "tileheight", "hexsidelength", "staggeraxis", "staggerindex",
            "infinite", "nextlayerid", "nextobjectid"]
    root = ET.Element("map", {k: _s(doc[k]) for k in keys})
    _xml_props(root, doc["properties"])
    for ts in doc["tilesets"]:
        ts_el = ET.SubElement(root, "tileset", {k: _s(ts[k]) for k in (
            "firstgid", "name", "tilewidth", "tileheight", "tilecount", "columns")})
        ET.SubElement(ts_el, "image", {"source": ts["image"], "width": str(ts["imagewidth"]),
                                       "height": str(ts["imageheight"])})
        for tile in ts["tiles"]:
            _xml_props(ET.SubElement(ts_el, "tile", {"id": str(tile["id"])}), tile["properties"])
    for layer in doc["layers"]:
        if layer["type"] == "tilelayer":
            el = ET.SubElement(root, "layer", {k: _s(layer[k]) for k in (
                "id", "name", "width", "height")})
            data = ET.SubElement(el, "data", {"encoding": "csv"})
            w = layer["width"]
            flat = layer["data"]
            rows = (",".join(map(str, flat[i:i + w])) for i in range(0, len(flat), w))
            data.text = "\n" + ",\n".join(rows) + "\n"
            continue
        el = ET.SubElement(root, "objectgroup", {"id": str(layer["id"]), "name": layer["name"],
                                                 "visible": _s(layer["visible"])})
        for obj in layer["objects"]:
            attrs = {"id": str(obj["id"]), "name": obj["name"], "type": obj["type"],
                     "x": str(obj["x"]), "y": str(obj["y"])}
            if obj["width"] or obj["height"]:
                attrs.update(width=str(obj["width"]), height=str(obj["height"]))
            if obj["rotation"]:
                attrs["rotation"] = str(obj["rotation"])
            o = ET.SubElement(el, "object", attrs)
            _xml_props(o, obj["properties"])
            if obj.get("point"):
                ET.SubElement(o, "point")
            for key in ("polygon", "polyline"):
                if key in obj:
                    pts = " ".join(f"{p['x']},{p['y']}" for p in obj[key])
                    ET.SubElement(o, key, {"points": pts})
            if "text" in obj:
                t = obj["text"]
                text = ET.SubElement(o, "text", {
                    "fontfamily": t["fontfamily"], "pixelsize": str(t["pixelsize"]),
                    "wrap": "0", "color": t["color"], "italic": "1", "halign": t["halign"],
                    "valign": t["valign"]})
                text.text = t["text"]
    ET.indent(root, space=" ")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8") + b"\n"



def _tricky_map(orientation: str, offset: str) -> Any:
    m = sample_map(orientation, offset)
    m.labels += [Label('A & B <"quoted">\n\ttabbed\r', (3.0, 3.0), 1.0, 12.5),
                 Label(" ", (5.0, 5.0), 0.5, 0.0)]
    m.regions.append(Region("empty", "Empty & <gone>", set()))
    m.paths.append(MapPath("far_away", "road", [(500.0, 500.0), (510.0, 500.0)], "road", 0.3))
    m.name = 'Front "Süd" & <Nord>'
    return m


@pytest.mark.parametrize(("orientation", "offset"),
                         [("pointy", "odd"), ("pointy", "even"), ("flat", "odd"),
                          ("flat", "even")])
def test_tmx_bytes_are_elementtrees(orientation, offset):
    doc = build_tiled(_tricky_map(orientation, offset), "m.terrain.png")
    assert tiled_to_tmx(doc) == reference_tmx(copy.deepcopy(doc))


def test_tmx_of_the_default_map_and_of_an_empty_object_layer():
    doc = build_tiled(load_map(CONTENT_DIR / "maps" / "default.map.yaml"), "d.terrain.png")
    assert tiled_to_tmx(doc) == reference_tmx(copy.deepcopy(doc))
    bare = build_tiled(sample_map(), "m.terrain.png")
    for layer in bare["layers"]:
        if layer["type"] == "objectgroup":
            layer["objects"] = []
    bare["properties"] = []
    assert tiled_to_tmx(bare) == reference_tmx(copy.deepcopy(bare))


def test_points_as_pairs_write_as_points_as_dicts():
    doc = build_tiled(sample_map(), "m.terrain.png")
    pairs = copy.deepcopy(doc)
    for layer in pairs["layers"]:
        for obj in layer.get("objects", []):
            for key in ("polygon", "polyline"):
                if key in obj:
                    obj[key] = [(p["x"], p["y"]) for p in obj[key]]
    assert tiled_to_tmx(pairs) == tiled_to_tmx(doc)
