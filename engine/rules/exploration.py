"""The cost search of a move (RULES §2, §5.1): which hexes a unit reaches, at what cost.

`explore` is Dial's algorithm (bucketed Dijkstra) over half-point costs. A hex's contact
state is fixed by the hex, so the search state is the board index alone. Arrivals that end
the move (a second contact hex in a row, the last step to meadow) are recorded but not
expanded. The search knows nothing of forts, transports or which hexes a unit may end on:
`engine.rules.movement` adds those from the exploration's expanded hexes.

Most searches meet no enemy: a search that read no enemy's hex is also the search of the
empty board from its start with its budget. `search_board` keeps it per board with the hexes
it expanded (it read them and their neighbours), and `kept` gives it back for a later search
from the same start while no enemy stands on one of the hexes it read (a search of the real
board would make exactly the same steps).
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from engine.rules.board import BLOCKED, FAR, Board

if TYPE_CHECKING:
    from engine.hexes import Hex
    from engine.rules.state import State, Unit

START = -1  # the parent of a start hex
_FREE_CACHE_SIZE = 2048  # kept searches per board (about 6 KB each on default-2p: 13 MB full)


class Exploration:
    """What one search found: hexes in the order first reached (starts first) with their
    cost, parent pointers, move-ending arrivals, and the expanded hexes in order."""

    __slots__ = ("_near_entrances", "_targets", "cost", "ends", "expanded", "expanded_set",
                 "parent", "reached", "starts")

    def __init__(self, starts: int, reached: list[int], cost: dict[int, int],
                 parent: dict[int, int], ends: dict[int, tuple[int, int]],
                 expanded: list[int]) -> None:
        self.starts = starts  # how many entries of `reached` are start hexes
        self.reached = reached
        self.cost = cost  # index -> half points, for every reached hex
        self.parent = parent  # index -> index it was reached from (START for a start)
        self.ends = ends  # index -> (cost, parent) of the move-ending arrivals
        self.expanded = expanded  # indices whose steps were tried, in order (cost: `cost`)
        self._near_entrances: list[int] | None = None
        self._targets: tuple[list[int], list[Hex]] | None = None
        # the expanded hexes as a set, once the search is kept: it read them and their
        # neighbours
        self.expanded_set: set[int] | None = None

    def targets(self, hexes: list[Hex]) -> tuple[list[int], list[Hex]]:
        """Where a move may end unless a unit stands there, in option order: the hexes
        reached after the starts, then the move-ending arrivals no step reached; as board
        indices and as hexes."""
        found = self._targets
        if found is None:
            parent = self.parent
            indices = self.reached[self.starts:] + [
                i for i in self.ends if parent.get(i, START) == START]
            found = self._targets = (indices, [hexes[i] for i in indices])
        return found

    def near_entrances(self, board: Board) -> list[int]:
        """The expanded hexes next to a fort entrance, in order (from where a unit may enter
        a fort)."""
        found = self._near_entrances
        if found is None:
            near = board.entrances_near
            found = self._near_entrances = [i for i in self.expanded if near[i]]
        return found


class Prepared:
    """One unit's exploration with what its options need (engine.rules.movement): the
    move-ending arrivals (with a water hex next to the start), the fort and transport options
    found from the expanded hexes, the hexes it may not end on, its long hex and budget."""

    __slots__ = ("barred", "budget", "ends", "found", "long", "specials")

    def __init__(self, found: Exploration, ends: dict[int, tuple[int, int]],
                 specials: dict[int, tuple[int, int, str, str | None]],
                 barred: set[int] | frozenset[int],
                 long: tuple[int, ...], budget: int) -> None:
        self.found = found
        self.ends = ends
        self.specials = specials
        self.barred = barred
        self.long = long
        self.budget = budget


def explore(board: Board, mclass: str, starts: tuple[int, ...], budget: int, last_step: int,
            dist: list[int], contact: set[int]) -> Exploration:
    """Search from `starts` with `budget` half points. `dist` is a borrowed cost buffer
    (FAR where free, BLOCKED where an enemy stands; the caller resets it); `contact` holds the
    hexes in enemy contact. A hex reached with a cost above zero left can take the last step
    to meadow when `last_step` half points or more remain."""
    steps = board.step_rows(mclass)
    step_row = board.step_row
    meadow = board.meadow
    reached: list[int] = list(starts)
    parent: dict[int, int] = dict.fromkeys(starts, START)
    ends: dict[int, tuple[int, int]] = {}
    expanded: list[int] = []
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    for s in starts:
        dist[s] = 0
    buckets[0].extend(starts)
    # A hex reached with no half point left can only take a last step to meadow (entering
    # and boarding cost at least one, every step too): without that rule it adds nothing, and
    # the outermost ring is often the largest.
    stop = budget + 1 if last_step <= 0 else budget
    sure = budget - board.max_step(mclass)  # from a hex reached at this cost or less
    for c in range(stop):
        bucket = buckets[c]
        if not bucket:
            continue
        last_ok = budget - c >= last_step
        for idx in bucket:
            if dist[idx] != c:
                continue
            expanded.append(idx)
            row = steps[idx]
            if row is None:
                row = step_row(mclass, idx)
            in_contact = idx in contact
            if c <= sure and not in_contact:
                # the common case: no step from here goes past the budget or ends the move
                for n, tc in row:
                    nc = c + tc
                    was = dist[n]
                    if nc < was:
                        if was == FAR:
                            reached.append(n)
                        dist[n] = nc
                        parent[n] = idx
                        buckets[nc].append(n)
                continue
            for n, tc in row:
                # an enemy's hex (BLOCKED) is never entered; move-ending arrivals on it
                # are dropped with every occupied hex by the caller
                nc = c + tc
                if nc > budget:
                    # every end costs at most the budget: the first one stays
                    if last_ok and meadow[n] and n not in ends:
                        ends[n] = (budget, idx)
                    continue
                if in_contact and n in contact:
                    old_end = ends.get(n)
                    if old_end is None or nc < old_end[0]:
                        ends[n] = (nc, idx)
                    continue
                was = dist[n]
                if nc < was:
                    if was == FAR:
                        reached.append(n)
                    dist[n] = nc
                    parent[n] = idx
                    buckets[nc].append(n)
    cost = dict(zip(reached, map(dist.__getitem__, reached), strict=True))
    return Exploration(len(starts), reached, cost, parent, ends, expanded)


def kept(board: Board, key: tuple[object, ...], enemies: list[int]) -> Exploration | None:
    """The kept search of the empty board for `key` (movement class, starts, budget, last
    step) when none of the hexes it read holds one of the `enemies` (board indices): then a
    search of the real board would make exactly its steps."""
    found = board.explorations.get(key)
    if found is None:
        return None
    read = found.expanded_set
    if read is None:  # never the case: only searches with their set are kept
        return None
    # an enemy on an expanded hex or next to one: the search read its hex
    if read.isdisjoint(enemies) and read.isdisjoint(
            chain.from_iterable(map(board.neighbours.__getitem__, enemies))):
        return found
    return None


def search_board(state: State, unit: Unit, key: tuple[str, tuple[int, ...], int, int],
                 enemies: list[int]) -> Exploration:
    """The search of the real board for `key` (movement class, starts, budget, last step):
    enemies block their hexes (BLOCKED in the cost buffer, so the inner loop needs no
    occupancy test) and put their neighbours in contact. `enemies` are their board indices.
    Kept for later searches when it met none of them."""
    game = state.game
    board = game.board
    neighbours = board.neighbours
    water = board.water
    team = unit.team
    utype = unit.type
    row = game.melee_row(utype)
    mclass, starts, budget, last_step = key
    dist = board.borrow_buffer()  # index -> cost; FAR where not reached
    contact: set[int] = set()
    for e in state.occ.values():
        if e.team == team:
            continue
        dist[e.pos] = BLOCKED
        if e.mclass == "foot" and water[e.pos]:
            continue
        melee = row.get(e.type.id)
        if melee is None:
            melee = game.can_melee_row(row, e.type, utype)
        if melee:
            contact.update(neighbours[e.pos])
    if unit.fort is not None:
        # leaving a fort starts out of contact; its entrances are never entered by a step
        contact.difference_update(starts)
    found = explore(board, mclass, starts, budget, last_step, dist, contact)
    board.return_buffer(dist, found.reached, enemies)
    # a search with an expanded hex in contact met an enemy: not worth looking further
    if key not in board.explorations and contact.isdisjoint(found.expanded):
        _keep_if_free(board, key, found, enemies)
    return found


def _keep_if_free(board: Board, key: tuple[object, ...], found: Exploration,
                  enemies: list[int]) -> None:
    """Keep a fresh search of the real board for `key` when it read no hex of the `enemies`
    (board indices): then it is also the search of the empty board."""
    # an enemy on an expanded hex or next to one: the search read its hex
    expanded = set(found.expanded)
    if not (expanded.isdisjoint(enemies) and expanded.isdisjoint(
            chain.from_iterable(map(board.neighbours.__getitem__, enemies)))):
        return
    found.expanded_set = expanded
    cache = board.explorations
    if len(cache) >= _FREE_CACHE_SIZE:
        cache.pop(next(iter(cache)))
    cache[key] = found
