"""Opening and saving maps for the editor.

All reading and writing goes through engine.content (the loading pipeline `load_file`, and
`save_map` — atomic —); this module adds what the editor needs around it: opening a scenario
opens its map, errors become one readable message, and temp files left beside a map by a killed
save are cleaned when it is opened. Unsaved work is kept by editor.recovery (RecoveryStore is
re-exported here for the callers that know it as files.RecoveryStore).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from editor.i18n import translate
from editor.pack_open import PackOpenError, extract_pack
from editor.recovery import RecoveryStore
from engine.content import (
    ContentError,
    Document,
    kind_words,
    load_document,
    load_file,
    load_parsed,
    scenario_reference,
)
from engine.content import save_map as content_save_map
from engine.content.atomic import clean_stale_temps
from engine.gcpause import gc_paused
from engine.model import GameMap

__all__ = ["OpenError", "Opened", "RecoveryStore", "map_path_of", "open_map",
           "opened_via_scenario", "remember_scenario", "save_map"]


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
        lines.append(translate("files", "… and {n} more").format(n=len(problems) - limit))
    return "\n".join(lines)


def _load_document(path: Path) -> Document:
    try:
        with gc_paused():  # a big map's parse allocates millions of objects that all stay
            return load_document(path)
    except ContentError as exc:
        raise OpenError(_cannot_open(path, exc.problems), exc.problems) from exc


def _map_path_of(path: Path) -> Path:
    """The map file a scenario refers to, or the path itself when it is a map."""
    return _map_source(path)[0]


def _map_source(path: Path) -> tuple[Path, Document | None]:
    """The map file a scenario refers to (and no document), or the path itself and its
    parsed document when it is a map: opening a map parses it once."""
    doc = _load_document(path)
    if doc.kind == "map":
        return path, doc
    if doc.kind != "scenario":
        raise OpenError(translate(
            "files", "{path}: this is {a_kind} file, not a map (hint: open a .map.yaml file or "
            "a scenario)").format(path=path, a_kind=kind_words(doc.kind)))
    map_path = scenario_reference(doc, "map")
    if map_path is None:
        raise OpenError(translate(
            "files", "{path}: the scenario names no map (hint: add `map: ../maps/X.map.yaml`)"
            ).format(path=path))
    return map_path, None


# Map file -> the scenario it was last opened through (File > Export packs that scenario).
_OPENED_VIA: dict[Path, Path] = {}


def opened_via_scenario(map_path: Path | None) -> Path | None:
    """The scenario file the map at `map_path` was last opened through in this session, or
    None when it was opened directly (or never)."""
    return _OPENED_VIA.get(Path(map_path).resolve()) if map_path is not None else None


def remember_scenario(map_path: Path, scenario_path: Path) -> None:
    """From now on the map at `map_path` is played and packed through this scenario file
    (e.g. one just written from the play-test's scenario form)."""
    _OPENED_VIA[Path(map_path).resolve()] = Path(scenario_path).resolve()


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
        raise OpenError(translate("files", "{path}: no such file (hint: check the path)").format(
            path=path))
    if path.suffix.lower() == ".tcpack":
        try:
            path = extract_pack(path)
        except PackOpenError as exc:
            raise OpenError(str(exc)) from None
    map_path, parsed = _map_source(path)
    if map_path != path:
        _OPENED_VIA[map_path] = path.resolve()
    else:
        _OPENED_VIA.pop(map_path.resolve(), None)
    clean_stale_temps(map_path)
    loaded = (load_file(map_path, lenient=True) if parsed is None
              else load_parsed(map_path, parsed, lenient=True))
    if loaded.document is None:
        raise OpenError(_cannot_open(map_path, loaded.problems), loaded.problems)
    if loaded.kind != "map":
        raise OpenError(translate("files", "{path}: this is {a_kind} file, not a map").format(
            path=map_path, a_kind=kind_words(loaded.kind)))
    if loaded.model is None:
        raise OpenError(_cannot_open(map_path, loaded.problems), loaded.problems)
    return Opened(loaded.model, map_path, loaded.problems)


def _cannot_open(path: Path, problems: list) -> str:
    return translate("files", "Cannot open {path}:\n{problems}").format(
        path=path, problems=_format_problems(problems))


def save_map(game_map: GameMap, path: str | os.PathLike[str]) -> None:
    """Write the map atomically (old file or new file, never a broken one)."""
    content_save_map(game_map, Path(path))
