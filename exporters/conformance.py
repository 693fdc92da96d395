"""Rules conformance vectors: cases produced by the reference engine for other clients.

For each scenario a seeded random game (quick setup) is played on the reference engine and
cases are sampled along the way:

- `legal_moves`: a state and a unit; expected every hex it may end its move on, with cost,
  kind (move, enter, capture, board) and fort.
- `legal_actions`: a state in the declare, combat or money phase; expected every legal action.
- `apply`: a state and one action (move, capture, attack, fight with its logged dice, buy,
  repair, end of phase, surrender, …); expected the changed units, forts, money, phase, turn,
  winner and the new log entries (combat entries list the dice faces rolled).
- `victory`: a state; expected whether the game is over, the winner, forts per team and the
  forts needed to win.

States use the engine's saved-game JSON (`schema/savegame.schema.json`, axial hexes) with empty
history and log. Expected hexes are given in both axial and offset coordinates. The file's own
schema is `CONFORMANCE_SCHEMA` (written beside the vectors as `*.schema.json`).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from engine.model import GameMap, Scenario
from exporters.base import ExportOptions, atomic_write_bytes, register
from tcstudio import __version__

SCHEMA_ID = "https://trenchclub.studio/schema/conformance.schema.json"
MAX_ROUNDS = 12
_APPLY_VERBS = {"move": 3, "board": 2, "unload": 2, "enter": 2, "capture": 3, "attack": 3,
                "fight": 6, "buy": 3, "repair": 2, "gift": 2, "end_phase": 4, "surrender": 1,
                "assign": 1, "place": 1}


def _state_json(state: Any) -> dict[str, Any]:
    from engine.rules.serialize import to_json

    data = to_json(state)
    data["history"] = []
    data["log"] = []
    return data


def _hex(game_map: GameMap, h: Any) -> dict[str, list[int]]:
    return {"axial": [h.q, h.r], "offset": list(game_map.to_offset(h))}


def moves_of(state: Any, unit_id: str) -> list[dict[str, Any]]:
    """Expected answer of a legal_moves case."""
    game_map = state.game.map
    out = []
    for h, opt in state.legal_moves(unit_id).items():
        out.append({"to": _hex(game_map, h), "cost": opt.cost, "kind": opt.kind,
                    "fort": opt.fort})
    return sorted(out, key=lambda m: (m["to"]["axial"], m["kind"]))


def outcome(before: dict[str, Any], state: Any, log_from: int) -> dict[str, Any]:
    """Expected answer of an apply case: what changed."""
    after = _state_json(state)
    old_units = {u["id"]: u for u in before["units"]}
    new_units = {u["id"]: u for u in after["units"]}
    changed = {uid: new_units.get(uid) for uid in sorted(set(old_units) | set(new_units))
               if old_units.get(uid) != new_units.get(uid)}
    return {
        "phase": after["phase"], "current_player": after["current_player"],
        "round": after["round"], "money": after["money"], "forts": after["forts"],
        "winner": after["winner"], "reason": after["reason"], "units": changed,
        "declarations": after["declarations"],
        "log": [e.to_json() for e in state.log[log_from:]],
    }


def victory_of(state: Any) -> dict[str, Any]:
    """Expected answer of a victory case."""
    teams = sorted(set(state.game.team_of.values()))
    return {"terminal": state.is_terminal(), "winner": state.winner(),
            "forts": {t: state.forts_of(t) for t in teams},
            "forts_to_win": state.game.forts_to_win}


def generate(scenario: Scenario, seed: str | None = None, pack_version: str | None = None,
             max_cases: int = 60) -> dict[str, Any]:
    """Conformance vectors of one scenario from a seeded random game on the reference engine."""
    from engine.rules.dice import Dice, seed_state
    from engine.rules.game import Game
    from engine.rules.playout import random_action

    seed = seed or f"conformance:{scenario.id}"
    game = Game(scenario, seed=seed, setup="quick")
    state = game.new_initial_state()
    rng = Dice(seed_state(f"player:{seed}"))
    cases: list[dict[str, Any]] = []
    counts: Counter[str] = Counter()

    def add(kind: str, snapshot: dict[str, Any], **fields: Any) -> None:
        cases.append({"id": f"{scenario.id}/{len(cases) + 1:04d}", "kind": kind,
                      "state": snapshot, **fields})

    step = 0
    while not state.is_terminal() and len(cases) < max_cases:
        if state.round > MAX_ROUNDS:
            from engine.rules.actions import Surrender

            action = Surrender()
        else:
            action = random_action(state, rng)
        snapshot = None
        if action.verb == "move" and counts["legal_moves"] < 8:
            snapshot = _state_json(state)
            counts["legal_moves"] += 1
            add("legal_moves", snapshot, unit=action.unit,
                expected={"moves": moves_of(state, action.unit)})
        if state.phase in ("declare", "combat", "money") and step % 5 == 0 and \
                counts["legal_actions"] < 6:
            snapshot = snapshot or _state_json(state)
            counts["legal_actions"] += 1
            add("legal_actions", snapshot,
                expected={"actions": sorted(str(a) for a in state.legal_actions())})
        if step % 40 == 0 and counts["victory"] < 3:
            snapshot = snapshot or _state_json(state)
            counts["victory"] += 1
            add("victory", snapshot, expected=victory_of(state))
        record = counts[f"apply:{action.verb}"] < _APPLY_VERBS.get(action.verb, 1)
        if record:
            snapshot = snapshot or _state_json(state)
            counts[f"apply:{action.verb}"] += 1
        log_from = len(state.log)
        state.apply_action(action)
        if record and snapshot is not None:
            add("apply", snapshot, action=str(action),
                expected=outcome(snapshot, state, log_from))
        step += 1
    if state.is_terminal():
        add("victory", _state_json(state), expected=victory_of(state))
    return {
        "$schema": SCHEMA_ID,
        "schema_version": 1,
        "created_by": f"trenchclub-studio {__version__}",
        "scenario": {"id": scenario.id, "pack_version": pack_version,
                     "ruleset_version": f"{scenario.ruleset.id}@1" if scenario.ruleset else None},
        "seed": seed,
        "cases": cases,
    }


def check_case(scenario: Scenario, case: dict[str, Any], seed: str) -> str | None:
    """Run one case on the reference engine; None when it agrees, else what differs."""
    from engine.rules.actions import Action
    from engine.rules.game import Game
    from engine.rules.state import State

    game = Game(scenario, seed=seed, setup="quick")
    state = State.from_json(game, case["state"])
    kind = case["kind"]
    if kind == "legal_moves":
        got: Any = {"moves": moves_of(state, case["unit"])}
    elif kind == "legal_actions":
        got = {"actions": sorted(str(a) for a in state.legal_actions())}
    elif kind == "victory":
        got = victory_of(state)
    else:
        before = json.loads(json.dumps(case["state"]))
        state.apply_action(Action.parse(case["action"]))
        got = outcome(before, state, 0)
    got = json.loads(json.dumps(got))
    if got == case["expected"]:
        return None
    diff = sorted(k for k in set(got) | set(case["expected"])
                  if got.get(k) != case["expected"].get(k))
    return f"{case['id']} ({kind}): differs in {', '.join(diff)}"


CONFORMANCE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": SCHEMA_ID,
    "title": "Trench Club rules conformance vectors",
    "description": "Cases from the reference engine. Each case gives a state (saved-game JSON, "
                   "schema savegame.schema.json, axial hexes, empty history and log) and a "
                   "question; `expected` is the reference answer.",
    "type": "object",
    "required": ["$schema", "schema_version", "created_by", "scenario", "seed", "cases"],
    "additionalProperties": False,
    "properties": {
        "$schema": {"const": SCHEMA_ID},
        "schema_version": {"const": 1},
        "created_by": {"type": "string"},
        "seed": {"type": "string", "description": "Game seed of the states' dice."},
        "scenario": {
            "type": "object", "required": ["id", "pack_version", "ruleset_version"],
            "additionalProperties": False,
            "properties": {
                "id": {"type": "string", "description": "Scenario (and pack) id."},
                "pack_version": {"type": ["string", "null"],
                                 "description": "Version of the map pack with the content."},
                "ruleset_version": {"type": ["string", "null"]},
            },
        },
        "cases": {"type": "array", "items": {"$ref": "#/$defs/case"}},
    },
    "$defs": {
        "hex": {
            "type": "object", "required": ["axial", "offset"], "additionalProperties": False,
            "properties": {
                "axial": {"type": "array", "items": {"type": "integer"}, "minItems": 2,
                          "maxItems": 2},
                "offset": {"type": "array", "items": {"type": "integer"}, "minItems": 2,
                           "maxItems": 2},
            },
        },
        "case": {
            "type": "object", "required": ["id", "kind", "state", "expected"],
            "properties": {
                "id": {"type": "string"},
                "kind": {"enum": ["legal_moves", "legal_actions", "apply", "victory"]},
                "state": {"type": "object", "description": "Saved-game JSON."},
                "unit": {"type": "string", "description": "legal_moves: the unit asked."},
                "action": {"type": "string",
                           "description": "apply: the action in the engine's text form."},
                "expected": {"type": "object"},
            },
            "allOf": [
                {"if": {"properties": {"kind": {"const": "legal_moves"}}},
                 "then": {"required": ["unit"], "properties": {"expected": {
                     "required": ["moves"], "properties": {"moves": {"type": "array", "items": {
                         "type": "object", "required": ["to", "cost", "kind", "fort"],
                         "properties": {"to": {"$ref": "#/$defs/hex"},
                                        "cost": {"type": "number"},
                                        "kind": {"enum": ["move", "enter", "capture",
                                                          "board"]},
                                        "fort": {"type": ["string", "null"]}}}}}}}}},
                {"if": {"properties": {"kind": {"const": "legal_actions"}}},
                 "then": {"properties": {"expected": {
                     "required": ["actions"],
                     "properties": {"actions": {"type": "array",
                                                "items": {"type": "string"}}}}}}},
                {"if": {"properties": {"kind": {"const": "apply"}}},
                 "then": {"required": ["action"], "properties": {"expected": {
                     "required": ["phase", "current_player", "round", "money", "forts",
                                  "winner", "reason", "units", "declarations", "log"]}}}},
                {"if": {"properties": {"kind": {"const": "victory"}}},
                 "then": {"properties": {"expected": {
                     "required": ["terminal", "winner", "forts", "forts_to_win"]}}}},
            ],
        },
    },
}


def _json_bytes(data: Any) -> bytes:
    return (json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode()


def export_conformance(scenario: Scenario, out_path: Path) -> Path:
    """Write the vectors of a scenario and their schema (`NAME.schema.json`) beside them."""
    from exporters.pack import build_pack

    version = build_pack(scenario).manifest["pack"]["version"]
    out_path = Path(out_path)
    schema_path = out_path.with_name(out_path.stem + ".schema.json")
    atomic_write_bytes(schema_path, _json_bytes(CONFORMANCE_SCHEMA))
    return atomic_write_bytes(out_path, _json_bytes(generate(scenario, pack_version=version)))


class ConformanceExporter:
    """Rules conformance vectors of a scenario."""

    name = "conformance"
    extension = ".json"
    description = "rules conformance vectors from the reference engine (JSON + schema)"

    def export(self, source: Any, out_path: Path, options: ExportOptions) -> Path:
        """Write the conformance vectors of a loaded Scenario."""
        return export_conformance(source, out_path)


register(ConformanceExporter())
