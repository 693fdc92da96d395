"""A second rules client, written from the documentation alone, that replays conformance
vectors: the pack and its map (docs/pack-format.md), movement and victory (docs/engine.md
"Rule interpretations" §1-9 and §17, docs/combat.md `can_melee`, docs/rules-apply.md
"Grabenkampf trenches"). The other case kinds are `consumer_actions` and `consumer_apply`;
`client` picks the module for a case.

Standard library only and nothing from this project.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
TRENCH_CLASSES = ("foot", "tank", "air")
ARMIES = 3
TERRAIN_CHARS = {".": "meadow", "f": "forest", "=": "road", "b": "bridge", "~": "water",
                 "t": "trench"}
Hex = tuple[int, int]  # axial (q, r)


def unwrap(value: Any) -> Any:
    """pack-format.md: an object with a `value` key stands for that value."""
    if isinstance(value, dict) and "value" in value:
        return value["value"]
    return value


def to_axial(col: int, row: int, orientation: str, offset: str) -> Hex:
    """pack-format.md, Coordinates: offset [col, row] to axial (q, r)."""
    if orientation == "pointy":
        shift = (row - (row & 1)) // 2 if offset == "odd" else (row + (row & 1)) // 2
        return col - shift, row
    shift = (col - (col & 1)) // 2 if offset == "odd" else (col + (col & 1)) // 2
    return col, row - shift


def neighbours(h: Hex) -> list[Hex]:
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS]


def ring(centre: Hex, radius: int) -> list[Hex]:
    """rules-apply.md: centre + radius x direction 4, then `radius` steps along each
    direction 0..5 (radius 0: the centre)."""
    if radius == 0:
        return [centre]
    h = (centre[0] + DIRECTIONS[4][0] * radius, centre[1] + DIRECTIONS[4][1] * radius)
    out = []
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = (h[0] + DIRECTIONS[side][0], h[1] + DIRECTIONS[side][1])
    return out


@dataclass
class Rules:
    """The static rules of one pack: map, ruleset, catalog, scenario."""

    terrain: dict[Hex, str]
    offset_of: dict[Hex, tuple[int, int]]
    forts: dict[str, dict[str, Any]]  # id -> {hexes, entrances} as axial sets/lists
    ruleset: dict[str, Any]
    units: dict[str, dict[str, Any]]
    team_of: dict[str, str]
    players: int
    area: set[Hex] | None
    nations: list[str]
    width: int
    height: int
    # pack-format.md "Co-op": lead nation -> partner of a joint seat; nation -> controller
    partner_of: dict[str, str] = field(default_factory=dict)
    controllers: dict[str, str] = field(default_factory=dict)
    # pack-format.md "Trench hexes": hexes a drawn trench path covers (`covers`)
    covered: set[Hex] = field(default_factory=set)
    fort_cells: set[Hex] = field(default_factory=set)  # every fort's hexes and entrances

    def __post_init__(self) -> None:
        self.fort_cells = {h for f in self.forts.values()
                           for h in (*f["hexes"], *f["entrances"])}

    @classmethod
    def from_pack(cls, files: dict[str, Any]) -> Rules:
        """Rules from a pack's parsed `map.json`, `ruleset.json`, `catalog.json` and
        `scenario.json`."""
        m, scenario = files["map.json"], files["scenario.json"]
        orientation, offset = m["layout"]["orientation"], m["layout"]["offset"]
        terrain, offset_of = {}, {}
        for row, line in enumerate(m["terrain"]):
            for col, ch in enumerate(line):
                h = to_axial(col, row, orientation, offset)
                terrain[h] = TERRAIN_CHARS[ch]
                offset_of[h] = (col, row)
        forts = {f["id"]: {"hexes": [to_axial(c, r, orientation, offset) for c, r in f["hexes"]],
                           "entrances": [to_axial(c, r, orientation, offset)
                                         for c, r in f["entrances"]]} for f in m["forts"]}
        area = None
        if scenario["players"] == 2 and scenario.get("half"):
            region = next(r for r in m["regions"] if r["id"] == scenario["half"])
            area = {to_axial(c, row, orientation, offset) for row, a, b in region["spans"]
                    for c in range(a, b + 1)}
        return cls(terrain, offset_of, forts, files["ruleset.json"],
                   {u["id"]: u for u in files["catalog.json"]["units"]},
                   {s["nation"]: s["team"] for s in scenario["seats"]}, scenario["players"],
                   area, [s["nation"] for s in scenario["seats"]], m["width"], m["height"],
                   {s["nation"]: s["partner"] for s in scenario["seats"] if s.get("partner")},
                   {s["nation"]: s["controller"] for s in scenario["seats"]},
                   {to_axial(c, r, orientation, offset) for p in m["paths"]
                    if p["kind"] == "trench" for c, r in p["covers"]})

    def automa(self, nation: str) -> bool:
        """rules-apply.md "The Automa": whether the Automa plays this nation's seat."""
        return self.controllers.get(nation, "").startswith("automa:")

    def flag_for(self, seat: str, utype: dict[str, Any], asked: str | None) -> str | None:
        """rules-apply.md "Co-op": the nationality a unit of `utype` bought by `seat` gets
        (`asked` when given), None when no nation of the seat fields it."""
        nations = [seat, *([self.partner_of[seat]] if seat in self.partner_of else [])]
        if asked is not None:
            return asked if asked in nations and asked in utype["nations"] else None
        return next((n for n in nations if n in utype["nations"]), None)

    def on_board(self, h: Hex) -> bool:
        return h in self.terrain and (self.area is None or h in self.area)

    def trench_hex(self, h: Hex) -> bool:
        """pack-format.md "Trench hexes": trench terrain or a trench path's cover, in play and
        outside every fort."""
        return (self.on_board(h) and (self.terrain[h] == "trench" or h in self.covered)
                and h not in self.fort_cells)

    def trench_of(self, h: Hex) -> frozenset[Hex]:
        """rules-apply.md "Grabenkampf trenches": the connected trench hexes in play through
        `h` (empty when `h` is no trench hex)."""
        if not self.trench_hex(h):
            return frozenset()
        seen, todo = {h}, [h]
        while todo:
            for n in neighbours(todo.pop()):
                if n not in seen and self.trench_hex(n):
                    seen.add(n)
                    todo.append(n)
        return frozenset(seen)

    def forts_in_play(self) -> list[str]:
        """engine.md §9: with a half, only forts whose footprint and entrances lie inside."""
        if self.area is None:
            return list(self.forts)
        return [fid for fid, f in self.forts.items()
                if all(h in self.area for h in (*f["hexes"], *f["entrances"]))]


def supported(case: dict[str, Any]) -> str | None:
    """None when this module answers the `legal_moves` or `victory` case, else why not."""
    if case["kind"] not in ("legal_moves", "victory"):
        return f"{case['kind']}: answered by consumer_actions or consumer_apply"
    return None


# --- victory (engine.md §17) -------------------------------------------------------------


def victory(rules: Rules, state: dict[str, Any], variants: set[str]) -> dict[str, Any]:
    """Expected answer of a victory case."""
    teams = sorted(set(rules.team_of.values()))
    in_play = set(rules.forts_in_play())
    forts = {t: sum(1 for fid, owner in state["forts"].items()
                    if fid in in_play and rules.team_of.get(owner) == t) for t in teams}
    to_win = unwrap(rules.ruleset["forts_to_win"][str(rules.players)])
    shorter = rules.ruleset["variants"].get("shorter_game", {})
    if "shorter_game" in variants or shorter.get("enabled"):
        to_win = unwrap(shorter.get("forts_to_win", {}).get(str(rules.players), to_win))
    return {"terminal": state["phase"] == "over", "winner": state["winner"], "forts": forts,
            "forts_to_win": to_win}


# --- movement (engine.md §1-8) -----------------------------------------------------------


def move_class(rules: Rules, utype: dict[str, Any]) -> str:
    """§1: foot, air, ship as they are; tank uses a `tank` table if any; the rest vehicle."""
    cls = utype["class"]
    if cls in ("foot", "air", "ship"):
        return cls
    if cls == "tank" and "tank" in rules.ruleset["terrain_costs"]:
        return "tank"
    return "vehicle"


def passable(rules: Rules, utype: dict[str, Any], h: Hex, variants: set[str]) -> bool:
    """Whether a unit type may step onto `h` for a number of points (not impassable, not a
    whole move): engine.md §1-4, rules-apply.md "Grabenkampf trenches"."""
    terrain = rules.terrain[h]
    graben = "grabenkampf" in variants
    if terrain == "trench" and not graben:
        terrain = "meadow"
    # the unit's class decides: a tank costs the vehicle table's entry but may enter
    if terrain == "trench" and utype["class"] not in TRENCH_CLASSES:
        return False
    cost = unwrap(rules.ruleset["terrain_costs"][move_class(rules, utype)].get(terrain))
    return cost is not None and cost != "whole_move"


def unloadings(rules: Rules, units: list[dict[str, Any]], transport: dict[str, Any], at: Hex,
               variants: set[str]) -> Iterator[list[Hex]]:
    """rules-apply.md `unload`: every assignment of distinct candidate hexes next to `at` to
    the transport's passengers, in boarding order, the engine's choice first."""
    by_id = {u["id"]: u for u in units}
    taken = {tuple(u["hex"]): u["id"] for u in units if u["hex"] is not None}
    fort_cells = {h for f in rules.forts.values() for h in (*f["hexes"], *f["entrances"])}
    candidates = []
    for pid in transport["cargo"]:
        utype = rules.units[by_id[pid]["type"]]
        candidates.append([n for n in neighbours(at) if rules.on_board(n)
                           and n not in fort_cells and rules.terrain[n] != "water"
                           and passable(rules, utype, n, variants)
                           and taken.get(n, transport["id"]) == transport["id"]])
    chosen: list[Hex] = []

    def extend(k: int) -> Iterator[list[Hex]]:
        if k == len(candidates):
            yield list(chosen)
            return
        for n in candidates[k]:
            if n not in chosen:
                chosen.append(n)
                yield from extend(k + 1)
                chosen.pop()

    return extend(0)


def can_melee(attacker: dict[str, Any], defender: dict[str, Any]) -> bool:
    """combat.md: can_target and range 1."""
    rng = attacker["range"]
    low, high = unwrap(rng["min"]), unwrap(rng["max"])
    if not (low <= 1 and (high == "unlimited" or high is None or high >= 1)):
        return False
    if defender["class"] == "air":
        abilities = {a["id"] for a in attacker.get("abilities", [])}
        return "air" in attacker["targets"] and "cannot_damage_air" not in abilities
    return "ground" in attacker["targets"]


def first_round_allowance(rules: Rules, state: dict[str, Any]) -> int | None:
    """§11 and formats.md: `first_round_armies[players][round - 1][turn position]`, the
    turn position counted from the first player; None when the round is not restricted."""
    table = rules.ruleset.get("first_round_armies", {}).get(str(rules.players)) or []
    if not 1 <= state["round"] <= len(table):
        return None
    position = (state["current_player"] - state["first_player"]) % rules.players
    return unwrap(table[state["round"] - 1][position])


def army_allowed(rules: Rules, state: dict[str, Any], u: dict[str, Any]) -> bool:
    """rules-apply.md "Army allowance": whether `u`'s army may still move or attack."""
    if u["army"] is None:
        return True
    table = rules.ruleset.get("first_round_armies", {}).get(str(rules.players)) or []
    if state["first_player"] is None or not 1 <= state["round"] <= len(table):
        return True
    position = (state["current_player"] - state["first_player"]) % rules.players
    row = table[state["round"] - 1]
    limit = int(unwrap(row[position])) if position < len(row) else ARMIES
    if limit >= ARMIES:
        return True
    excluded: list[int] = []
    if state["round"] >= 2:
        prev = table[state["round"] - 2]
        if position < len(prev) and int(unwrap(prev[position])) < ARMIES:
            excluded = state["last_armies"].get(rules.nations[state["current_player"]], [])
    if u["army"] in excluded:
        return False
    return u["army"] in state["armies_moved"] or len(state["armies_moved"]) < limit


def flag_of(u: dict[str, Any]) -> str:
    """rules-apply.md "Co-op": a unit's own nationality (`flag`, else its `nation`)."""
    return u.get("flag") or u["nation"]


def may_move(rules: Rules, state: dict[str, Any], u: dict[str, Any]) -> bool:
    """rules-apply.md "Legal actions": a unit of the nation to act, in the move phase with no
    transport waiting to unload, not `moved` or `done`, not aboard, on a hex or in a fort,
    its army allowed."""
    return (state["phase"] == "move" and state["pending_unload"] is None
            and u["nation"] == rules.nations[state["current_player"]]
            and not u["moved"] and not u["done"] and u["carrier"] is None
            and (u["hex"] is not None or u["fort"] is not None)
            and army_allowed(rules, state, u))


def legal_moves(rules: Rules, state: dict[str, Any], unit_id: str,
                variants: set[str]) -> list[dict[str, Any]]:
    """Every hex the unit may end its move on, as the conformance case expects (none when
    it may not move now)."""
    units = {u["id"]: u for u in state["units"]}
    unit = units[unit_id]
    if not may_move(rules, state, unit):
        return []
    utype = rules.units[unit["type"]]
    nation = unit["nation"]
    team = rules.team_of[nation]
    costs = rules.ruleset["terrain_costs"][move_class(rules, utype)]
    speed2 = round(2 * unwrap(utype["speed"]))
    last_step2 = round(2 * unwrap(rules.ruleset["last_step_to_meadow"]))

    graben = "grabenkampf" in variants

    def cost2(h: Hex) -> int | str | None:
        terrain = rules.terrain[h]
        if terrain == "trench" and not graben:
            terrain = "meadow"  # §4: without Grabenkampf a trench costs as meadow
        if terrain == "trench" and utype["class"] not in TRENCH_CLASSES:
            return None
        c = unwrap(costs.get(terrain))
        return c if c is None or c == "whole_move" else round(2 * c)

    fort_cells = {h for f in rules.forts.values() for h in (*f["hexes"], *f["entrances"])}
    on_board = {tuple(u["hex"]): u for u in state["units"]
                if u["hex"] is not None and u["carrier"] is None}
    # §5: a foot soldier on water cannot attack; air units over water and ships can
    enemies = [u for u in on_board.values() if rules.team_of[u["nation"]] != team
               and u["fort"] is None and not (rules.terrain.get(tuple(u["hex"])) == "water"
                                              and rules.units[u["type"]]["class"] == "foot")
               and can_melee(rules.units[u["type"]], utype)]
    contact = {n for e in enemies for n in neighbours(tuple(e["hex"]))}

    def walkable(h: Hex) -> bool:
        if not rules.on_board(h) or h in fort_cells:
            return False
        other = on_board.get(h)
        return other is None or rules.team_of[other["nation"]] == team

    def free(h: Hex) -> bool:
        return on_board.get(h) is None

    def meadow(h: Hex) -> bool:
        return rules.terrain[h] == "meadow" or (rules.terrain[h] == "trench" and not graben)

    out: dict[tuple[Hex, str], dict[str, Any]] = {}

    def offer(h: Hex, spent2: int, kind: str = "move", fort: str | None = None) -> None:
        key = (h, kind)
        if key not in out or spent2 < out[key]["cost2"]:
            out[key] = {"cost2": spent2, "kind": kind, "fort": fort}

    in_fort = unit["fort"]
    # rules-apply.md "Grabenkampf trenches": a foot soldier in a trench moves from all of
    # it; it may not end in a trench the other team holds
    foot_in_graben = graben and utype["class"] == "foot"
    long_hex: list[Hex] = []
    barred: set[Hex] = set()
    if foot_in_graben:
        if in_fort is None:
            long_hex = list(rules.trench_of(tuple(unit["hex"])))
        for u in on_board.values():
            if (u["id"] != unit_id and rules.team_of[u["nation"]] != team
                    and rules.units[u["type"]]["class"] == "foot"):
                barred.update(rules.trench_of(tuple(u["hex"])))
    if in_fort is not None:
        starts = [(e, False) for e in rules.forts[in_fort]["entrances"]]
    else:
        starts = [(h, h in contact) for h in long_hex or [tuple(unit["hex"])]]
    start_hexes = {h for h, _c in starts}
    # §2: water for foot soldiers is one whole move, first and only step, not from a fort
    if in_fort is None:
        for n in neighbours(tuple(unit["hex"])):
            if walkable(n) and cost2(n) == "whole_move" and free(n):
                offer(n, speed2)
    dist: dict[tuple[Hex, bool], int] = {}
    queue = [(0, h, c) for h, c in starts]
    heapq.heapify(queue)
    while queue:
        spent, h, in_contact = heapq.heappop(queue)
        if dist.get((h, in_contact), 1 << 30) <= spent:
            continue
        dist[(h, in_contact)] = spent
        for n in neighbours(h):
            step = cost2(n) if rules.on_board(n) else None
            if step is None or step == "whole_move" or not walkable(n):
                continue
            total = spent + step
            ends = in_contact and n in contact
            if total <= speed2:
                if free(n) and n not in barred and (n not in start_hexes or ends):
                    offer(n, total)
                if not ends:
                    heapq.heappush(queue, (total, n, n in contact))
            elif (meadow(n) and speed2 - spent >= last_step2 and free(n)
                  and n not in barred):
                offer(n, speed2)  # §3: the last step onto meadow ends the move (all of it)
    reached = {h: s for (h, _c), s in dist.items()}
    if in_fort is not None:
        for e in rules.forts[in_fort]["entrances"]:
            reached.pop(e, None)
    # §6: own forts entered for 0.5 from a hex next to an entrance
    for fid, f in rules.forts.items():
        if fid == in_fort or fid not in rules.forts_in_play():
            continue
        owner = state["forts"].get(fid)
        for e in f["entrances"]:
            for n in neighbours(e):
                if n in reached and owner == nation and reached[n] + 1 <= speed2:
                    offer(e, reached[n] + 1, "enter", fid)
    # §6: capture by a foot soldier that has not moved, next to an entrance
    abilities = {a["id"] for a in utype.get("abilities", [])}
    shorter = "shorter_game" in variants
    if (utype["class"] == "foot" and utype["can_capture"] and not unit["moved"]
            and in_fort is None and not (shorter and "anti_tank" in abilities)):
        near = {n for h in start_hexes for n in neighbours(h)}
        for fid in rules.forts_in_play():
            owner = state["forts"].get(fid)
            if owner != "neutral" and rules.team_of.get(owner) == team:
                continue
            for e in rules.forts[fid]["entrances"]:
                if e in near and (e, "capture") not in out:
                    offer(e, speed2, "capture", fid)
    # §8: boarding an own transport that has not moved, with room; §11: in a restricted
    # first round both armies count as used
    allowance = first_round_allowance(rules, state)
    if utype["transportable"]:
        for u in on_board.values():
            t = rules.units[u["type"]]
            used = set(state["armies_moved"]) | {unit["army"], u["army"]}
            if allowance is not None and len(used - {None}) > allowance:
                continue
            if (u["nation"] == nation and t["capacity"] > len(u["cargo"]) and not u["moved"]
                    and u["fort"] is None):
                h = tuple(u["hex"])
                best = min((reached[n] + 1 for n in neighbours(h) if n in reached),
                           default=None)  # §8: boarding costs 0.5 whatever the terrain
                if best is not None and best <= speed2:
                    offer(h, best, "board")
    answer = []
    for (h, kind), v in out.items():
        if (kind == "move" and unit["cargo"]
                and next(unloadings(rules, state["units"], unit, h, variants), None) is None):
            continue  # §8: a loaded transport ends only where its passengers can get off
        answer.append({"to": {"axial": list(h), "offset": list(rules.offset_of[h])},
                       "cost": v["cost2"] / 2, "kind": kind, "fort": v["fort"]})
    return sorted(answer, key=lambda m: (m["to"]["axial"], m["kind"]))


def answer(rules: Rules, case: dict[str, Any]) -> dict[str, Any]:
    """This client's answer to a supported case."""
    variants = set(case["game"]["variants"]) | {
        vid for vid, v in rules.ruleset["variants"].items() if v.get("enabled")}
    if case["kind"] == "victory":
        return victory(rules, case["state"], variants)
    return {"moves": legal_moves(rules, case["state"], case["unit"], variants)}
