"""Units destroyed, read from the log: every way a unit is lost names it in an event, the
passengers of a destroyed transport included (`CargoLost`)."""

from __future__ import annotations

from engine.hexes import Hex
from engine.rules.actions import Attack, EndPhase, Fight
from engine.rules.events import (
    EVENTS,
    CargoLost,
    CombatResolved,
    FortCaptured,
    PhaseStarted,
    TrenchReturnFire,
    event_from_json,
)
from engine.rules.losses import LOSS_EVENTS, destroyed_units
from engine.rules.powers.events import AreaStruck, MineExploded
from tests.engine.rules.fixtures import empty_state, game_map, put
from tests.engine.rules.test_audit_combat import FixedDice

R = 4


def test_a_destroyed_transport_logs_its_passengers_lost_with_it():
    s = empty_state(game_map())
    tank = put(s, "tank", "DE", Hex(1, R))
    truck = put(s, "transport", "FR", Hex(2, R), damage=5)
    inf = put(s, "infantry", "FR", Hex(3, R))
    s.leave_position(inf)
    inf.carrier, truck.cargo = truck.id, [inf.id]
    s.dice = FixedDice(12, 0)
    s.apply_action(EndPhase())
    s.apply_action(Attack(tank.id, truck.id))
    s.apply_action(EndPhase())
    s.apply_action(Fight())
    assert truck.id not in s.units and inf.id not in s.units
    combat = next(i for i, e in enumerate(s.log) if isinstance(e, CombatResolved))
    assert s.log[combat + 1] == CargoLost(truck.id, (inf.id,))
    assert destroyed_units(s.log) == [truck.id, inf.id]
    assert event_from_json(s.log[combat + 1].to_json()) == s.log[combat + 1]


def test_every_kind_of_loss_counts_once():
    combat = CombatResolved("DE-tank-1", "FR-infantry-1", 1, None, 0, (1,), (12,), 6, 6,
                            True, True)
    log = [
        PhaseStarted("combat", "DE", 5),
        combat,
        TrenchReturnFire("FR-infantry-2", "DE-tank-1", (1,), 3, 1, 1, True, 0),  # same tank
        CombatResolved("DE-tank-2", "FR-infantry-3", 1, None, 0, (12,), (12,), 0, 0, False,
                       False),
        FortCaptured("f1", "DE-infantry-1", "FR", ("FR-howitzer-1", "FR-transport-1")),
        CargoLost("FR-transport-1", ("FR-infantry-4",)),
        MineExploded("FR-tank-1", (3, 4), "DE"),
        AreaStruck("DE-howitzer-1", (3, 4), ((3, 4),), (1,), 3, 1,
                   {"FR-infantry-5": 6, "DE-infantry-2": 1}, ("FR-infantry-5",), (), 0, False),
    ]
    assert destroyed_units(log) == [
        "FR-infantry-1", "DE-tank-1", "FR-howitzer-1", "FR-transport-1", "FR-infantry-4",
        "FR-tank-1", "FR-infantry-5"]


def test_no_event_class_hides_a_loss_behind_a_subclass():
    """`destroyed_units` looks events up by their exact class: a registered event that
    subclassed a loss event would be missed, so none may."""
    for cls in EVENTS.values():
        for loss in LOSS_EVENTS:
            assert cls is loss or not issubclass(cls, loss), (cls, loss)
