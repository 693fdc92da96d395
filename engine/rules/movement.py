"""Reachable hexes of one unit (RULES §2, §5.1, §5.2): costs, enemy contact, forts, boarding.

The search is Dial's algorithm (bucketed Dijkstra) over half-point costs; its state is the
hex plus whether the unit stands in enemy contact there, because two consecutive contact
hexes end a move. Arrivals that end the move (second contact hex, water, last step to meadow)
are recorded but not expanded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.hexes import Hex
from engine.rules import trenches
from engine.rules.actions import Action, BoardTransport, Capture, Enter, Move
from engine.rules.dial import expand, mark, parents, reset, step_targets
from engine.rules.dial import targets as dial_targets

if TYPE_CHECKING:
    from engine.rules.board import Board
    from engine.rules.state import State, Unit

MOVE = "move"
ENTER = "enter"
CAPTURE = "capture"
BOARD = "board"
_ENTER_COST = 1  # half points: entering an own fort costs 0.5 (RULES §2)
_BOARD_COST = 1  # boarding a transport costs 0.5 whatever the terrain (RULES §5.2)
_START = -1


class _Trace:
    """Parent pointers of one search (board index -> board index it was reached from),
    shared by all options it produced."""

    __slots__ = ("hexes", "parent", "unit_id")

    def __init__(self, hexes: list[Hex], parent: dict[int, int], unit_id: str) -> None:
        self.hexes = hexes
        self.parent = parent
        self.unit_id = unit_id

    def path(self, at: int, last: int) -> tuple[Hex, ...]:
        """Hexes from the search's start to `last`, reached from board index `at`."""
        hexes = self.hexes
        parent = self.parent
        out = [hexes[last]]
        while at != _START:
            out.append(hexes[at])
            at = parent[at]
        out.reverse()
        return tuple(out)


class MoveOption:
    """One way to end a unit's move: total cost in movement points, kind and (lazily) path.

    `kind` is "move" (stand on the hex), "enter" (into own fort `fort` via this entrance),
    "capture" (take fort `fort` via this entrance) or "board" (into the transport on the hex).
    `path` lists the hexes from the unit's position (a fort entrance when leaving a fort) to
    the target. `carrier` is the transport boarded by a "board" option.
    """

    __slots__ = ("_code", "_index", "_trace", "carrier", "cost", "fort", "kind")

    def __init__(
        self, cost: float, kind: str, index: int, fort: str | None,
        trace: _Trace, code: int, carrier: str | None = None,
    ) -> None:
        self.cost = cost
        self.kind = kind
        self.fort = fort
        self.carrier = carrier
        self._index = index
        self._trace = trace
        self._code = code

    @property
    def unit_id(self) -> str:
        """The unit this option moves."""
        return self._trace.unit_id

    def action(self) -> Action:
        """The action that takes this option: move, board, enter or capture."""
        uid = self._trace.unit_id
        if self.kind == MOVE:
            return Move(uid, self.target)
        if self.kind == BOARD:
            return BoardTransport(uid, self.carrier or "")
        if self.kind == ENTER:
            return Enter(uid, self.fort or "")
        return Capture(uid, self.fort or "")

    @property
    def target(self) -> Hex:
        """The hex the move ends on (entrance or transport hex for enter/capture/board)."""
        return self._trace.hexes[self._index]

    @property
    def path(self) -> tuple[Hex, ...]:
        """Hexes from the start to the target, both included."""
        return self._trace.path(self._code, self._index)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MoveOption):
            return NotImplemented
        return (self.cost, self.kind, self.fort, self.path) == (
            other.cost, other.kind, other.fort, other.path)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        extra = f", fort={self.fort!r}" if self.fort else ""
        return f"MoveOption(cost={self.cost}, kind={self.kind!r}{extra}, path={list(self.path)})"


class _Step(MoveOption):
    """A "move" option: no fort, no carrier (the common kind, so made with fewer stores)."""

    __slots__ = ()
    kind = MOVE  # type: ignore[assignment]
    fort = None  # type: ignore[assignment]
    carrier = None  # type: ignore[assignment]

    def __init__(self, cost: float, index: int, trace: _Trace, code: int) -> None:
        self.cost = cost
        self._index = index
        self._trace = trace
        self._code = code


def gives_contact(state: State, enemy: Unit, unit: Unit) -> bool:
    """Whether `enemy`, standing on the board, puts the hexes next to it in enemy contact
    for `unit`: an enemy that could attack it in melee and is not on water."""
    return (enemy.team != unit.team and state.game.can_melee(enemy.type, unit.type)
            and not state.is_on_water(enemy))


def contact_set(state: State, unit: Unit) -> set[int]:
    """The board indices in enemy contact for `unit` (see `contact_map`), as a set: its size
    follows the number of enemies, not the map's."""
    game = state.game
    board = game.board
    nbrs = board.neighbours
    water = board.water
    team = unit.team
    utype = unit.type
    row = game.melee_row(utype)
    out: set[int] = set()
    for e in state.occ.values():
        # inlined gives_contact: this runs for every enemy on every move search
        if e.team == team or (e.mclass == "foot" and water[e.pos]):
            continue
        melee = row.get(e.type.id)
        if melee is None:
            melee = game.can_melee_row(row, e.type, utype)
        if melee:
            out.update(nbrs[e.pos])
    return out


def contact_map(state: State, unit: Unit) -> bytearray:
    """1 for every hex in enemy contact for `unit`: next to an enemy on the board that could
    attack it in melee (units in forts, aboard transports or on water give none)."""
    contact = bytearray(len(state.game.board.hexes))
    for i in contact_set(state, unit):
        contact[i] = 1
    return contact


def contact_enemies(state: State, unit: Unit, index: int) -> list[Unit]:
    """The enemies next to board index `index` that give `unit` enemy contact there."""
    occ = state.occ
    return [occ[n] for n in state.game.board.neighbours[index]
            if n in occ and gives_contact(state, occ[n], unit)]


def legal_moves(state: State, unit: Unit) -> dict[Hex, MoveOption]:
    """Every hex `unit` can end its move on, with the cheapest cost and its path.

    Empty when the unit may not move now (not its player's move phase, already moved, aboard
    a transport, outside the first-round army allowance).
    """
    if not state.can_move(unit):
        return {}
    return _search(state, unit, False)  # type: ignore[return-value]


def move_choices(state: State, unit: Unit) -> tuple[list[Hex], list[MoveOption]]:
    """The target hexes of `legal_moves(state, unit)`'s "move" options in its order, and its
    other options (enter, board, capture) in its order: what a play-out picks from, without
    an option object (cost and path) for every hex."""
    if not state.can_move(unit):
        return [], []
    return _search(state, unit, True)  # type: ignore[return-value]


def choices_of_movable(state: State, unit: Unit) -> tuple[list[Hex], list[MoveOption]]:
    """`move_choices` of a unit `State.movable_units` has just listed (it may move: no
    second `State.can_move`)."""
    return _search(state, unit, True)  # type: ignore[return-value]


def may_capture(state: State, unit: Unit) -> bool:
    """Whether `legal_moves(state, unit)` can hold a "capture" option: a foot soldier that may
    move and capture, outside a fort, next to (or in a trench reaching) the entrance of a fort
    it may take. False means it has none for certain, without a move search."""
    utype = unit.type
    if (unit.fort is not None or unit.pos < 0 or not utype.can_capture
            or utype.unit_class != "foot"):
        return False
    game = state.game
    board = game.board
    entrances_near = board.entrances_near
    entrance_fort = board.entrance_fort
    # asked for every movable unit on every move of the random bot: whether it may move is
    # asked last, as most units stand far from any entrance
    long = trenches.long_hex(state, unit) if game.trenches is not None else ()
    for at in long or (unit.pos,):
        for n in entrances_near[at]:
            fid = entrance_fort.get(n)
            if fid is not None and state.capturable(fid, unit):
                return state.can_move(unit)
    return False


def _search(state: State, unit: Unit, bare: bool
            ) -> dict[Hex, MoveOption] | tuple[list[Hex], list[MoveOption]]:
    """`legal_moves`, or with `bare` `move_choices` (the unit may move: `State.can_move`)."""
    game = state.game
    board = game.board
    mclass = unit.mclass
    entrances_near = board.entrances_near
    occ = state.occ
    team = unit.team
    budget = round(unit.type.speed * 2)  # half_points, inlined (asked on every search)
    last_step = round(game.ruleset.last_step_to_meadow * 2)
    fort_owner = state.fort_owner
    nation = unit.nation
    start_fort = unit.fort
    if start_fort is None:
        can_enter = nation in fort_owner.values()
    else:
        can_enter = any(o == nation for f, o in fort_owner.items() if f != start_fort)
    can_board = unit.type.transportable and unit.type.capacity == 0

    # A hex's contact state is fixed by the hex, so the search state is the board index
    # alone; the one exception, a fort's entrances (leaving a fort starts out of contact),
    # are never entered by a step, so they just leave the contact set.
    buffers = board.borrow_buffers()
    dist = buffers.dist
    ends: dict[int, tuple[int, int]] = {}  # index -> (cost, parent) of move-ending arrivals

    # One pass over the units on the board: every unit's hex is taken (no move ends there);
    # enemies block their hex (cost BLOCKED, so the search needs no occupancy test), and
    # those that could attack the unit in melee give contact; own transports that can take
    # this unit now are the boarding targets.
    enemies: list[int] = []
    givers: list[int] = []  # the hexes of the enemies that give contact
    transports: set[int] = set()
    neighbours = board.neighbours
    water = board.water
    row = game.melee_row(unit.type)
    for at, e in occ.items():
        if e.team != team:
            enemies.append(at)
            if e.mclass == "foot" and water[at]:
                continue
            # `in` and `[]`, not `row.get`: compiled, a method call costs several lookups
            kind = e.type.id
            melee = row[kind] if kind in row else game.can_melee_row(row, e.type, unit.type)
            if melee:
                givers.append(at)
        elif (can_board and e.type.capacity and e.nation == nation
              and state.can_take_passenger(e) and state.armies_fit(unit, e)):
            transports.add(at)
    # the hexes next to a boardable transport: from them, a step onto it boards it
    board_from: set[int] = set()
    for t in transports:
        board_from.update(neighbours[t])

    # Grabenkampf: a foot soldier in a trench moves from any of its hexes (one long hex);
    # it may not end in a trench the other team holds.
    if game.trenches is None:
        long: tuple[int, ...] = ()
        barred: set[int] = set()
    else:
        long = trenches.long_hex(state, unit) if start_fort is None else ()
        barred = trenches.enemy_held(state, unit)
    if start_fort is not None:
        starts: tuple[int, ...] = board.fort_entrances[start_fort]
    else:
        starts = long or (unit.pos,)
        for n in board.whole_row(mclass, unit.pos):  # water: the whole move, from a hex only
            if n not in occ:
                ends[n] = (budget, unit.pos)
    reached = 0
    try:
        # leaving a fort starts out of contact: its entrances leave the contact hexes
        mark(buffers, occ, enemies, givers, neighbours,
             starts if start_fort is not None else ())
        buffers.fit(budget, len(starts))
        reached, flagged = expand(board.search_steps(mclass), buffers, starts, budget,
                                  last_step, board.top_step(mclass),
                                  _ENTER_COST if can_enter else 0, board_from, _BOARD_COST,
                                  ends)
        specials = _specials(board, mclass, flagged, budget, start_fort, nation, fort_owner,
                             board_from, transports) if flagged else {}
        # Options in the order the hexes were first reached, then the move-ending
        # arrivals; a cheaper arrival replaces an option in place.
        hexes = board.hexes
        cargo = unit.cargo
        first = len(starts)
        # most searches find no enter or board option and start next to no entrance (no
        # capture): no trace, no option objects
        utype = unit.type
        no_options = bare and not (specials or (
            start_fort is None and utype.can_capture and utype.unit_class == "foot"
            and any(entrances_near[at] for at in long or (unit.pos,))))
        if bare and not (barred or cargo):
            choices = dial_targets(buffers, hexes, first, reached, ends)
            if no_options:
                return choices, []
            trace = _Trace(hexes, parents(buffers, reached), unit.id)
            return choices, _special_options(state, unit, specials, trace, long, budget)
        parent = parents(buffers, reached)
        order = list(buffers.order[first:reached])
        if bare:
            options = [] if no_options else _special_options(
                state, unit, specials, _Trace(hexes, parent, unit.id), long, budget)
            return _choices(state, unit, order, ends, parent, barred, options)
        trace = _Trace(hexes, parent, unit.id)
        out: dict[Hex, MoveOption] = {}
        for idx in order:
            if idx in occ or idx in barred:
                continue
            if cargo and state.unload_spots(unit, idx) is None:
                continue
            out[hexes[idx]] = _Step(dist[idx] / 2, idx, trace, parent[idx])
    finally:
        reset(buffers, reached, occ, givers, neighbours)
        board.return_buffers(buffers)
    for idx, (c, p) in ends.items():
        if idx in occ or idx in barred:
            continue
        h = hexes[idx]
        old_option = out.get(h)
        if old_option is None:
            if parent.get(idx, _START) != _START:
                continue  # reached (not as a start) and filtered out above
            if cargo and state.unload_spots(unit, idx) is None:
                continue
        elif c / 2 >= old_option.cost:
            continue
        out[h] = _Step(c / 2, idx, trace, p)
    for option in _special_options(state, unit, specials, trace, long, budget):
        out[option.target] = option
    return out


def _specials(board: Board, mclass: str, flagged: list[tuple[int, int]], budget: int,
              start_fort: str | None, nation: str, fort_owner: dict[str, str | None],
              board_from: set[int], transports: set[int]
              ) -> dict[int, tuple[int, int, str, str | None]]:
    """The enter and board options of a search, from the hexes `expand` flagged (in the
    order they were settled): entrance or transport index -> (cost, from, kind, fort)."""
    specials: dict[int, tuple[int, int, str, str | None]] = {}
    entrances_near = board.entrances_near
    entrance_fort = board.entrance_fort
    for idx, c in flagged:
        rem = budget - c
        if rem >= _ENTER_COST:
            for n in entrances_near[idx]:
                fid = entrance_fort[n]
                if fid != start_fort and fort_owner[fid] == nation:
                    old = specials.get(n)
                    if old is None or c + _ENTER_COST < old[0]:
                        specials[n] = (c + _ENTER_COST, idx, ENTER, fid)
        if rem >= _BOARD_COST and idx in board_from:
            for n in step_targets(board.search_steps(mclass), idx):
                if n in transports:
                    old = specials.get(n)
                    if old is None or c + _BOARD_COST < old[0]:
                        specials[n] = (c + _BOARD_COST, idx, BOARD, None)
    return specials


def _special_options(state: State, unit: Unit,
                     specials: dict[int, tuple[int, int, str, str | None]], trace: _Trace,
                     long: tuple[int, ...], budget: int) -> list[MoveOption]:
    """A search's enter and board options, then its captures. Their hexes (entrances and
    transports' hexes) are never a plain move's target."""
    occ = state.occ
    out = [MoveOption(c / 2, kind, idx, fid, trace, p, occ[idx].id if kind == BOARD else None)
           for idx, (c, p, kind, fid) in specials.items()]
    utype = unit.type
    if unit.fort is None and utype.can_capture and utype.unit_class == "foot":
        entrance_fort = state.game.board.entrance_fort
        entrances_near = state.game.board.entrances_near
        taken: set[int] = set(specials)
        for at in long or (unit.pos,):
            for n in entrances_near[at]:
                fid = entrance_fort.get(n)
                if fid is not None and n not in taken and state.capturable(fid, unit):
                    out.append(MoveOption(budget / 2, CAPTURE, n, fid, trace, at))
                    taken.add(n)
    return out


def _choices(state: State, unit: Unit, reached: list[int], ends: dict[int, tuple[int, int]],
             parent: dict[int, int], barred: set[int], specials: list[MoveOption]
             ) -> tuple[list[Hex], list[MoveOption]]:
    """`move_choices` from a search with barred hexes or of a transport with cargo (the
    others take `dial.targets`): the hexes it reached (starts left out), then the
    move-ending arrivals it did not reach otherwise (a cheaper arrival on a reached hex keeps
    that hex's place), without occupied, barred or (for a transport) unloadable hexes."""
    targets = reached + [i for i in ends if parent.get(i, _START) == _START]
    occ = state.occ
    hexes = state.game.board.hexes
    return [hexes[i] for i in targets if i not in occ and i not in barred
            and (not unit.cargo or state.unload_spots(unit, i) is not None)], specials
