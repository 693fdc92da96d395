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
from collections.abc import Callable, Iterable
from functools import partial
from operator import itemgetter
from pathlib import Path
from typing import Any

from engine.gcpause import gc_paused
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
from exporters.conformance_areas import (
    MOVES_AREAS,
    Seen,
    areas_of,
    seen_in_json,
    seen_in_state,
)
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


class Offsets(dict[Hex, tuple[int, int]]):
    """The offset coordinates of a map's hexes, each worked out when first asked (a game's
    legal_moves cases ask the same hexes again and again)."""

    def __init__(self, game_map: GameMap) -> None:
        super().__init__()
        self._to_offset = game_map.to_offset

    def __missing__(self, h: Hex) -> tuple[int, int]:
        value = self[h] = self._to_offset(h)
        return value


def moves_of(state: Any, unit_id: str, offsets: Offsets | None = None) -> list[dict[str, Any]]:
    """Expected answer of a legal_moves case, sorted by axial hex (`offsets`: of the state's
    map, when the caller keeps them)."""
    offset = offsets if offsets is not None else Offsets(state.game.map)
    # One option per hex, so the hexes alone give the order.
    return [{"to": {"axial": [h.q, h.r], "offset": list(offset[h])}, "cost": opt.cost,
             "kind": opt.kind, "fort": opt.fort}
            for h, opt in sorted(state.legal_moves(unit_id).items(), key=itemgetter(0))]


def outcome(before: dict[str, Any], state: Any, log_from: int) -> dict[str, Any]:
    """Expected answer of an apply case: what changed."""
    return _changes(before, _state_json(state), state, log_from)


def _changes(before: dict[str, Any], after: dict[str, Any], state: Any,
             log_from: int) -> dict[str, Any]:
    """`outcome` with the state's JSON `after` made already."""
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
    return sorted(areas_of(game, seen_in_json(snapshot), case["kind"], case["expected"], case))


def generate(scenario: Scenario, seed: str | None = None, pack_version: str | None = None,
             max_cases: int = 25, content_digest: str | None = None) -> dict[str, Any]:
    """Conformance vectors of one scenario from seeded random games on the reference engine:
    regular samples of every kind from each game, plus cases kept because they exercise a
    rule area (AREAS) that has fewer than AREA_TARGET cases so far. `max_cases` caps the
    regular samples of each game."""
    seed = seed or f"conformance:{scenario.id}"
    cases: list[dict[str, Any]] = []
    per_area: Counter[str] = Counter()
    # The kept cases pile up (thousands of states); the cyclic collector would scan them all
    # again and again as the games allocate, for nothing (a tenth of a pack's build time).
    with gc_paused():
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


def _changes_moves(twin: Game, before: _Before, unit_id: str, moves: list[dict[str, Any]],
                   offsets: Offsets | None = None) -> bool:
    """Whether the unit's moves differ in `twin` (the game without the last-step rule)."""
    return moves_of(State.from_json(twin, before.json()), unit_id, offsets) != moves


class _Before:
    """The state before a step's action, as the cases need it: its JSON and what the areas
    read (`Seen`), each made on first use. The action changes the state, so `keep` takes the
    JSON while it is still the state before; a case asked for afterwards without it gets
    the state replayed from the game's start (`replayed`), which is rare and costs far less
    than writing the JSON at every step."""

    def __init__(self, state: State, made: dict[str, Any] | None = None) -> None:
        self.state = state
        self._json: dict[str, Any] | None = made  # the state's JSON if made already
        self._seen: Seen | None = None

    @property
    def taken(self) -> bool:
        """Whether the JSON was made (while the state was still the one before)."""
        return self._json is not None

    def json(self) -> dict[str, Any]:
        if self._json is None:
            self._json = _state_json(self.state)
        return self._json

    def seen(self) -> Seen:
        if self._seen is None:
            self._seen = seen_in_json(self._json) if self._json is not None \
                else seen_in_state(self.state)
        return self._seen

    def keep(self) -> None:
        """Take the JSON and the seen parts now (before the state changes)."""
        self.seen()
        self.json()

    @classmethod
    def replayed(cls, game: Game, actions: list[Action]) -> _Before:
        """The state after `actions` from the start of `game` (the engine is deterministic for
        its seed), with its JSON taken."""
        state = game.new_initial_state()
        for action in actions:
            state.apply_unchecked(action)
        before = cls(state)
        before.keep()
        return before


def _play(scenario: Scenario, options: dict[str, Any], cases: list[dict[str, Any]],
          per_area: Counter[str], max_cases: int) -> None:
    game = _game(scenario, options)
    twin = _without_last_step(scenario, options)
    state = game.new_initial_state()
    rng = Dice(seed_state(f"player:{options['seed']}"))
    counts: Counter[str] = Counter()
    regular = 0
    offsets = Offsets(game.map)  # the twin plays on the same map

    def rare(areas: Iterable[str]) -> bool:
        return any(per_area[a] < AREA_TARGET for a in areas)

    def may_keep_moves(before: _Before, unit: str) -> bool:
        """Whether a legal_moves case of `unit` could be kept (see `offer`): sampled within
        the budget, or rare by the areas its state gives it or those its moves could add.
        When not, the moves need not be listed: the case would be dropped anyway."""
        return (counts["legal_moves"] < 8 and regular < max_cases) or rare(MOVES_AREAS) \
            or rare(areas_of(game, before.seen(), "legal_moves", {}, {"unit": unit}))

    def offer(kind: str, before: _Before, sampled: bool, expected: Callable[[], dict[str, Any]],
              *, keep: bool = False, probe: dict[str, Any] | None = None,
              last_step: Callable[[], bool] | None = None, **fields: Any) -> bool:
        """Keep the case when sampled (within `max_cases`), rare, or `keep` (outside the
        regular budget). The areas are found from `probe` (what they read of the answer);
        the answer itself (`expected`) and the state's JSON are made only for a kept case.
        `last_step` says whether the last-step rule changes the answer; it is costly, so it
        is asked only when the answer can matter."""
        nonlocal regular
        found = areas_of(game, before.seen(), kind, probe or {}, fields)
        wanted = (sampled and regular < max_cases) or keep
        if last_step is not None and "last_step" not in found and (
                wanted or per_area["last_step"] < AREA_TARGET or rare(found)) and last_step():
            found.add("last_step")
        if not wanted and not rare(found):
            return False
        regular += sampled
        areas = sorted(found)
        cases.append({"id": f"{scenario.id}/{len(cases) + 1:04d}", "kind": kind,
                      "game": options, "state": before.json(), **fields,
                      "expected": expected(), "areas": areas})
        per_area.update(areas)
        return True

    # The JSON of the state as it is now, when the apply case of the step that led to it
    # made it: the next step's state before (written once, and shared by both cases).
    now: list[dict[str, Any]] = []

    def applied(before_json: dict[str, Any], log_from: int) -> dict[str, Any]:
        now.append(_state_json(state))
        return _changes(before_json, now[-1], state, log_from)

    step = 0
    while not state.is_terminal():
        action = Surrender() if state.round > MAX_ROUNDS else random_action(state, rng)
        before = _Before(state, now.pop() if now else None)
        asked = False  # whether a case of this state was offered (its apply case may follow)
        if action.verb in _MOVE_VERBS - {"unload"} and hasattr(action, "unit") and (
                counts["legal_moves"] < 8 or step % 4 == 0):
            asked = True  # even when the case cannot be kept and its moves are not listed
            if may_keep_moves(before, action.unit):
                moves = moves_of(state, action.unit, offsets)
                last_step = partial(_changes_moves, twin, before, action.unit, moves, offsets)
                counts["legal_moves"] += offer(
                    "legal_moves", before, counts["legal_moves"] < 8,
                    partial(dict, moves=moves), probe={"moves": moves}, last_step=last_step,
                    unit=action.unit)
        if state.phase in ("setup", "declare", "combat", "money") and step % 5 == 0:
            asked = True
            counts["legal_actions"] += offer("legal_actions", before,
                                             counts["legal_actions"] < 6,
                                             partial(_actions_of, state))
        elif state.phase == "move" and counts["legal_actions:move"] < MOVE_ACTION_SAMPLES \
                and step % 5 == 0:
            # a few per game, outside the regular budget, so they crowd out no other kind
            asked = True
            counts["legal_actions:move"] += offer("legal_actions", before, False,
                                                  partial(_actions_of, state), keep=True)
        if step % 40 == 0:
            asked = True
            counts["victory"] += offer("victory", before, counts["victory"] < 3,
                                       partial(victory_of, state))
        # Which steps may give an apply case, and which surely will be offered one.
        may_apply = asked or step % 2 == 0 or action.verb in _RARE_VERBS
        sampled = counts[f"apply:{action.verb}"] < _APPLY_VERBS.get(action.verb, 1)
        if may_apply and (sampled or action.verb in _RARE_VERBS):
            before.keep()
        log_from = len(state.log)
        now.clear()
        state.apply_unchecked(action)  # drawn from the legal actions: checking it again is waste
        events = {e.kind for e in state.log[log_from:]}  # an event's "event" tag
        if may_apply and (sampled or action.verb in _RARE_VERBS
                          or events & {"scatter", "game_over"}):
            if not before.taken:
                before = _Before.replayed(game, state.history[:-1])
            log = [e.to_json() for e in state.log[log_from:]]
            counts[f"apply:{action.verb}"] += offer(
                "apply", before, sampled, partial(applied, before.json(), log_from),
                probe={"winner": state.winner_team, "log": log}, action=str(action))
        step += 1
    offer("victory", _Before(state, now.pop() if now else None), True,
          partial(victory_of, state))


def _actions_of(state: State) -> dict[str, Any]:
    """Expected answer of a legal_actions case."""
    return {"actions": sorted(str(a) for a in state.legal_actions())}


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
        body = _compact(head)
        states: dict[int, str] = {}  # by id: cases asked of one state share its JSON object
        cases = ",\n".join(_case_json(c, states) for c in data["cases"])
        joint = "," if head else ""  # an empty head is "{}": no comma before "cases"
        return (body[:-1] + joint + '"cases":[\n' + cases + "\n]}\n").encode()
    return (json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode()


# The vectors are trees of fresh JSON data (states shared between cases, never containing
# themselves), so the encoder's cycle bookkeeping for every dict and list is skipped.
_compact = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                            check_circular=False).encode


def _case_json(case: dict[str, Any], states: dict[int, str]) -> str:
    """`_compact(case)`, its state written once per state object: the keys sorted, the
    state's text between those before "state" and those after, as `_compact` puts it."""
    state = case.get("state")
    if not isinstance(state, dict):
        return _compact(case)
    text = states.get(id(state))
    if text is None:
        text = states[id(state)] = _compact(state)
    before = _compact({k: v for k, v in case.items() if k < "state"})[1:-1]
    after = _compact({k: v for k, v in case.items() if k > "state"})[1:-1]
    return "".join(("{", before, "," if before else "", '"state":', text,
                    "," if after else "", after, "}"))


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
