"""Saved games on disk: a scenario or a save file in, an atomic save file out."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from engine.content import ContentError, atomic_write_text, load_scenario
from engine.rules.errors import SaveError
from engine.rules.game import Game, ScenarioError
from engine.rules.serialize import SAVE_SCHEMA_ID, to_json
from engine.rules.state import State


class GameFileError(ValueError):
    """A scenario or save file that cannot be used; the message names the file and a hint."""


def _load_scenario(path: Path) -> Any:
    try:
        return load_scenario(path)
    except ContentError as exc:
        first = exc.problems[0].format() if getattr(exc, "problems", None) else str(exc)
        raise GameFileError(f"{path}: not a loadable scenario: {first}") from None


def new_game(scenario_path: str | os.PathLike[str], *, seed: int | str = 0,
             setup: str = "quick", variants: tuple[str, ...] = ()) -> State:
    """A new game of a scenario file."""
    path = Path(scenario_path)
    scenario = _load_scenario(path)
    try:
        game = Game(scenario, seed=seed, setup=setup, variants=variants)
    except ScenarioError as exc:
        raise GameFileError(f"{path}: {exc}") from None
    game.source = path.resolve()
    return game.new_initial_state()


def is_save(path: Path) -> bool:
    """Whether a file is a saved game (JSON with the savegame $schema)."""
    if path.suffix.lower() != ".json":
        return False
    try:
        head = path.read_text(encoding="utf-8")[:4096]
    except (OSError, UnicodeDecodeError):
        return False
    return SAVE_SCHEMA_ID in head


def load_save(path: str | os.PathLike[str]) -> State:
    """The state stored in a save file (its scenario is loaded from `scenario_path`)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise GameFileError(f"{path}: cannot read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise GameFileError(f"{path}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}") from None
    if not isinstance(data, dict) or data.get("$schema") != SAVE_SCHEMA_ID:
        raise GameFileError(f"{path}: not a saved game (hint: $schema must be {SAVE_SCHEMA_ID})")
    rel = data.get("scenario_path")
    if not isinstance(rel, str):
        raise GameFileError(f"{path}: the save names no scenario_path")
    scenario_file = (path.parent / rel).resolve()
    options = data.get("options") or {}
    scenario = _load_scenario(scenario_file)
    try:
        game = Game(scenario, seed=options.get("seed", 0), setup=options.get("setup", "full"),
                    variants=tuple(options.get("variants", ())),
                    groups=options.get("groups") or None)
    except (ScenarioError, TypeError) as exc:
        raise GameFileError(f"{path}: {exc}") from None
    game.source = scenario_file
    data = {k: v for k, v in data.items() if k != "scenario_path"}
    try:
        return State.from_json(game, data)
    except SaveError as exc:
        raise GameFileError(f"{path}: {exc}") from None


def load_any(path: str | os.PathLike[str], *, seed: int | str = 0,
             setup: str = "quick") -> State:
    """A save file's state, or a new game of a scenario file."""
    p = Path(path)
    if not p.exists():
        raise FileNotFoundError(f"{p}: no such file")
    return load_save(p) if is_save(p) else new_game(p, seed=seed, setup=setup)


def save_data(state: State, path: str | os.PathLike[str]) -> dict[str, Any]:
    """The save file's JSON data for writing `state` to `path`."""
    data = to_json(state)
    source = getattr(state.game, "source", None)
    if source is not None:
        rel = os.path.relpath(source, Path(path).resolve().parent)
        data["scenario_path"] = Path(rel).as_posix()
    return data


def write_save(state: State, path: str | os.PathLike[str]) -> None:
    """Write `state` atomically as a save file."""
    text = json.dumps(save_data(state, path), indent=1, ensure_ascii=False) + "\n"
    atomic_write_text(path, text)
