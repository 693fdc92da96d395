"""Opening and saving maps for the editor, and the crash-recovery store.

All reading and writing goes through engine.content (the loading pipeline `load_file`, and
`save_map` — atomic —); this module adds what the editor needs around it: opening a scenario
opens its map, errors become one readable message, and unsaved work is kept in a recovery file.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from editor.pack_open import PackOpenError, extract_pack
from engine.content import ContentError, load_document, load_file, scenario_reference
from engine.content import save_map as content_save_map
from engine.content.atomic import atomic_write_text
from engine.model import GameMap


class OpenError(Exception):
    """A file could not be opened; the message says where (file:line:col) and why."""

    def __init__(self, message: str, problems: list | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []


@dataclass
class Opened:
    """A loaded map, the file it came from and the problems check_map found in it."""

    map: GameMap
    path: Path
    problems: list = field(default_factory=list)


def _format_problems(problems: list, limit: int = 8) -> str:
    lines = [p.format() if hasattr(p, "format") else str(p) for p in problems[:limit]]
    if len(problems) > limit:
        lines.append(f"… and {len(problems) - limit} more")
    return "\n".join(lines)


def _load_document(path: Path):
    try:
        return load_document(path)
    except ContentError as exc:
        raise OpenError(
            f"Cannot open {path}:\n{_format_problems(exc.problems)}", exc.problems
        ) from exc


def _map_path_of(path: Path) -> Path:
    """The map file a scenario refers to, or the path itself when it is a map."""
    doc = _load_document(path)
    if doc.kind == "map":
        return path
    if doc.kind != "scenario":
        raise OpenError(
            f"{path}: this is a {doc.kind} file, not a map "
            "(hint: open a .map.yaml file or a scenario)"
        )
    map_path = scenario_reference(doc, "map")
    if map_path is None:
        raise OpenError(f"{path}: the scenario names no map (hint: add `map: ../maps/X.map.yaml`)")
    return map_path


# Map file -> the scenario it was last opened through (File > Export packs that scenario).
_OPENED_VIA: dict[Path, Path] = {}


def opened_via_scenario(map_path: Path | None) -> Path | None:
    """The scenario file the map at `map_path` was last opened through in this session, or
    None when it was opened directly (or never)."""
    return _OPENED_VIA.get(Path(map_path).resolve()) if map_path is not None else None


def map_path_of(path: str | os.PathLike[str]) -> Path:
    """The map file a scenario refers to (resolved), or the path itself for a map file;
    raises OpenError for unreadable files and other kinds of content."""
    return _map_path_of(Path(path))


def open_map(path: str | os.PathLike[str]) -> Opened:
    """Load a map (or a scenario's map) for editing.

    Unlike engine.content.load_map, errors do not refuse the file as long as a map can be
    built from it (duplicate start numbers, a fort with one entrance, a bad id…): the map
    opens and they come back in `.problems` for the designer to fix. Files that cannot be
    parsed, or whose data cannot make a map, raise OpenError with a file:line:col message."""
    path = Path(path)
    if not path.exists():
        raise OpenError(f"{path}: no such file (hint: check the path)")
    if path.suffix.lower() == ".tcpack":
        try:
            path = extract_pack(path)
        except PackOpenError as exc:
            raise OpenError(str(exc)) from None
    map_path = _map_path_of(path)
    if map_path != path:
        _OPENED_VIA[map_path] = path.resolve()
    else:
        _OPENED_VIA.pop(map_path.resolve(), None)
    loaded = load_file(map_path, lenient=True)
    if loaded.document is None:
        raise OpenError(f"Cannot open {map_path}:\n{_format_problems(loaded.problems)}",
                        loaded.problems)
    if loaded.kind != "map":
        raise OpenError(f"{map_path}: this is a {loaded.kind} file, not a map")
    if loaded.model is None:
        raise OpenError(f"Cannot open {map_path}:\n{_format_problems(loaded.problems)}",
                        loaded.problems)
    return Opened(loaded.model, map_path, loaded.problems)


def save_map(game_map: GameMap, path: str | os.PathLike[str]) -> None:
    """Write the map atomically (old file or new file, never a broken one)."""
    content_save_map(game_map, Path(path))


def _pid_alive(lock: Path) -> bool:
    """Whether the lock names a running process other than this one."""
    try:
        pid = int(lock.read_text(encoding="utf-8").strip())
    except (OSError, ValueError):
        return False
    if pid == os.getpid() or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists but not ours (EPERM), or the platform cannot tell
        return True
    return True


class RecoveryStore:
    """Keeps unsaved work in a separate recovery file and notices unclean exits.

    A lock file marks a running session; a clean exit removes it. If the next start finds a
    lock and a recovery map, the editor offers to restore it."""

    MAP = "recovery.map.yaml"
    META = "recovery.json"
    LOCK = "session.lock"

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.dir = Path(directory)

    @property
    def map_path(self) -> Path:
        """Where the recovery map is written."""
        return self.dir / self.MAP

    def crashed_session(self) -> dict | None:
        """Details of recoverable work left by a session that did not exit cleanly."""
        lock = self.dir / self.LOCK
        if not lock.exists() or not self.map_path.exists():
            return None
        if _pid_alive(lock):
            return None  # another editor is running and owns this work
        try:
            meta = json.loads((self.dir / self.META).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            meta = {}
        return {"original": meta.get("original"), "saved_at": meta.get("saved_at")}

    def start_session(self) -> None:
        """Mark this session as running."""
        self.dir.mkdir(parents=True, exist_ok=True)
        (self.dir / self.LOCK).write_text(str(os.getpid()), encoding="utf-8")

    def write(self, game_map: GameMap, original: Path | None) -> None:
        """Save unsaved work to the recovery file (atomically)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        save_map(game_map, self.map_path)
        meta = {"original": str(original) if original else None, "saved_at": time.time()}
        atomic_write_text(self.dir / self.META, json.dumps(meta))

    def load(self) -> GameMap:
        """The recovered map."""
        return open_map(self.map_path).map

    def discard(self) -> None:
        """Delete the recovery file (after a save, or when the user declines recovery)."""
        for name in (self.MAP, self.META):
            (self.dir / name).unlink(missing_ok=True)

    def end_session(self) -> None:
        """Clean exit: drop the lock and the recovery file."""
        self.discard()
        (self.dir / self.LOCK).unlink(missing_ok=True)
