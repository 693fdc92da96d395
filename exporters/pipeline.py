"""The content pipeline behind `tcstudio build`: validate everything, then build packs.

Validation runs over every content file first; any error stops the build with the full list.
Then each scenario becomes one pack. A cache file in the output folder (exporters.buildcache)
remembers, per pack, a hash of its inputs (the scenario file, the files it references, the
pipeline version) and of the pack written; a pack whose inputs are unchanged and whose file is
intact is skipped.

Packs are built on `jobs` processes (forked, so they share the validated content; default:
the CPUs this process may use); their results are taken in scenario order, so the output does
not depend on the number of jobs.

The output stays consistent if the build is killed at any point: `index.json` never names a
checksum that is not its file's. Changed packs are built in memory; then an interim index
listing only the packs that stay as they are is written, then the cache (naming every pack
this build may write, so a later build may remove them), then the packs, then the final index
and cache. Every write is atomic. Only packs that the cache names and whose bytes are still
what the build wrote are ever removed.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.content import (
    ContentError,
    LoadCache,
    Problem,
    collect_files,
    load_document,
    load_scenario,
    validate_paths,
)
from engine.i18n import _
from engine.jobs import MAX_JOBS, default_jobs
from engine.version import __version__
from exporters.area_pack import build_area_pack_from_file
from exporters.area_pack_extras import extra_inputs
from exporters.base import ExportError, atomic_write_bytes
from exporters.buildcache import (
    CACHE_FILE,
    INDEX_FILE,
    CacheRecord,
    pack_path,
    read_cache,
    remove_stale_temp_files,
)
from exporters.pack import (
    FORMAT_VERSION,
    BuiltPack,
    Pictures,
    board_pictures,
    build_pack_from_file,
    existing_version,
)
from packs.paths import UnsafePathError

__all__ = ["CACHE_FILE", "INDEX_FILE", "BuildResult", "build", "content_files"]
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


def _duplicate(path: Path, ident: str, first: Path) -> Problem:
    return Problem("build.duplicate_scenario_id", "error",
                   _("scenario id {ident!r} is also used by {first}; packs are named by it",
                     ident=ident, first=first),
                   _("give every scenario its own id"), file=str(path), pointer="/id")


# The reference keys of each kind of scenario that becomes a pack.
_REFERENCE_KEYS = {"scenario": ("map", "ruleset", "catalog"),
                   "area-scenario": ("map", "armies", "ruleset")}


def _input_hash(scenario: Path, kind: str, data: dict[str, Any]) -> str:
    digest = hashlib.sha256(f"{__version__}/{FORMAT_VERSION}/{PIPELINE_VERSION}".encode())
    for path in [scenario] + [scenario.parent / data[k] for k in _REFERENCE_KEYS[kind]]:
        digest.update(b"\0" + path.name.encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    # An area map's background picture and linked battlefields are in its pack too; none for
    # the built-in content, whose hash stays as it was.
    extras = extra_inputs(scenario.parent / data["map"]) if kind == "area-scenario" else []
    for path in extras:
        digest.update(b"\0" + str(path).encode() + b"\0")
        try:
            digest.update(hashlib.sha256(path.read_bytes()).digest())
        except OSError:
            digest.update(b"missing")  # the build itself reports the file
    return digest.hexdigest()


def _sha256(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _json_bytes(data: Any) -> bytes:
    return (json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode()


def _index(entries: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format_version": FORMAT_VERSION, "created_by": f"trenchclub-studio {__version__}",
            "packs": sorted(entries, key=lambda e: e["id"])}


def _cache_bytes(records: dict[str, CacheRecord]) -> bytes:
    return _json_bytes({"packs": {name: r.to_json() for name, r in sorted(records.items())}})


def _scenarios(files: list[Path], out_dir: Path, result: BuildResult,
               loads: LoadCache) -> list[tuple[Path, str, dict[str, Any]]]:
    scenarios = []
    first_of: dict[str, Path] = {}
    for path in files:
        key = path.resolve()
        doc = loads.documents[key] if key in loads.documents else load_document(path)
        if doc.kind not in _REFERENCE_KEYS:
            continue
        ident = doc.data["id"]
        if ident in first_of:
            result.problems.append(_duplicate(path, ident, first_of[ident]))
        first_of.setdefault(ident, path)
        try:
            pack_path(out_dir, f"{ident}.tcpack")
        except UnsafePathError as err:
            result.problems.append(Problem(
                "build.bad_pack_name", "error",
                _("scenario id {ident!r} cannot name a pack file: {reason}", ident=ident,
                  reason=err.reason), _("use a short id"), file=str(path), pointer="/id"))
        scenarios.append((path, doc.kind, doc.data))
    return scenarios


@dataclass(frozen=True)
class _Task:
    """A pack to build: its file name, scenario file, kind, input hash and the version of the
    pack it replaces."""

    name: str
    path: Path
    kind: str
    inputs: str
    previous: str | None
    weight: int = 1  # a rough cost, for starting the longest packs first
    board: tuple[str, str | None] | None = None  # the map file and half its pictures show


def _weight(kind: str, data: dict[str, Any]) -> int:
    """A pack's rough cost: its conformance games grow with the players; an area scenario
    has none."""
    players = data.get("players")
    return 0 if kind == "area-scenario" or not isinstance(players, int) else players


def _board(path: Path, kind: str, data: dict[str, Any]) -> tuple[str, str | None] | None:
    """The board a hex scenario's pack pictures: its map file and, with 2 players, its half."""
    if kind != "scenario":
        return None
    half = data.get("half") if data.get("players") == 2 else None
    return str((path.parent / data["map"]).resolve()), half


_PR_SET_PDEATHSIG = 1  # prctl option: the signal a process gets when its parent dies
# The validated content of the running build, inherited by the forked pack builders.
_LOADS: LoadCache | None = None


@dataclass(frozen=True)
class _Failed:
    """Why a pack could not be built (an ExportError's message and hint, sent back whole from
    a worker process)."""

    message: str
    hint: str


def _build_task(task: _Task, drawn: Pictures | None = None) -> BuiltPack | _Failed:
    """Build one pack (with board pictures `drawn` already), or say why it cannot be built."""
    try:
        if task.kind == "area-scenario":
            return build_area_pack_from_file(task.path, previous_version=task.previous,
                                             cache=_LOADS)
        return build_pack_from_file(task.path, previous_version=task.previous, cache=_LOADS,
                                    drawn=drawn)
    except ExportError as err:
        return _Failed(err.message, err.hint)


def _draw_task(task: _Task) -> Pictures:
    """The board pictures of a task's pack, for every pack on its board; none when its
    scenario does not load (its own build then says why)."""
    try:
        return board_pictures(load_scenario(task.path, _LOADS))
    except (ContentError, ExportError):
        return {}


def _start_pool_tasks(pool: Any, tasks: list[_Task]) -> dict[int, Any]:
    """Start every task on the pool, longest first, by id: the boards several packs show
    are drawn first, once each (else every process would draw each board its packs show),
    in the order the packs need them; a pack starts as soon as its board is drawn, so a
    process that drew a board quickly goes on while the other still draws."""
    ordered = sorted(tasks, key=lambda t: -t.weight)
    first: dict[tuple[str, str | None], _Task] = {}
    shared: list[tuple[str, str | None]] = []
    for task in ordered:
        if task.board is not None:
            if task.board in first and task.board not in shared:
                shared.append(task.board)
            first.setdefault(task.board, task)
    drawing = {board: pool.apply_async(_draw_task, (first[board],)) for board in shared}
    drawn: dict[tuple[str, str | None], Pictures] = {}
    started = {}
    for task in ordered:
        board = task.board
        if board in drawing and board not in drawn:
            drawn[board] = drawing[board].get()
        started[id(task)] = pool.apply_async(
            _build_task, (task, drawn.get(board) if board is not None else None))
    return started


def _start_worker(parent: int) -> None:
    """Set up a pack worker: Ctrl-C is for the parent to handle (it stops the pool), and on
    Linux the worker is killed with its parent instead of finishing a pack nobody will take
    and printing a broken-pipe traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)


def _run(tasks: list[_Task], loads: LoadCache, jobs: int | None
         ) -> Iterator[BuiltPack | _Failed]:
    """The packs of `tasks` in their order, built on up to `jobs` forked processes (in this
    one when there is one job, one task, or no fork on this system)."""
    global _LOADS
    jobs = min(default_jobs() if jobs is None else jobs, len(tasks), MAX_JOBS)
    _LOADS = loads
    try:
        if jobs <= 1 or "fork" not in multiprocessing.get_all_start_methods():
            yield from map(_build_task, tasks)
            return
        with multiprocessing.get_context("fork").Pool(jobs, _start_worker,
                                                      (os.getpid(),)) as pool:
            # Longest first, so no process is left with a long pack while the other idles;
            # the results still come in the order of `tasks`.
            pending = _start_pool_tasks(pool, tasks)
            for task in tasks:
                yield pending[id(task)].get()
    finally:
        _LOADS = None


def build(content_dir: Path, out_dir: Path, progress: Progress | None = None,
          jobs: int | None = None) -> BuildResult:
    """Validate `content_dir`, then write one pack per scenario and index.json to `out_dir`,
    building changed packs on `jobs` processes (None: one per CPU)."""
    files = content_files(content_dir)
    loads = LoadCache()  # every file is parsed and checked once, then reused for the packs
    result = BuildResult(problems=list(validate_paths(files, loads)))
    if not result.ok:
        return result
    scenarios = _scenarios(files, out_dir, result, loads)
    if not result.ok:
        return result
    out_dir.mkdir(parents=True, exist_ok=True)
    remove_stale_temp_files(out_dir)
    cache = read_cache(out_dir)
    result.problems.extend(cache.warnings)
    records: dict[str, CacheRecord] = {}
    fresh: dict[str, bytes] = {}  # name -> bytes of packs to write
    tasks: list[_Task] = []
    for path, kind, data in scenarios:
        name = f"{data['id']}.tcpack"
        target = pack_path(out_dir, name)
        inputs = _input_hash(path, kind, data)
        old = cache.records.get(name)
        if old and old.inputs == inputs and _sha256(target) == old.sha256:
            result.skipped.append(name)
            records[name] = old
            continue
        # The revision continues from the pack this one replaces (cache, else the file).
        previous = old.entry["version"] if old else existing_version(target, data["id"])
        tasks.append(_Task(name, path, kind, inputs, previous, _weight(kind, data),
                           _board(path, kind, data)))
    for done, (task, built) in enumerate(zip(tasks, _run(tasks, loads, jobs), strict=True),
                                         start=len(result.skipped)):
        if progress:
            progress(done, len(scenarios), task.name)
        if isinstance(built, _Failed):
            result.problems.append(Problem("build.export_failed", "error", built.message,
                                           built.hint, file=str(task.path)))
            continue
        m = built.manifest
        entry = {"file": task.name, "id": m["pack"]["id"], "version": m["pack"]["version"],
                 "name": m["pack"]["name"], "ruleset_version": m["ruleset_version"],
                 "sha256": built.sha256, "size": len(built.data),
                 "source": task.path.relative_to(content_dir).as_posix()}
        records[task.name] = CacheRecord(task.name, task.inputs, built.sha256, entry)
        fresh[task.name] = built.data
    if progress:
        progress(len(scenarios), len(scenarios), "index")
    if not result.ok:
        return result  # nothing written yet
    gone = {name: r for name, r in cache.records.items() if name not in records}
    if fresh or gone:
        kept = [records[name].entry for name in result.skipped]
        atomic_write_bytes(out_dir / INDEX_FILE, _json_bytes(_index(kept)))
        atomic_write_bytes(out_dir / CACHE_FILE, _cache_bytes({**gone, **records}))
    for name, data in sorted(fresh.items()):
        atomic_write_bytes(out_dir / name, data)
        result.built.append(name)
    for name, record in sorted(gone.items()):
        target = pack_path(out_dir, name)
        # Only a file that is still what this build wrote: never the user's own file.
        if _sha256(target) == record.sha256 and not target.is_symlink():
            target.unlink()
            result.removed.append(name)
        elif target.exists() or target.is_symlink():
            result.problems.append(Problem(
                "build.pack_kept", "warning",
                _("{name} was not removed: its scenario is gone but the file is not the one the "
                  "build wrote", name=name), _("delete it yourself if it is not needed"),
                  file=str(target)))
    result.index = _index([r.entry for r in records.values()])
    atomic_write_bytes(out_dir / INDEX_FILE, _json_bytes(result.index))
    atomic_write_bytes(out_dir / CACHE_FILE, _cache_bytes(records))
    return result
