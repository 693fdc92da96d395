"""Units destroyed in a game, read from its log (never recomputed from the rules).

Every way a unit leaves the game destroyed logs an event naming it: a fight
(`CombatResolved`), trench return fire (`TrenchReturnFire`), a captured fort's garrison
(`FortCaptured.removed`), a mine (`MineExploded`), an area attack or gas (`AreaStruck`), and
the passengers of any of those (`CargoLost`). A unit a trigger could not place is never
counted: it was not destroyed.

Scenario objectives and triggers count with `destroyed_units` after every action, so it reads
each event by a lookup on its exact class (no event class subclasses another) rather than a
chain of `isinstance` tests.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.rules.events import CargoLost, CombatResolved, Event, FortCaptured, TrenchReturnFire
from engine.rules.powers.events import AreaStruck, MineExploded


def _fought(e: CombatResolved) -> tuple[str, ...]:
    return tuple(uid for uid, gone in ((e.defender, e.defender_destroyed),
                                       (e.attacker, e.attacker_destroyed)) if gone)


def _fired_back(e: TrenchReturnFire) -> tuple[str, ...]:
    return (e.attacker,) if e.attacker_destroyed else ()


# event class -> the ids of the units that event destroyed
LOSS_EVENTS: dict[type[Event], Callable[[Any], Iterable[str]]] = {
    CombatResolved: _fought,
    TrenchReturnFire: _fired_back,
    FortCaptured: lambda e: e.removed,
    MineExploded: lambda e: (e.unit,),
    AreaStruck: lambda e: e.destroyed,
    CargoLost: lambda e: e.units,
}


def destroyed_units(log: Iterable[Event]) -> list[str]:
    """Ids of the units the log shows destroyed, each once, in the order they were lost."""
    out: dict[str, None] = {}  # a unit killed by a shot and the trench's return fire: once
    read = LOSS_EVENTS.get
    for e in log:
        lost = read(type(e))
        if lost is not None:
            out.update(dict.fromkeys(lost(e)))
    return list(out)
