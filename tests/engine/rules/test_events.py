"""Typed log events: round trip through saves, old dict logs migrate, a combat carries the
numbers the engine used (the play-test renders them and recomputes nothing)."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import json

import pytest

from engine.hexes import Hex
from engine.rules import combat
from engine.rules.actions import Attack, EndPhase, Fight
from engine.rules.errors import SaveError
from engine.rules.events import (
    EVENTS,
    AttackLost,
    CombatResolved,
    Event,
    EventError,
    ShotScattered,
    event_from_json,
)
from engine.rules.serialize import to_json
from engine.rules.state import State
from tests.engine.rules import golden_games
from tests.engine.rules.fixtures import catalog, empty_state, game_map, put

R = 4


def row(q: int) -> Hex:
    return Hex(q, R)


@pytest.fixture(scope="module")
def played() -> State:
    return golden_games.replay(json.loads(
        (golden_games.GOLDEN_DIR / "default-4p-earlier-full.json").read_text(encoding="utf-8")))


def test_every_event_round_trips_through_json(played):
    kinds = {e.kind for e in played.log}
    assert {"deal", "roll", "place", "move", "phase", "combat", "income", "game_over"} <= kinds
    for e in played.log:
        data = json.loads(json.dumps(e.to_json()))
        assert event_from_json(data) == e
        assert e.text()
    loaded = State.from_json(played.game, json.loads(json.dumps(to_json(played))))
    assert loaded.log == played.log


def test_every_registered_kind_has_its_own_readable_line():
    assert len(EVENTS) >= 20
    assert [k for k, cls in EVENTS.items() if cls.text is Event.text] == []


def test_old_dict_logs_load_and_render(played):
    data = to_json(played)
    old = [{"event": "combat", "attacker": "A", "defender": "B", "distance": 1,
            "bonus": None, "bonus_dice": 0, "attacker_dice": [2, 9], "defender_dice": [5],
            "damage_to_defender": 1, "damage_to_attacker": 0, "defender_destroyed": False,
            "attacker_destroyed": False},
           {"event": "attack_lost", "attacker": "A", "defender": "B"}]
    data["log"] = old
    s = State.from_json(played.game, data)
    combat_event, lost = s.log
    assert isinstance(combat_event, CombatResolved) and combat_event.attacker_hit_value is None
    assert "A attacks B at range 1: dice 2 9 → 1 damage" in combat_event.text()
    assert lost == AttackLost("A", "B")
    assert [e.to_json() for e in s.log] == old  # nothing invented when saved again
    data["log"] = [{"event": "smoke", "by": "A"}]
    with pytest.raises(SaveError, match="unknown log event 'smoke'"):
        State.from_json(played.game, data)
    with pytest.raises(EventError, match="combat"):
        event_from_json({"event": "combat", "attacker": "A"})


def test_scattered_shot_logs_the_numbers_used_against_the_unit_it_hit():
    """Regression: the play-test recomputed the hit value against the declared target; a Big
    Bertha with an anti-tank value whose shot scatters onto a tank hits on that value."""
    cat = copy.deepcopy(catalog())
    bertha_card = cat.units["big_bertha"]
    bertha_card.hit_vs = {"tank": {"recruit": 9}}
    s = empty_state(game_map())
    s.game.catalog = cat  # the state's game reads the copied cards
    bertha = put(s, "big_bertha", "DE", row(0))
    target = put(s, "infantry", "FR", row(5))
    tank = put(s, "tank", "FR", row(5).neighbor(2))
    s.apply_action(EndPhase())
    s.apply_action(Attack(bertha.id, target.id))
    s.apply_action(EndPhase())
    n = combat.dice_count(s.game.ruleset, 0)
    s.apply_action(Fight((7,) * n, (), 3))  # scatter face 3: direction 2, onto the tank
    scatter = next(e for e in s.log if isinstance(e, ShotScattered))
    fought = next(e for e in s.log if isinstance(e, CombatResolved))
    assert scatter.lands_on == tank.id and fought.defender == tank.id
    assert fought.attacker_hit_value == 9 and fought.attacker_hits == n
    assert fought.defender_hit_value == 0 and fought.defender_hits == 0
    line = fought.text()
    assert "hit on ≤9" in line and "[7]" in line
    assert fought.xp_attacker == bertha.xp and fought.xp_defender == 0


def _reference_class(cls: type[Event]) -> type:
    """`cls` rebuilt by the dataclass machinery alone (its own, slower `__init__`)."""
    ns = {f.name: f for f in dataclasses.fields(cls)} | {
        "__annotations__": {f.name: f.type for f in dataclasses.fields(cls)}}
    return dataclasses.dataclass(frozen=True)(type(cls.__name__, (), ns))


@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_every_event_builds_as_its_frozen_dataclass_would(kind):
    """`register` swaps in a quicker `__init__`: same parameters, defaults, errors and
    fields as the dataclass one, and the event stays frozen."""
    cls = EVENTS[kind]
    ref = _reference_class(cls)
    assert "<string>" in cls.__init__.__code__.co_filename  # the quick one is in place
    assert inspect.signature(cls) == inspect.signature(ref)
    args = [f"v{k}" for k in range(len(dataclasses.fields(cls)))]
    assert vars(cls(*args)) == vars(ref(*args))
    assert cls(*args) == cls(**{f.name: a for f, a in zip(dataclasses.fields(cls), args,
                                                          strict=True)})
    for bad_args, bad_kw in (((), {}), ((*args, "extra"), {}), (args, {"nope": 1})):
        with pytest.raises(TypeError) as ours:
            cls(*bad_args, **bad_kw)
        with pytest.raises(TypeError) as theirs:
            ref(*bad_args, **bad_kw)
        assert str(ours.value) == str(theirs.value)
    with pytest.raises(dataclasses.FrozenInstanceError):
        cls(*args).__setattr__(dataclasses.fields(cls)[0].name, "changed")
