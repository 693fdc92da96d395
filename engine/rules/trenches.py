"""Trenches of the Grabenkampf variant (RULES §11.1, 002 "Grabenkampf – Expertenregeln").

A trench is a connected set of trench hexes: hexes of trench terrain and the hexes a drawn
trench path covers (so "Straßen über Gräben teilen den Graben nicht auf": a road hex on a
trench line stays part of it). A foot soldier standing on a trench hex occupies the whole
trench for its team ("Gräben [werden] von Teams, nicht einzelnen Spielern gehalten");
tanks and air units on a trench hex only cross it. "Zwei gegnerische Teams können nicht
denselben Graben besetzen": a foot soldier may not end its move in a trench the other team
holds. A foot soldier that begins its move in a trench moves "als wäre der Graben ein
einziges, langes Feld": from any hex of it, and it may enter or capture forts next to any.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.geometry import covered_hexes
from engine.hexes import Hex
from engine.model import TERRAIN_ID, GameMap

if TYPE_CHECKING:
    from engine.rules.board import Board
    from engine.rules.state import State, Unit

FOOT = "foot"


@dataclass(frozen=True)
class Trenches:
    """The trenches of one board: per hex index its trench number, per number its hexes."""

    trench_of: dict[int, int]
    members: tuple[tuple[int, ...], ...]

    @classmethod
    def build(cls, game_map: GameMap, board: Board) -> Trenches:
        """Find the connected trench hexes of a map (only hexes in play count)."""
        trench_id = TERRAIN_ID["trench"]
        cells = {i for i, t in enumerate(board.terrain) if t == trench_id}
        for path in game_map.paths:
            if path.kind == "trench":
                cells.update(board.index_of[h] for h in covered_hexes(game_map, path)
                             if h in board.index_of)
        cells = {i for i in cells if not board.blocked[i]}
        trench_of: dict[int, int] = {}
        members: list[tuple[int, ...]] = []
        for start in sorted(cells):
            if start in trench_of:
                continue
            number = len(members)
            group, todo = [], [start]
            trench_of[start] = number
            while todo:
                i = todo.pop()
                group.append(i)
                for n in board.neighbours[i]:
                    if n in cells and n not in trench_of:
                        trench_of[n] = number
                        todo.append(n)
            members.append(tuple(sorted(group)))
        return cls(trench_of, tuple(members))

    def hexes_of(self, index: int) -> tuple[int, ...]:
        """The hex indices of the trench through `index`, () when it is no trench hex."""
        number = self.trench_of.get(index)
        return () if number is None else self.members[number]


def occupies(unit: Unit) -> bool:
    """Whether a unit on a trench hex occupies the trench (foot soldiers do)."""
    return unit.type.unit_class == FOOT and unit.pos >= 0


def holder(state: State, index: int) -> str | None:
    """The team holding the trench through hex `index`, or None (no trench, or empty)."""
    trenches = state.game.trenches
    if trenches is None:
        return None
    for i in trenches.hexes_of(index):
        u = state.occ.get(i)
        if u is not None and occupies(u):
            return u.team
    return None


def enemy_held(state: State, unit: Unit) -> set[int]:
    """Trench hexes a foot soldier `unit` may not end its move on: those of trenches the
    other team holds (empty for other units and without Grabenkampf)."""
    trenches = state.game.trenches
    if trenches is None or unit.type.unit_class != FOOT:
        return set()
    out: set[int] = set()
    for hexes in trenches.members:
        for i in hexes:
            u = state.occ.get(i)
            if u is not None and occupies(u) and u.team != unit.team and u is not unit:
                out.update(hexes)
                break
    return out


def long_hex(state: State, unit: Unit) -> tuple[int, ...]:
    """The hexes a foot soldier moves from as one long hex: its trench's hexes when it
    begins its move on a trench hex, else ()."""
    trenches = state.game.trenches
    if trenches is None or unit.pos < 0 or unit.type.unit_class != FOOT:
        return ()
    return trenches.hexes_of(unit.pos)


def expand_area(state: State, hexes: Iterable[Hex]) -> tuple[Hex, ...]:
    """`hexes` plus every hex of each trench one of them lies in ("Wenn der Giftgaswerfer ein
    beliebiges Graben-Feld trifft, erleiden alle Einheiten im Graben die Treffer", 003)."""
    board = state.game.board
    trenches = state.game.trenches
    out = dict.fromkeys(hexes)
    if trenches is None:
        return tuple(out)
    for h in list(out):
        i = board.index_of.get(h)
        if i is not None:
            for j in trenches.hexes_of(i):
                out.setdefault(board.hexes[j])
    return tuple(out)


def defended_hexes(state: State, defender: Unit) -> tuple[int, ...]:
    """The hexes an attack on `defender` may aim at: its trench's hexes when it is a foot
    soldier in a trench ("Feindeinheiten können ein beliebiges Grabenfeld angreifen, um mit
    einem Fußsoldaten im Graben zu kämpfen"), else its own hex."""
    trenches = state.game.trenches
    if trenches is None or defender.pos < 0 or defender.type.unit_class != FOOT:
        return (defender.pos,)
    return trenches.hexes_of(defender.pos) or (defender.pos,)


def attack_distance(state: State, attacker: Unit, defender: Unit, origin: int | None = None) -> int:
    """The distance of an attack from board index `origin` (default: the attacker's hex; a
    fort turret fires from a fort hex): to the defender's hex, or with Grabenkampf to the
    nearest hex of the trench a defending foot soldier is in (at least 1: a tank crossing that
    trench attacks from its own hex, and there is no combat inside a trench)."""
    board = state.game.board
    start = attacker.pos if origin is None else origin
    here = board.hexes[start]
    cells = defended_hexes(state, defender)
    if len(cells) == 1:
        return here.distance(board.hexes[cells[0]])
    return max(1, min(here.distance(board.hexes[i]) for i in cells if i != start))
