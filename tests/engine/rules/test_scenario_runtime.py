"""Scenario objectives and event triggers run in the engine (engine/rules/scenario_runtime.py):
logged as typed events, saved with the game, replayed from the history."""

from __future__ import annotations

import copy
import json
import random

import pytest

from engine.content import check_scenario, load_scenario
from engine.paths import CONTENT_DIR
from engine.rules import scenario_runtime
from engine.rules.actions import EndPhase, Surrender
from engine.rules.events import (
    GameOver,
    MoneyGiven,
    ObjectiveAchieved,
    ScenarioMessage,
    TriggerFired,
    UnitSpawned,
)
from engine.rules.game import Game
from engine.rules.losses import destroyed_units
from engine.rules.scenario_runtime import OBJECTIVES, type_of_id
from engine.rules.serialize import state_hash
from engine.rules.state import State

SCENARIO = CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml"


@pytest.fixture(scope="module")
def base():
    return load_scenario(SCENARIO)


def scenario_with(base, objectives=(), triggers=()):
    s = copy.copy(base)
    s.objectives = list(objectives)
    s.events = {"version": 1, "triggers": list(triggers)}
    return s


def end_phases_until(state: State, round_no: int) -> None:
    while state.round < round_no and not state.is_terminal():
        state.apply_action(EndPhase())


def test_objective_kinds_are_the_schema_kinds():
    schema = json.loads((CONTENT_DIR.parent / "schema" / "scenario.schema.json").read_text())
    kinds = schema["properties"]["objectives"]["items"]["properties"]["kind"]["enum"]
    assert sorted(kinds) == sorted(OBJECTIVES)


def test_only_a_scenario_with_something_to_run_is_asked_after_each_action(base, monkeypatch):
    """Actions of a scenario without triggers, live objectives or pre-placed units skip the
    scenario run (it would do nothing); one trigger is enough to run it again."""
    calls = []
    real = scenario_runtime.apply
    monkeypatch.setattr(scenario_runtime, "apply",
                        lambda s, a, rule: calls.append(a) or real(s, a, rule))
    plain = Game(base, seed=2, setup="quick").new_initial_state()
    plain.apply_action(EndPhase())
    assert calls == [] and plain.phase == "declare"
    trigger = {"id": "hello", "on": {"kind": "round_start", "round": 9},
               "actions": [{"kind": "message", "params": {"text": "hi"}}]}
    busy = Game(scenario_with(base, triggers=[trigger]), seed=2,
                setup="quick").new_initial_state()
    busy.apply_action(EndPhase())
    assert calls == [EndPhase()]


def test_capture_fort_objective_ends_the_game(base):
    fort = "fort_apremont"
    sc = scenario_with(base, [{"id": "take_it", "kind": "capture_fort", "team": "entente",
                               "fort": fort}])
    state = Game(sc, seed=2, setup="quick").new_initial_state()
    state.apply_action(EndPhase())
    assert not state.is_terminal()  # a neutral fort: nothing achieved yet
    state.fort_owner[fort] = "FR"
    state.apply_action(EndPhase())
    assert state.is_terminal() and state.winner() == "entente"
    assert state.reason == "objective take_it"
    assert state.log[-2:] == [ObjectiveAchieved("take_it", "entente"),
                              GameOver("entente", "objective take_it")]


TRIGGER = {
    "id": "reinforce", "on": "round_start", "once": True,
    "conditions": [{"kind": "round_is", "params": {"round": 2}}],
    "actions": [
        {"kind": "give_money", "params": {"nation": "FR", "amount": 4}},
        {"kind": "spawn_unit", "params": {"nation": "FR", "unit_type": "infantry",
                                          "hex": [5, 5], "xp": 1}},
        {"kind": "show_message", "params": {"text": "Reinforcements!", "text_de": "Verstärkung!"}},
    ],
}


def test_round_trigger_fires_once_logs_and_replays(base):
    sc = scenario_with(base, triggers=[TRIGGER])
    game = Game(sc, seed=4, setup="quick")
    state = game.new_initial_state()
    end_phases_until(state, 2)
    fired = [e for e in state.log if isinstance(e, TriggerFired)]
    assert fired == [TriggerFired("reinforce", 2)]
    spawned = next(e for e in state.log if isinstance(e, UnitSpawned))
    unit = state.units[spawned.unit]
    assert unit.type.id == "infantry" and unit.nation == "FR" and unit.xp == 1
    assert spawned.where == "{},{}".format(*state.hex_of(unit))
    given = next(e for e in state.log if isinstance(e, MoneyGiven))
    assert given == MoneyGiven("reinforce", "FR", 4)
    assert ScenarioMessage("reinforce", "Reinforcements!", "Verstärkung!") in state.log
    end_phases_until(state, 4)
    assert len([e for e in state.log if isinstance(e, TriggerFired)]) == 1
    assert len([e for e in state.log if isinstance(e, MoneyGiven)]) == 1
    # saved with the game, and the history replays to the same state
    loaded = State.from_json(game, json.loads(json.dumps(state.to_json())))
    assert state_hash(loaded) == state_hash(state)
    replay = game.new_initial_state()
    for a in state.history:
        replay.apply_action(a)
    assert state_hash(replay) == state_hash(state)


def test_a_repeating_trigger_fires_every_round(base):
    trig = {"id": "pay", "on": "round_start", "once": False,
            "conditions": [{"kind": "round_at_least", "params": {"round": 2}}],
            "actions": [{"kind": "give_money", "params": {"nation": "DE", "amount": 1}}]}
    state = Game(scenario_with(base, triggers=[trig]), seed=1, setup="quick").new_initial_state()
    end_phases_until(state, 4)
    assert [e.round for e in state.log if isinstance(e, TriggerFired)] == [2, 3, 4]


def test_a_win_trigger_ends_the_game(base):
    trig = {"id": "rich", "on": "action",
            "conditions": [{"kind": "money_at_least", "params": {"nation": "DE", "amount": 0}}],
            "actions": [{"kind": "win", "params": {"team": "central"}}]}
    state = Game(scenario_with(base, triggers=[trig]), seed=1, setup="quick").new_initial_state()
    state.apply_action(EndPhase())
    assert state.is_terminal() and state.winner() == "central"
    assert state.reason == "trigger rich"


def test_destroy_units_objective_in_random_play(base):
    """Seeded random play until the first unit is destroyed: the objective ends the game."""
    sc = scenario_with(base, [
        {"id": "first_blood_c", "kind": "destroy_units", "team": "central", "count": 1},
        {"id": "first_blood_e", "kind": "destroy_units", "team": "entente", "count": 1}])
    state = Game(sc, seed=7, setup="quick").new_initial_state()
    rng = random.Random(7)
    for _ in range(20000):
        if state.is_terminal():
            break
        actions = [a for a in state.legal_actions() if not isinstance(a, Surrender)]
        state.apply_action(rng.choice(actions))
    assert state.is_terminal() and state.reason == "objective first_blood_c"
    lost = destroyed_units(state.log)
    assert len(lost) == 1 and state.game.team_of[lost[0][:2]] == "entente"
    assert isinstance(state.log[-2], ObjectiveAchieved)


def test_unit_type_is_read_from_the_unit_id():
    assert type_of_id("DE-heavy-artillery-12") == "heavy-artillery"
    assert type_of_id("FR-infantry-1") == "infantry"


def _codes(scenario):
    return {p.code for p in check_scenario(scenario, scenario.map, scenario.ruleset,
                                           scenario.catalog) if p.is_error}


def test_validation_refuses_what_the_engine_does_not_play(base):
    bad = [
        {"id": "a", "on": "sunrise", "actions": [{"kind": "win", "params": {"team": "central"}}]},
        {"id": "b", "on": "action", "actions": [{"kind": "change_terrain",
                                                 "params": {"hex": [1, 1]}}]},
        {"id": "c", "on": "action", "conditions": [{"kind": "round_is",
                                                    "params": {"round": "three"}}],
         "actions": [{"kind": "spawn_unit", "params": {"nation": "FR", "unit_type": "nothing",
                                                       "hex": [999, 0]}}]},
        {"id": "d", "on": "action", "actions": [{"kind": "spawn_unit", "params": {
            "nation": "FR", "unit_type": "infantry"}}]},
    ]
    codes = _codes(scenario_with(base, triggers=bad))
    assert {"scenario.trigger_on", "scenario.trigger_action", "scenario.trigger_condition",
            "scenario.unknown_unit", "scenario.hex_off_map"} <= codes
    assert _codes(scenario_with(base, triggers=[TRIGGER])) == set()


def _placed(state):
    return [e for e in state.log if isinstance(e, UnitSpawned) and e.trigger == "start"]


def test_pre_placed_units_stand_on_their_hex_at_the_start(base):
    units = [{"nation": "FR", "type": "infantry", "hex": [8, 4], "xp": 2, "damage": 1},
             {"nation": "DE", "type": "infantry", "fort": "fort_apremont"}]
    sc = copy.copy(base)
    sc.units = units
    assert _codes(sc) == set()
    state = Game(sc, seed=3, setup="quick").new_initial_state()
    first, second = _placed(state)
    vet = state.units[first.unit]
    assert (vet.xp, vet.damage, vet.nation) == (2, 1, "FR")
    assert state.game.map.to_offset(state.hex_of(vet)) == (8, 4)
    assert first.where == "{},{}".format(*state.hex_of(vet))
    assert state.units[second.unit].fort == "fort_apremont"
    replay = Game(sc, seed=3, setup="quick").new_initial_state()
    assert state_hash(replay) == state_hash(state)


def test_pre_placed_units_come_when_a_full_setup_ends(base):
    sc = copy.copy(base)
    sc.units = [{"nation": "FR", "type": "infantry", "hex": [8, 4]}]
    state = Game(sc, seed=3, setup="full").new_initial_state()
    assert _placed(state) == []
    rng = random.Random(1)
    while state.phase == "setup":
        state.apply_action(rng.choice([a for a in state.legal_actions()
                                       if not isinstance(a, Surrender)]))
    assert len(_placed(state)) == 1


def test_pre_placed_units_are_validated(base):
    sc = copy.copy(base)
    sc.units = [{"nation": "GB", "type": "infantry", "hex": [8, 4]},
                {"nation": "FR", "type": "no_such_unit", "hex": [8, 4]},
                {"nation": "FR", "type": "infantry"},
                {"nation": "FR", "type": "infantry", "hex": [30, 4]}]
    assert {"scenario.unit_nation", "scenario.unknown_unit", "scenario.unit_hex_taken",
            "scenario.unit_place", "scenario.unit_outside_half"} <= _codes(sc)


def test_hold_forts_below_the_rules_need_ends_the_game_and_at_it_the_rules_decide(base):
    forts = ["fort_apremont", "fort_grandpre", "fort_montfaucon"]
    sc = scenario_with(base, [{"id": "three", "kind": "hold_forts", "team": "entente",
                               "count": 3}])
    state = Game(sc, seed=2, setup="quick").new_initial_state()
    for f in forts:
        state.fort_owner[f] = "FR"
    state.apply_action(EndPhase())
    assert state.reason == "objective three"
    # The scenario's own 5-fort objectives equal the ruleset's need: the rules end the game.
    plain = Game(base, seed=2, setup="quick").new_initial_state()
    for f in forts:
        plain.fort_owner[f] = "FR"
    plain.apply_action(EndPhase())
    assert not plain.is_terminal()
