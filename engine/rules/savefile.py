"""Saved games on disk: a scenario or a save file in, an atomic save file out."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from engine.content import (
    ContentError,
    Problem,
    atomic_write_text,
    file_head,
    load_scenario,
    resolved,
)
from engine.content.problems import count
from engine.i18n import _
from engine.rules.errors import SaveError
from engine.rules.game import Game, ScenarioError
from engine.rules.savecheck import check_save, check_save_schema, read_save_document
from engine.rules.serialize import SAVE_SCHEMA_ID, to_json
from engine.rules.state import State


class GameFileError(ValueError):
    """A scenario or save file that cannot be used; the message names the file and a hint.

    `problems` holds the located problems when the file was checked (saved games).
    """

    def __init__(self, message: str, problems: list[Problem] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []


MAX_PROBLEMS_SHOWN = 20


def _refuse(path: Path, problems: list[Problem]) -> GameFileError:
    """The error for a save with problems: every error listed (up to a limit), one a line."""
    errors = sorted((p for p in problems if p.is_error), key=lambda p: (p.line or 0, p.col or 0))
    lines = [p.format() for p in errors[:MAX_PROBLEMS_SHOWN]]
    if len(errors) > MAX_PROBLEMS_SHOWN:
        lines.append(_("... and {n} more", n=len(errors) - MAX_PROBLEMS_SHOWN))
    return GameFileError(_("{path}: the saved game cannot be used ({count}):\n  {lines}",
                           path=path, count=count(len(errors), "problem"),
                           lines="\n  ".join(lines)), errors)


def _load_scenario(path: Path) -> Any:
    try:
        return load_scenario(path)
    except ContentError as exc:
        first = exc.problems[0].format() if getattr(exc, "problems", None) else str(exc)
        raise GameFileError(_("{path}: not a loadable scenario: {first}", path=path,
                              first=first)) from None


def new_game(scenario_path: str | os.PathLike[str], *, seed: int | str = 0,
             setup: str = "quick", variants: tuple[str, ...] = (), coop: str | None = None,
             controllers: dict[str, str] | None = None) -> State:
    """A new game of a scenario file (`coop` "FR+GB" and `controllers` as in `Game`)."""
    path = Path(scenario_path)
    scenario = _load_scenario(path)
    try:
        game = Game(scenario, seed=seed, setup=setup, variants=variants, coop=coop,
                    controllers=controllers)
    except ScenarioError as exc:
        raise GameFileError(f"{path}: {exc}") from None
    game.source = path.resolve()
    return game.new_initial_state()


def is_save(path: Path) -> bool:
    """Whether a file is a saved game (JSON with the savegame $schema)."""
    if path.suffix.lower() != ".json":
        return False
    return SAVE_SCHEMA_ID.encode() in file_head(path)


def load_save(path: str | os.PathLike[str]) -> State:
    """The state stored in a save file (its scenario is loaded from `scenario_path`).

    The file is checked first (engine.rules.savecheck: strict JSON, schema, the game's facts);
    a save with problems raises GameFileError listing them, located.
    """
    path = Path(path)
    try:
        doc = read_save_document(path)
    except ContentError as exc:
        raise _refuse(path, exc.problems) from None
    problems = check_save_schema(doc)
    if any(p.is_error for p in problems):
        raise _refuse(path, problems)
    data = doc.data
    rel = data.get("scenario_path")
    if rel is None:
        raise GameFileError(_("{path}: the save names no scenario_path (hint: add the path of its "
                              "scenario file, relative to the save)", path=path))
    scenario_file = resolved(path.parent / rel)
    if isinstance(scenario_file, str):
        raise GameFileError(_("{path}: scenario_path {rel!r} cannot be used: {scenario_file}",
                              path=path, rel=rel, scenario_file=scenario_file))
    options = data["options"]
    scenario = _load_scenario(scenario_file)
    try:
        game = Game(scenario, seed=options["seed"], setup=options["setup"],
                    variants=tuple(options["variants"]), groups=options["groups"] or None,
                    explicit_chance=bool(options.get("explicit_chance", False)),
                    coop=options.get("coop"), controllers=options.get("controllers"))
    except ScenarioError as exc:
        raise GameFileError(f"{path}: {exc}") from None
    game.source = scenario_file
    problems = check_save(game, doc)
    if any(p.is_error for p in problems):
        raise _refuse(path, problems)
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
