"""The move search as it was before the speed work (engine 0.2, commit cb1df39), kept as a
plain reference for `engine.rules.movement.legal_moves`.

It keys the search by (hex, enemy-contact flag) codes in dicts, builds the contact map over
the whole board and collects the best arrival per hex before making options: slow, but
written straight from the rules, so the fast search must give exactly its answers (the same
hexes in the same order, costs, kinds, forts, carriers and paths).
"""

from __future__ import annotations

from engine.hexes import Hex
from engine.rules import trenches
from engine.rules.board import Board, half_points
from engine.rules.movement import contact_map
from engine.rules.state import State, Unit

Option = tuple[float, str, str | None, str | None, tuple[Hex, ...]]  # cost kind fort carrier path
_START = -1


def reference_moves(state: State, unit: Unit) -> dict[Hex, Option]:
    """Every hex `unit` can end its move on: (cost, kind, fort, carrier, path)."""
    if not state.can_move(unit):
        return {}
    game = state.game
    board = game.board
    occ = state.occ
    budget = half_points(unit.type.speed)
    last_step = half_points(game.ruleset.last_step_to_meadow)
    contact = contact_map(state, unit)
    fort_owner = state.fort_owner
    start_fort = unit.fort
    can_enter = any(o == unit.nation for f, o in fort_owner.items() if f != start_fort)
    can_board = unit.type.transportable and unit.type.capacity == 0

    dist: dict[int, int] = {}
    parent: dict[int, int] = {}
    ends: dict[int, tuple[int, int]] = {}
    specials: dict[int, tuple[int, int, str, str | None]] = {}
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    long = trenches.long_hex(state, unit) if start_fort is None else ()
    barred = trenches.enemy_held(state, unit)
    if start_fort is not None:
        starts = [(e, 0) for e in board.fort_entrances[start_fort]]
    else:
        starts = [(i, contact[i]) for i in long] if long else [(unit.pos, contact[unit.pos])]
        code = unit.pos * 2 + contact[unit.pos]
        for n in board.whole_row(unit.mclass, unit.pos):
            if n not in occ:
                ends[n] = (budget, code)
    for s, flag in starts:
        code = s * 2 + flag
        dist[code] = 0
        parent[code] = _START
        buckets[0].append(code)

    for c in range(budget + 1):
        rem = budget - c
        for code in buckets[c]:
            if dist[code] != c:
                continue
            idx = code >> 1
            if can_enter and rem >= 1:
                for n in board.entrances_near[idx]:
                    fid = board.entrance_fort[n]
                    if fid != start_fort and fort_owner[fid] == unit.nation:
                        old = specials.get(n)
                        if old is None or c + 1 < old[0]:
                            specials[n] = (c + 1, code, "enter", fid)
            for n, tc in step_row(board, unit.mclass, idx):
                other = occ.get(n)
                if other is not None:
                    if other.team != unit.team:
                        continue
                    if (can_board and other.nation == unit.nation and rem >= 1
                            and state.can_take_passenger(other)
                            and state.armies_fit(unit, other)):
                        old = specials.get(n)
                        if old is None or c + 1 < old[0]:
                            specials[n] = (c + 1, code, "board", None)
                nc = c + tc
                if nc > budget:
                    if rem >= last_step and board.meadow[n]:
                        old_end = ends.get(n)
                        if old_end is None or budget < old_end[0]:
                            ends[n] = (budget, code)
                    continue
                if code & 1 and contact[n]:
                    old_end = ends.get(n)
                    if old_end is None or nc < old_end[0]:
                        ends[n] = (nc, code)
                    continue
                ncode = n * 2 + contact[n]
                if nc < dist.get(ncode, 1 << 30):
                    dist[ncode] = nc
                    parent[ncode] = code
                    buckets[nc].append(ncode)

    def path(code: int, last: int) -> tuple[Hex, ...]:
        out = [board.hexes[last]]
        while code != _START:
            out.append(board.hexes[code >> 1])
            code = parent[code]
        return tuple(reversed(out))

    best: dict[int, tuple[int, int]] = {}
    for code, c in dist.items():
        idx = code >> 1
        if parent[code] == _START or idx in occ or idx in barred:
            continue
        if idx not in best or c < best[idx][0]:
            best[idx] = (c, parent[code])
    for idx, (c, pcode) in ends.items():
        if idx in occ or idx in barred:
            continue
        if idx not in best or c < best[idx][0]:
            best[idx] = (c, pcode)
    hexes = board.hexes
    out: dict[Hex, Option] = {}
    for idx, (c, pcode) in best.items():
        if not unit.cargo or state.unload_spots(unit, idx) is not None:
            out[hexes[idx]] = (c / 2, "move", None, None, path(pcode, idx))
    for idx, (c, pcode, kind, fid) in specials.items():
        carrier = occ[idx].id if kind == "board" else None
        out[hexes[idx]] = (c / 2, kind, fid, carrier, path(pcode, idx))
    if start_fort is None and unit.type.can_capture and unit.type.unit_class == "foot":
        for at in long or (unit.pos,):
            for n in board.entrances_near[at]:
                fid = board.entrance_fort.get(n)
                if fid is not None and state.capturable(fid, unit) and hexes[n] not in out:
                    out[hexes[n]] = (budget / 2, "capture", fid, None,
                                     path(at * 2 + contact[at], n))
    return out


def step_row(board: Board, mclass: str, i: int) -> tuple[tuple[int, int], ...]:
    """(neighbour, cost) of the ordinary steps from index `i`: the neighbours that are not
    blocked and cost a finite number of half points (what the board listed before
    `engine.rules.dial` did)."""
    cost = board.costs[mclass]
    return tuple((m, cost[m]) for m in board.neighbours[i]
                 if not board.blocked[m] and cost[m] > 0)
