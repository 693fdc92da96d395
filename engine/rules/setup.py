"""Setup (RULES §4): start chips, armies, placement ring by ring, who begins."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from engine.hexes import Hex, ring
from engine.rules import coop, victory
from engine.rules.actions import Assign, Deal, Headquarters, Place
from engine.rules.board import IMPASSABLE
from engine.rules.dice import Dice
from engine.rules.errors import IllegalActionError
from engine.rules.events import ArmyPlaced, ChipsDealt, Event, HeadquartersChosen, RolledOff

if TYPE_CHECKING:
    from engine.rules.state import State, Unit

ARMIES = 3


def deal_chips(s: State, order: tuple[int, ...] | None = None) -> None:
    """Shuffle the game's start numbers (or take them in `order`) and deal three to each
    seat (army k = chip k)."""
    numbers = sorted(s.game.start_numbers)
    if order is None:
        s.dice.shuffle(numbers)
    else:
        numbers = list(order)
    for k, nation in enumerate(s.game.nations):
        s.chips[nation] = numbers[ARMIES * k: ARMIES * (k + 1)]
    s.log.append(ChipsDealt({n: tuple(c) for n, c in s.chips.items()}))


def roll_off(s: State, purpose: str, first: str | None = None) -> int:
    """Every seat rolls a d12, highest wins, ties roll again; returns the winning seat.
    `first` forces the winner (a chance outcome): it shows 12, everyone else 1."""
    if first is not None:
        rolls = {n: (12 if n == first else 1) for n in s.game.nations}
        s.log.append(RolledOff(purpose, (rolls,), first))
        return s.game.nations.index(first)
    return s.game.nations.index(roll_off_winner(s.game.nations, s.dice, purpose, s.log))


def roll_off_winner(nations: list[str], dice: Dice, purpose: str,
                    log: list[Event] | None = None) -> str:
    """The nation that wins a roll-off with `dice` (logged into `log` when given)."""
    contenders = list(range(len(nations)))
    rounds = []
    while True:
        rolls = {seat: dice.d12() for seat in contenders}
        rounds.append({nations[k]: v for k, v in rolls.items()})
        top = max(rolls.values())
        contenders = [seat for seat, v in rolls.items() if v == top]
        if len(contenders) == 1:
            break
    if log is not None:
        log.append(RolledOff(purpose, tuple(rounds), nations[contenders[0]]))
    return nations[contenders[0]]


def after_assign(s: State, first: str | None = None) -> None:
    """Advance to the next seat once the current one has assigned every unit (`first`: the
    forced winner of the roll-off for the first placer)."""
    if any(u.army is None for u in s.units.values() if u.nation == s.nation):
        return
    if s.current + 1 < s.game.players:
        s.current += 1
        return
    s.setup_step = "place"
    s.current = roll_off(s, "first_placer", first)


def after_place(s: State, first: str | None = None) -> None:
    """Next seat clockwise with an unplaced army; when all are placed, roll who begins."""
    seat = next_placer(s)
    if seat is not None:
        s.current = seat
        return
    if victory.enabled(s):
        s.setup_step = "hq"
        s.current = 0
        return
    begin(s, first)


def next_placer(s: State) -> int | None:
    """The next seat clockwise from the player to act with an unplaced army, or None."""
    n = s.game.players
    for step in range(1, n + 1):
        seat = (s.current + step) % n
        if not all(s.placed[s.game.nations[seat]]):
            return seat
    return None


def after_hq(s: State, first: str | None = None) -> None:
    """Victory points: next seat to choose its headquarters, then roll who begins."""
    for seat, nation in enumerate(s.game.nations):
        if nation not in s.hq:
            s.current = seat
            return
    begin(s, first)


def begin(s: State, first: str | None = None) -> None:
    """Roll for the first player (`first`: the forced winner) and start round 1."""
    s.first_player = roll_off(s, "first_player", first)
    s.round = 1
    s.setup_step = "done"
    s.start_turn(s.first_player)


def standable_for(s: State, u: Unit, i: int, allow_water: bool) -> bool:
    """Whether `u` may be set up on board index `i` (free, enterable for its class, not a
    fort). Water: ships always; foot soldiers only with `allow_water` (see docs/engine.md)."""
    board = s.game.board
    if i in s.occ or board.blocked[i] or board.costs[u.mclass][i] == IMPASSABLE:
        return False
    if board.water[i] and u.mclass != "ship":
        return allow_water and u.mclass == "foot"
    return True


def place_army(s: State, nation: str, army: int) -> None:
    """Reveal `nation`'s chip for `army` and place its units: the first on the number, the
    others ring by ring around it, in the order they were assigned."""
    board = s.game.board
    number = s.chips[nation][army - 1]
    center = board.hexes[s.game.start_numbers[number]]
    limit = s.game.map.width + s.game.map.height
    placed = []
    for uid in s.armies[nation][army - 1]:
        u = s.units[uid]
        spot = _find_spot(s, u, center, limit, allow_water=False)
        if spot is None:
            spot = _find_spot(s, u, center, limit, allow_water=True)
        if spot is None:
            raise IllegalActionError(f"place {army}", f"no free hex left for {uid}")
        u.pos = spot
        s.occ[spot] = u
        placed.append([uid, list(board.hexes[spot])])
    s.placed[nation][army - 1] = True
    s.log.append(ArmyPlaced(nation, army, number,
                            tuple((uid, tuple(h)) for uid, h in placed)))


@lru_cache(maxsize=256)
def _ring_offsets(radius: int) -> tuple[tuple[int, int], ...]:
    """(dq, dr) of `ring(center, radius)` from its center, in the ring's order."""
    return tuple((h.q, h.r) for h in ring(Hex(0, 0), radius))


def _find_spot(s: State, u: Unit, center: Hex, limit: int, allow_water: bool) -> int | None:
    index_of = s.game.board.index_of
    q, r = center.q, center.r
    for radius in range(limit + 1):
        # a plain (q, r) tuple finds the Hex key (equal, same hash): no Hex built per step
        for dq, dr in _ring_offsets(radius):
            i = index_of.get((q + dq, r + dr))  # type: ignore[call-overload]
            if i is not None and standable_for(s, u, i, allow_water):
                return i
    return None


def quick_setup(s: State) -> None:
    """Group armies (designer groups from the game options, else at random), place every
    army in the usual order and roll the first player; the game starts in the move phase."""
    groups = s.game.groups
    for nation in s.game.nations:
        units = [u for u in s.units.values() if u.nation == nation]
        given = groups.get(nation)
        if given:
            pool = list(units)
            for k, type_ids in enumerate(given[:ARMIES]):
                for tid in type_ids:
                    u = next((v for v in pool if v.type.id == tid), None)
                    if u is None:
                        raise IllegalActionError(
                            "quick setup", f"group {k + 1} of {nation} names {tid!r} "
                            "more often than the nation has it")
                    pool.remove(u)
                    problem = coop.army_problem(s.game, u, k + 1)
                    if problem:
                        raise IllegalActionError("quick setup", f"group {k + 1}: {problem}")
                    _assign(s, u, k + 1)
            units = pool
        for u in units:
            allowed = coop.allowed_armies(s.game, u)
            _assign(s, u, allowed[s.dice.below(len(allowed))])
    s.setup_step = "place"
    s.current = roll_off(s, "first_placer")
    while True:
        nation = s.nation
        army = next(k + 1 for k in range(ARMIES) if not s.placed[nation][k])
        place_army(s, nation, army)
        seat = next_placer(s)
        if seat is None:
            break
        s.current = seat
    if victory.enabled(s):
        for nation in s.game.nations:
            s.hq[nation] = s.chips[nation][s.dice.below(ARMIES)]
        s.log.append(HeadquartersChosen(dict(s.hq)))
    begin(s)


def _assign(s: State, u: Unit, army: int) -> None:
    u.army = army
    s.armies[u.nation][army - 1].append(u.id)


def deal_problem(s: State, a: Deal) -> str | None:
    """Why the chips cannot be dealt in `a`'s order now, or None."""
    if s.history or s.setup_step != "assign":
        return "the start chips are dealt once, before the first setup action"
    if sorted(a.numbers) != sorted(s.game.start_numbers):
        return (f"deal each start number of the game once: "
                f"{','.join(map(str, sorted(s.game.start_numbers)))}")
    return None


def do_deal(s: State, a: Deal) -> None:
    """Deal the start chips in the given order (the forced chip deal)."""
    s.deal_pending = None
    deal_chips(s, a.numbers)


def do_assign(s: State, a: Assign) -> None:
    """Put a unit into one of its nation's armies."""
    u = s.units[a.unit]
    u.army = a.army
    s.armies[u.nation][a.army - 1].append(u.id)
    after_assign(s, a.first)


def do_hq(s: State, a: Headquarters) -> None:
    """Choose the start number of the nation's headquarters (victory-points variant)."""
    s.hq[s.nation] = a.number
    after_hq(s, a.first)


def do_place(s: State, a: Place) -> None:
    """Place one of the nation's armies at its start number."""
    place_army(s, s.nation, a.army)
    after_place(s, a.first)
