"""Crash recovery of unsaved work: one recovery slot per editor window, locked for its life.

The store is a folder (AppDataLocation/recovery) holding one slot folder per window that has
unsaved work: `<store>/<uuid>/` with `lock`, `recovery.json` (the original file, when, what
kind) and `recovery.<kind>.yaml` (the work: a map, a catalog/ruleset of the content editors,
or an area map of the Der Erste Weltkrieg editor). The window holds an OS lock on `lock`
(engine.filelock) for as long as it lives; the OS releases it when the process dies, however
it dies, so a slot whose lock nobody holds is an orphan: its work is offered for restore at
the next start. A PID reused by another process cannot fake a live owner. Closing a window
cleanly removes only its own slot.

A window writes its copies through a RecoveryWriter: the GUI thread only takes a snapshot of
the map (map_to_dict, about a millisecond); serialising and fsyncing run on a worker thread.

Qt-free; the editor's windows (editor.window_files) and start-up (editor.app) use it.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import filelock
from engine.content import map_to_dict, save_document
from engine.content.atomic import atomic_write_text
from engine.model import GameMap

LOCK = "lock"
MAP = "recovery.map.yaml"
# What a slot's work may be; "area-map" is a Der Erste Weltkrieg map (editor.area).
KINDS = ("map", "catalog", "ruleset", "scenario", "area-map")
META = "recovery.json"
# Left by version 0.1, which kept one recovery file for all windows at the store's top level.
LEGACY_FILES = ("recovery.map.yaml", "recovery.json", "session.lock")


@dataclass(frozen=True)
class RecoveryInfo:
    """What a slot says about its work: the file it was edited from (None for a new map),
    when it was kept (seconds since the epoch), the work's name and its kind (KINDS), and the
    scenario file the work was opened through (area maps: the area scenario whose armies and
    ruleset the window plays; None when it was opened alone)."""

    original: Path | None
    saved_at: float | None
    name: str | None
    kind: str = "map"
    scenario: Path | None = None


# A damaged time (1e300, or an int too long for a float) must not stop the editor's start,
# where every kept slot is offered with its date: later than this reads as unknown.
LATEST_SAVE_TIME = 4_102_444_800  # 2100-01-01


def _path_or_none(value: object) -> Path | None:
    """A path read from the slot's details, None when missing or damaged."""
    return Path(value) if isinstance(value, str) and value and "\0" not in value else None


class RecoverySlot:
    """The recovery files of one window, locked by this process until `close` or `release`."""

    def __init__(self, directory: Path, lock_fd: int) -> None:
        self.dir = directory
        self._fd: int | None = lock_fd

    @property
    def id(self) -> str:
        """The slot's key (a UUID)."""
        return self.dir.name

    @property
    def map_path(self) -> Path:
        """Where the recovery map is written."""
        return self.dir / MAP

    def work_path(self, kind: str = "map") -> Path:
        """Where recovery work of `kind` (KINDS) is written."""
        if kind not in KINDS:
            raise ValueError(f"unknown recovery kind {kind!r} (known: {', '.join(KINDS)})")
        return self.dir / f"recovery.{kind}.yaml"

    @property
    def held(self) -> bool:
        """Whether this process still holds the slot's lock."""
        return self._fd is not None

    def write(self, game_map: GameMap, original: Path | None) -> None:
        """Keep `game_map` as this window's unsaved work (each file written atomically)."""
        self.write_data(map_to_dict(game_map), original, game_map.name)

    def write_data(self, map_data: dict, original: Path | None, name: str | None = None,
                   kind: str = "map", scenario: Path | None = None) -> None:
        """Keep content data in file form (a map from engine.content.map_to_dict, or a
        catalog/ruleset/scenario document's data) as this window's unsaved work; `scenario`:
        the scenario file the work was opened through (RecoveryInfo.scenario).

        The details are written before the work, so work in the slot always has them."""
        target = self.work_path(kind)
        meta = {"original": str(original) if original else None, "saved_at": time.time(),
                "name": name, "kind": kind}
        if scenario is not None:  # absent otherwise: details of other work stay as they were
            meta["scenario"] = str(scenario)
        atomic_write_text(self.dir / META, json.dumps(meta))
        save_document(map_data, target)

    def has_work(self) -> bool:
        """Whether the slot holds recovery work of any kind."""
        return any(self.work_path(k).is_file() for k in KINDS)

    def info(self) -> RecoveryInfo:
        """The slot's details; missing or damaged details read as unknown."""
        try:
            meta = json.loads((self.dir / META).read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            meta = {}
        if not isinstance(meta, dict):
            meta = {}
        original, saved_at, name = meta.get("original"), meta.get("saved_at"), meta.get("name")
        kind = meta.get("kind")
        if kind not in KINDS:  # version 0.1 details, or damaged: whichever work is there
            kind = next((k for k in KINDS if self.work_path(k).is_file()), "map")
        return RecoveryInfo(
            _path_or_none(original),
            float(saved_at) if isinstance(saved_at, int | float) and not isinstance(
                saved_at, bool) and 0 < saved_at < LATEST_SAVE_TIME else None,
            name if isinstance(name, str) else None,
            kind,
            _path_or_none(meta.get("scenario")),
        )

    def discard(self) -> None:
        """Forget the kept work (after a save, or when nothing is unsaved); keep the slot."""
        for kind in KINDS:
            self.work_path(kind).unlink(missing_ok=True)
        (self.dir / META).unlink(missing_ok=True)

    def close(self) -> None:
        """Remove the slot folder (work, details, temp files of a killed write), then let go
        of the lock (a clean window close)."""
        if self._fd is None:
            return
        self.discard()
        shutil.rmtree(self.dir, ignore_errors=True)
        self.release()

    def release(self) -> None:
        """Let go of the lock and keep the files: the work becomes an orphan again."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


class RecoveryStore:
    """The folder of recovery slots shared by every editor window and process."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.dir = Path(directory)

    def claim(self) -> RecoverySlot:
        """A new, empty slot for one window, locked by this process.

        The slot is made under a hidden name and renamed into place with its lock already
        held, so another process scanning the store never sees it unlocked."""
        self.dir.mkdir(parents=True, exist_ok=True)
        key = uuid.uuid4().hex
        making = self.dir / f".{key}.new"
        making.mkdir()
        fd = os.open(making / LOCK, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        if not filelock.try_lock(fd):  # a fresh file nobody else knows: cannot happen
            os.close(fd)
            raise OSError(f"{making / LOCK}: cannot lock a new recovery slot")
        try:
            os.replace(making, self.dir / key)
        except BaseException:
            os.close(fd)
            shutil.rmtree(making, ignore_errors=True)
            raise
        return RecoverySlot(self.dir / key, fd)

    def orphans(self) -> list[RecoverySlot]:
        """Every slot with work whose window is gone (its lock free), oldest work first.

        The returned slots are locked by this process, so no other editor offers the same
        work; restore one into a window (which keeps it), `close` it to drop the work, or
        `release` it. Slots without work and half-made slots of dead processes are removed."""
        with contextlib.suppress(OSError):  # an unwritable store keeps its legacy work as is
            self._adopt_legacy()
        found = []
        try:
            entries = sorted(os.scandir(self.dir), key=lambda e: e.name)
        except OSError:
            return []
        for entry in entries:
            if not entry.is_dir(follow_symlinks=False):
                continue
            slot = self._try_take(Path(entry.path))
            if slot is None:
                continue
            if entry.name.startswith(".") or not slot.has_work():
                slot.close()
                continue
            found.append(slot)
        return sorted(found, key=lambda s: (s.info().saved_at or 0.0, s.id))

    def _try_take(self, directory: Path) -> RecoverySlot | None:
        """Lock a slot whose owner is gone; None if it is alive or not a slot."""
        try:
            fd = os.open(directory / LOCK, os.O_RDWR | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            return None
        if not filelock.try_lock(fd):
            os.close(fd)
            return None
        return RecoverySlot(directory, fd)

    def _adopt_legacy(self) -> None:
        """Move work left by version 0.1 (one shared recovery file) into a slot of its own."""
        legacy_map = self.dir / LEGACY_FILES[0]
        if not legacy_map.is_file():
            return
        slot = self.claim()
        with contextlib.suppress(OSError):
            os.replace(self.dir / LEGACY_FILES[1], slot.dir / META)
        try:
            os.replace(legacy_map, slot.map_path)
        finally:
            (self.dir / LEGACY_FILES[2]).unlink(missing_ok=True)
            slot.release()


class RecoveryWriter:
    """Writes one window's recovery copies on a worker thread, in the order asked.

    A copy still waiting when a newer copy or a discard is asked for is skipped (only the
    newest work matters). The slot is claimed on the GUI thread at the first copy. Failures
    are kept for the window to show (`take_failure`); they never interrupt editing."""

    def __init__(self, claim: Callable[[], RecoverySlot]) -> None:
        self._claim = claim
        self.slot: RecoverySlot | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._ticket = 0
        self._guard = threading.Lock()
        self._failure: str | None = None

    def _submit(self, skippable: bool, job: Callable[..., None], *args: Any) -> None:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="recovery")
        with self._guard:
            self._ticket += 1
            ticket = self._ticket
        self._pool.submit(self._run, skippable, ticket, job, *args)

    def _run(self, skippable: bool, ticket: int, job: Callable[..., None], *args: Any) -> None:
        if skippable and ticket != self._ticket:
            return  # superseded by newer work or a discard queued after it
        try:
            job(*args)
        except Exception as exc:  # reported to the window, which keeps editing
            self._failure = str(exc)

    def write(self, map_data: dict, original: Path | None, name: str | None,
              kind: str = "map", scenario: Path | None = None) -> None:
        """Queue a copy of content data in file form (map data from
        engine.content.map_to_dict, or a content document's data; a snapshot the caller no
        longer changes) as this window's unsaved work (`scenario`: the scenario file it was
        opened through); claims the slot on first use, and again if its folder was removed
        behind the window's back."""
        if self.slot is not None and not self.slot.dir.is_dir():
            self.slot.release()
            self.slot = None
        if self.slot is None:
            self.slot = self._claim()
        # `scenario` only when there is one: hex work keeps the call it always had
        extra = (scenario,) if scenario is not None else ()
        self._submit(True, RecoverySlot.write_data, self.slot, map_data, original, name, kind,
                     *extra)

    def discard(self) -> None:
        """Queue dropping the copy (nothing unsaved any more)."""
        if self.slot is not None:
            self._submit(False, RecoverySlot.discard, self.slot)

    def flush(self) -> None:
        """Wait until every queued copy and discard is done."""
        if self._pool is not None:
            self._pool.submit(lambda: None).result()

    def take_failure(self) -> str | None:
        """The last failure since the previous call, if any."""
        failure, self._failure = self._failure, None
        return failure

    def adopt(self, slot: RecoverySlot) -> None:
        """Make `slot` (restored work) this window's slot, removing the window's own."""
        self.flush()
        if self.slot is not None and self.slot is not slot:
            self.slot.close()
        self.slot = slot

    def close(self) -> None:
        """Finish queued work, then remove this window's slot (a clean close)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
        if self.slot is not None:
            self.slot.close()
            self.slot = None
