"""The rule areas a conformance case exercises, derived from its state, question and answer.

The areas read only a little of the state (its phase; each unit's type, hex, nation and
whether it carries cargo), collected in `Seen`, which can be taken from a live state without
writing the whole saved-game JSON: most sampled situations are not kept, and only the kept
ones need their JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.hexes import DIRECTIONS
from engine.model import TERRAIN_ID
from engine.rules.game import Game
from engine.rules.state import State

MOVE_VERBS = frozenset({"move", "enter", "capture", "board", "unload"})
# What a legal_moves case's answer can add to the areas its state and unit give it (areas_of
# with no moves): with none of these short of cases, its moves cannot make it a rare one.
MOVES_AREAS = frozenset({"forts", "capture", "transport", "last_step", "water", "contact"})
WATER = TERRAIN_ID["water"]

AxialHex = tuple[int, int]


@dataclass(frozen=True)
class Seen:
    """What the rule areas read of a state: the phase, each unit's (type, axial hex or None,
    nation) by id, and whether any unit carries cargo. `beside` keeps, per team, the hexes
    next to its enemies once worked out (the cases of one state ask it again)."""

    phase: str
    units: dict[str, tuple[str, AxialHex | None, str]]
    carrying: bool
    beside: dict[str, set[AxialHex]] = field(default_factory=dict, compare=False, repr=False)


def seen_in_json(snapshot: dict[str, Any]) -> Seen:
    """`Seen` of a saved-game JSON state."""
    units = {u["id"]: (u["type"], None if u["hex"] is None else (u["hex"][0], u["hex"][1]),
                       u["nation"]) for u in snapshot["units"]}
    return Seen(snapshot["phase"], units, any(u["cargo"] for u in snapshot["units"]))


def seen_in_state(state: State) -> Seen:
    """`Seen` of a live state (the same as `seen_in_json` of its JSON)."""
    hexes = state.game.board.hexes
    units = {}
    carrying = False
    for u in state.units.values():
        units[u.id] = (u.type.id, (hexes[u.pos].q, hexes[u.pos].r) if u.pos >= 0 else None,
                       u.nation)
        carrying = carrying or bool(u.cargo)
    return Seen(state.phase, units, carrying)


def areas_of(game: Game, seen: Seen, kind: str, expected: dict[str, Any],
             fields: dict[str, Any]) -> set[str]:
    """The rule areas of a case of `kind` on a state `seen`, asking `fields` (`unit` or
    `action`); `expected` needs only what the areas read of the answer: `moves` of a
    legal_moves case, `winner` and `log` of an apply case."""
    areas: set[str] = set()
    phase = seen.phase
    action = fields.get("action", "")
    verb = action.split(" ")[0]
    asked = fields.get("unit") or [*action.split(" "), ""][1]
    if phase == "setup" or verb in ("assign", "place", "hq"):
        areas.add("setup")
    if game.variants:
        areas.add("variants")
    if kind == "victory" or (kind == "apply" and expected["winner"] is not None):
        areas.add("victory")
    if verb in ("buy", "repair", "gift") or phase == "money":
        areas.add("money")
    if verb in ("attack", "fight") or phase in ("declare", "combat"):
        areas.add("combat")
    if verb in ("board", "unload") or seen.carrying:
        areas.add("transport")
    moves = expected.get("moves", []) if kind == "legal_moves" else []
    if kind == "legal_moves" or verb in MOVE_VERBS or (
            kind == "legal_actions" and phase == "move"):
        areas.add("movement")
    if verb in ("enter", "capture") or any(m["kind"] in ("enter", "capture") for m in moves):
        areas.add("forts")
    if verb == "capture" or any(m["kind"] == "capture" for m in moves):
        areas.add("capture")
    if any(m["kind"] == "board" for m in moves):
        areas.add("transport")
    unit = seen.units.get(asked)
    if unit is not None:
        type_id, here, nation = unit
        utype = game.catalog.units.get(type_id)
        if utype is not None and utype.special:
            areas.add("special_units")
        if moves and utype is not None:
            if any(m["cost"] > float(utype.speed) for m in moves):
                areas.add("last_step")
            if _any_water(game, moves):
                areas.add("water")
        if "movement" in areas and here is not None and _in_contact(game, seen, nation, here,
                                                                     moves):
            areas.add("contact")
    for entry in expected.get("log", []) if kind == "apply" else []:
        if entry.get("event") == "combat" and entry.get("bonus") in ("pincer", "encirclement"):
            areas.add(entry["bonus"])
        if entry.get("event") == "scatter":
            areas.add("scatter")
    return areas


def _in_contact(game: Game, seen: Seen, nation: str, here: AxialHex,
                moves: list[dict[str, Any]]) -> bool:
    """Whether the unit's hex or a hex it may reach is next to an enemy unit."""
    team = game.team_of[nation]
    # The hexes next to an enemy (few), rather than the neighbours of every reachable hex
    # (many): the same test, as being neighbours is symmetric.
    beside_enemy = seen.beside.get(team)
    if beside_enemy is None:
        beside_enemy = seen.beside[team] = {
            (q + d.q, r + d.r) for _, at, owner in seen.units.values()
            if at is not None and game.team_of[owner] != team
            for q, r in (at,) for d in DIRECTIONS}
    return here in beside_enemy or any(tuple(m["to"]["axial"]) in beside_enemy for m in moves)


def _any_water(game: Game, moves: list[dict[str, Any]]) -> bool:
    """Whether a move ends on water (read by the moves' offset coordinates)."""
    terrain, width = game.map.terrain, game.map.width
    return any(terrain[m["to"]["offset"][1] * width + m["to"]["offset"][0]] == WATER
               for m in moves)
