"""Map packs (`.tcpack`) of Der Erste Weltkrieg (area map) scenarios.

Same container, reproducibility, version and revision rules as hex packs (exporters.pack), with
the area game's own file set: `area-scenario.json`, `area-map.json`, `army-catalog.json`,
`area-ruleset.json` (canonical JSON, the scenario's references rewritten to the files beside
it), `board.svg`, `preview.png`, `schemas/` and a manifest of schema
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
from exporters.base import ExportError
from exporters.pack import (
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
    FORMAT_VERSION,
    MANIFEST,
)
from packs.safezip import write_zip

AREA_KIND_OF_FILE = {
    "area-scenario.json": "scenario", "area-map.json": "map", "army-catalog.json": "catalog",
    "area-ruleset.json": "ruleset", "board.svg": "print", "preview.png": "image",
}


def _json(data: dict[str, Any]) -> bytes:
    return dump_canonical(data, "json").encode("utf-8")


def area_content_files(scenario: AreaScenario) -> dict[str, bytes]:
    """The four content files of an area scenario's pack, canonical JSON, the scenario's
    references rewritten to the files beside it. ExportError if the map has a background
    picture or links a front to a Trench Club battlefield (not carried by packs yet: the pack
    would lose it, or name a file it does not hold)."""
    if scenario.map is None or scenario.catalog is None or scenario.ruleset is None:
        raise ValueError("the scenario's references are not resolved; load it first")
    if scenario.map.background:
        raise ExportError(_("area map {id!r} has a background picture, which packs do not "
                            "carry yet", id=scenario.map.id),
                          hint=_("remove 'background' from the map to pack it"))
    linked = [f.number for f in scenario.map.fronts if f.battlefield is not None]
    if linked:
        raise ExportError(_("area map {id!r} links front(s) {fronts} to a Trench Club "
                            "battlefield, which packs do not carry yet (the link would dangle "
                            "in the pack)", id=scenario.map.id,
                            fronts=", ".join(map(str, linked))),
                          hint=_("remove 'battlefield' from those fronts to pack the scenario"))
    scen = copy.copy(scenario)
    scen.map_ref = AREA_REFERENCES["map"]
    scen.armies_ref = AREA_REFERENCES["armies"]
    scen.ruleset_ref = AREA_REFERENCES["ruleset"]
    return {
        "area-scenario.json": _json(area_scenario_to_dict(scen)),
        "area-map.json": _json(area_map_to_dict(scenario.map)),
        "army-catalog.json": _json(army_catalog_to_dict(scenario.catalog)),
        "area-ruleset.json": _json(area_ruleset_to_dict(scenario.ruleset)),
    }


def area_content_digest(files: dict[str, bytes]) -> str:
    """First 12 hex digits of the SHA-256 over the area content files, in AREA_CONTENT_FILES
    order, each framed as UTF-8 path, one zero byte, the file's bytes."""
    digest = hashlib.sha256()
    for path in AREA_CONTENT_FILES:
        digest.update(path.encode() + b"\0" + files[path])
    return digest.hexdigest()[:12]


def area_pack_files(scenario: AreaScenario) -> dict[str, bytes]:
    """Every file of an area scenario's pack except the manifest."""
    files = area_content_files(scenario)
    assert scenario.map is not None
    board = build_area_board(scenario.map, scenario.catalog)
    dpi = PREVIEW_WIDTH_PX / (board.width / 25.4)
    files["board.svg"] = board_to_svg(board)
    files["preview.png"] = png_bytes(render_board(board, dpi), round(dpi, 2))
    for name in AREA_PACK_SCHEMAS:
        files[f"schemas/{name}"] = (SCHEMA_DIR / name).read_bytes()
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
            {"path": path, "kind": AREA_KIND_OF_FILE.get(path, "other"),
             "sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
            for path, data in sorted(files.items())
        ],
    }


def build_area_pack(scenario: AreaScenario, version: str | None = None,
                    previous_version: str | None = None) -> BuiltPack:
    """The pack of a loaded area scenario; versions as for hex packs (exporters.pack)."""
    files = area_pack_files(scenario)
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
    return build_area_pack(load_area_scenario(path, cache), previous_version=previous_version)
