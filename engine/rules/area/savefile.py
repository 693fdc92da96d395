"""Saved area games: the scenario path, seed, variants and the actions taken, replayed on
load (the engine is deterministic for a seed, so the actions are the whole game)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from engine.content import ContentError, atomic_write_text, file_head, load_file, parse_json
from engine.i18n import _
from engine.rules.area.actions import AreaAction, AreaActionError
from engine.rules.area.game import AreaGame, AreaScenarioError
from engine.rules.area.state import AreaState, IllegalAreaAction

SAVE_FORMAT = "trenchclub-area-save"
MAX_SAVE_BYTES = 4 * 1024 * 1024
MAX_ACTIONS = 20_000  # a game takes a few hundred


class AreaGameFileError(ValueError):
    """A scenario or save the area engine cannot use; the message says where and why."""


def is_area_scenario(path: Path) -> bool:
    """Whether a file declares the area-scenario schema (read from its first 4 KiB)."""
    return _head_has(path, b"area-scenario.schema.json")


def is_area_save(path: Path) -> bool:
    """Whether a file is a saved area game."""
    return _head_has(path, SAVE_FORMAT.encode())


def _head_has(path: Path, marker: bytes) -> bool:
    return marker in file_head(path)


def new_area_game(path: str | os.PathLike[str], *, seed: int | str = 0,
                  variants: tuple[str, ...] = (), players: int | None = None) -> AreaState:
    """A new game of an area scenario file (its problems refuse it, located)."""
    path = Path(path)
    loaded = load_file(path)
    if loaded.errors or loaded.kind != "area-scenario" or loaded.model is None:
        first = loaded.errors[0].format() if loaded.errors else f"{path}: not an area scenario"
        raise AreaGameFileError(_("{path}: not a playable area scenario: {first}", path=path,
                                  first=first))
    scenario = loaded.model
    if players is not None:
        if players not in (2, 3, 4):
            raise AreaGameFileError(_("players must be 2, 3 or 4, got {players}", players=players))
        scenario.players = players
    try:
        game = AreaGame(scenario, seed=seed, variants=variants)
    except AreaScenarioError as exc:
        raise AreaGameFileError(f"{path}: {exc}") from None
    game.source = path.resolve()  # type: ignore[attr-defined]
    return game.new_initial_state()


def save_data(s: AreaState, path: str | os.PathLike[str]) -> dict[str, Any]:
    """The JSON of a save of `s` written to `path` (scenario path relative to it)."""
    source = getattr(s.game, "source", None)
    rel = os.path.relpath(source, Path(path).resolve().parent) if source else None
    return {"format": SAVE_FORMAT, "version": 1,
            "scenario_path": Path(rel).as_posix() if rel else None,
            "seed": s.game.seed, "players": s.game.scenario.players,
            "variants": list(s.game.variants),
            "actions": [h["action"] for h in s.history if "action" in h],
            "state": {"round": s.round, "phase": s.phase,
                      "current_player": s.current_player(), "vp": dict(s.vp),
                      "result": s.result}}


def write_area_save(s: AreaState, path: str | os.PathLike[str]) -> None:
    """Write a save atomically."""
    atomic_write_text(path, json.dumps(save_data(s, path), indent=1, ensure_ascii=False) + "\n")


def load_area_save(path: str | os.PathLike[str]) -> AreaState:
    """Replay a saved area game; AreaGameFileError says which part of the file is wrong."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise AreaGameFileError(_("{path}: larger than {max_save_bytes} bytes", path=path,
                                      max_save_bytes=MAX_SAVE_BYTES))
        # the content reader bounds what json.loads does not: nesting, numbers, lone surrogates
        data, _positions = parse_json(path.read_text(encoding="utf-8"), str(path))
    except (OSError, UnicodeDecodeError) as exc:
        raise AreaGameFileError(_("{path}: cannot read the save: {exc}", path=path,
                                  exc=exc)) from None
    except ContentError as exc:
        raise AreaGameFileError(_("not JSON: {problem}",
                                  problem=exc.problems[0].format())) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise AreaGameFileError(_("{path}: not an area save (hint: 'format' must be "
                                  "'{save_format}')", path=path, save_format=SAVE_FORMAT))
    actions = data.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise AreaGameFileError(_("{path}: 'actions' must be a list of at most {max_actions}",
                                  path=path, max_actions=MAX_ACTIONS))
    rel = data.get("scenario_path")
    seed = data.get("seed", 0)
    variants = data.get("variants", [])
    if not isinstance(rel, str) or not isinstance(seed, int | str) or not isinstance(
            variants, list) or not all(isinstance(v, str) for v in variants):
        raise AreaGameFileError(_("{path}: 'scenario_path', 'seed' or 'variants' is missing or of "
                                  "the wrong type", path=path))
    players = data.get("players")
    s = new_area_game(path.parent / rel, seed=seed, variants=tuple(variants),
                      players=players if isinstance(players, int) else None)
    for k, raw in enumerate(actions):
        try:
            s.apply_action(AreaAction.from_json(raw))
        except (AreaActionError, IllegalAreaAction) as exc:
            raise AreaGameFileError(_("{path}: action {k} ({raw}) cannot be replayed: {exc}",
                                      path=path, k=k + 1, raw=str(raw)[:80], exc=exc)) from None
    return s
