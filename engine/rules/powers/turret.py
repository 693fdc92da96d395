"""Fort turret (RULES §10): "Forts können mit einem Geschützturm bestückt werden, der im Nah-
und Fernkampf Gegner beschießen kann. Durch die dicke Panzerung sind die Geschütztürme nicht
zerstörbar." (002/003). Bought into a fort, it stays there (speed 0, untouchable like every
unit in a fort) and fires from the fort hex nearest its target, in melee and at range."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.abilities import powers

if TYPE_CHECKING:
    from engine.rules.state import State
    from engine.rules.unit import Unit


def fires_from_fort(u: Unit) -> bool:
    """Whether `u` is a fort-mounted unit sitting in a fort (not on a hex, not aboard)."""
    return (u.pos < 0 and u.fort is not None and u.carrier is None
            and powers(u.type).fort_mounted)


def origin(s: State, u: Unit, target: int = -1) -> int:
    """The board index `u` fights from: its hex; for a fort turret in its fort the fort hex
    nearest board index `target` (the first fort hex without a target); -1 when `u` cannot
    fight from where it is (in a fort or transport, not yet placed)."""
    if u.pos >= 0:
        return u.pos
    if not fires_from_fort(u):
        return -1
    board = s.game.board
    fort = s.game.map.fort(u.fort or "")
    spots = [board.index_of[h] for h in fort.hexes if h in board.index_of] if fort else []
    if not spots:
        return -1
    if target < 0:
        return spots[0]
    there = board.hexes[target]
    return min(spots, key=lambda i: (board.hexes[i].distance(there), i))
