"""A scenario's `unit_destroyed` trigger and destroy-units objective count every loss the log
records (engine.rules.losses), not only combat kills and captured garrisons: a mine (on a
move or on the way into a fort), Grabenkampf trench return fire, an area attack, and the
passengers lost with their transport. Each fires in the action that lost the unit."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from engine.hexes import Hex
from engine.model import GameMap
from engine.rules.actions import Action, Attack, Capture, EndPhase, Fight, Move
from engine.rules.events import (
    CargoLost,
    CombatResolved,
    GameOver,
    ObjectiveAchieved,
    ScenarioMessage,
    TrenchReturnFire,
    TriggerFired,
)
from engine.rules.game import Game
from engine.rules.powers.events import AreaStruck, MineExploded
from engine.rules.scenario_runtime import objective_progress
from engine.rules.state import State
from tests.engine.rules.fixtures import cleared, fort, game_map, put, scenario
from tests.engine.rules.test_audit_combat import FixedDice
from tests.engine.rules.test_powers import GAS_MORTAR

R = 4
TRENCH = [Hex(q, R) for q in range(2, 9)]


def _state(m: GameMap, team: str, nation: str, unit_type: str | None = None,
           variants: tuple[str, ...] = ()) -> State:
    """A 2-player state in round 5 (DE to move, no units) whose scenario has a destroy-units
    objective for `team` and a once-only `unit_destroyed` trigger on `nation`'s losses, both
    of `unit_type` when given."""
    sc = scenario(m, players=2)
    sc.catalog = copy.deepcopy(sc.catalog)
    sc.catalog.units[GAS_MORTAR.id] = copy.deepcopy(GAS_MORTAR)
    of_type = {"unit": unit_type} if unit_type else {}
    sc.objectives = [{"id": "kill", "kind": "destroy_units", "team": team, "count": 1,
                      **of_type}]
    params: dict[str, Any] = {"nation": nation}
    if unit_type:
        params["unit_type"] = unit_type
    sc.events = {"version": 1, "triggers": [{
        "id": "loss", "on": "unit_destroyed",
        "conditions": [{"kind": "unit_destroyed", "params": params}],
        "actions": [{"kind": "show_message", "params": {"text": "lost"}}]}]}
    s = Game(sc, variants=variants).new_initial_state()
    return cleared(s, s.game.nations[0])


def _mine_on_move() -> tuple[State, Action, type]:
    s = _state(game_map(), "central", "FR")
    s.powers.mines[s.game.board.index_of[Hex(5, 3)]] = "DE"
    s.start_turn(1)
    walker = put(s, "infantry", "FR", Hex(6, 3))
    return s, Move(walker.id, Hex(5, 3)), MineExploded


def _mine_on_fort_entry() -> tuple[State, Action, type]:
    entrance = Hex(6, 3)
    s = _state(game_map(forts=[fort("f1", [Hex(7, 3)], [entrance])]), "central", "FR")
    s.powers.mines[s.game.board.index_of[entrance]] = "DE"
    s.start_turn(1)
    walker = put(s, "infantry", "FR", Hex(5, 3))
    return s, Capture(walker.id, "f1"), MineExploded


def _trench_return_fire() -> tuple[State, Action, type]:
    s = _state(game_map(terrain={h: "trench" for h in TRENCH}), "entente", "DE",
               variants=("grabenkampf",))
    target = put(s, "infantry", "FR", Hex(2, R))
    put(s, "infantry", "FR", Hex(7, R))  # a comrade in the trench, not next to the attacker
    car = put(s, "armoured_car", "DE", Hex(2, R) + Hex(0, -1))
    s.apply_action(EndPhase())
    s.apply_action(Attack(car.id, target.id))
    s.apply_action(EndPhase())
    n = s.game.ruleset.dice_by_damage[0]
    miss, hit = (12,) * n, (1,) * n
    return s, Fight(miss, miss + hit), TrenchReturnFire  # only the comrade's dice hit


def _passenger_lost() -> tuple[State, Action, type]:
    s = _state(game_map(), "central", "FR", unit_type="infantry")
    tank = put(s, "tank", "DE", Hex(1, R))
    truck = put(s, "transport", "FR", Hex(2, R), damage=5)
    rider = put(s, "infantry", "FR", Hex(3, R))
    s.leave_position(rider)
    rider.carrier, truck.cargo = truck.id, [rider.id]
    s.dice = FixedDice(12, 0)
    s.apply_action(EndPhase())
    s.apply_action(Attack(tank.id, truck.id))
    s.apply_action(EndPhase())
    return s, Fight(), CargoLost


def _area_attack() -> tuple[State, Action, type]:
    s = _state(game_map(), "central", "FR")
    mortar = put(s, "gas_mortar", "DE", Hex(2, 2))
    foe = put(s, "infantry", "FR", Hex(5, 2), damage=5)
    s.apply_action(EndPhase())
    s.apply_action(Attack(mortar.id, foe.id))
    s.apply_action(EndPhase())
    n = s.game.ruleset.dice_by_damage[0]
    return s, Fight((1,) + (12,) * (n - 1), ()), AreaStruck


LOSSES: dict[str, Callable[[], tuple[State, Action, type]]] = {
    "mine on a move": _mine_on_move,
    "mine on a fort entrance": _mine_on_fort_entry,
    "trench return fire": _trench_return_fire,
    "passenger lost with its transport": _passenger_lost,
    "area attack": _area_attack,
}


@pytest.mark.parametrize("how", LOSSES)
def test_trigger_and_objective_fire_in_the_action_that_lost_the_unit(how: str):
    s, fatal, loss_event = LOSSES[how]()
    objective = s.game.scenario.objectives[0]
    team = objective["team"]
    assert objective_progress(s, objective)[0] is False
    assert not any(isinstance(e, TriggerFired) for e in s.log)
    mark = len(s.log)
    s.apply_action(fatal)
    new = s.log[mark:]
    kinds = [type(e) for e in new]
    assert loss_event in kinds, f"{how}: no {loss_event.__name__} in {new}"
    lost_at = kinds.index(loss_event)
    # the trigger first, then the objective, after the loss, all in this one action
    assert new[lost_at + 1:][-4:] == [TriggerFired("loss", 5),
                                      ScenarioMessage("loss", "lost", ""),
                                      ObjectiveAchieved("kill", team),
                                      GameOver(team, "objective kill")]
    assert s.is_terminal() and s.winner() == team
    done, line = objective_progress(s, objective)
    assert done and "1 of 1" in line


def test_a_lost_passenger_is_what_meets_an_objective_on_its_type():
    s, fatal, _event = _passenger_lost()
    s.apply_action(fatal)
    combat = next(e for e in s.log if isinstance(e, CombatResolved))
    assert combat.defender_destroyed and combat.defender.startswith("FR-transport")
    assert any(isinstance(e, ObjectiveAchieved) for e in s.log)

