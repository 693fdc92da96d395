"""The independent client's legal `lay_mine` and `build` actions, written from
docs/rules-apply.md "Legal actions" (power actions). Standard library only."""

from __future__ import annotations

from typing import Any

from .conformance_consumer import Hex, neighbours, unwrap
from .consumer_apply import Play
from .consumer_fight import hex_distance
from .consumer_mines import built_terrain, mines_of


def _ability(play: Play, u: dict[str, Any], ability_id: str) -> dict[str, Any] | None:
    """The unit's ability `ability_id` as a parameter dict, None when its type has none."""
    found = next((a for a in play.catalog[u["type"]].get("abilities", [])
                  if a["id"] == ability_id), None)
    return None if found is None else (found.get("params") or {})


def _used(play: Play, uid: str) -> int:
    """The unit's power uses this turn (`powers.uses[U]` = [round, current_player, uses])."""
    stamp = ((play.s.get("powers") or {}).get("uses") or {}).get(uid)
    s = play.s
    return stamp[2] if stamp and stamp[:2] == [s["round"], s["current_player"]] else 0


def _acting(play: Play, ability_id: str, phases: tuple[str, ...]
            ) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(unit, parameters) of each unit of the nation to act with the ability on a hex, in a
    phase of `phases`, that used its power fewer than `per_turn` times this turn."""
    if play.s["phase"] not in phases:
        return []
    out = []
    for u in play.s["units"]:
        params = _ability(play, u, ability_id)
        if (params is not None and u["nation"] == play.nation and u["hex"] is not None
                and _used(play, u["id"]) < int(unwrap(params.get("per_turn", 1)))):
            out.append((u, params))
    return out


def spot_in_play(play: Play, h: Hex) -> bool:
    """A hex in play outside every fort's footprint and the entrances of forts out of play."""
    rules = play.rules
    if not rules.on_board(h):
        return False
    entrances = {e for fid in rules.forts_in_play() for e in rules.forts[fid]["entrances"]}
    return h not in rules.fort_cells or h in entrances


def _enemy_on(play: Play, u: dict[str, Any], h: Hex) -> bool:
    other = play.occupant(h)
    return other is not None and play.team(other["nation"]) != play.team(u["nation"])


def lay_mines(play: Play) -> list[str]:
    """`lay_mine U Q,R` in the move, declare and money phases."""
    out = []
    mines = mines_of(play.s)
    for u, params in _acting(play, "lay_mines", ("move", "declare", "money")):
        laid = sum(1 for n in mines.values() if n == u["nation"])
        if laid >= int(unwrap(params.get("markers", 5))):
            continue
        reach = int(unwrap(params.get("range", 1)))
        here = tuple(u["hex"])
        for h in play.rules.terrain:
            if (hex_distance(here, h) <= reach and spot_in_play(play, h) and h not in mines
                    and play.rules.terrain[h] != "water" and not _enemy_on(play, u, h)):
                out.append(f"lay_mine {u['id']} {h[0]},{h[1]}")
    return out


def _enemy_trench(play: Play, u: dict[str, Any], start: Hex) -> bool:
    """Whether the connected trench-terrain hexes through `start` hold an enemy unit."""
    rules = play.rules
    seen, todo = {start}, [start]
    while todo:
        h = todo.pop()
        if _enemy_on(play, u, h):
            return True
        for n in neighbours(h):
            if n not in seen and rules.on_board(n) and rules.terrain[n] == "trench":
                seen.add(n)
                todo.append(n)
    return False


def _buildable(play: Play, u: dict[str, Any], kind: str, h: Hex) -> bool:
    rules = play.rules
    if not rules.on_board(h) or h in rules.fort_cells or _enemy_on(play, u, h):
        return False
    current = rules.terrain[h]
    if current == "trench" and _enemy_trench(play, u, h):
        return False
    if kind == "trench" and current == "water":
        return False
    return built_terrain(kind, current) != current


def builds(play: Play) -> list[str]:
    """`build U trench|road A B` in the move and declare phases by a unit that has not
    attacked: the pairs in the order found (A next to U in direction order, B next to A)."""
    out = []
    for u, _params in _acting(play, "builder", ("move", "declare")):
        if u["attacked"]:
            continue
        here = tuple(u["hex"])
        for kind in ("trench", "road"):
            seen: set[frozenset[Hex]] = set()
            for a in neighbours(here):
                for b in neighbours(a):
                    pair = frozenset((a, b))
                    if b == here or pair in seen:
                        continue
                    seen.add(pair)
                    if _buildable(play, u, kind, a) and _buildable(play, u, kind, b):
                        out.append(f"build {u['id']} {kind} {a[0]},{a[1]} {b[0]},{b[1]}")
    return out
