"""Reading map packs safely: bounded unzip, safe JSON, manifest and checksums, references
(an area pack's background picture and battlefields: packs.area), content validation,
extraction.

`import_pack` writes nothing until the whole pack has passed every check. It extracts into a
fresh temporary directory beside the target, validates the extracted content there, and only
then renames it to the target, so a bad pack leaves the disk as it was (parent folders it had
to create are removed again). Problems name the pack and the entry (`p.tcpack!map.json`),
never the temporary folder.
"""

from __future__ import annotations

import contextlib
import hashlib
import shutil
import tempfile
from pathlib import Path
from typing import Any

from engine.content import Problem, schema_messages, validate_paths
from engine.i18n import _
from packs.area import AREA_MAP, check_area_extras
from packs.errors import PackError
from packs.format import (
    AREA_CONTENT_FILES,
    AREA_MANIFEST_SCHEMA,
    AREA_REFERENCES,
    BATTLEFIELD_SCENARIO,
    BATTLEFIELDS_DIR,
    CONTENT_FILES,
    FORMAT_VERSION,
    MANIFEST,
    MANIFEST_SCHEMA,
)
from packs.paths import UnsafePathError, check_relative_name, confine
from packs.safejson import JsonError, loads
from packs.safezip import DEFAULT_LIMITS, Limits, read_zip


def parse_entry(entries: dict[str, bytes], name: str) -> Any:
    """An entry parsed by the safe JSON reader; PackError located in the entry if refused."""
    try:
        return loads(entries[name], source=name)
    except JsonError as err:
        raise PackError(err.message, hint=err.hint, entry=name, line=err.line,
                        col=err.col) from None


HEX_REFERENCES = {"map": "map.json", "ruleset": "ruleset.json", "catalog": "catalog.json"}


def _schema_problems(manifest: Any) -> list[str]:
    return schema_messages(manifest, manifest_schema_of(manifest))


def manifest_schema_of(manifest: Any) -> str:
    """The manifest schema a manifest is checked against: the area pack schema when it names
    it, else the Trench Club pack schema (whose `$schema` const then reports any other)."""
    if isinstance(manifest, dict) and manifest.get("$schema") == AREA_MANIFEST_SCHEMA:
        return AREA_MANIFEST_SCHEMA
    return MANIFEST_SCHEMA


def is_area_pack(manifest: dict[str, Any]) -> bool:
    """Whether a checked manifest is that of a Der Erste Weltkrieg (area map) pack."""
    return manifest.get("$schema") == AREA_MANIFEST_SCHEMA


def content_files_of(manifest: dict[str, Any]) -> tuple[str, ...]:
    """The content files a pack of this manifest's game system must carry."""
    return AREA_CONTENT_FILES if is_area_pack(manifest) else CONTENT_FILES


def validated_files_of(manifest: dict[str, Any]) -> tuple[str, ...]:
    """The files an import validates: the content files, and an area pack's battlefield
    scenarios (so their problems are located in their own entries)."""
    if not is_area_pack(manifest):
        return CONTENT_FILES
    battlefields = sorted(f["path"] for f in manifest["files"]
                          if f["path"].startswith(f"{BATTLEFIELDS_DIR}/")
                          and f["path"].endswith(f"/{BATTLEFIELD_SCENARIO}"))
    return (*AREA_CONTENT_FILES, *battlefields)


def _version_minor(version: str) -> int:
    return int(version.split("+", 1)[0].split("-", 1)[0].split(".")[1])


def check_manifest(entries: dict[str, bytes]) -> dict[str, Any]:
    """Parse and check the manifest against the entries; returns it or raises PackError.
    Every JSON entry is parsed with the safe reader too (depth, numbers, duplicate keys)."""
    if MANIFEST not in entries:
        raise PackError(_("no manifest.json in the pack"), hint=_("not a map pack"))
    manifest = parse_entry(entries, MANIFEST)
    problems = _schema_problems(manifest)
    if problems:
        raise PackError(_("manifest does not follow pack-manifest.schema.json: {problems}",
                          problems="; ".join(problems[:5])), entry=MANIFEST)
    if manifest["format_version"] > FORMAT_VERSION:
        raise PackError(_("pack format version {format_version} is newer than this program reads "
                          "({format_version2})", format_version=manifest['format_version'],
                          format_version2=FORMAT_VERSION), hint=_("update Trench Club Studio"))
    revision = manifest["pack"].get("revision")
    if revision is not None and _version_minor(manifest["pack"]["version"]) != revision:
        raise PackError(_("pack revision {revision} differs from the minor number of version "
                          "{version}", revision=revision, version=manifest['pack']['version']),
                        entry=MANIFEST,
                        hint=_("the manifest was edited by hand; rebuild the pack"))
    for info in manifest["files"]:
        try:
            check_relative_name(info["path"])
        except UnsafePathError as err:
            raise PackError(_("manifest lists {path!r}: {reason}", path=info['path'],
                              reason=err.reason), entry=MANIFEST,
                            hint=err.hint) from None
    listed = {f["path"]: f for f in manifest["files"]}
    if len(listed) != len(manifest["files"]):
        raise PackError(_("a file is listed twice in the manifest"), entry=MANIFEST)
    extra = sorted(set(entries) - set(listed) - {MANIFEST})
    if extra:
        raise PackError(_("file not listed in the manifest"), entry=extra[0],
                        hint=_("the pack was changed after it was built"))
    for path, info in sorted(listed.items()):
        if path not in entries:
            raise PackError(_("file listed in the manifest is missing"), entry=path)
        data = entries[path]
        if len(data) != info["size"] or hashlib.sha256(data).hexdigest() != info["sha256"]:
            raise PackError(_("checksum does not match the manifest"), entry=path,
                            hint=_("the pack is damaged or was changed after it was built"))
    content = content_files_of(manifest)
    missing = [p for p in content if p not in listed]
    if missing:
        raise PackError(_("pack lacks {missing}", missing=', '.join(missing)), hint=
                        _("not a complete map pack"))
    parsed = {name: parse_entry(entries, name) for name in sorted(entries)
              if name.endswith(".json") and name != MANIFEST}
    references = AREA_REFERENCES if is_area_pack(manifest) else HEX_REFERENCES
    _check_references(parsed[content[0]], content[0], references)
    if is_area_pack(manifest):
        for scenario in check_area_extras(entries, parsed[AREA_MAP]):
            _check_references(parsed[scenario], scenario, HEX_REFERENCES)
    return manifest


def _check_references(data: Any, entry: str, references: dict[str, str]) -> None:
    """The scenario must point at the pack's own files, never outside the pack."""
    if not isinstance(data, dict):
        raise PackError(_("not a scenario object"), entry=entry)
    for key, name in references.items():
        if data.get(key) != name:
            raise PackError(_("'{key}' refers to {get!r}, not {name}", key=key, get=data.get(key),
                              name=name), entry=entry,
                            hint=_("a pack's scenario may only use the files of the pack"))


def _relabel(problem: Problem, folder: Path, label: str) -> Problem:
    """The problem located in `label!entry` instead of the temporary folder."""
    file = problem.file
    if file is None:
        return problem
    for root in (str(folder), str(folder.resolve())):
        if file.startswith(root):
            entry = file[len(root):].lstrip("/\\").replace("\\", "/")
            return problem.located(file=f"{label}!{entry}")
    return problem


def validate_extracted(folder: Path, label: str | None = None,
                       content: tuple[str, ...] = CONTENT_FILES) -> list[Problem]:
    """Problems (errors only) of the `content` files of an extracted pack (a hex pack's by
    default); with `label`, located as `label!entry`."""
    problems = validate_paths([folder / name for name in content])
    errors = [p for p in problems if p.severity == "error"]
    return [_relabel(p, folder, label) for p in errors] if label else errors


def read_pack(pack: Path | bytes, limits: Limits = DEFAULT_LIMITS) -> tuple[dict[str, Any],
                                                                   dict[str, bytes]]:
    """Manifest and files of a pack after the zip and manifest checks (content not checked)."""
    entries = read_zip(pack, limits)
    return check_manifest(entries), entries


class InvalidPackContent(PackError):
    """The pack's content files do not validate; `problems` lists them."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(f"{len(problems)} content problem(s) in the pack",
                         hint=_("the pack was built from invalid content or altered"))
        self.problems = problems


def _missing_parents(folder: Path) -> list[Path]:
    """The ancestors of `folder` that do not exist yet, outermost first."""
    missing = []
    for parent in folder.absolute().parents:
        if parent.exists():
            break
        missing.append(parent)
    return list(reversed(missing))


def _extract(entries: dict[str, bytes], tmp: Path) -> None:
    for name, data in sorted(entries.items()):
        try:
            target = confine(tmp, name)  # belt and braces after the zip's name check
        except UnsafePathError as err:
            raise PackError(err.reason, entry=name, hint=err.hint) from None
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def import_pack(pack_path: Path, out_dir: Path, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """Check a pack fully and extract it to `out_dir` (which must not exist or be empty).

    Returns the manifest. Raises PackError (InvalidPackContent for content problems); then
    nothing has been written, not even the parent folders of `out_dir`."""
    pack_path, out_dir = Path(pack_path), Path(out_dir)
    if out_dir.exists() and (not out_dir.is_dir() or any(out_dir.iterdir())):
        raise PackError(_("{out_dir} already exists and is not empty", out_dir=out_dir),
                        hint=_("choose another --out folder or remove it"))
    manifest, entries = read_pack(pack_path, limits)
    created = _missing_parents(out_dir)
    tmp: Path | None = None
    try:
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.import-", dir=out_dir.parent))
        _extract(entries, tmp)
        problems = validate_extracted(tmp, pack_path.name, validated_files_of(manifest))
        if problems:
            raise InvalidPackContent(problems)
        if out_dir.exists():
            out_dir.rmdir()
        tmp.rename(out_dir)
    except BaseException as exc:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        for folder in reversed(created):
            with contextlib.suppress(OSError):
                folder.rmdir()
        if isinstance(exc, OSError):  # name the target, not the deleted temporary folder
            raise OSError(exc.errno, exc.strerror, str(out_dir)) from None
        raise
    return manifest
