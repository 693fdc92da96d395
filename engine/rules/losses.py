"""Units destroyed in a game, read from its log (never recomputed from the rules).

Every way a unit leaves the game destroyed logs an event naming it: a fight
(`CombatResolved`), trench return fire (`TrenchReturnFire`), a captured fort's garrison
(`FortCaptured.removed`), a mine (`MineExploded`), an area attack or gas (`AreaStruck`), and
the passengers of any of those (`CargoLost`). A unit a trigger could not place is never
counted: it was not destroyed.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.rules.events import CargoLost, CombatResolved, Event, FortCaptured, TrenchReturnFire
from engine.rules.powers.events import AreaStruck, MineExploded


def destroyed_units(log: Iterable[Event]) -> list[str]:
    """Ids of the units the log shows destroyed, each once, in the order they were lost."""
    out: dict[str, None] = {}  # a unit killed by a shot and the trench's return fire: once
    for e in log:
        if isinstance(e, CombatResolved):
            ids: Iterable[str] = [uid for uid, gone in ((e.defender, e.defender_destroyed),
                                                        (e.attacker, e.attacker_destroyed))
                                  if gone]
        elif isinstance(e, TrenchReturnFire):
            ids = [e.attacker] if e.attacker_destroyed else []
        elif isinstance(e, FortCaptured):
            ids = e.removed
        elif isinstance(e, MineExploded):
            ids = [e.unit]
        elif isinstance(e, AreaStruck):
            ids = e.destroyed
        elif isinstance(e, CargoLost):
            ids = e.units
        else:
            continue
        out.update(dict.fromkeys(ids))
    return list(out)
