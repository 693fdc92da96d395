"""The independent client's mines and built terrain, written from docs/rules-apply.md
"Mines under a moving unit" (the engine's path of a move, entry or capture) and "Built
terrain". Standard library only; nothing from the Studio.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .conformance_consumer import Hex, Rules, can_melee, move_class, neighbours, unwrap

START = None


@dataclass
class Search:
    """rules-apply.md "The path of a move": costs in half points, the hex each was reached
    from, move-ending arrivals and fort entries."""

    dist: dict[Hex, int] = field(default_factory=dict)
    parent: dict[Hex, Hex | None] = field(default_factory=dict)
    ends: dict[Hex, tuple[int, Hex]] = field(default_factory=dict)
    enters: dict[Hex, tuple[int, Hex, str]] = field(default_factory=dict)
    starts: list[Hex] = field(default_factory=list)

    def chain(self, at: Hex) -> list[Hex]:
        """The hexes from a start to `at`."""
        out = [at]
        while self.parent[out[-1]] is not START:
            out.append(self.parent[out[-1]])  # type: ignore[arg-type]
        return out[::-1]

    def path_to(self, h: Hex) -> list[Hex] | None:
        """The path of the `move` option to `h` (None when it is none)."""
        reached = h in self.dist and h not in self.starts
        end = self.ends.get(h)
        if end is not None and (not reached or end[0] < self.dist[h]):
            return [*self.chain(end[1]), h]
        if reached:
            return [*self.chain(self.parent[h]), h]  # type: ignore[arg-type]
        return None


def search(rules: Rules, state: dict[str, Any], unit: dict[str, Any],
           variants: set[str]) -> Search:
    """rules-apply.md "The path of a move": the engine's cheapest-path search."""
    utype = rules.units[unit["type"]]
    graben = "grabenkampf" in variants
    costs = rules.ruleset["terrain_costs"][move_class(rules, utype)]
    budget = round(2 * unwrap(utype["speed"]))
    last_step = round(2 * unwrap(rules.ruleset["last_step_to_meadow"]))
    team = rules.team_of[unit["nation"]]

    def step(h: Hex) -> int | None:
        if not rules.on_board(h) or h in rules.fort_cells:
            return None
        terrain = rules.terrain[h]
        if terrain == "trench" and not graben:
            terrain = "meadow"
        if terrain == "trench" and utype["class"] not in ("foot", "tank", "air"):
            return None
        c = unwrap(costs.get(terrain))
        return None if c is None or c == "whole_move" else round(2 * c)

    def meadow(h: Hex) -> bool:
        return rules.terrain[h] == "meadow" or (rules.terrain[h] == "trench" and not graben)

    enemies = {tuple(u["hex"]): u for u in state["units"] if u["hex"] is not None
               and rules.team_of[u["nation"]] != team}
    contact = {n for h, e in enemies.items()
               if not (rules.terrain[h] == "water" and rules.units[e["type"]]["class"] == "foot")
               and can_melee(rules.units[e["type"]], utype) for n in neighbours(h)}
    in_fort = unit["fort"]
    own_forts = [f for f, o in state["forts"].items() if o == unit["nation"] and f != in_fort]
    s = Search()
    if in_fort is not None:
        s.starts = list(rules.forts[in_fort]["entrances"])
        contact -= set(s.starts)
    else:
        here = tuple(unit["hex"])
        trench = rules.trench_of(here) if graben and utype["class"] == "foot" else frozenset()
        s.starts = sorted(trench, key=lambda h: rules.offset_of[h][::-1]) or [here]
    buckets: list[list[Hex]] = [[] for _ in range(budget + 1)]
    for h in s.starts:
        s.dist[h], s.parent[h] = 0, START
    buckets[0].extend(s.starts)
    entrances = {e: fid for fid in rules.forts_in_play() for e in rules.forts[fid]["entrances"]}
    for c in range(budget + 1 if last_step <= 0 else budget):
        rem = budget - c
        for h in buckets[c]:
            if s.dist[h] != c:
                continue
            if own_forts and rem >= 1:
                for e in neighbours(h):
                    fid = entrances.get(e)
                    if fid in own_forts and (e not in s.enters or c + 1 < s.enters[e][0]):
                        s.enters[e] = (c + 1, h, fid)
            for n in neighbours(h):
                tc = step(n)
                if tc is None or tc <= 0:
                    continue
                nc = c + tc
                if nc > budget:
                    if rem >= last_step and meadow(n) and n not in s.ends:
                        s.ends[n] = (budget, h)
                    continue
                if h in contact and n in contact:
                    if n not in s.ends or nc < s.ends[n][0]:
                        s.ends[n] = (nc, h)
                    continue
                if n not in enemies and nc < s.dist.get(n, 1 << 30):
                    s.dist[n], s.parent[n] = nc, h
                    buckets[nc].append(n)
    return s


def mines_of(state: dict[str, Any]) -> dict[Hex, str]:
    """The state's `powers.mines`: hex -> the nation that laid the mine."""
    return {(q, r): n for q, r, n in (state.get("powers") or {}).get("mines", [])}


def first_mine(rules: Rules, state: dict[str, Any], unit: dict[str, Any],
               path: list[Hex]) -> Hex | None:
    """The first hex after the path's first whose mine is an enemy's (air units: none)."""
    if rules.units[unit["type"]]["class"] == "air":
        return None
    team = rules.team_of[unit["nation"]]
    mines = mines_of(state)
    return next((h for h in path[1:] if h in mines and rules.team_of[mines[h]] != team), None)


def mine_on_move(rules: Rules, state: dict[str, Any], unit: dict[str, Any], to: Hex,
                 variants: set[str]) -> Hex | None:
    """Where `move U Q,R` runs onto an enemy mine, or None."""
    if not mines_of(state):
        return None
    path = search(rules, state, unit, variants).path_to(to)
    return first_mine(rules, state, unit, path) if path else None


def mine_on_entry(rules: Rules, state: dict[str, Any], unit: dict[str, Any], kind: str,
                  fort: str, variants: set[str]) -> Hex | None:
    """Where `enter`/`capture U F` runs onto an enemy mine (the way of least cost, then the
    entrance with the lowest q, r), or None."""
    if not mines_of(state):
        return None
    if kind == "enter":
        s = search(rules, state, unit, variants)
        ways = [(c, e, [*s.chain(h), e]) for e, (c, h, fid) in s.enters.items() if fid == fort]
    else:
        here = [tuple(unit["hex"])]
        graben = "grabenkampf" in variants and rules.units[unit["type"]]["class"] == "foot"
        starts = rules.trench_of(here[0]) if graben else frozenset()
        near = {n for h in (starts or here) for n in neighbours(h)}
        ways = [(0, e, [e, e]) for e in rules.forts[fort]["entrances"] if e in near]
    if not ways:
        return None
    _cost, _e, path = min(ways, key=lambda w: (w[0], w[1]))
    return first_mine(rules, state, unit, path)


def built_terrain(kind: str, current: str) -> str:
    """rules-apply.md "build": a road over water is a bridge."""
    if kind == "road":
        return "bridge" if current == "water" else "road"
    return "trench"


class MinesPlay:
    """The effects of mines and builds on a state being played (mixed into
    consumer_apply.Play, which provides the state, the log and the lookups)."""

    s: dict[str, Any]
    log: list[dict[str, Any]]
    rules: Rules
    vp_params: dict[str, Any] | None
    score: Callable[[str, int, str], None]
    vp: Callable[[str, int], int]
    remove: Callable[[str], None]
    check_victory: Callable[[], None]
    unit: Callable[[str], dict[str, Any]]

    def explode(self, u: dict[str, Any], at: Hex) -> None:
        """rules-apply.md "Mines under a moving unit": the unit (and its cargo) is destroyed
        on the mine, which is used up; the mine's nation scores it; the victory check."""
        owner = mines_of(self.s)[at]
        self.log.append({"event": "mine_exploded", "unit": u["id"], "at": list(at),
                         "owner": owner})
        if self.vp_params is not None:
            self.score(owner, (1 + len(u["cargo"])) * self.vp("per_unit_destroyed", 1),
                       "units destroyed")
        self.remove(u["id"])
        self.check_victory()

    def mined_way(self, u: dict[str, Any], at: Hex | None) -> bool:
        """When `at` (a mine on U's way) is not None: U moves onto it and explodes."""
        if at is None:
            return False
        self.log.append({"event": "move", "unit": u["id"], "from": u["hex"], "to": list(at)})
        self.explode(u, at)
        return True

    def do_build(self, uid: str, kind: str, first: str, second: str) -> None:
        """rules-apply.md "build": the two hexes get the built terrain (state `powers.built`),
        the builder counts as having attacked."""
        made = []
        for text in (first, second):
            h = tuple(int(x) for x in text.split(","))
            made.append((list(h), built_terrain(kind, self.rules.terrain[h])))
        u = self.unit(uid)
        u["attacked"] = True
        self.log.append({"event": "build", "unit": uid,
                         "what": "trench" if kind == "trench" else "road/bridge",
                         "hexes": [h for h, _t in made], "terrain": [t for _h, t in made]})
