"""Names fixed by the pack format (docs/pack-format.md), shared by the writer and the reader."""

from __future__ import annotations

from collections.abc import Iterable

FORMAT_VERSION = 1
MANIFEST = "manifest.json"
MANIFEST_SCHEMA = "https://trenchclub.studio/schema/pack-manifest.schema.json"
CONTENT_FILES = ("scenario.json", "map.json", "ruleset.json", "catalog.json")
# The JSON Schemas every pack carries under schemas/ (common: shared definitions).
PACK_SCHEMAS = ("catalog.schema.json", "common.schema.json", "map.schema.json",
                "pack-manifest.schema.json", "ruleset.schema.json", "scenario.schema.json")

# Packs of Der Erste Weltkrieg (area map) scenarios: their own manifest schema and file set.
AREA_GAME = "der-erste-weltkrieg"
AREA_MANIFEST_SCHEMA = "https://trenchclub.studio/schema/area-pack-manifest.schema.json"
AREA_CONTENT_FILES = ("area-scenario.json", "area-map.json", "army-catalog.json",
                      "area-ruleset.json")
# The scenario's reference keys and the pack file each must name.
AREA_REFERENCES = {"map": "area-map.json", "armies": "army-catalog.json",
                   "ruleset": "area-ruleset.json"}
AREA_PACK_SCHEMAS = ("area-map.schema.json", "area-pack-manifest.schema.json",
                     "area-ruleset.schema.json", "area-scenario.schema.json",
                     "army-catalog.schema.json", "common.schema.json")

# What an area pack may carry beyond its four content files (docs/pack-format.md, "Background
# picture" and "Linked battlefields"): the map's background picture under one of these names
# (by format), bounded in bytes and pixels; and per linked battlefield scenario a folder
# `battlefields/ID/` holding a hex pack's content files and pictures.
BACKGROUND_FILES = {"background.png": "png", "background.jpg": "jpeg"}
MAX_BACKGROUND_BYTES = 16 * 1024 * 1024
MAX_BACKGROUND_SIDE_PX = 8192
BATTLEFIELDS_DIR = "battlefields"
BATTLEFIELD_SCENARIO = "scenario.json"
BATTLEFIELD_FILES = ("scenario.json", "map.json", "ruleset.json", "catalog.json",
                     "board.svg", "preview.png")
# The hex schemas a pack with battlefields carries besides the area ones.
BATTLEFIELD_SCHEMAS = ("catalog.schema.json", "map.schema.json", "ruleset.schema.json",
                       "scenario.schema.json")


def digested_extras(paths: Iterable[str]) -> list[str]:
    """The entries beyond the four area content files that an area pack's version digest
    covers, sorted: the background picture and every battlefield's four content files (its
    pictures are drawn from them, like the pack's own board)."""
    content = set(BATTLEFIELD_FILES[:4])
    return sorted(p for p in paths if (
        p in BACKGROUND_FILES or (p.startswith(f"{BATTLEFIELDS_DIR}/") and p.count("/") == 2
                                  and p.rsplit("/", 1)[1] in content)))
