"""Names fixed by the pack format (docs/pack-format.md), shared by the writer and the reader."""

from __future__ import annotations

FORMAT_VERSION = 1
MANIFEST = "manifest.json"
MANIFEST_SCHEMA = "https://trenchclub.studio/schema/pack-manifest.schema.json"
CONTENT_FILES = ("scenario.json", "map.json", "ruleset.json", "catalog.json")
# The JSON Schemas every pack carries under schemas/ (common: shared definitions).
PACK_SCHEMAS = ("catalog.schema.json", "common.schema.json", "map.schema.json",
                "pack-manifest.schema.json", "ruleset.schema.json", "scenario.schema.json")
