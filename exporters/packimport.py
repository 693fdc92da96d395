"""Reading map packs safely: bounded unzip, manifest and checksums, content validation.

`import_pack` writes nothing until the whole pack has passed every check. It extracts into a
fresh temporary directory beside the target, validates the extracted content there, and only
then renames it to the target, so a bad pack leaves the disk as it was.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from exporters.pack import CONTENT_FILES, MANIFEST, MANIFEST_SCHEMA
from exporters.packzip import DEFAULT_LIMITS, Limits, PackError, read_zip


def _schema_problems(manifest: Any) -> list[str]:
    from jsonschema import Draft202012Validator

    from engine.paths import SCHEMA_DIR

    schemas = {}
    for path in SCHEMA_DIR.glob("*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        schemas[schema["$id"]] = schema
    from referencing import Registry, Resource

    registry = Registry().with_resources(
        (uri, Resource.from_contents(s)) for uri, s in schemas.items())
    validator = Draft202012Validator(schemas[MANIFEST_SCHEMA], registry=registry)
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
            for e in sorted(validator.iter_errors(manifest), key=lambda e: list(e.path))]


def check_manifest(entries: dict[str, bytes]) -> dict[str, Any]:
    """Parse and check the manifest against the entries; returns it or raises PackError."""
    if MANIFEST not in entries:
        raise PackError("no manifest.json in the pack", hint="not a map pack")
    try:
        manifest = json.loads(entries[MANIFEST].decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise PackError(f"manifest is not valid JSON: {err}", entry=MANIFEST) from None
    problems = _schema_problems(manifest)
    if problems:
        raise PackError("manifest does not follow pack-manifest.schema.json: "
                        + "; ".join(problems[:5]), entry=MANIFEST)
    if manifest["format_version"] > 1:
        raise PackError(f"pack format version {manifest['format_version']} is newer than "
                        "this program reads (1)", hint="update Trench Club Studio")
    listed = {f["path"]: f for f in manifest["files"]}
    if len(listed) != len(manifest["files"]):
        raise PackError("a file is listed twice in the manifest", entry=MANIFEST)
    extra = sorted(set(entries) - set(listed) - {MANIFEST})
    if extra:
        raise PackError("file not listed in the manifest", entry=extra[0],
                        hint="the pack was changed after it was built")
    for path, info in sorted(listed.items()):
        if path not in entries:
            raise PackError("file listed in the manifest is missing", entry=path)
        data = entries[path]
        if len(data) != info["size"] or hashlib.sha256(data).hexdigest() != info["sha256"]:
            raise PackError("checksum does not match the manifest", entry=path,
                            hint="the pack is damaged or was changed after it was built")
    missing = [p for p in CONTENT_FILES if p not in listed]
    if missing:
        raise PackError(f"pack lacks {', '.join(missing)}", hint="not a complete map pack")
    _check_references(entries["scenario.json"])
    return manifest


def _check_references(scenario_json: bytes) -> None:
    """The scenario must point at the pack's own files, never outside the pack."""
    try:
        data = json.loads(scenario_json.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise PackError(f"not valid JSON: {err}", entry="scenario.json") from None
    if not isinstance(data, dict):
        raise PackError("not a scenario object", entry="scenario.json")
    for key in ("map", "ruleset", "catalog"):
        if data.get(key) != f"{key}.json":
            raise PackError(f"'{key}' refers to {data.get(key)!r}, not {key}.json",
                            entry="scenario.json",
                            hint="a pack's scenario may only use the files of the pack")


def validate_extracted(folder: Path) -> list[Any]:
    """Problems (errors only) of the content files of an extracted pack."""
    from engine.content import validate_paths

    problems = validate_paths([folder / name for name in CONTENT_FILES])
    return [p for p in problems if p.severity == "error"]


def read_pack(pack: Path | bytes, limits: Limits = DEFAULT_LIMITS) -> tuple[dict[str, Any],
                                                                   dict[str, bytes]]:
    """Manifest and files of a pack after the zip and manifest checks (content not checked)."""
    entries = read_zip(pack, limits)
    return check_manifest(entries), entries


class InvalidPackContent(PackError):
    """The pack's content files do not validate; `problems` lists them."""

    def __init__(self, problems: list[Any]) -> None:
        super().__init__(f"{len(problems)} content problem(s) in the pack",
                         hint="the pack was built from invalid content or altered")
        self.problems = problems


def import_pack(pack_path: Path, out_dir: Path, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """Check a pack fully and extract it to `out_dir` (which must not exist or be empty).

    Returns the manifest. Raises PackError (InvalidPackContent for content problems); then
    nothing has been written."""
    out_dir = Path(out_dir)
    if out_dir.exists() and (not out_dir.is_dir() or any(out_dir.iterdir())):
        raise PackError(f"{out_dir} already exists and is not empty",
                        hint="choose another --out folder or remove it")
    manifest, entries = read_pack(Path(pack_path), limits)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.import-", dir=out_dir.parent))
    try:
        root = tmp.resolve()
        for name, data in sorted(entries.items()):
            target = (tmp / name).resolve()
            if not target.is_relative_to(root):  # belt and braces after check_entry_name
                raise PackError("path escapes the target folder", entry=name)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        problems = validate_extracted(tmp)
        if problems:
            raise InvalidPackContent(problems)
        if out_dir.exists():
            out_dir.rmdir()
        tmp.rename(out_dir)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return manifest
