"""Terrain built in play (RULES §6 builder): the changed hexes become part of the game the
state plays on. "Die Einheit kann einmal pro Runde (vor oder nach ihrer Bewegung) einen
Graben oder eine Straße/Brücke über 2 Felder bauen, anstatt anzugreifen." (002)

A `Game` and its `Board` are shared by every state of a game and never change, so a build
gives the building state its own copy of the game with the new terrain (copy on write);
clones taken before keep theirs. The built hexes are kept in the state's `PowerRecord`, so a
saved game gets the same terrain back when it is loaded."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from engine.hexes import Hex
from engine.i18n import _
from engine.rules.board import Board

if TYPE_CHECKING:
    from engine.rules.game import Game
    from engine.rules.state import State

BUILD_KINDS = ("trench", "road")


def built_terrain(kind: str, current: str) -> str:
    """The terrain a build of `kind` makes of a hex of terrain `current` (a road over water is
    a bridge); ValueError when it cannot be built there."""
    if kind == "road":
        return "bridge" if current == "water" else "road"
    if kind == "trench":
        if current == "water":
            raise ValueError(_("a trench cannot be dug in water (hint: build a road/bridge)"))
        return "trench"
    raise ValueError(_("unknown build {kind!r} (known: {known})", kind=kind,
                       known=", ".join(BUILD_KINDS)))


def with_terrain(game: Game, changes: dict[Hex, str]) -> Game:
    """A copy of `game` whose map and board carry the terrain `changes` (hex -> terrain)."""
    g = copy.copy(game)
    g.map = copy.copy(game.map)
    g.map.terrain = bytearray(game.map.terrain)
    for h, terrain in changes.items():
        g.map.set_terrain(h, terrain)
    blocked = any(v.trenches_block_vehicles for v in g.variant_objects)
    g.board = Board.cached(g.map, g.ruleset, blocked, g.area)
    return g


def build(s: State, changes: dict[Hex, str]) -> None:
    """Change the terrain of the hexes in `changes` for `s` (and what is cloned from it)."""
    index_of = s.game.board.index_of
    for h, terrain in changes.items():
        s.powers.built[index_of[h]] = terrain
    s.game = with_terrain(s.game, changes)


def restore(s: State) -> None:
    """After loading a save: give `s` the terrain its record says was built."""
    if s.powers.built:
        hexes = s.game.board.hexes
        s.game = with_terrain(s.game, {hexes[i]: t for i, t in s.powers.built.items()})
