"""Map packs (`.tcpack`): one zip per scenario for other Trench Club clients.

A pack holds everything needed to play one scenario: `scenario.json`, `map.json`,
`ruleset.json`, `catalog.json` (only the unit types the scenario's nations can field, special
units included), `board.svg`, `preview.png` and `manifest.json` (schema
`pack-manifest.schema.json`, every other file with its sha256 and size). Content files are the
canonical JSON of the loaded content, and the scenario's references are rewritten to the files
beside it, so an extracted pack loads like any content directory. See docs/pack-format.md.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.content import LoadCache, load_scenario
from engine.model import GameMap, Scenario
from engine.paths import SCHEMA_DIR
from engine.version import __version__
from exporters.base import ExportOptions, atomic_write_bytes, register
from exporters.conformance import (
    CONFORMANCE_FILE,
    CONFORMANCE_SCHEMA,
    CONFORMANCE_SCHEMA_FILE,
    generate,
    json_bytes,
)
from exporters.halfboard import board_of, half_board
from exporters.packcontent import content_digest, content_files, map_file
from exporters.png import png_bytes, render_board
from exporters.svg import board_to_svg
from packs.errors import PackError
from packs.format import FORMAT_VERSION, MANIFEST, MANIFEST_SCHEMA, PACK_SCHEMAS
from packs.reader import read_pack
from packs.safezip import write_zip

PREVIEW_WIDTH_PX = 1200
_VERSION = re.compile(r"^[0-9]+\.([0-9]{1,9})\.[0-9]+(?:[-+][0-9A-Za-z.-]+)?$")
BOARD_HEX_MM = 30.0
KIND_OF_FILE = {
    "scenario.json": "scenario", "map.json": "map", "ruleset.json": "ruleset",
    "catalog.json": "catalog", "board.svg": "print", "preview.png": "image",
    "conformance.json": "other",
}


@dataclass(frozen=True)
class BuiltPack:
    """A pack in memory: its file name, bytes and manifest."""

    file_name: str
    data: bytes
    manifest: dict[str, Any]

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


def _text(value: dict[str, str] | str | None, fallback: str) -> dict[str, str]:
    if isinstance(value, dict) and value.get("de") and value.get("en"):
        return {"de": value["de"], "en": value["en"]}
    text = value if isinstance(value, str) and value else fallback
    return {"de": text, "en": text}


def schema_files() -> dict[str, bytes]:
    """The JSON Schemas of every JSON file in a pack, as `schemas/NAME.schema.json` (NAME is
    the last segment of the files' `$schema` address), so a client needs nothing else."""
    return {f"schemas/{name}": (SCHEMA_DIR / name).read_bytes() for name in PACK_SCHEMAS}


# Board drawings (SVG, PNG) by the key `board_key` gives them.
Pictures = dict[str, tuple[bytes, bytes]]


def pack_files(scenario: Scenario, drawn: Pictures | None = None) -> dict[str, bytes]:
    """Every file of the pack of a loaded scenario except the manifest and the conformance
    vectors (which name the pack's version); its board pictures are taken from `drawn` when
    they are there (`board_pictures` of a scenario on the same board)."""
    files = content_files(scenario)
    assert scenario.map is not None
    half = board_half(scenario)
    key = board_key(files["map.json"], half)
    svg, png = drawn[key] if drawn and key in drawn else _pictures(key, scenario.map, half)
    return {**files, "board.svg": svg, "preview.png": png, **schema_files()}


def board_half(scenario: Scenario) -> str | None:
    """The half of the map a scenario's board shows: its `half` with 2 players, else none."""
    return scenario.half if scenario.players == 2 else None


def board_key(map_json: bytes, half: str | None) -> str:
    """What a pack's board pictures depend on: the map's canonical JSON and the half."""
    return f"{hashlib.sha256(map_json).hexdigest()}:{half or ''}"


def board_pictures(scenario: Scenario) -> Pictures:
    """The board pictures of a loaded scenario's pack, by their key: drawn once for all the
    packs on the same board (a build hands them to each)."""
    assert scenario.map is not None
    half = board_half(scenario)
    key = board_key(map_file(scenario.map), half)
    return {key: _pictures(key, scenario.map, half)}


_PICTURES: Pictures = {}


def _pictures(key: str, game_map: GameMap, half: str | None) -> tuple[bytes, bytes]:
    """Board SVG and preview PNG of a map, or of its 2-player `half` as its own board,
    remembered by their `board_key` (scenarios sharing a board are drawn once per process)."""
    if key not in _PICTURES:
        board = board_of(half_board(game_map, half) if half else game_map, BOARD_HEX_MM)
        dpi = PREVIEW_WIDTH_PX / (board.width / 25.4)
        if len(_PICTURES) >= 4:
            _PICTURES.pop(next(iter(_PICTURES)))
        _PICTURES[key] = (board_to_svg(board), png_bytes(render_board(board, dpi), round(dpi, 2)))
    return _PICTURES[key]


def pack_version(revision: int, digest: str) -> str:
    """The version of a pack: `1.REVISION.0+DIGEST` (semver; build metadata is the digest)."""
    return f"1.{revision}.0+{digest}"


def revision_of(version: str) -> int:
    """The revision a pack version carries (its minor number); ValueError if it has none."""
    match = _VERSION.match(version)
    if match is None:
        raise ValueError(f"not a pack version: {version!r}")
    return int(match.group(1))


def next_revision(previous_version: str | None, digest: str) -> int:
    """The revision of a pack whose content has `digest`, after a pack of `previous_version`
    at the same place: the same while the content is the same, one more when it changed."""
    if previous_version is None or _VERSION.match(previous_version) is None:
        return 0
    same = previous_version.endswith(f"+{digest}")
    return revision_of(previous_version) + (0 if same else 1)


def make_manifest(scenario: Scenario, files: dict[str, bytes], version: str) -> dict[str, Any]:
    """The manifest of a pack (schema pack-manifest.schema.json)."""
    game_map = scenario.map
    assert game_map is not None and scenario.ruleset is not None
    pack: dict[str, Any] = {
        "id": scenario.id,
        "version": version,
        "revision": revision_of(version),
        "name": _text(scenario.name, scenario.id),
        "authors": [game_map.author or "unknown"],
        "license": game_map.license or "unspecified",
    }
    if scenario.briefing:
        pack["description"] = _text(scenario.briefing, "")
    return {
        "$schema": MANIFEST_SCHEMA,
        "schema_version": 1,
        "format_version": FORMAT_VERSION,
        "pack": pack,
        "created_by": f"trenchclub-studio {__version__}",
        "ruleset_version": f"{scenario.ruleset.id}@1",
        "files": [
            {"path": path, "kind": KIND_OF_FILE.get(path, "other"),
             "sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
            for path, data in sorted(files.items())
        ],
    }


def manifest_bytes(manifest: dict[str, Any]) -> bytes:
    """The manifest as sorted-key JSON."""
    return (json.dumps(manifest, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode()


def build_pack(scenario: Scenario, version: str | None = None,
               previous_version: str | None = None, drawn: Pictures | None = None
               ) -> BuiltPack:
    """The pack of a loaded scenario. Without `version`, `1.REVISION.0+DIGEST`, the revision
    following `previous_version` (the pack this one replaces; None: revision 0). `drawn`:
    board pictures drawn already (`board_pictures`)."""
    files = pack_files(scenario, drawn)
    if version is None:
        digest = content_digest(files)
        version = pack_version(next_revision(previous_version, digest), digest)
    vectors = generate(scenario, pack_version=version, content_digest=content_digest(files))
    files[CONFORMANCE_FILE] = json_bytes(vectors)
    files[CONFORMANCE_SCHEMA_FILE] = json_bytes(CONFORMANCE_SCHEMA)
    manifest = make_manifest(scenario, files, version)
    files[MANIFEST] = manifest_bytes(manifest)
    return BuiltPack(f"{scenario.id}.tcpack", write_zip(files), manifest)


def build_pack_from_file(path: Path, version: str | None = None,
                         previous_version: str | None = None,
                         cache: LoadCache | None = None, drawn: Pictures | None = None
                         ) -> BuiltPack:
    """Load a scenario file (raises engine.content.ContentError) and build its pack; with
    `cache`, files validated earlier in the same run are not read and checked again."""
    return build_pack(load_scenario(path, cache), version, previous_version, drawn)


def existing_version(path: Path, pack_id: str) -> str | None:
    """The version of the pack already at `path` if it is a sound pack of `pack_id` (read with
    the safe reader), else None: the next build continues its revisions."""
    try:
        manifest, _ = read_pack(path)
    except (PackError, OSError):
        return None
    return manifest["pack"]["version"] if manifest["pack"]["id"] == pack_id else None


class PackExporter:
    """Map pack of a scenario."""

    name = "pack"
    extension = ".tcpack"
    description = "map pack for other clients (zip: content JSON, board SVG, preview, manifest)"

    def export(self, source: Any, out_path: Path, options: ExportOptions) -> Path:
        """Write the pack of a loaded Scenario (or a scenario file path)."""
        scenario = source if isinstance(source, Scenario) else load_scenario(Path(source))
        pack = build_pack(scenario, previous_version=existing_version(Path(out_path),
                                                                      scenario.id))
        return atomic_write_bytes(out_path, pack.data)


register(PackExporter())
