"""Rules conformance vectors: cases produced by the reference engine for other clients.

For each scenario a seeded random game (quick setup) is played on the reference engine and
cases are sampled along the way:

- `legal_moves`: a state and a unit; expected every hex it may end its move on, with cost,
  kind (move, enter, capture, board) and fort.
- `legal_actions`: a state in the setup, move, declare, combat or money phase; expected every
  legal action.
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

import copy
import dataclasses
import json
from collections import Counter
from pathlib import Path
from typing import Any

from engine.hexes import Hex
from engine.model import GameMap, Scenario
from engine.rules.actions import Action, EndPhase, Fight, Surrender
from engine.rules.dice import Dice, seed_state
from engine.rules.game import Game
from engine.rules.playout import random_action
from engine.rules.serialize import to_json
from engine.rules.state import State
from engine.rules.variants import VARIANTS
from engine.version import __version__
from exporters.base import ExportOptions, atomic_write_bytes, register
from exporters.conformance_powers import build_cases, mine_cases, with_unit_types
from exporters.conformance_schema import AREAS, CONFORMANCE_SCHEMA, SCHEMA_ID
from exporters.conformance_staged import (
    money_cases,
    power_cases,
    special_unit_cases,
    support_cases,
    trench_cases,
)
from exporters.packcontent import content_digest, content_files

CONFORMANCE_FILE = "conformance.json"
CONFORMANCE_SCHEMA_FILE = "schemas/conformance.schema.json"
MAX_ROUNDS = 12
MOVE_ACTION_SAMPLES = 2  # move-phase legal_actions cases per game
_APPLY_VERBS = {"move": 3, "board": 2, "unload": 2, "enter": 2, "capture": 3, "attack": 3,
                "fight": 6, "buy": 3, "repair": 2, "gift": 2, "end_phase": 4, "surrender": 1,
                "assign": 1, "place": 1}


def _state_json(state: Any) -> dict[str, Any]:
    # A shallow copy with no history and log: serialising the whole log at every sampled
    # state only to drop it made vector generation quadratic in the game's length.
    light = copy.copy(state)
    light.history = []
    light.log = []
    return to_json(light)


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


# Cases kept per rule area beyond the regular samples, so rare situations are covered too.
AREA_TARGET = 8
_MOVE_VERBS = {"move", "enter", "capture", "board", "unload"}
_RARE_VERBS = {"capture", "board", "unload", "repair", "gift", "fight", "assign", "place", "hq"}


def game_plan(scenario: Scenario, seed: str) -> list[dict[str, Any]]:
    """The games the vectors come from: a full setup, quick setups with several seeds, and
    one game per variant the engine plays that this ruleset has."""
    plan: list[dict[str, Any]] = [{"seed": f"{seed}:full", "setup": "full", "variants": []}]
    plan += [{"seed": f"{seed}:{n}", "setup": "quick", "variants": []} for n in range(1, 5)]
    ruleset_variants = scenario.ruleset.variants if scenario.ruleset else {}
    for variant_id in sorted(ruleset_variants):
        if variant_id in VARIANTS and VARIANTS[variant_id].implemented:
            plan.append({"seed": f"{seed}:{variant_id}", "setup": "quick",
                         "variants": [variant_id]})
    return plan


def _game(scenario: Scenario, options: dict[str, Any]) -> Game:
    """The game of a case's `game` options (with any `unit_types` added to the catalog)."""
    return Game(with_unit_types(scenario, options.get("unit_types", [])), seed=options["seed"],
                setup=options["setup"], variants=tuple(options["variants"]))


def _areas(game: Game, snapshot: dict[str, Any], case: dict[str, Any]) -> list[str]:
    """The rule areas a case exercises (derived from the state, the question and the answer)."""
    areas: set[str] = set()
    units = {u["id"]: u for u in snapshot["units"]}
    kind, expected = case["kind"], case["expected"]
    verb = case.get("action", "").split(" ")[0]
    asked = case.get("unit") or [*case.get("action", "").split(" "), ""][1]
    if snapshot["phase"] == "setup" or verb in ("assign", "place", "hq"):
        areas.add("setup")
    if game.variants:
        areas.add("variants")
    if kind == "victory" or (kind == "apply" and expected["winner"] is not None):
        areas.add("victory")
    if verb in ("buy", "repair", "gift") or snapshot["phase"] == "money":
        areas.add("money")
    if verb in ("attack", "fight") or snapshot["phase"] in ("declare", "combat"):
        areas.add("combat")
    if verb in ("board", "unload") or any(u["cargo"] for u in snapshot["units"]):
        areas.add("transport")
    moves = expected.get("moves", []) if kind == "legal_moves" else []
    if kind == "legal_moves" or verb in _MOVE_VERBS or (
            kind == "legal_actions" and snapshot["phase"] == "move"):
        areas.add("movement")
    if verb in ("enter", "capture") or any(m["kind"] in ("enter", "capture") for m in moves):
        areas.add("forts")
    if verb == "capture" or any(m["kind"] == "capture" for m in moves):
        areas.add("capture")
    if any(m["kind"] == "board" for m in moves):
        areas.add("transport")
    unit = units.get(asked)
    if unit is not None:
        utype = game.catalog.units.get(unit["type"])
        if utype is not None and utype.special:
            areas.add("special_units")
        if moves and utype is not None:
            if any(m["cost"] > float(utype.speed) for m in moves):
                areas.add("last_step")
            if any(game.map.terrain_at(Hex(*m["to"]["axial"])) == "water" for m in moves):
                areas.add("water")
        if "movement" in areas and unit["hex"] is not None:
            here = Hex(*unit["hex"])
            team = game.team_of[unit["nation"]]
            enemies = {tuple(u["hex"]) for u in snapshot["units"] if u["hex"] is not None
                       and game.team_of[u["nation"]] != team}
            near = {here} | {Hex(*m["to"]["axial"]) for m in moves}
            if any((n.q, n.r) in enemies for h in near for n in h.neighbors()):
                areas.add("contact")
    for entry in expected.get("log", []) if kind == "apply" else []:
        if entry.get("event") == "combat" and entry.get("bonus") in ("pincer", "encirclement"):
            areas.add(entry["bonus"])
        if entry.get("event") == "scatter":
            areas.add("scatter")
    return sorted(areas)


def generate(scenario: Scenario, seed: str | None = None, pack_version: str | None = None,
             max_cases: int = 25, content_digest: str | None = None) -> dict[str, Any]:
    """Conformance vectors of one scenario from seeded random games on the reference engine:
    regular samples of every kind from each game, plus cases kept because they exercise a
    rule area (AREAS) that has fewer than AREA_TARGET cases so far. `max_cases` caps the
    regular samples of each game."""
    seed = seed or f"conformance:{scenario.id}"
    cases: list[dict[str, Any]] = []
    per_area: Counter[str] = Counter()
    for options in game_plan(scenario, seed):
        _play(scenario, options, cases, per_area, max_cases)
    _staged(scenario, seed, cases, per_area)
    return {
        "$schema": SCHEMA_ID,
        "schema_version": 1,
        "created_by": f"trenchclub-studio {__version__}",
        "scenario": {"id": scenario.id, "pack_version": pack_version,
                     "content_digest": content_digest,
                     "ruleset_version": f"{scenario.ruleset.id}@1" if scenario.ruleset else None},
        "seed": seed,
        "areas": {area: per_area[area] for area in AREAS},
        "cases": cases,
    }


def _without_last_step(scenario: Scenario, options: dict[str, Any]) -> Game:
    """The same game with the last-step-onto-meadow rule switched off (to see where it
    changes an answer)."""
    assert scenario.ruleset is not None
    ruleset = dataclasses.replace(scenario.ruleset, last_step_to_meadow=10_000)
    return _game(dataclasses.replace(scenario, ruleset=ruleset), options)


def _play(scenario: Scenario, options: dict[str, Any], cases: list[dict[str, Any]],
          per_area: Counter[str], max_cases: int) -> None:
    game = _game(scenario, options)
    twin = _without_last_step(scenario, options)
    state = game.new_initial_state()
    rng = Dice(seed_state(f"player:{options['seed']}"))
    counts: Counter[str] = Counter()
    regular = 0

    def offer(kind: str, snapshot: dict[str, Any], sampled: bool, extra: tuple[str, ...] = (),
              keep: bool = False, **fields: Any) -> bool:
        """Keep the case when sampled (within `max_cases`), rare, or `keep` (outside the
        regular budget)."""
        nonlocal regular
        case = {"id": f"{scenario.id}/{len(cases) + 1:04d}", "kind": kind, "game": options,
                "state": snapshot, **fields}
        areas = sorted(set(_areas(game, snapshot, case)) | set(extra))
        rare = any(per_area[a] < AREA_TARGET for a in areas)
        if not (sampled and regular < max_cases) and not rare and not keep:
            return False
        regular += sampled
        case["areas"] = areas
        per_area.update(areas)
        cases.append(case)
        return True

    step = 0
    while not state.is_terminal():
        action = Surrender() if state.round > MAX_ROUNDS else random_action(state, rng)
        snapshot: dict[str, Any] | None = None
        if action.verb in _MOVE_VERBS - {"unload"} and hasattr(action, "unit") and (
                counts["legal_moves"] < 8 or step % 4 == 0):
            snapshot = _state_json(state)
            moves = moves_of(state, action.unit)
            plain = moves_of(State.from_json(twin, snapshot), action.unit)
            extra = ("last_step",) if plain != moves else ()
            counts["legal_moves"] += offer("legal_moves", snapshot, counts["legal_moves"] < 8,
                                           extra, unit=action.unit, expected={"moves": moves})
        if state.phase in ("setup", "declare", "combat", "money") and step % 5 == 0:
            snapshot = snapshot or _state_json(state)
            counts["legal_actions"] += offer(
                "legal_actions", snapshot, counts["legal_actions"] < 6,
                expected={"actions": sorted(str(a) for a in state.legal_actions())})
        elif state.phase == "move" and counts["legal_actions:move"] < MOVE_ACTION_SAMPLES \
                and step % 5 == 0:
            # a few per game, outside the regular budget, so they crowd out no other kind
            snapshot = snapshot or _state_json(state)
            counts["legal_actions:move"] += offer(
                "legal_actions", snapshot, False, keep=True,
                expected={"actions": sorted(str(a) for a in state.legal_actions())})
        if step % 40 == 0:
            snapshot = snapshot or _state_json(state)
            counts["victory"] += offer("victory", snapshot, counts["victory"] < 3,
                                       expected=victory_of(state))
        # The JSON of the state before the action, not a clone of it: a third of the cost.
        before = snapshot or (_state_json(state) if step % 2 == 0 or action.verb in _RARE_VERBS
                              else None)
        log_from = len(state.log)
        state.apply_unchecked(action)  # drawn from the legal actions: checking it again is waste
        sampled = counts[f"apply:{action.verb}"] < _APPLY_VERBS.get(action.verb, 1)
        events = {e.kind for e in state.log[log_from:]}  # an event's "event" tag
        if before is not None and (sampled or action.verb in _RARE_VERBS
                                   or events & {"scatter", "game_over"}):
            shot = before
            counts[f"apply:{action.verb}"] += offer(
                "apply", shot, sampled, action=str(action),
                expected=outcome(shot, state, log_from))
        step += 1
    offer("victory", _state_json(state), True, expected=victory_of(state))


def _staged(scenario: Scenario, seed: str, cases: list[dict[str, Any]],
            per_area: Counter[str]) -> None:
    """Hand-picked situations (exporters/conformance_staged.py): staged pincer and
    encirclement attacks, every special unit a nation can field and its powers, Grabenkampf
    trenches (when the ruleset has the variant) and a money phase with money to spend,
    always kept."""
    options = {"seed": f"{seed}:staged", "setup": "quick", "variants": []}
    game = _game(scenario, options)

    def add(kind: str, snapshot: dict[str, Any], extra: tuple[str, ...] = (),
            played: tuple[dict[str, Any], Game] | None = None, **fields: Any) -> None:
        case_options, case_game = played or (options, game)
        case = {"id": f"{scenario.id}/{len(cases) + 1:04d}", "kind": kind,
                "game": case_options, "state": snapshot, **fields}
        case["areas"] = sorted(set(_areas(case_game, snapshot, case)) | set(extra))
        per_area.update(case["areas"])
        cases.append(case)

    for label, snapshot, attack in support_cases(scenario, options, _state_json):
        state = State.from_json(game, snapshot)
        add("legal_actions", snapshot, (label,),
            expected={"actions": sorted(str(a) for a in state.legal_actions())})
        state.apply_action(Action.parse(attack))
        add("apply", snapshot, (label,), action=attack, expected=outcome(snapshot, state, 0))
        while state.phase == "declare":
            state.apply_action(EndPhase())
        before = _state_json(state)
        log_from = len(state.log)
        state.apply_action(Fight())
        add("apply", before, action=str(Fight()), expected=outcome(before, state, log_from))
    for unit_id, snapshot in special_unit_cases(scenario, options, _state_json):
        state = State.from_json(game, snapshot)
        add("legal_moves", snapshot, ("special_units",), unit=unit_id,
            expected={"moves": moves_of(state, unit_id)})
    for snapshot, actions in power_cases(scenario, options, _state_json):
        state = State.from_json(game, snapshot)
        if actions[0].startswith(("field_repair ", "lay_mine ")):  # listed with the others
            add("legal_actions", snapshot, ("special_units",),
                expected={"actions": sorted(str(a) for a in state.legal_actions())})
        before = snapshot
        for text in actions:
            log_from = len(state.log)
            state.apply_action(Action.parse(text))
            add("apply", before, ("special_units",), action=text,
                expected=outcome(before, state, log_from))
            before = _state_json(state)
    _staged_board_powers(scenario, options, game, add)
    ruleset_variants = scenario.ruleset.variants if scenario.ruleset else {}
    if "grabenkampf" in ruleset_variants:
        _staged_trenches(scenario, seed, add)
    staged_money = money_cases(scenario, options, _state_json)
    if staged_money is not None:
        snapshot, actions = staged_money
        state = State.from_json(game, snapshot)
        add("legal_actions", snapshot, ("money",),
            expected={"actions": sorted(str(a) for a in state.legal_actions())})
        for text in actions:
            state = State.from_json(game, snapshot)
            state.apply_action(Action.parse(text))
            extra = ("money", "special_units") if " special " in text else ("money",)
            add("apply", snapshot, extra, action=text, expected=outcome(snapshot, state, 0))


def _staged_board_powers(scenario: Scenario, options: dict[str, Any], game: Game,
                         add: Any) -> None:
    """Mines under moving units and the builder's `build` (conformance_powers), each case one
    staged state; a builder's cases name its type in `game.unit_types`."""
    for case in (*mine_cases(scenario, options, _state_json),
                 *build_cases(scenario, options, _state_json)):
        played = None
        if case.unit_types:
            case_options = {**options, "unit_types": case.unit_types}
            played = (case_options, _game(scenario, case_options))
        state = State.from_json(played[1] if played else game, case.snapshot)
        if case.kind == "legal_moves":
            assert case.asked is not None
            add("legal_moves", case.snapshot, case.areas, played, unit=case.asked,
                expected={"moves": moves_of(state, case.asked)})
        elif case.kind == "legal_actions":
            add("legal_actions", case.snapshot, case.areas, played,
                expected={"actions": sorted(str(a) for a in state.legal_actions())})
        else:
            assert case.asked is not None
            state.apply_action(Action.parse(case.asked))
            add("apply", case.snapshot, case.areas, played, action=case.asked,
                expected=outcome(case.snapshot, state, 0))


def _staged_trenches(scenario: Scenario, seed: str, add: Any) -> None:
    """Grabenkampf situations (conformance_staged.trench_cases) in a game with the variant."""
    options = {"seed": f"{seed}:staged-grabenkampf", "setup": "quick",
               "variants": ["grabenkampf"]}
    game = _game(scenario, options)
    played = (options, game)
    for kind, snapshot, asked in trench_cases(scenario, options, _state_json):
        state = State.from_json(game, snapshot)
        if kind == "legal_moves":
            add("legal_moves", snapshot, played=played, unit=asked,
                expected={"moves": moves_of(state, asked)})
            continue
        add("legal_actions", snapshot, played=played,
            expected={"actions": sorted(str(a) for a in state.legal_actions())})
        state.apply_action(Action.parse(asked))
        add("apply", snapshot, played=played, action=asked,
            expected=outcome(snapshot, state, 0))
        while state.phase == "declare":
            state.apply_action(EndPhase())
        before = _state_json(state)
        log_from = len(state.log)
        state.apply_action(Fight())
        add("apply", before, played=played, action=str(Fight()),
            expected=outcome(before, state, log_from))


def check_case(scenario: Scenario, case: dict[str, Any], seed: str) -> str | None:
    """Run one case on the reference engine; None when it agrees, else what differs."""
    options = case.get("game") or {"seed": seed, "setup": "quick", "variants": []}
    state = State.from_json(_game(scenario, options), case["state"])
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


def json_bytes(data: Any) -> bytes:
    """Vectors or their schema as sorted-key UTF-8 JSON, one case per line (compact: the
    states make the vectors large)."""
    if isinstance(data, dict) and "cases" in data:
        head = {k: v for k, v in data.items() if k != "cases"}
        body = json.dumps(head, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        cases = ",\n".join(json.dumps(c, ensure_ascii=False, sort_keys=True,
                                      separators=(",", ":")) for c in data["cases"])
        return (body[:-1] + ',"cases":[\n' + cases + "\n]}\n").encode()
    return (json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode()


def export_conformance(scenario: Scenario, out_path: Path) -> Path:
    """Write the vectors of a scenario and their schema (`NAME.schema.json`) beside them.
    Outside a pack the revision is unknown, so the vectors name the content digest only."""
    digest = content_digest(content_files(scenario))
    out_path = Path(out_path)
    schema_path = out_path.with_name(out_path.stem + ".schema.json")
    atomic_write_bytes(schema_path, json_bytes(CONFORMANCE_SCHEMA))
    return atomic_write_bytes(out_path, json_bytes(generate(scenario, content_digest=digest)))


class ConformanceExporter:
    """Rules conformance vectors of a scenario."""

    name = "conformance"
    extension = ".json"
    description = "rules conformance vectors from the reference engine (JSON + schema)"

    def export(self, source: Any, out_path: Path, options: ExportOptions) -> Path:
        """Write the conformance vectors of a loaded Scenario."""
        return export_conformance(source, out_path)


register(ConformanceExporter())
