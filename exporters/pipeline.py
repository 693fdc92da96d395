"""The content pipeline behind `tcstudio build`: validate everything, then build packs.

Validation runs over every content file first; any error stops the build with the full list.
Then each scenario becomes one pack. A cache file in the output folder remembers, per pack,
a hash of its inputs (the scenario file, the files it references, the pipeline version) and
of the pack written; a pack whose inputs are unchanged and whose file is intact is skipped.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.content import Problem, collect_files, load_document, validate_paths
from engine.version import __version__
from exporters.base import atomic_write_bytes
from exporters.pack import FORMAT_VERSION, build_pack_from_file

CACHE_FILE = ".tcbuild-cache.json"
INDEX_FILE = "index.json"
# Bump when pack output changes for the same input, so caches from older builds are ignored.
PIPELINE_VERSION = 1

Progress = Callable[[int, int, str], None]


@dataclass
class BuildResult:
    """What a build did: problems (stops the build), packs written or skipped, the index."""

    problems: list[Any] = field(default_factory=list)
    built: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    index: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return not any(p.severity == "error" for p in self.problems)


def content_files(root: Path) -> list[Path]:
    """Every content file under `root`, as the validator collects them (sorted)."""
    return collect_files([root])[0]


def _document(path: Path) -> Any:
    return load_document(path)


def _duplicate(path: Path, ident: str, first: Path) -> Any:
    return Problem("build.duplicate_scenario_id", "error",
                   f"scenario id {ident!r} is also used by {first}; packs are named by it",
                   "give every scenario its own id", file=str(path), pointer="/id")


def _input_hash(scenario: Path, data: dict[str, Any]) -> str:
    digest = hashlib.sha256(f"{__version__}/{FORMAT_VERSION}/{PIPELINE_VERSION}".encode())
    for path in [scenario] + [scenario.parent / data[k] for k in ("map", "ruleset", "catalog")]:
        digest.update(b"\0" + path.name.encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _read_cache(out_dir: Path) -> dict[str, Any]:
    try:
        cache = json.loads((out_dir / CACHE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"packs": {}}
    return cache if isinstance(cache, dict) and isinstance(cache.get("packs"), dict) else {
        "packs": {}}


def _sha256(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _json_bytes(data: Any) -> bytes:
    return (json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode()


def build(content_dir: Path, out_dir: Path, progress: Progress | None = None) -> BuildResult:
    """Validate `content_dir`, then write one pack per scenario and index.json to `out_dir`."""
    files = content_files(content_dir)
    result = BuildResult(problems=list(validate_paths(files)))
    if not result.ok:
        return result
    scenarios = []
    first_of: dict[str, Path] = {}
    for path in files:
        doc = _document(path)
        if doc.kind != "scenario":
            continue
        ident = doc.data["id"]
        if ident in first_of:
            result.problems.append(_duplicate(path, ident, first_of[ident]))
        first_of.setdefault(ident, path)
        scenarios.append((path, doc.data))
    if not result.ok:
        return result
    out_dir.mkdir(parents=True, exist_ok=True)
    cache = _read_cache(out_dir)
    new_cache: dict[str, Any] = {"packs": {}}
    entries = []
    for n, (path, data) in enumerate(scenarios, start=1):
        name = f"{data['id']}.tcpack"
        if progress:
            progress(n - 1, len(scenarios), name)
        inputs = _input_hash(path, data)
        old = cache["packs"].get(name)
        target = out_dir / name
        if old and old.get("inputs") == inputs and _sha256(target) == old.get("sha256"):
            result.skipped.append(name)
            entry = old["entry"]
        else:
            pack = build_pack_from_file(path)
            atomic_write_bytes(target, pack.data)
            result.built.append(name)
            m = pack.manifest
            entry = {"file": name, "id": m["pack"]["id"], "version": m["pack"]["version"],
                     "name": m["pack"]["name"], "ruleset_version": m["ruleset_version"],
                     "sha256": pack.sha256, "size": len(pack.data),
                     "source": path.relative_to(content_dir).as_posix()}
        new_cache["packs"][name] = {"inputs": inputs, "sha256": entry["sha256"], "entry": entry}
        entries.append(entry)
    if progress:
        progress(len(scenarios), len(scenarios), "index")
    for name in sorted(set(cache["packs"]) - set(new_cache["packs"])):
        (out_dir / name).unlink(missing_ok=True)  # a pack we built whose scenario is gone
        result.removed.append(name)
    result.index = {"format_version": FORMAT_VERSION, "created_by": f"trenchclub-studio "
                    f"{__version__}", "packs": sorted(entries, key=lambda e: e["id"])}
    atomic_write_bytes(out_dir / INDEX_FILE, _json_bytes(result.index))
    atomic_write_bytes(out_dir / CACHE_FILE, _json_bytes(new_cache))
    return result
