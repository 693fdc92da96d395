"""An area-pack reader written from docs/pack-format.md ("Packs of Der Erste Weltkrieg
scenarios", "Background picture", "Linked battlefields") alone, as another client would.

Standard library only, plus the independent hex-pack reader beside it (also written from the
docs alone) for the battlefields' hex content; nothing from this project. It verifies the
listing, checksums, game, version digest (extras included), references, the background
picture's signature and header size, and the battlefield folders, and returns plain values.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import struct
import zipfile
from dataclasses import dataclass
from typing import Any

from . import independent_reader as hex_reader

AREA_ORDER = ("area-scenario.json", "area-map.json", "army-catalog.json", "area-ruleset.json")
GAME = "der-erste-weltkrieg"
BACKGROUNDS = {"background.png": "png", "background.jpg": "jpeg"}
MAX_PICTURE_BYTES = 16 * 1024 * 1024
MAX_SIDE = 8192
HEX_CONTENT = ("scenario.json", "map.json", "ruleset.json", "catalog.json")
FOLDER_FILES = (*HEX_CONTENT, "board.svg", "preview.png")
LINK = re.compile(r"^battlefields/([a-z0-9_-]{1,64})/scenario\.json$")
JPEG_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


class PackInvalid(Exception):
    """The pack does not follow the documented format."""


@dataclass
class Background:
    """The map's background picture as the pack carries it."""

    name: str
    format: str
    width: int
    height: int
    data: bytes
    opacity: float | None


@dataclass
class Battlefield:
    """A linked battlefield: its hex map and scenario as plain values, its JSON documents."""

    map: hex_reader.PlainMap
    scenario: hex_reader.PlainScenario
    documents: dict[str, Any]


@dataclass
class AreaPack:
    """A verified area pack."""

    manifest: dict[str, Any]
    documents: dict[str, Any]
    links: dict[int, str]  # front number -> battlefield id
    background: Background | None
    battlefields: dict[str, Battlefield]


def _picture_size(data: bytes, fmt: str) -> tuple[int, int]:
    if fmt == "png":
        if len(data) < 24 or data[12:16] != b"IHDR":
            raise PackInvalid("PNG without IHDR")
        return struct.unpack(">II", data[16:24])
    i = 2
    while i + 4 <= len(data) and data[i] == 0xFF:
        marker = data[i + 1]
        if marker == 0xFF:
            i += 1
            continue
        if marker == 0x01 or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        (length,) = struct.unpack(">H", data[i + 2:i + 4])
        if marker in JPEG_SOF:
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return width, height
        if marker == 0xDA:
            break
        i += 2 + length
    raise PackInvalid("JPEG without a frame header")


def _background(entries: dict[str, bytes], area_map: dict[str, Any]) -> Background | None:
    spec = area_map.get("background")
    named = spec["file"] if spec else None
    if any(name in entries and name != named for name in BACKGROUNDS):
        raise PackInvalid("a background picture the map does not name")
    if named is None:
        return None
    if named not in BACKGROUNDS or named not in entries:
        raise PackInvalid(f"background {named!r} is not a picture of the pack")
    data = entries[named]
    signature = b"\x89PNG\r\n\x1a\n" if BACKGROUNDS[named] == "png" else b"\xff\xd8\xff"
    if not data.startswith(signature) or len(data) > MAX_PICTURE_BYTES:
        raise PackInvalid(f"{named}: wrong signature or too large")
    width, height = _picture_size(data, BACKGROUNDS[named])
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        raise PackInvalid(f"{named}: {width} x {height} pixels")
    return Background(named, BACKGROUNDS[named], width, height, data, spec.get("opacity"))


def read(data: bytes) -> AreaPack:
    """Open and verify an area pack's bytes; PackInvalid when anything differs from the docs."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        entries = {info.filename: zf.read(info) for info in zf.infolist()}
    manifest = json.loads(entries["manifest.json"].decode("utf-8"))
    if manifest.get("game") != GAME or not manifest["$schema"].endswith(
            "/area-pack-manifest.schema.json"):
        raise PackInvalid("not an area pack")
    listed = {f["path"]: f for f in manifest["files"]}
    if set(listed) != set(entries) - {"manifest.json"}:
        raise PackInvalid("manifest does not list exactly the entries")
    for path, info in listed.items():
        body = entries[path]
        if len(body) != info["size"] or hashlib.sha256(body).hexdigest() != info["sha256"]:
            raise PackInvalid(f"{path}: size or checksum differs")
    docs = {p: json.loads(b.decode("utf-8")) for p, b in entries.items() if p.endswith(".json")}
    scenario = docs["area-scenario.json"]
    if (scenario["map"], scenario["armies"], scenario["ruleset"]) != (
            "area-map.json", "army-catalog.json", "area-ruleset.json"):
        raise PackInvalid("area scenario names files outside the pack")
    area_map = docs["area-map.json"]
    links: dict[int, str] = {}
    for front in area_map["fronts"]:
        if "battlefield" in front:
            match = LINK.match(front["battlefield"])
            if match is None:
                raise PackInvalid(f"front {front['number']}: battlefield outside the pack")
            links[front["number"]] = match.group(1)
    background = _background(entries, area_map)
    extras = sorted(p for p in entries if p in BACKGROUNDS or (
        p.startswith("battlefields/") and p.count("/") == 2
        and p.rsplit("/", 1)[1] in HEX_CONTENT))
    digest = hashlib.sha256()
    for path in (*AREA_ORDER, *extras):
        digest.update(path.encode("utf-8") + b"\0" + entries[path])
    version = manifest["pack"]["version"]
    if version.partition("+")[2] != digest.hexdigest()[:12]:
        raise PackInvalid(f"version {version} does not end in the content digest")
    folders = set(links.values())
    for path in entries:
        if path.startswith("battlefields/"):
            _root, ident, name = path.split("/", 2)
            if ident not in folders or name not in FOLDER_FILES:
                raise PackInvalid(f"{path}: not a file of a linked battlefield")
    battlefields = {}
    for ident in sorted(folders):
        folder = f"battlefields/{ident}/"
        if any(folder + name not in docs for name in HEX_CONTENT):
            raise PackInvalid(f"{folder}: incomplete")
        scen = docs[folder + "scenario.json"]
        if (scen["map"], scen["ruleset"], scen["catalog"]) != HEX_CONTENT[1:]:
            raise PackInvalid(f"{folder}scenario.json names files outside its folder")
        plain_map = hex_reader._map(docs[folder + "map.json"])
        battlefields[ident] = Battlefield(
            plain_map, hex_reader._scenario(scen, plain_map),
            {name: docs[folder + name] for name in HEX_CONTENT})
    return AreaPack(manifest, docs, links, background, battlefields)
