"""Fort geometry helpers for the editor: suggested placement and capture hexes. Qt-free."""

from __future__ import annotations

from engine.hexes import Hex
from engine.model import Fort, GameMap

WATER = "water"


def fort_shape(anchor: Hex, size: int, direction: int) -> tuple[list[Hex], list[Hex]]:
    """Footprint of `size` hexes in a row from `anchor` along `direction`, and the two
    entrances at both ends of that row (the "left and right" doors of RULES §5)."""
    size = max(1, size)
    hexes = [anchor]
    for _ in range(size - 1):
        hexes.append(hexes[-1].neighbor(direction))
    entrances = [anchor.neighbor(direction + 3), hexes[-1].neighbor(direction)]
    return hexes, entrances


def _usable(game_map: GameMap, h: Hex, taken: set[Hex]) -> bool:
    return game_map.in_bounds(h) and h not in taken


def suggest_fort(
    game_map: GameMap, anchor: Hex, size: int = 2, prefer: int = 0, exclude: Fort | None = None
) -> tuple[list[Hex], list[Hex], int] | None:
    """A footprint and two entrances at `anchor` that fit the map, avoid other forts and keep
    footprint and entrances off water; tries the preferred direction first. Returns (hexes,
    entrances, direction) or None when nothing fits."""
    taken = {h for f, hs in _fort_hexes(game_map, exclude) for h in hs}
    for k in range(6):
        d = (prefer + k) % 6
        hexes, entrances = fort_shape(anchor, size, d)
        if not all(_usable(game_map, h, taken) for h in (*hexes, *entrances)):
            continue
        if any(game_map.terrain_at(x) == WATER for x in (*hexes, *entrances)):
            continue
        return hexes, entrances, d
    return None


def _fort_hexes(game_map: GameMap, exclude: Fort | None) -> list[tuple[Fort, list[Hex]]]:
    return [(f, [*f.hexes, *f.entrances]) for f in game_map.forts if f is not exclude]


def capture_hexes(game_map: GameMap, fort: Fort) -> set[Hex]:
    """Hexes from which a foot soldier can capture the fort: land neighbours of its entrances
    that are on the map and not part of any fort (RULES §5: start adjacent to an entrance)."""
    blocked = {h for f in game_map.forts for h in (*f.hexes, *f.entrances)}
    out = set()
    for e in fort.entrances:
        for n in e.neighbors():
            if n in blocked or not game_map.in_bounds(n):
                continue
            if game_map.terrain_at(n) != WATER:
                out.add(n)
    return out


def next_fort_id(game_map: GameMap) -> str:
    """A fresh fort id fort_N."""
    taken = {f.id for f in game_map.forts}
    n = len(game_map.forts) + 1
    while f"fort_{n}" in taken:
        n += 1
    return f"fort_{n}"
