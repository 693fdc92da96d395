"""Which forts a 2-player half holds: the one definition shared by validation and the engine.

A fort belongs to a half when its footprint and its entrances all lie inside the half's
region; it is outside when none of them does; anything else straddles the half line, which
content validation reports as an error naming the fort. Whatever a fort's place, its hexes
and entrances are never walkable ("Einheiten können nicht über Forts gehen", 002; "auch
nicht über die Eingangsfelder", 003).
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from enum import Enum

from engine.hexes import Hex
from engine.model import Fort


class Placement(Enum):
    """Where a fort lies relative to a half."""

    INSIDE = "inside"
    OUTSIDE = "outside"
    STRADDLES = "straddles"


def fort_hexes(fort: Fort) -> tuple[Hex, ...]:
    """The footprint and entrance hexes of a fort (all of them never walkable)."""
    return (*fort.hexes, *fort.entrances)


def placement(fort: Fort, half: Set[Hex]) -> Placement:
    """Whether the fort (footprint and entrances) lies inside, outside or across `half`."""
    hexes = fort_hexes(fort)
    inside = sum(1 for h in hexes if h in half)
    if hexes and inside == len(hexes):
        return Placement.INSIDE
    if inside == 0:
        return Placement.OUTSIDE
    return Placement.STRADDLES


def in_half(fort: Fort, half: Set[Hex] | None) -> bool:
    """Whether the fort is in play in `half` (None: the whole map is in play)."""
    return half is None or placement(fort, half) is Placement.INSIDE


def forts_in_half(forts: Iterable[Fort], half: Set[Hex] | None) -> list[Fort]:
    """The forts in play in `half` (None: every fort), in their given order."""
    return [f for f in forts if in_half(f, half)]


def straddling(forts: Iterable[Fort], half: Set[Hex]) -> list[Fort]:
    """The forts lying partly inside and partly outside `half`."""
    return [f for f in forts if placement(f, half) is Placement.STRADDLES]
