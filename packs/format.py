"""Names fixed by the pack format (docs/pack-format.md), shared by the writer and the reader."""

from __future__ import annotations

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
