"""The build cache and the output folder of `tcstudio build`, read as untrusted input.

The cache (`.tcbuild-cache.json` in `--out`) remembers per pack the hash of its inputs, the
SHA-256 of the pack the build wrote and its index entry. Anyone can edit it, so it is read with
the safe JSON reader and every record is checked: its name must be a plain `NAME.tcpack` inside
the folder (packs.paths), its fields the right types, its entry naming that same file and
checksum. A cache that is not like that is ignored with a warning (everything is rebuilt); a
record that is not is dropped. A file is only ever removed when the cache names it and its
bytes still have the SHA-256 the build wrote, so an edited cache cannot delete anything else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.content import Problem
from engine.i18n import _
from packs.paths import UnsafePathError, confine
from packs.safejson import JsonError, loads

CACHE_FILE = ".tcbuild-cache.json"
INDEX_FILE = "index.json"
PACK_SUFFIX = ".tcpack"
MAX_CACHE_BYTES = 16 * 1024 * 1024
_SHA256 = re.compile(r"[0-9a-f]{64}")
_ENTRY_TYPES: dict[str, type | tuple[type, ...]] = {
    "file": str, "id": str, "version": str, "name": dict, "ruleset_version": str,
    "sha256": str, "size": int, "source": str}
# Temp files of atomic writes (".NAME.XXXXXXXX.tmp") left by a build that was killed.
_STALE_TMP = re.compile(r"\.(.+\.tcpack|index\.json|\.tcbuild-cache\.json)\.[A-Za-z0-9_]{8}\.tmp")


@dataclass(frozen=True)
class CacheRecord:
    """What the build remembers of one pack it wrote."""

    name: str
    inputs: str
    sha256: str
    entry: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """The record as stored in the cache file."""
        return {"inputs": self.inputs, "sha256": self.sha256, "entry": self.entry}


@dataclass
class Cache:
    """The records of a cache file, and warnings about what was ignored in it."""

    records: dict[str, CacheRecord] = field(default_factory=dict)
    warnings: list[Problem] = field(default_factory=list)


def _warning(path: Path, message: str, pointer: str | None = None) -> Problem:
    return Problem("build.cache_ignored", "warning", message,
                   _("the cache is only a speed-up; the affected packs are rebuilt"),
                   file=str(path), pointer=pointer)


def pack_path(out_dir: Path, name: object) -> Path:
    """The pack file `name` in `out_dir`: a plain `NAME.tcpack` directly inside it, else
    UnsafePathError."""
    if not isinstance(name, str) or "/" in name or not name.endswith(PACK_SUFFIX) \
            or name == PACK_SUFFIX:
        raise UnsafePathError(name, _("not a pack file name"), _("packs are named ID.tcpack"))
    return confine(out_dir, name)


def _record(out_dir: Path, name: str, value: Any) -> CacheRecord | str:
    """The checked record, or why it is refused."""
    try:
        pack_path(out_dir, name)
    except UnsafePathError as err:
        return err.reason
    if not isinstance(value, dict) or not isinstance(value.get("inputs"), str):
        return "record is not an object with 'inputs'"
    sha, entry = value.get("sha256"), value.get("entry")
    if not isinstance(sha, str) or not _SHA256.fullmatch(sha):
        return "'sha256' is not a SHA-256"
    if not isinstance(entry, dict) or set(entry) != set(_ENTRY_TYPES) or any(
            not isinstance(entry[k], t) or isinstance(entry[k], bool)
            for k, t in _ENTRY_TYPES.items()):
        return "'entry' is not an index entry"
    if entry["file"] != name or entry["sha256"] != sha:
        return "'entry' names another file or checksum"
    return CacheRecord(name, value["inputs"], sha, entry)


def read_cache(out_dir: Path) -> Cache:
    """The cache of `out_dir` with every unusable record dropped and reported as a warning."""
    path = out_dir / CACHE_FILE
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_CACHE_BYTES + 1)
    except FileNotFoundError:
        return Cache()
    except OSError as err:
        return Cache(warnings=[_warning(path,
                                        _("cannot read the build cache: {strerror}",
                                          strerror=err.strerror))])
    if len(data) > MAX_CACHE_BYTES:
        return Cache(warnings=[_warning(path, _("build cache is implausibly large, ignored"))])
    try:
        cache = loads(data, source=str(path))
    except JsonError as err:
        return Cache(warnings=[_warning(path,
                                        _("build cache ignored: {message} (line {line})",
                                          message=err.message, line=err.line))])
    if not isinstance(cache, dict) or not isinstance(cache.get("packs"), dict):
        return Cache(warnings=[_warning(path, _("build cache ignored: no 'packs' object"))])
    result = Cache()
    for name, value in sorted(cache["packs"].items()):
        record = _record(out_dir, name, value)
        if isinstance(record, str):
            result.warnings.append(_warning(path,
                                            _("build cache record {name!r} ignored: {record}",
                                              name=name, record=record), pointer="/packs"))
        else:
            result.records[name] = record
    return result


def remove_stale_temp_files(out_dir: Path) -> list[str]:
    """Delete temp files that an interrupted build left from its own atomic writes."""
    removed = []
    for path in sorted(out_dir.iterdir()):
        if _STALE_TMP.fullmatch(path.name) and path.is_file() and not path.is_symlink():
            path.unlink(missing_ok=True)
            removed.append(path.name)
    return removed
