"""Transports and moving units (RULES §5.2): boarding, unloading (where passengers may go,
the engine's choice, every choice), and the effects of move, enter and capture actions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from engine.hexes import Hex
from engine.rules import victory
from engine.rules.actions import Action, BoardTransport, Capture, Enter, Move, Unload
from engine.rules.events import (
    FortCaptured,
    FortEntered,
    Moved,
    TransportBoarded,
    TransportUnloaded,
)
from engine.rules.movement import CAPTURE, ENTER
from engine.rules.powers import mines

if TYPE_CHECKING:
    from engine.rules.state import State, Unit


def unload_candidates(s: State, t: Unit, at: int) -> list[list[int]]:
    """Per passenger of `t` (in boarding order): the free hexes next to board index `at`
    it may be unloaded onto. Never water, forts, entrances or other units' hexes (so not
    into another transport); the hex `t` leaves counts as free."""
    board = s.game.board
    out = []
    for pid in t.cargo:
        costs = board.costs[s.units[pid].mclass]
        spots = []
        for n in board.neighbours[at]:
            if board.blocked[n] or board.water[n] or costs[n] < 0:
                continue
            other = s.occ.get(n)
            if other is not None and other is not t:
                continue
            spots.append(n)
        out.append(spots)
    return out


def unload_spots(s: State, t: Unit, at: int) -> list[int] | None:
    """The engine's choice of a free hex next to board index `at` for each passenger of
    `t` (in boarding order, each the first hex in direction order that still leaves room
    for the others), or None when they cannot all be unloaded there."""
    return next(_assignments(unload_candidates(s, t, at)), None)


def unload_choices(s: State, t: Unit, at: int) -> list[list[int]]:
    """Every way to unload all passengers of `t` next to board index `at` (one distinct
    hex each, in boarding order)."""
    return list(_assignments(unload_candidates(s, t, at)))


def _assignments(candidates: list[list[int]]) -> Iterator[list[int]]:
    chosen: list[int] = []

    def extend(k: int) -> Iterator[list[int]]:
        if k == len(candidates):
            yield list(chosen)
            return
        for n in candidates[k]:
            if n not in chosen:
                chosen.append(n)
                yield from extend(k + 1)
                chosen.pop()

    return extend(0)


def unload_actions(s: State, t: Unit) -> list[Action]:
    """One unload action per way to unload all passengers of `t` where it stands."""
    hexes = s.game.board.hexes
    return [Unload(t.id, tuple(hexes[i] for i in spots))
            for spots in unload_choices(s, t, t.pos)]


def unload_problem(s: State, t: Unit, to: tuple[Hex, ...]) -> str | None:
    """Why unloading `t`'s passengers onto `to` (empty: the engine chooses) is illegal."""
    if not to:
        return None
    if len(to) != len(t.cargo):
        return (f"{t.id} carries {len(t.cargo)} unit(s): name one hex for each "
                f"({', '.join(t.cargo)}), or none to let the engine choose")
    if len(set(to)) != len(to):
        return "each passenger needs a hex of its own"
    index_of = s.game.board.index_of
    for pid, h, spots in zip(t.cargo, to, unload_candidates(s, t, t.pos), strict=True):
        if index_of.get(h) not in spots:
            return (f"{pid} cannot be unloaded onto {h.q},{h.r}: it must be a free land "
                    f"hex next to {t.id}, not a fort or entrance")
    return None


def mark_moved(s: State, u: Unit) -> None:
    """Flag `u` as moved this turn and its army as used."""
    u.moved = True
    if u.army is not None and u.army not in s.armies_moved:
        s.armies_moved.append(u.army)


def do_move(s: State, a: Move) -> None:
    """Move a unit over the board (log, victory points on arrival)."""
    u = s.units[a.unit]
    start = s.game.board.hexes[u.pos] if u.pos >= 0 else None
    mine = mines.mine_on_move(s, u, a.to)
    to = a.to if mine is None else mine
    s.log.append(Moved(u.id, (start.q, start.r) if start else None, (to.q, to.r)))
    s.leave_position(u)
    if mine is not None:  # an air unit of its own side may stand on the mine: never place u
        mines.explode(s, u, mine)
        return
    i = s.game.board.index_of[to]
    u.pos = i
    s.occ[i] = u
    mark_moved(s, u)
    if u.cargo:
        s.pending_unload = u.id
    if s.game.hooks["on_arrive"]:
        victory.on_arrive(s, u)
        s.check_victory()


def _mined_entry(s: State, u: Unit, kind: str, fort: str) -> bool:
    """Whether `u` runs onto an enemy mine on its way into `fort`; if so it moved there and
    was destroyed (with its passengers) instead of entering."""
    mine = mines.mine_on_entry(s, u, kind, fort)
    if mine is None:
        return False
    start = s.game.board.hexes[u.pos] if u.pos >= 0 else None
    s.log.append(Moved(u.id, (start.q, start.r) if start else None, (mine.q, mine.r)))
    s.leave_position(u)
    mines.explode(s, u, mine)
    return True


def do_enter(s: State, a: Enter) -> None:
    """Enter an own fort with any passengers (unless an enemy mine on the way destroys it)."""
    u = s.units[a.unit]
    if _mined_entry(s, u, ENTER, a.fort):
        return
    s.log.append(FortEntered(u.id, a.fort, tuple(u.cargo)))
    s.leave_position(u)
    u.fort = a.fort
    u.repair_ok = False
    mark_moved(s, u)
    u.done = True
    for pid in u.cargo:
        p = s.units[pid]
        p.carrier = None
        p.fort = a.fort
        p.repair_ok = False
        p.done = True
    u.cargo = []


def do_capture(s: State, a: Capture) -> None:
    """Capture a fort, removing the enemy units inside (unless an enemy mine on the way, the
    entrance included, destroys the capturing unit first)."""
    u = s.units[a.unit]
    if _mined_entry(s, u, CAPTURE, a.fort):
        return
    removed = [v.id for v in s.units.values()
               if v.fort == a.fort and v.team != u.team]
    for vid in removed:
        s.remove_unit(s.units[vid])
    s.leave_position(u)
    u.fort = a.fort
    u.repair_ok = False
    mark_moved(s, u)
    u.done = True
    previous = s.fort_owner[a.fort]
    s.fort_owner[a.fort] = u.nation
    s.log.append(FortCaptured(a.fort, u.id, previous, tuple(removed)))
    victory.on_capture(s, u, previous, len(removed))
    s.check_victory()


def do_board(s: State, a: BoardTransport) -> None:
    """Board an own transport."""
    u = s.units[a.unit]
    t = s.units[a.transport]
    s.log.append(TransportBoarded(u.id, t.id))
    s.leave_position(u)
    u.carrier = t.id
    t.cargo.append(u.id)
    mark_moved(s, u)
    u.done = True


def do_unload(s: State, a: Unload) -> None:
    """Unload every passenger next to the transport (given hexes or the engine's choice)."""
    t = s.units[a.transport]
    index_of = s.game.board.index_of
    spots = ([index_of[h] for h in a.to] if a.to
             else unload_spots(s, t, t.pos) or [])
    hexes = s.game.board.hexes
    s.log.append(TransportUnloaded(t.id, tuple(t.cargo),
                                      tuple((hexes[i].q, hexes[i].r) for i in spots)))
    for pid, i in zip(t.cargo, spots, strict=True):
        p = s.units[pid]
        p.carrier = None
        p.pos = i
        s.occ[i] = p
        p.moved = True
        p.done = True
        if mines.is_enemy_mine(s, p, i):  # unloaded onto an enemy mine
            mines.explode(s, p, hexes[i])
            continue
        victory.on_arrive(s, p)
    t.cargo = []
    mark_moved(s, t)
    t.done = True
    s.pending_unload = None
    if s.game.hooks["on_arrive"]:
        s.check_victory()


def unload_waiting_transports(s: State) -> None:
    """RULES §5.2 (002 "Transportwagen"): boarding, driving and unloading are one fixed
    sequence, so a loaded transport that did not drive unloads when the move phase ends
    (passengers never spend a turn aboard). One with no room to unload keeps them."""
    nation = s.nation
    # a unit without passengers now gains none while others unload: only the loaded ones
    for t in [u for u in s.units.values() if u.cargo and u.nation == nation]:
        if t.cargo and t.pos >= 0 and unload_spots(s, t, t.pos) is not None:
            do_unload(s, Unload(t.id))
