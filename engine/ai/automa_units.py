"""The Automa's priority lists per unit class (RULES §9.1, seed 002): foot soldiers, other melee
units, ranged units. Each planner returns a `Plan`: where the unit goes, whom it attacks and
which priority (with its tie-break letter) chose that."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.rules import automa as rules
from engine.rules import combat, money
from engine.rules.actions import Action
from engine.rules.movement import CAPTURE, MOVE
from engine.rules.state import State
from engine.rules.unit import Unit

if TYPE_CHECKING:
    from engine.ai.automa import AutomaBot


@dataclass
class Plan:
    """One unit's choice: where it goes (None: stays), whom it attacks, and why."""

    unit: Unit
    priority: str
    to: int | None = None  # board index, or None to stay
    action: Action | None = None  # capture / move action
    target: Unit | None = None
    why: str = ""


class UnitPlanner:
    """Shared facts for planning one Automa unit."""

    def __init__(self, bot: AutomaBot, s: State, u: Unit) -> None:
        self.bot, self.s, self.u = bot, s, u
        self.board = s.game.board
        self.team = u.team
        self.enemies = [e for e in s.occ.values() if e.team != u.team]
        self.friends = [f for f in s.occ.values() if f.team == u.team and f.id != u.id]
        self.options = {self.board.index_of[o.target]: o for o in s.legal_moves(u).values()
                        if o.kind in (MOVE, CAPTURE)}
        self.spots: dict[int, float] = {i: o.cost for i, o in self.options.items()
                                        if o.kind == MOVE}
        if u.pos >= 0:
            self.spots[u.pos] = 0.0  # staying is a choice too

    def dist(self, i: int, j: int) -> int:
        return self.board.hexes[i].distance(self.board.hexes[j])

    def nearest_enemy(self, i: int) -> int:
        return min((self.dist(i, e.pos) for e in self.enemies), default=99)

    def nearest_friend(self, i: int) -> int:
        return min((self.dist(i, f.pos) for f in self.friends), default=99)

    def can_hit(self, i: int, e: Unit) -> bool:
        return combat.can_target(self.u.type, e.type) and \
            combat.can_attack_at(self.u.type, self.dist(i, e.pos))

    def destroyable(self, e: Unit) -> bool:
        dealt = rules.fixed_damage(self.s, self.u, e)
        return dealt > 0 and dealt >= combat.damage_room(self.s.game.ruleset, self.s.fighter(e))

    def fires_back(self, i: int, e: Unit) -> bool:
        return combat.returns_fire(self.s.fighter(self.u), self.s.fighter(e), self.dist(i, e.pos))

    def result(self, priority: str, i: int | None, target: Unit | None, why: str) -> Plan:
        if i is None or i == self.u.pos:
            return Plan(self.u, priority, None, None, target, why)
        o = self.options[i]
        h = o.target
        return Plan(self.u, priority, i, o.action(), target,
                    f"{o.kind}d to {h.q},{h.r}: {why}" if o.kind == MOVE else why)

    def attack_from(self, targets: list[Unit], rank: list[Callable], hexes: list[Callable],
                    priority: str, why: str) -> Plan | None:
        """Move into range of the best target and attack it, or None when none is in reach."""
        reach = {e.id: [i for i in self.spots if self.can_hit(i, e)] for e in targets}
        usable = [e for e in targets if reach[e.id]]
        if not usable:
            return None
        target = self.bot.pick(usable, rank)
        assert isinstance(target, Unit)
        i = self.bot.pick(reach[target.id], hexes)
        assert isinstance(i, int)
        return self.result(priority, i, target, f"{why} {target.id}")

    def approach(self, target: Unit, hexes: list[Callable], priority: str) -> Plan:
        """Move as close (hexes) as possible to `target`."""
        spots = list(self.spots)
        if not spots:
            return self.stay(priority, f"cannot get closer to {target.id}")
        best = min(self.dist(i, target.pos) for i in spots)
        near = [i for i in spots if self.dist(i, target.pos) == best]
        i = self.bot.pick(near, hexes)
        assert isinstance(i, int)
        return self.result(priority, i, None, f"as close as possible to {target.id}")

    def stay(self, priority: str, why: str) -> Plan:
        return Plan(self.u, priority, None, None, None, why)


class Melee(UnitPlanner):
    """Other melee units (range 1): 1 move towards and attack, 2 move close to the target."""

    def is_air(self) -> bool:
        return self.u.type.unit_class == "air"

    def aa_distance(self, i: int) -> int:
        aa = [e for e in self.enemies if e.type.targets == {"air"}]
        return min((self.dist(i, e.pos) for e in aa), default=99)

    def ranks(self) -> list[Callable]:
        s = self.s
        return [
            lambda e: self.destroyable(e),  # a
            lambda e: not combat.returns_fire(s.fighter(self.u), s.fighter(e), 1),  # b
            lambda e: self.aa_distance(e.pos) if self.is_air() else 0,  # c (planes only)
            lambda e: -combat.hit_value(s.game.ruleset, s.fighter(e), s.fighter(self.u)),  # d
            lambda e: money.price(s, e.type) or 0,  # e
            lambda e: -e.xp,  # f
        ]

    def hexes(self) -> list[Callable]:
        return [
            lambda i: self.aa_distance(i) if self.is_air() else 0,  # a
            lambda i: self.board.terrain_name(i) == "forest",  # b
            lambda i: -self.nearest_friend(i),  # c
            lambda i: -self.spots.get(i, 0.0),  # d: closest to the origin
        ]

    def plan(self, prefix: str = "") -> Plan:
        targets = [e for e in self.enemies if combat.can_target(self.u.type, e.type)]
        if not targets:
            return self.stay(f"{prefix}2", "no enemy it can attack")
        p = self.attack_from(targets, self.ranks(), self.hexes(), f"{prefix}1",
                             "move towards and attack")
        if p is not None:
            return p
        target = self.bot.pick(targets, self.ranks())
        assert isinstance(target, Unit)
        return self.approach(target, self.hexes(), f"{prefix}2")


class Ranged(UnitPlanner):
    """Ranged units: 1 move into range and attack, 2 move close (hexes) to the target."""

    def near_entrance(self, e: Unit) -> bool:
        """An enemy foot soldier next to the entrance of a neutral or Automa fort."""
        if e.type.unit_class != "foot":
            return False
        for n in self.board.neighbours[e.pos]:
            fort = self.board.entrance_fort.get(n)
            if fort is not None and self.s.game.team_of.get(
                    self.s.fort_owner[fort], "neutral") in ("neutral", self.team):
                return True
        return False

    def ranks(self) -> list[Callable]:
        attacked = {d for _a, d, _w in self.bot.attacks}
        return [
            lambda e: self.destroyable(e),  # a
            lambda e: self.near_entrance(e),  # b
            lambda e: e.id in attacked,  # c: fire support
            lambda e: money.price(self.s, e.type) or 0,  # d
            lambda e: e.xp,  # e
        ]

    def on_road(self, i: int) -> bool:
        near = (i, *self.board.neighbours[i])
        return any(self.board.terrain_name(j) in ("road", "bridge") for j in near)

    def hexes(self) -> list[Callable]:
        return [
            lambda i: self.on_road(i),  # a
            lambda i: self.nearest_enemy(i),  # b: farthest from the nearest enemy
            lambda i: -self.nearest_friend(i),  # c
            lambda i: (-self.spots.get(i, 0.0), -self.dist(i, self.u.pos)
                       if self.u.pos >= 0 else 0),  # d: points, then hexes
        ]

    def plan(self) -> Plan:
        targets = [e for e in self.enemies if combat.can_target(self.u.type, e.type)]
        if not targets:
            return self.stay("2", "no enemy it can attack")
        p = self.attack_from(targets, self.ranks(), self.hexes(), "1", "move into range of")
        if p is not None:
            return p
        target = self.bot.pick(targets, self.ranks())
        assert isinstance(target, Unit)
        return self.approach(target, self.hexes(), "2")


class Foot(UnitPlanner):
    """Foot soldiers: forts first (priorities 1-3, 6), attacks (4-5), else melee (7)."""

    def enemy_foot_at(self, fort: str) -> bool:
        return any(n in self.s.occ and self.s.occ[n].team != self.team
                   and self.s.occ[n].type.unit_class == "foot"
                   for e in self.board.fort_entrances[fort] for n in self.board.neighbours[e])

    def own_foot_at(self, fort: str) -> bool:
        return any(n in self.s.occ and self.s.occ[n].team == self.team
                   and self.s.occ[n].id != self.u.id and self.s.occ[n].type.unit_class == "foot"
                   for e in self.board.fort_entrances[fort] for n in self.board.neighbours[e])

    def entrance_distance(self, i: int, forts: list[str]) -> int:
        return min((self.dist(i, e) for f in forts for e in self.board.fort_entrances[f]),
                   default=99)

    def plan(self) -> Plan:
        s, board = self.s, self.board
        captures = [o for o in self.options.values() if o.kind == CAPTURE
                    and not self.enemy_foot_at(o.fort or "")]
        if captures:
            o = self.bot.pick(sorted(captures, key=lambda o: o.fort or ""), [])
            return Plan(self.u, "1", None, o.action(), None, f"captures fort {o.fort}")
        targets = [f for f in board.fort_entrances if s.capturable(f, self.u)]
        goals = [f for f in targets if not self.own_foot_at(f) or self.enemy_foot_at(f)]
        beside = [i for i in self.spots if self.entrance_distance(i, goals) == 1]
        if beside:
            i = self.bot.pick(beside, [lambda i: self.nearest_enemy(i)])
            assert isinstance(i, int)
            return self.result("2a", i, None, "next to the entrance of a neutral/enemy fort")
        p = self.towards_fort()
        if p is not None:
            return p
        destroy = [e for e in self.enemies if self.destroyable(e)
                   and combat.can_target(self.u.type, e.type)]
        melee = Melee(self.bot, s, self.u)
        p = self.attack_from(destroy, melee.ranks(), melee.hexes(), "4", "attack destroyable")
        if p is not None:
            return p
        silent = [e for e in self.enemies if combat.can_target(self.u.type, e.type)]
        silent = [e for e in silent if any(self.can_hit(i, e) and not self.fires_back(i, e)
                                           for i in self.spots)]
        p = self.attack_from(silent, melee.ranks(), melee.hexes(), "5",
                             "attack one that cannot fire back:")
        if p is not None:
            return p
        if targets and self.spots:
            now = self.entrance_distance(self.u.pos, targets) if self.u.pos >= 0 else 99
            best = min(self.spots, key=lambda i: (self.entrance_distance(i, targets), i))
            if self.entrance_distance(best, targets) < now:
                near = [i for i in self.spots if self.entrance_distance(i, targets)
                        == self.entrance_distance(best, targets)]
                i = self.bot.pick(near, melee.hexes())
                assert isinstance(i, int)
                return self.result("6", i, None, "towards the nearest neutral/enemy fort")
        return melee.plan(prefix="7.")

    def towards_fort(self) -> Plan | None:
        """Priority 3: towards a neutral/own fort the soldier reaches within 2 rounds."""
        s, board = self.s, self.board
        speed = int(self.u.type.speed)
        team_of = s.game.team_of
        forts = [f for f in board.fort_entrances
                 if team_of.get(s.fort_owner[f], "neutral") in ("neutral", self.team)]
        here = self.u.pos
        if here < 0:
            return None
        forts = [f for f in forts if 1 < self.entrance_distance(here, [f]) <= 2 * speed]
        if not forts:
            return None
        fort = min(forts, key=lambda f: (self.entrance_distance(here, [f]), f))
        closer = [i for i in self.spots
                  if self.entrance_distance(i, [fort]) < self.entrance_distance(here, [fort])]
        if not closer:
            return None
        i = self.bot.pick(closer, [
            lambda i: self.entrance_distance(i, [fort]) <= speed,  # a
            lambda i: self.nearest_enemy(i),  # b
            lambda i: -self.entrance_distance(i, [fort]),  # c
            lambda i: board.terrain_name(i) == "forest",  # d
        ])
        assert isinstance(i, int)
        return self.result("3", i, None, f"towards fort {fort} (reachable within 2 rounds)")
