"""Reachable hexes of one unit (RULES §2, §5.1, §5.2): costs, enemy contact, forts, boarding.

The search is Dial's algorithm (bucketed Dijkstra) over half-point costs; its state is the
hex plus whether the unit stands in enemy contact there, because two consecutive contact
hexes end a move. Arrivals that end the move (second contact hex, water, last step to meadow)
are recorded but not expanded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.hexes import Hex
from engine.rules import trenches
from engine.rules.actions import Action, BoardTransport, Capture, Enter, Move
from engine.rules.exploration import START, Prepared, kept, search_board

if TYPE_CHECKING:
    from engine.rules.state import State, Unit

MOVE = "move"
ENTER = "enter"
CAPTURE = "capture"
BOARD = "board"
_ENTER_COST = 1  # half points: entering an own fort costs 0.5 (RULES §2)
_BOARD_COST = 1  # boarding a transport costs 0.5 whatever the terrain (RULES §5.2)
_START = START
_NOWHERE: frozenset[int] = frozenset()


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
    return _search(state, unit, False)  # type: ignore[return-value]


def move_choices(state: State, unit: Unit) -> tuple[list[Hex], list[MoveOption]]:
    """The target hexes of `legal_moves(state, unit)`'s "move" options in its order, and its
    other options (enter, board, capture) in its order: what a play-out picks from, without
    an option object (cost and path) for every hex."""
    if unit.cargo:  # a transport with passengers: each target needs room to unload them
        moves: list[Hex] = []
        others: list[MoveOption] = []
        for h, o in _search(state, unit, True).items():
            if o.__class__ is float:
                moves.append(h)
            else:
                others.append(o)  # type: ignore[arg-type]
        return moves, others
    search = _explore(state, unit)
    if search is None:
        return [], []
    found = search.found
    occ = state.occ
    barred = search.barred
    hexes = state.game.board.hexes
    parent = found.parent
    if found.expanded_set is not None and search.ends is found.ends and not barred:
        # a kept search: its targets are listed once
        indices, targets = found.targets(hexes)
        moves = (targets.copy() if occ.keys().isdisjoint(indices)
                 else [h for i, h in zip(indices, targets, strict=True) if i not in occ])
    else:
        taken = occ.keys() | barred if barred else occ  # no move may end on these
        moves = [hexes[i] for i in found.reached[found.starts:] if i not in taken]
        # a move-ending arrival on a hex the search reached stays in that hex's place
        moves.extend(hexes[i] for i in search.ends
                     if i not in taken and parent.get(i, _START) == _START)
    if not search.specials and not unit.type.can_capture:
        return moves, []
    trace = _Trace(hexes, parent, unit.id)
    extra: dict[Hex, MoveOption] = {
        hexes[i]: MoveOption(c / 2, kind, i, fid, trace, p,
                             occ[i].id if kind == BOARD else None)
        for i, (c, p, kind, fid) in search.specials.items()}
    _add_captures(state, unit, search, extra.__setitem__, extra.__contains__, trace)
    return moves, list(extra.values())


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


def _explore(state: State, unit: Unit) -> Prepared | None:
    """The search behind `legal_moves`, None when the unit may not move now."""
    if not state.can_move(unit):
        return None
    game = state.game
    board = game.board
    mclass = unit.mclass
    occ = state.occ
    team = unit.team
    utype = unit.type
    budget = round(utype.speed * 2)  # half_points, inlined: asked on every action
    last_step = round(game.ruleset.last_step_to_meadow * 2)
    fort_owner = state.fort_owner
    nation = unit.nation
    start_fort = unit.fort
    if start_fort is None:
        can_enter = nation in fort_owner.values()
    else:
        can_enter = any(o == nation for f, o in fort_owner.items() if f != start_fort)
    # Grabenkampf: a foot soldier in a trench moves from any of its hexes (one long hex);
    # it may not end in a trench the other team holds.
    if game.trenches is None:
        long: tuple[int, ...] = ()
        barred: set[int] | frozenset[int] = _NOWHERE
    else:
        long = trenches.long_hex(state, unit) if start_fort is None else ()
        barred = trenches.enemy_held(state, unit)
    starts: tuple[int, ...] = (board.fort_entrances[start_fort] if start_fort is not None
                               else long or (unit.pos,))
    # An enemy on a hex the empty board's search read makes the real search differ.
    units = occ.values()
    enemies = [e.pos for e in units if e.team != team]
    key = (mclass, starts, budget, last_step)
    found = kept(board, key, enemies) or search_board(state, unit, key, enemies)

    # own transports that can take this unit now are the boarding targets; only those next
    # to an expanded hex can be boarded
    transports: set[int] = set()
    neighbours = board.neighbours
    if utype.transportable and utype.capacity == 0:
        carriers = [e for e in units if e.type.capacity and e.nation == nation]
        if carriers:
            expanded = found.expanded_set
            if expanded is None:
                expanded = set(found.expanded)
            carriers = [e for e in carriers if not expanded.isdisjoint(neighbours[e.pos])]
            transports = {e.pos for e in carriers
                          if state.can_take_passenger(e) and state.armies_fit(unit, e)}
    # hex -> the boardable transports next to it, in step order
    board_from: dict[int, tuple[int, ...]] = {}
    step_row = board.step_row
    for t in transports:
        for m in neighbours[t]:
            if m not in board_from:
                board_from[m] = tuple(n for n, _ in step_row(mclass, m) if n in transports)
    specials: dict[int, tuple[int, int, str, str | None]] = {}
    if can_enter or board_from:
        entrances_near = board.entrances_near
        entrance_fort = board.entrance_fort
        cost = found.cost
        # only hexes next to an entrance or a transport can add one
        near = ([i for i in found.expanded if entrances_near[i] or i in board_from]
                if board_from else found.near_entrances(board))
        for idx in near:
            c = cost[idx]
            rem = budget - c
            if can_enter and rem >= _ENTER_COST:
                for n in entrances_near[idx]:
                    fid = entrance_fort[n]
                    if fid != start_fort and fort_owner[fid] == nation:
                        old = specials.get(n)
                        if old is None or c + _ENTER_COST < old[0]:
                            specials[n] = (c + _ENTER_COST, idx, ENTER, fid)
            if board_from and rem >= _BOARD_COST:
                for n in board_from.get(idx, ()):
                    old = specials.get(n)
                    if old is None or c + _BOARD_COST < old[0]:
                        specials[n] = (c + _BOARD_COST, idx, BOARD, None)
    ends = found.ends
    if start_fort is None:
        whole = board.whole_row(mclass, unit.pos)  # water: the whole move, from a hex only
        if whole:
            # never a step's target, so never one of the search's own ends
            ends = {n: (budget, unit.pos) for n in whole} | ends
    return Prepared(found, ends, specials, barred, long, budget)


def _search(state: State, unit: Unit, bare: bool) -> dict[Hex, MoveOption | float]:
    """`legal_moves`; with `bare` a "move" option is only its cost (a float)."""
    search = _explore(state, unit)
    if search is None:
        return {}
    found = search.found
    occ = state.occ
    barred = search.barred
    board = state.game.board
    # Options in the order the hexes were first reached, then the move-ending arrivals; a
    # cheaper arrival replaces an option in place.
    parent = found.parent
    cost = found.cost
    trace = _Trace(board.hexes, parent, unit.id)
    hexes = board.hexes
    cargo = unit.cargo
    out: dict[Hex, MoveOption | float] = {}
    for idx in found.reached[found.starts:]:
        if idx in occ or idx in barred:
            continue
        if cargo and state.unload_spots(unit, idx) is None:
            continue
        out[hexes[idx]] = (cost[idx] / 2 if bare
                           else _Step(cost[idx] / 2, idx, trace, parent[idx]))
    for idx, (c, p) in search.ends.items():
        if idx in occ or idx in barred:
            continue
        h = hexes[idx]
        old_option = out.get(h)
        if old_option is None:
            if parent.get(idx, _START) != _START:
                continue  # reached (not as a start) and filtered out above
            if cargo and state.unload_spots(unit, idx) is None:
                continue
        elif c / 2 >= (old_option if bare else old_option.cost):  # type: ignore[union-attr]
            continue
        out[h] = c / 2 if bare else _Step(c / 2, idx, trace, p)
    for idx, (c, p, kind, fid) in search.specials.items():
        carrier = occ[idx].id if kind == BOARD else None
        out[hexes[idx]] = MoveOption(c / 2, kind, idx, fid, trace, p, carrier)
    _add_captures(state, unit, search, out.__setitem__, out.__contains__, trace)
    return out


def _add_captures(state: State, unit: Unit, search: Prepared,
                  put: Callable[[Hex, MoveOption], None], has: Callable[[Hex], bool],
                  trace: _Trace) -> None:
    """Put the capture options of a foot soldier outside a fort, one per entrance."""
    utype = unit.type
    if unit.fort is not None or not utype.can_capture or utype.unit_class != "foot":
        return
    board = state.game.board
    hexes = board.hexes
    entrance_fort = board.entrance_fort
    for at in search.long or (unit.pos,):
        for n in board.entrances_near[at]:
            fid = entrance_fort.get(n)
            if fid is not None and state.capturable(fid, unit) and not has(hexes[n]):
                put(hexes[n], MoveOption(search.budget / 2, CAPTURE, n, fid, trace, at))
