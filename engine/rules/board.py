"""Per-map arrays the rules read on every move: neighbours, terrain costs, forts.

Built once per `Game`. Hexes are addressed by their flat index into `GameMap.terrain`; the
movement search works on these integers and converts to `Hex` only for its results.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from engine.gcpause import gc_paused
from engine.geometry import offset_neighbour_deltas
from engine.halves import fort_hexes, in_half
from engine.hexes import Hex
from engine.model import TERRAIN_ID, TERRAINS, GameMap, Ruleset
from engine.rules.dial import MEADOW, NEAR_ENTRANCE, Buffers, Steps

IMPASSABLE = -1
WHOLE_MOVE = -2

MOVEMENT_CLASS: dict[str, str] = {"foot": "foot", "air": "air", "ship": "ship", "tank": "tank"}
TRENCH_CLASSES = ("foot", "tank", "air")


_CACHE: dict[tuple[object, ...], Board] = {}
_CACHE_SIZE = 8


def _neighbour_rows(game_map: GameMap, outside: bytearray) -> list[tuple[int, ...]]:
    """Per index the in-play neighbour indices in direction order (`Hex.neighbors`); hexes
    marked in `outside` have none and are nobody's neighbour.

    Computed on the offset grid, a row at a time: a direction is a fixed index step per row
    parity (pointy-top) or column parity (flat-top), so a hex away from the edges needs no
    lookup; only edge hexes (and hexes next to `outside` ones) are checked one by one."""
    width, height = game_map.width, game_map.height
    n = width * height
    pointy = game_map.layout.orientation == "pointy"
    # Per parity (of the row for pointy-top, of the column for flat-top), each direction's
    # step as an offset (dcol, drow).
    steps = offset_neighbour_deltas(game_map.layout.orientation, game_map.layout.offset)
    any_outside = any(outside)

    def edge(i: int) -> tuple[int, ...]:
        if outside[i]:
            return ()
        row, col = divmod(i, width)
        found = []
        for dc, dr in steps[(row if pointy else col) & 1]:
            c, r = col + dc, row + dr
            if 0 <= c < width and 0 <= r < height and not outside[r * width + c]:
                found.append(r * width + c)
        return tuple(found)

    rows: list[tuple[int, ...]] = [()] * n
    for row in range(height):
        base = row * width
        if row == 0 or row == height - 1 or width < 3:
            rows[base:base + width] = [edge(i) for i in range(base, base + width)]
            continue
        if pointy:
            o0, o1, o2, o3, o4, o5 = (dr * width + dc for dc, dr in steps[row & 1])
            inner = [(i + o0, i + o1, i + o2, i + o3, i + o4, i + o5)
                     for i in range(base + 1, base + width - 1)]
        else:
            even = [dr * width + dc for dc, dr in steps[0]]
            odd = [dr * width + dc for dc, dr in steps[1]]
            inner = [tuple(i + o for o in (odd if (i - base) & 1 else even))
                     for i in range(base + 1, base + width - 1)]
        if any_outside:
            inner = [edge(i) if outside[i] or any(outside[j] for j in near) else near
                     for i, near in zip(range(base + 1, base + width - 1), inner, strict=True)]
        rows[base] = edge(base)
        rows[base + 1:base + width - 1] = inner
        rows[base + width - 1] = edge(base + width - 1)
    return rows


def movement_class(unit_class: str) -> str:
    """The ruleset's movement class for a catalog unit class (others move as vehicles; tanks
    use the vehicle table too unless the ruleset has a "tank" table)."""
    return MOVEMENT_CLASS.get(unit_class, "vehicle")


def half_points(value: float) -> int:
    """Movement points in half-point units (all costs are multiples of 0.5)."""
    return round(value * 2)


@dataclass
class Board:
    """Read-only lookup arrays for one map and ruleset."""

    hexes: list[Hex]  # index -> axial hex
    index_of: dict[Hex, int]
    neighbours: list[tuple[int, ...]]  # index -> in-bounds neighbour indices
    terrain: bytes  # index -> TERRAIN_ID
    blocked: bytearray  # 1 for fort footprint and entrance hexes
    entrance_fort: dict[int, str]  # entrance index -> fort id
    fort_entrances: dict[str, tuple[int, ...]]
    costs: dict[str, list[int]]  # movement class -> index -> half points, IMPASSABLE, WHOLE_MOVE
    meadow: bytearray  # 1 where the last-step-to-meadow exception applies
    water: bytearray
    # Per movement class and index the neighbours that take a whole move, each row built
    # when a search first needs it (None before; see `whole_row`), so a million-hex map costs
    # only the rows that are used (the ordinary steps: `search_steps`); per index, adjacent
    # entrances.
    whole: dict[str, list[tuple[int, ...] | None]]
    entrances_near: list[tuple[int, ...]]
    # The buffers the move search borrows and hands back reset, so a search allocates
    # nothing proportional to the map, and its steps per movement class.
    _free_buffers: list[Buffers] = field(default_factory=list, repr=False, compare=False)
    _search_steps: dict[str, Steps] = field(default_factory=dict, repr=False, compare=False)
    top_steps: dict[str, int] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    @gc_paused()  # millions of tuples and no cycles: collections would only rescan them
    def build(cls, game_map: GameMap, ruleset: Ruleset, trench_variant: bool = False,
              area: frozenset[Hex] | None = None) -> Board:
        """Precompute the arrays for a map under a ruleset's terrain costs.

        `area` (the 2-player half) limits play: hexes outside it are blocked and have no
        neighbours, and only forts lying wholly inside it are in play (engine.halves); the
        hexes of every fort are blocked.
        """
        n = game_map.width * game_map.height
        hexes = game_map.hex_list()
        index_of = {h: i for i, h in enumerate(hexes)}
        blocked = bytearray(n)
        if area is not None:
            for i, h in enumerate(hexes):
                if h not in area:
                    blocked[i] = 1
        neighbours = _neighbour_rows(game_map, blocked)
        terrain = bytes(game_map.terrain)
        entrance_fort: dict[int, str] = {}
        fort_entrances: dict[str, tuple[int, ...]] = {}
        for fort in game_map.forts:
            # Every fort's hexes stay unwalkable, also one that is out of play in the half.
            for h in fort_hexes(fort):
                if h in index_of:
                    blocked[index_of[h]] = 1
            if not in_half(fort, area):
                continue
            ents = []
            for h in fort.entrances:
                if h in index_of:
                    blocked[index_of[h]] = 1
                    entrance_fort[index_of[h]] = fort.id
                    ents.append(index_of[h])
            fort_entrances[fort.id] = tuple(ents)
        # Without the Grabenkampf variant a trench hex is plain meadow (RULES §2, §11.1).
        effective = list(TERRAINS)
        if not trench_variant:
            effective[TERRAIN_ID["trench"]] = "meadow"
        costs: dict[str, list[int]] = {}
        tables = dict(ruleset.terrain_costs)
        if "vehicle" in tables:
            # Tanks move as vehicles unless the ruleset gives them their own table.
            tables.setdefault("tank", tables["vehicle"])
        trench_id = TERRAIN_ID["trench"]
        for mclass, table in tables.items():
            per_terrain = []
            for tid, tname in enumerate(effective):
                v = table.get(tname)
                if trench_variant and tid == trench_id and mclass not in TRENCH_CLASSES:
                    v = None  # Grabenkampf: only foot soldiers, tanks and air units enter
                if v is None:
                    per_terrain.append(IMPASSABLE)
                elif v == "whole_move":
                    per_terrain.append(WHOLE_MOVE)
                else:
                    per_terrain.append(half_points(float(v)))
            costs[mclass] = [per_terrain[t] for t in terrain]
        water_id = TERRAIN_ID["water"]
        meadow = bytearray(1 if effective[t] == "meadow" else 0 for t in terrain)
        water = bytearray(1 if t == water_id else 0 for t in terrain)
        whole: dict[str, list[tuple[int, ...] | None]] = {}
        near: dict[int, tuple[int, ...]] = {}
        for e in entrance_fort:
            for m in neighbours[e]:
                near[m] = tuple(k for k in neighbours[m] if k in entrance_fort)
        entrances_near = [()] * n
        for m, row in near.items():
            entrances_near[m] = row
        return cls(
            hexes, index_of, neighbours, terrain, blocked, entrance_fort,
            fort_entrances, costs, meadow, water, whole, entrances_near,
        )

    @classmethod
    def cached(cls, game_map: GameMap, ruleset: Ruleset, trench_variant: bool = False,
               area: frozenset[Hex] | None = None) -> Board:
        """`build`, reusing a board built for identical map content and terrain costs (boards
        are read-only, so games of the same scenario share one)."""
        key = (
            game_map.width, game_map.height, game_map.layout.orientation,
            game_map.layout.offset, bytes(game_map.terrain),
            tuple((f.id, tuple(f.hexes), tuple(f.entrances)) for f in game_map.forts),
            repr(sorted((k, sorted(v.items())) for k, v in ruleset.terrain_costs.items())),
            trench_variant, area,
        )
        board = _CACHE.get(key)
        if board is None:
            board = cls.build(game_map, ruleset, trench_variant, area)
            if len(_CACHE) >= _CACHE_SIZE:
                _CACHE.pop(next(iter(_CACHE)))
            _CACHE[key] = board
        return board

    @cached_property
    def open_water(self) -> tuple[int, ...]:
        """The water hexes that are not blocked (where units bought on water may go), in
        index order."""
        water = self.water
        blocked = self.blocked
        return tuple(i for i in range(len(water)) if water[i] and not blocked[i])

    def top_step(self, mclass: str) -> int:
        """The dearest ordinary step of a movement class on this board, in half points."""
        top = self.top_steps.get(mclass)
        if top is None:
            top = self.top_steps[mclass] = max((c for c in self.costs[mclass] if c > 0),
                                               default=0)
        return top

    def whole_row(self, mclass: str, i: int) -> tuple[int, ...]:
        """The neighbours of index `i` that take a movement class's whole move (water for
        foot soldiers): not blocked, cost WHOLE_MOVE."""
        rows = self.whole.get(mclass)
        if rows is None:
            if mclass not in self.costs:
                raise KeyError(mclass)
            rows = self.whole[mclass] = [None] * len(self.hexes)
        row = rows[i]
        if row is None:
            cost = self.costs[mclass]
            blocked = self.blocked
            row = rows[i] = tuple(
                m for m in self.neighbours[i] if not blocked[m] and cost[m] == WHOLE_MOVE)
        return row

    def __getstate__(self) -> dict[str, object]:
        """Pickled without the move search's buffers and steps (made again on use; the
        steps' memory is an anonymous mapping, which does not pickle)."""
        state = dict(self.__dict__)
        state["_free_buffers"] = []
        state["_search_steps"] = {}
        return state

    def search_steps(self, mclass: str) -> Steps:
        """The ordinary steps of a movement class (to the neighbours that are not blocked and
        cost a finite number of half points), listed per hex on first use, as the move search
        reads them (`engine.rules.dial`; KeyError for a class the ruleset has no costs for)."""
        steps = self._search_steps.get(mclass)
        if steps is None:
            steps = self._search_steps[mclass] = Steps(self.neighbours, self.blocked,
                                                       self.costs[mclass])
        return steps

    def borrow_buffers(self) -> Buffers:
        """A move search's buffers (`engine.rules.dial.Buffers`); give them back with
        `return_buffers` after `dial.reset`. Safe when searches run in several threads:
        each takes its own from the pool."""
        try:
            return self._free_buffers.pop()
        except IndexError:
            return Buffers(self.marks)

    def return_buffers(self, buffers: Buffers) -> None:
        """Put buffers back in the pool (reset by `dial.reset`)."""
        self._free_buffers.append(buffers)

    @cached_property
    def marks(self) -> bytes:
        """Per index the search flags that are fixed by the board: MEADOW, NEAR_ENTRANCE."""
        marks = bytearray(self.meadow.translate(bytes((0, MEADOW)) + bytes(254)))
        # only a neighbour of an entrance can be next to one: no pass over every hex
        for entrance in self.entrance_fort:
            for m in self.neighbours[entrance]:
                if self.entrances_near[m]:
                    marks[m] |= NEAR_ENTRANCE
        return bytes(marks)

    def terrain_name(self, i: int) -> str:
        """Terrain name at an index."""
        return TERRAINS[self.terrain[i]]

    def standable(self, i: int, mclass: str) -> bool:
        """Whether a unit of a movement class may end a move on this hex (ignoring units)."""
        return not self.blocked[i] and self.costs[mclass][i] != IMPASSABLE
