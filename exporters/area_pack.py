"""Map packs (`.tcpack`) of Der Erste Weltkrieg (area map) scenarios.

Same container, reproducibility, version and revision rules as hex packs (exporters.pack), with
the area game's own file set: `area-scenario.json`, `area-map.json`, `army-catalog.json`,
`area-ruleset.json` (canonical JSON, the scenario's references rewritten to the files beside
it), the map's background picture and linked battlefields if it has them
(exporters.area_pack_extras), `board.svg`, `preview.png`, `schemas/` and a manifest of schema
`area-pack-manifest.schema.json` that names the game system. See docs/pack-format.md.
"""

from __future__ import annotations

import copy
import hashlib
from pathlib import Path
from typing import Any

from engine.area_model import AreaScenario
from engine.content import LoadCache, dump_canonical, load_file
from engine.content.convert_area import (
    area_map_to_dict,
    area_ruleset_to_dict,
    area_scenario_to_dict,
    army_catalog_to_dict,
)
from engine.i18n import _
from engine.paths import SCHEMA_DIR
from engine.version import __version__
from exporters.area_board import build_area_board
from exporters.area_pack_extras import background_entry, battlefield_entries, packed_map_dict
from exporters.base import ExportError
from exporters.pack import (
    KIND_OF_FILE,
    PREVIEW_WIDTH_PX,
    BuiltPack,
    manifest_bytes,
    next_revision,
    pack_version,
    revision_of,
)
from exporters.png import png_bytes, render_board
from exporters.svg import board_to_svg
from packs.format import (
    AREA_CONTENT_FILES,
    AREA_GAME,
    AREA_MANIFEST_SCHEMA,
    AREA_PACK_SCHEMAS,
    AREA_REFERENCES,
    BACKGROUND_FILES,
    BATTLEFIELDS_DIR,
    FORMAT_VERSION,
    MANIFEST,
    digested_extras,
)
from packs.safezip import DEFAULT_LIMITS, write_zip

AREA_KIND_OF_FILE = {
    "area-scenario.json": "scenario", "area-map.json": "map", "army-catalog.json": "catalog",
    "area-ruleset.json": "ruleset", "board.svg": "print", "preview.png": "image",
    "background.png": "image", "background.jpg": "image",
}


def kind_of_file(path: str) -> str:
    """The manifest kind of an area pack's entry (a battlefield's files as in a hex pack)."""
    if path.startswith(f"{BATTLEFIELDS_DIR}/"):
        return KIND_OF_FILE.get(path.rsplit("/", 1)[-1], "other")
    return AREA_KIND_OF_FILE.get(path, "other")


def _json(data: dict[str, Any]) -> bytes:
    return dump_canonical(data, "json").encode("utf-8")


def area_content_files(scenario: AreaScenario, map_path: Path | None = None,
                       cache: LoadCache | None = None) -> dict[str, bytes]:
    """The content files of an area scenario's pack, canonical JSON, the scenario's and the
    map's references rewritten to the files beside them: the four area files, and, when the
    map has them, its background picture and its fronts' battlefield scenarios
    (exporters.area_pack_extras), found relative to `map_path` (the map's file)."""
    if scenario.map is None or scenario.catalog is None or scenario.ruleset is None:
        raise ValueError("the scenario's references are not resolved; load it first")
    extras: dict[str, bytes] = {}
    background = None
    if scenario.map.background:
        background, picture = background_entry(scenario.map, map_path)
        extras[background] = picture
    battlefields, battlefield_files = battlefield_entries(scenario.map, map_path, cache)
    extras.update(battlefield_files)
    scen = copy.copy(scenario)
    scen.map_ref = AREA_REFERENCES["map"]
    scen.armies_ref = AREA_REFERENCES["armies"]
    scen.ruleset_ref = AREA_REFERENCES["ruleset"]
    return {
        "area-scenario.json": _json(area_scenario_to_dict(scen)),
        "area-map.json": _json(packed_map_dict(area_map_to_dict(scenario.map), background,
                                               battlefields)),
        "army-catalog.json": _json(army_catalog_to_dict(scenario.catalog)),
        "area-ruleset.json": _json(area_ruleset_to_dict(scenario.ruleset)),
        **extras,
    }


def area_content_digest(files: dict[str, bytes]) -> str:
    """First 12 hex digits of the SHA-256 over the area content files, in AREA_CONTENT_FILES
    order, then the digested extras (packs.format.digested_extras: background picture,
    battlefield content files) sorted by path, each framed as UTF-8 path, one zero byte, the
    file's bytes. A pack without extras has the digest it had before they existed."""
    digest = hashlib.sha256()
    for path in (*AREA_CONTENT_FILES, *digested_extras(files)):
        digest.update(path.encode() + b"\0" + files[path])
    return digest.hexdigest()[:12]


def area_pack_files(scenario: AreaScenario, map_path: Path | None = None,
                    cache: LoadCache | None = None) -> dict[str, bytes]:
    """Every file of an area scenario's pack except the manifest; ExportError when the pack
    would hold more entries than a reader accepts."""
    files = area_content_files(scenario, map_path, cache)
    assert scenario.map is not None
    picture = next((files[name] for name in BACKGROUND_FILES if name in files), None)
    board = build_area_board(scenario.map, scenario.catalog, background=picture)
    dpi = PREVIEW_WIDTH_PX / (board.width / 25.4)
    files["board.svg"] = board_to_svg(board)
    files["preview.png"] = png_bytes(render_board(board, dpi), round(dpi, 2))
    for name in AREA_PACK_SCHEMAS:
        files[f"schemas/{name}"] = (SCHEMA_DIR / name).read_bytes()
    if len(files) + 1 > DEFAULT_LIMITS.max_entries:  # + the manifest
        raise ExportError(_("the pack of {id!r} would hold {count} files, more than the {limit} "
                            "a reader accepts", id=scenario.id, count=len(files) + 1,
                            limit=DEFAULT_LIMITS.max_entries),
                          hint=_("link fewer different battlefield scenarios (each adds six "
                                 "files; fronts may share one)"))
    return files


def make_area_manifest(scenario: AreaScenario, files: dict[str, bytes],
                       version: str) -> dict[str, Any]:
    """The manifest of an area pack (schema area-pack-manifest.schema.json)."""
    assert scenario.map is not None and scenario.ruleset is not None
    name = scenario.name if scenario.name.get("de") and scenario.name.get("en") else {
        "de": scenario.id, "en": scenario.id}
    pack: dict[str, Any] = {
        "id": scenario.id, "version": version, "revision": revision_of(version),
        "name": {"de": name["de"], "en": name["en"]},
        # Area maps have no author or license fields yet (docs/pack-format.md).
        "authors": ["unknown"], "license": "unspecified",
    }
    if scenario.description:
        pack["description"] = {"de": scenario.description, "en": scenario.description}
    return {
        "$schema": AREA_MANIFEST_SCHEMA, "schema_version": 1,
        "format_version": FORMAT_VERSION, "game": AREA_GAME, "pack": pack,
        "created_by": f"trenchclub-studio {__version__}",
        "ruleset_version": f"{scenario.ruleset.id}@1",
        "files": [
            {"path": path, "kind": kind_of_file(path),
             "sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
            for path, data in sorted(files.items())
        ],
    }


def build_area_pack(scenario: AreaScenario, version: str | None = None,
                    previous_version: str | None = None, source: Path | None = None,
                    cache: LoadCache | None = None) -> BuiltPack:
    """The pack of a loaded area scenario; versions as for hex packs (exporters.pack).
    `source` is the scenario's file: its map's background picture and battlefields are found
    relative to the map file it names (ExportError without it when the map has them)."""
    map_path = source.parent / scenario.map_ref if source is not None else None
    files = area_pack_files(scenario, map_path, cache)
    if version is None:
        digest = area_content_digest(files)
        version = pack_version(next_revision(previous_version, digest), digest)
    manifest = make_area_manifest(scenario, files, version)
    files[MANIFEST] = manifest_bytes(manifest)
    return BuiltPack(f"{scenario.id}.tcpack", write_zip(files), manifest)


def load_area_scenario(path: Path, cache: LoadCache | None = None) -> AreaScenario:
    """An area scenario file loaded with its references; ExportError naming the first problem
    if it does not load cleanly."""
    loaded = load_file(path, "area-scenario", cache=cache)
    if not loaded.ok:
        first = next((p for p in loaded.problems if p.is_error), None)
        raise ExportError(f"{path}: {first.format() if first else 'does not load'}",
                          hint=_("run tcstudio validate on it"))
    return loaded.model


def build_area_pack_from_file(path: Path, previous_version: str | None = None,
                              cache: LoadCache | None = None) -> BuiltPack:
    """Load an area scenario file and build its pack."""
    return build_area_pack(load_area_scenario(path, cache), previous_version=previous_version,
                           source=path, cache=cache)
