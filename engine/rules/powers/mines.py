"""Mines (RULES §10 minelayer, FAQ in §6): a mine destroys an enemy unit that enters its hex;
air units ignore mines. "Minenleger: Diese Einheiten können Landminen legen, die eine
gegnerische Einheit sofort vernichten, wenn diese ein Feld mit einer Mine betritt." (002)

Entering means stepping on the hex anywhere along the move's path, not only ending there, or
being unloaded onto it, or walking into a fort over it (the way to the entrance and the
entrance itself, for `enter` and `capture` alike); the mine is used up. Mines are laid by
the `lay_mines` ability (engine.rules.abilities)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.hexes import Hex
from engine.rules import victory
from engine.rules.powers.events import MineExploded

if TYPE_CHECKING:
    from engine.rules.state import State
    from engine.rules.unit import Unit


def is_enemy_mine(s: State, u: Unit, index: int) -> bool:
    """Whether a mine on board index `index` would destroy `u` (an enemy's, `u` not air)."""
    owner = s.powers.mines.get(index)
    return (owner is not None and u.mclass != "air"
            and s.game.team_of.get(owner) != u.team)


def first_mine(s: State, u: Unit, path: tuple[Hex, ...] | list[Hex]) -> Hex | None:
    """The first hex after the start of `path` whose mine destroys `u`, or None."""
    if not s.powers.mines or u.mclass == "air":
        return None
    index_of = s.game.board.index_of
    for h in path[1:]:
        i = index_of.get(h)
        if i is not None and is_enemy_mine(s, u, i):
            return h
    return None


def mine_on_move(s: State, u: Unit, to: Hex) -> Hex | None:
    """Where `u`'s legal move to `to` runs onto an enemy mine (the cheapest path the engine
    takes), or None. The exact "odds" of a move: it is certain death or nothing."""
    if not s.powers.mines or u.mclass == "air":
        return None
    opt = s.legal_moves(u).get(to)
    return first_mine(s, u, opt.path) if opt is not None else None


def mine_on_entry(s: State, u: Unit, kind: str, fort: str) -> Hex | None:
    """Where `u`'s way into `fort` (`kind` "enter" or "capture", already legal) runs onto an
    enemy mine, or None. The action names the fort, not the entrance: the engine takes the
    cheapest way (then the entrance with the lowest q, r), as a player who cannot see the
    enemy's mines would; the entrance hex counts as entered."""
    if not s.powers.mines or u.mclass == "air":
        return None
    ways = [o for o in s.legal_moves(u).values() if o.kind == kind and o.fort == fort]
    if not ways:
        return None
    way = min(ways, key=lambda o: (o.cost, o.target.q, o.target.r))
    return first_mine(s, u, way.path)


def explode(s: State, u: Unit, at: Hex) -> None:
    """`u` entered the enemy mine at `at` (by a move or unloaded there): destroy it with
    anything it carries, remove the mine, credit the mine's nation and check victory."""
    i = s.game.board.index_of[at]
    owner = s.powers.mines.pop(i)
    s.log.append(MineExploded(u.id, (at.q, at.r), owner))
    victory.on_destroyed(s, owner, 1 + len(u.cargo))
    s.remove_unit(u)
    s.check_victory()
