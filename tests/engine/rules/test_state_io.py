"""Clone, save/load (schema/savegame.schema.json), replay and the golden games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from engine.paths import SCHEMA_DIR
from engine.rules.errors import SaveError
from engine.rules.game import Game
from engine.rules.playout import play_random
from engine.rules.serialize import canonical, state_hash
from engine.rules.state import State
from tests.engine.rules import golden_games
from tests.engine.rules.fixtures import scenario

SCHEMA = json.loads((SCHEMA_DIR / "savegame.schema.json").read_text(encoding="utf-8"))


def _played(players: int = 2, setup: str = "quick", rounds: int = 3) -> State:
    game = Game(scenario(players=players), seed=42, setup=setup)
    return play_random(game.new_initial_state(), seed=9, max_rounds=rounds, checked=True)


def test_schema_is_draft_2020_12_with_a_description_on_every_property():
    Draft202012Validator.check_schema(SCHEMA)
    missing = []

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            for name, sub in node.get("properties", {}).items():
                if "description" not in sub:
                    missing.append(f"{where}/{name}")
            for key, sub in node.items():
                walk(sub, f"{where}/{key}")
        elif isinstance(node, list):
            for k, sub in enumerate(node):
                walk(sub, f"{where}/{k}")

    walk(SCHEMA, "")
    assert missing == []


@pytest.mark.parametrize("setup", ["quick", "full"])
def test_to_json_validates_and_round_trips(setup):
    s = _played(setup=setup)
    data = s.to_json()
    Draft202012Validator(SCHEMA).validate(data)
    back = State.from_json(s.game, json.loads(json.dumps(data)))
    assert canonical(back.to_json()) == canonical(data)
    assert back.legal_actions() == s.legal_actions()


def test_fresh_full_setup_state_round_trips():
    s = Game(scenario(players=4), seed=1).new_initial_state()
    Draft202012Validator(SCHEMA).validate(s.to_json())
    assert canonical(State.from_json(s.game, s.to_json()).to_json()) == canonical(s.to_json())


def test_clone_is_independent_and_identical():
    s = _played(rounds=2)
    s2 = Game(s.game.scenario, seed=42, setup="quick").new_initial_state()
    c = s2.clone()
    assert canonical(c.to_json()) == canonical(s2.to_json())
    play_random(c, seed=1, max_rounds=2)
    assert canonical(c.to_json()) != canonical(s2.to_json())
    assert s2.history == []


def test_replay_from_scenario_seed_and_actions_is_byte_identical():
    s = _played(players=4, setup="full", rounds=2)
    again = Game(s.game.scenario, seed=42, setup="full").new_initial_state()
    for a in s.history:
        again.apply_action(a)
    assert state_hash(again) == state_hash(s)


def test_same_seed_same_game_other_seed_other_dice():
    a = Game(scenario(players=2), seed=5, setup="quick").new_initial_state()
    b = Game(scenario(players=2), seed=5, setup="quick").new_initial_state()
    c = Game(scenario(players=2), seed=6, setup="quick").new_initial_state()
    assert state_hash(a) == state_hash(b)
    assert state_hash(a) != state_hash(c)


@pytest.mark.parametrize("mutate, fragment", [
    (lambda d: d.update({"$schema": "x"}), "not a saved game"),
    (lambda d: d.update({"scenario": "other"}), "belongs to scenario"),
    (lambda d: d["units"][0].update({"type": "laser"}), "unknown unit type"),
    (lambda d: d["units"][0].update({"hex": [999, 999]}), "off the map"),
    (lambda d: d.pop("money"), "corrupt saved game"),
    (lambda d: d.update({"history": ["fly away"]}), "corrupt saved game"),
])
def test_corrupt_saves_raise_save_error(mutate, fragment):
    s = _played(rounds=1)
    data = json.loads(json.dumps(s.to_json()))
    mutate(data)
    with pytest.raises(SaveError, match=fragment):
        State.from_json(s.game, data)


GOLDEN = sorted(Path(golden_games.GOLDEN_DIR).glob("*.json"))


def test_golden_files_exist_for_every_recorded_game():
    assert {p.stem for p in GOLDEN} == {g["name"] for g in golden_games.GAMES}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_game_replays_to_the_recorded_state(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    s = golden_games.replay(record)
    assert (s.winner(), s.reason) == (record["winner"], record["reason"])
    assert state_hash(s) == record["final_state_sha256"]
