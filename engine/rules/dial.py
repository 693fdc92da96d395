# cython: boundscheck=False, wraparound=False
"""The expansion of the move search: Dial's algorithm (bucketed Dijkstra) over half-point
costs, with the enemy-contact and last-step rules that end a move (RULES §2, §5.1).

`engine.rules.movement` prepares a search (enemies, contact, starts) in a `Buffers` and
turns what `expand` finds into options. All state lives in flat integer buffers, so when
engine.accel compiles this module (with the C types of `dial.pxd`) the loop runs without
Python objects; plain Python runs the same code on the same buffers.
"""

from __future__ import annotations

import mmap
from array import array
from typing import Any

FAR = 1 << 30  # an unreached hex in a search's cost buffer
BLOCKED = -1  # the cost of a hex a search may not enter (an enemy stands on it)
START = -1  # the parent of a start hex
DEGREE = 6  # the most neighbours a hex has
UNLISTED = 255  # the step count of a hex whose steps are not listed yet
# Bits of a search's per-index flags
MEADOW = 1  # the last-step-to-meadow exception applies here
NEAR_ENTRANCE = 2  # next to a fort's entrance
CONTACT = 4  # in enemy contact for the unit searched
TAKEN = 8  # a unit stands here


def _zeroed_ints(count: int) -> Any:
    """`count` zeroed C ints whose memory is taken only where written (anonymous mmap): a
    million-hex board lists the steps of the few hexes searched, not of every hex."""
    return memoryview(mmap.mmap(-1, max(1, count) * 4)).cast("i")


class Steps:
    """The ordinary steps of one movement class on one board (to the neighbours that are not
    blocked and cost a finite number of half points), listed per index on first use:
    neighbour `nbr[i * DEGREE + k]` costs `cost[i * DEGREE + k]` half points for k below
    `count[i]` (UNLISTED before)."""

    def __init__(self, neighbours: list[tuple[int, ...]], blocked: bytearray,
                 terrain_cost: list[int]) -> None:
        n = len(neighbours)
        self.neighbours = neighbours
        self.blocked = blocked
        self.terrain_cost = array("i", terrain_cost)
        self.nbr = _zeroed_ints(n * DEGREE)
        self.cost = _zeroed_ints(n * DEGREE)
        self.count = bytearray(b"\xff") * n


class Buffers:
    """One search's working memory on a board of `n` hexes (borrowed from and given back to
    the board): per index the cost (FAR), parent and flags (MEADOW and NEAR_ENTRANCE as the
    board has them), the reached indices in order, and the buckets' queue."""

    def __init__(self, marks: bytes) -> None:
        n = len(marks)
        self.dist = array("i", [FAR]) * n
        self.parent = array("i", bytes(4 * n))
        self.flags = bytearray(marks)
        self.order = array("i")
        self.node = array("i")
        self.next = array("i")
        self.head = array("i")
        self.tail = array("i")

    def fit(self, budget: int, starts: int) -> None:
        """Room for a search of `budget` half points from `starts` hexes: every step costs at
        least one half point, so it reaches at most a disc of radius `budget` around each
        start, each hex is queued at most once per neighbour (and each start once)."""
        reach = min(len(self.dist), starts * (3 * budget * (budget + 1) + 1))
        if len(self.order) < reach:
            self.order = array("i", bytes(4 * reach))
        queued = reach * DEGREE + starts
        if len(self.node) < queued:
            self.node = array("i", bytes(4 * queued))
            self.next = array("i", bytes(4 * queued))
        if len(self.head) < budget + 1:
            self.head = array("i", bytes(4 * (budget + 1)))
            self.tail = array("i", bytes(4 * (budget + 1)))


def list_steps(steps: Steps, i: int) -> int:
    """List the steps of index `i` (the neighbours that are not blocked and cost a finite
    number of half points, in direction order) and return their count."""
    return _list_row(steps.nbr, steps.cost, steps.terrain_cost, steps.blocked, steps.count,
                     steps.neighbours[i], i)


def step_targets(steps: Steps, i: int) -> list[int]:
    """The neighbours index `i` has an ordinary step to, in direction order."""
    count = steps.count[i]
    if count == UNLISTED:
        count = list_steps(steps, i)
    first = i * DEGREE
    return list(steps.nbr[first:first + count])


def _list_row(nbr, cost, terrain_cost, blocked, count, near: tuple[int, ...], i: int) -> int:
    """`list_steps` on the steps' buffers, for index `i` whose neighbours are `near`."""
    k = i * DEGREE
    for m in near:
        c = terrain_cost[m]
        if not blocked[m] and c > 0:
            nbr[k] = m
            cost[k] = c
            k += 1
    listed = k - i * DEGREE
    count[i] = listed
    return listed


def expand(steps: Steps, b: Buffers, starts: tuple[int, ...], budget: int, last_step: int,
           top: int, enter_from: int, board_from: set[int], board_cost: int,
           ends: dict[int, tuple[int, int]]) -> tuple[int, list[tuple[int, int]]]:
    """Expand a search from `starts` within `budget` half points (`b.fit` made room).

    Fills `b.dist` (index -> cost; BLOCKED hexes are never entered), `b.parent` (index -> the
    index it was reached from, START for a start), `b.order` (the reached indices, starts
    first, in the order first reached) and `ends` (move-ending arrivals: a second hex in
    CONTACT, or a last step onto MEADOW beyond the budget; index -> (cost, parent)). Returns
    how many indices were reached, and in the order they were settled the (index, cost)
    where an enter option (NEAR_ENTRANCE, with at least `enter_from` half points left; 0:
    none) or a boarding option (in `board_from`, with `board_cost` left) may start.
    """
    dist, parent, flags, order = b.dist, b.parent, b.flags, b.order
    node, nxt, head, tail = b.node, b.next, b.head, b.tail
    nbr, cost, count = steps.nbr, steps.cost, steps.count
    terrain_cost, blocked, neighbours = steps.terrain_cost, steps.blocked, steps.neighbours
    # the constants as locals: C integers when compiled, not module lookups in the loop
    far, meadow, near, contact, unlisted = FAR, MEADOW, NEAR_ENTRANCE, CONTACT, UNLISTED
    degree = DEGREE
    for c in range(budget + 1):
        head[c] = -1
        tail[c] = -1
    # Each bucket is a queue threaded through node/nxt: first in, first out, as the order of
    # the options and the parents of equal-cost paths depend on it.
    queued = 0
    reached = 0
    for s in starts:
        dist[s] = 0
        parent[s] = START
        order[reached] = s
        reached += 1
        node[queued] = s
        nxt[queued] = -1
        if tail[0] < 0:
            head[0] = queued
        else:
            nxt[tail[0]] = queued
        tail[0] = queued
        queued += 1
    flagged: list[tuple[int, int]] = []
    # A hex reached with no half point left can only take a last step to meadow (entering
    # and boarding cost at least one, every step too): without that rule it adds nothing, and
    # the outermost ring is often the largest.
    stop = budget + 1 if last_step <= 0 else budget
    any_board = len(board_from) > 0
    for c in range(stop):
        at = head[c]
        if at < 0:
            continue
        rem = budget - c
        enter_ok = enter_from > 0 and rem >= enter_from
        board_ok = any_board and rem >= board_cost
        last_ok = rem >= last_step
        fits = rem >= top  # no step from this bucket goes over the budget
        while at >= 0:
            idx = node[at]
            at = nxt[at]
            if dist[idx] != c:
                continue
            if (enter_ok and flags[idx] & near) or (board_ok and idx in board_from):
                flagged.append((idx, c))
            listed = count[idx]
            if listed == unlisted:
                listed = _list_row(nbr, cost, terrain_cost, blocked, count, neighbours[idx], idx)
            first = idx * degree
            in_contact = flags[idx] & contact
            # in the common case every step stays within the budget and none ends the move
            # in contact: the steps need neither test
            tested = in_contact or not fits
            for k in range(first, first + listed):
                n = nbr[k]
                nc = c + cost[k]
                if tested:
                    if nc > budget:
                        # every end costs at most the budget: the first one stays
                        if last_ok and flags[n] & meadow and n not in ends:
                            ends[n] = (budget, idx)
                        continue
                    if in_contact and flags[n] & contact:
                        old_end = ends.get(n)
                        if old_end is None or nc < old_end[0]:
                            ends[n] = (nc, idx)
                        continue
                # an enemy's hex (BLOCKED) is never entered; move-ending arrivals on it are
                # dropped with every occupied hex by the caller
                was = dist[n]
                if nc < was:
                    if was == far:
                        order[reached] = n
                        reached += 1
                    dist[n] = nc
                    parent[n] = idx
                    node[queued] = n
                    nxt[queued] = -1
                    if tail[nc] < 0:
                        head[nc] = queued
                    else:
                        nxt[tail[nc]] = queued
                    tail[nc] = queued
                    queued += 1
    return reached, flagged


def targets(b: Buffers, hexes: list[Any], first: int, reached: int,
            ends: dict[int, tuple[int, int]]) -> list[Any]:
    """The hexes of `b.order[first:reached]`, then of the move-ending arrivals that were not
    reached otherwise (or only as a start), leaving out every hex a unit stands on."""
    dist, parent, flags, order = b.dist, b.parent, b.flags, b.order
    taken, far = TAKEN, FAR
    out = []
    for i in range(first, reached):
        idx = order[i]
        if not flags[idx] & taken:
            out.append(hexes[idx])
    for idx in ends:
        d = dist[idx]
        if (d == far or d < 0 or parent[idx] == START) and not flags[idx] & taken:
            out.append(hexes[idx])
    return out


def parents(b: Buffers, reached: int) -> dict[int, int]:
    """Index -> parent of the reached indices (START for a start)."""
    order, parent = b.order, b.parent
    out = {}
    for i in range(reached):
        idx = order[i]
        out[idx] = parent[idx]
    return out


def mark(b: Buffers, occupied: dict[int, Any], enemies: list[int], givers: list[int],
         neighbours: list[tuple[int, ...]], out_of_contact: tuple[int, ...]) -> None:
    """Prepare a search's buffers: TAKEN on every `occupied` hex, BLOCKED the cost of the
    `enemies`' hexes, CONTACT on the neighbours of the `givers` (enemies that give contact)
    except the hexes `out_of_contact`."""
    dist, flags = b.dist, b.flags
    taken, contact, blocked = TAKEN, CONTACT, BLOCKED
    for at in occupied:
        flags[at] |= taken
    for at in enemies:
        dist[at] = blocked
    for at in givers:
        for m in neighbours[at]:
            flags[m] |= contact
    for at in out_of_contact:
        flags[at] &= ~contact


def reset(b: Buffers, reached: int, occupied: dict[int, Any], givers: list[int],
          neighbours: list[tuple[int, ...]]) -> None:
    """Make the buffers as borrowed again after a search that `mark` prepared with these
    `occupied` hexes and `givers`, and that reached `reached` indices."""
    dist, flags, order = b.dist, b.flags, b.order
    far = FAR
    keep = MEADOW | NEAR_ENTRANCE
    for i in range(reached):
        dist[order[i]] = far
    for at in occupied:
        dist[at] = far
        flags[at] &= keep
    for at in givers:
        for m in neighbours[at]:
            flags[m] &= keep
