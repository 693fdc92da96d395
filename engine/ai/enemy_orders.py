"""The orders of the enemy action table (RULES §9.2, seed 004), one method per order kind.

`Orders(bot, state, unit).run(order)` returns a `Plan` when the unit can carry out the order,
or None when it cannot (the bot then tries the column to the left). Target choice follows
004's attack priorities; where the unit ends its move follows 004's end-of-move preference
(forest for foot soldiers and tanks/cars → bridge → crossroads → road → meadow), and units
without melee keep as far from the player's units as the order allows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.ai.automa_units import Plan, UnitPlanner
from engine.rules import combat
from engine.rules.enemy_table import Order
from engine.rules.movement import CAPTURE, ENTER
from engine.rules.unit import Unit

if TYPE_CHECKING:
    from engine.ai.enemy_table import EnemyTableBot

ARTILLERY_CLASSES = ("artillery", "ship")
TERRAIN_PREFERENCE = ("bridge", "crossroads", "road", "meadow")
FIVE_DAMAGE = 5  # 004: "Einheit mit 5 Schadenspunkten" comes first in both target lists


def group_of(u: Unit) -> str | None:
    """The table row of a unit: transport, foot, artillery, tank_car, air, anti_aircraft."""
    t = u.type
    if t.id == "anti_aircraft":
        return "anti_aircraft"
    if t.unit_class in ("transport", "foot", "air"):
        return t.unit_class
    if t.unit_class in ARTILLERY_CLASSES:
        return "artillery"
    if t.unit_class == "tank" or t.id == "armoured_car":
        return "tank_car"
    return None  # medic, minelayer, turret: no row in the table (docs/ai.md)


class Orders(UnitPlanner):
    """Carries out one table order for one enemy unit."""

    bot: EnemyTableBot

    def run(self, order: Order, why: str) -> Plan | None:
        """The unit's plan for `order`, or None when it cannot carry it out."""
        if order.anti_tank and self.u.type.id == "anti_tank":
            tanks = [e for e in self.enemies if e.type.unit_class == "tank"]
            return self.move_near(tanks, int(self.u.type.range_max or 1), why + " (anti-tank)")
        do: Callable[[Order, str], Plan | None] = getattr(self, f"do_{order.do}")
        return do(order, why)

    # --- helpers -------------------------------------------------------------------------------

    def is_crossroads(self, i: int) -> bool:
        roads = ("road", "bridge")
        return self.board.terrain_name(i) == "road" and sum(
            1 for n in self.board.neighbours[i] if self.board.terrain_name(n) in roads) >= 3

    def terrain_rank(self, i: int) -> int:
        name = "crossroads" if self.is_crossroads(i) else self.board.terrain_name(i)
        if name == "forest":
            return 5 if group_of(self.u) in ("foot", "tank_car") else 0
        return len(TERRAIN_PREFERENCE) - TERRAIN_PREFERENCE.index(name) \
            if name in TERRAIN_PREFERENCE else 0

    def has_melee(self) -> bool:
        return combat.can_attack_at(self.u.type, 1)

    def hexes(self) -> list[Callable]:
        """Where to end among equally good hexes: cover for units without melee, terrain."""
        return [
            lambda i: 0 if self.has_melee() else self.nearest_enemy(i),
            self.terrain_rank,
            lambda i: -self.spots.get(i, 0.0),
        ]

    def best(self, spots: list[int], key: Callable[[int], float], why: str) -> Plan | None:
        """The spot with the smallest `key` (then the preferences), if it beats staying."""
        if not spots:
            return None
        low = min(key(i) for i in spots)
        here = key(self.u.pos) if self.u.pos >= 0 else None
        if here is not None and here <= low:
            return self.result("", None, None, f"stays: {why}")
        i = self.bot.pick([i for i in spots if key(i) == low], self.hexes())
        assert isinstance(i, int)
        return self.result("", i, None, why)

    def own_forts_open(self) -> list[str]:
        team_of = self.s.game.team_of
        return [f for f in self.board.fort_entrances
                if team_of.get(self.s.fort_owner[f], "neutral") != self.team]

    def entrance_dist(self, i: int, forts: list[str]) -> int:
        return min((self.dist(i, e) for f in forts for e in self.board.fort_entrances[f]),
                   default=99)

    def targets(self, kind: str | None) -> list[Unit]:
        """The player's units an order names, that this unit can attack."""
        rs, s, near = self.s.game.ruleset, self.s, self.bot.table.near_fort_hexes
        every = [e for e in self.enemies if combat.can_target(self.u.type, e.type)]
        value = {e.id: combat.hit_value(rs, s.fighter(e), s.fighter(self.u)) for e in every}
        forts = list(self.board.fort_entrances)
        tests: dict[str, Callable[[Unit], bool]] = {
            "any": lambda e: True,
            "most_damaged": lambda e: True,
            "non_artillery": lambda e: e.type.unit_class not in ARTILLERY_CLASSES,
            "armoured_car": lambda e: e.type.id == "armoured_car",
            "tank_or_car": lambda e: e.type.unit_class == "tank" or e.type.id == "armoured_car",
            "transport": lambda e: e.type.unit_class == "transport",
            "artillery": lambda e: e.type.unit_class in ARTILLERY_CLASSES,
            "anti_aircraft": lambda e: e.type.id == "anti_aircraft",
            "air": lambda e: e.type.unit_class == "air",
            "foot": lambda e: e.type.unit_class == "foot",
            "foot_near_fort": lambda e: e.type.unit_class == "foot"
            and self.entrance_dist(e.pos, forts) <= near,
            "foot_far_from_fort": lambda e: e.type.unit_class == "foot"
            and self.entrance_dist(e.pos, forts) > near,
        }
        if kind in ("highest_attack", "second_highest_attack"):
            values = sorted(set(value.values()), reverse=True)
            k = 0 if kind == "highest_attack" else 1
            return [e for e in every if len(values) > k and value[e.id] == values[k]]
        return [e for e in every if tests[kind or "any"](e)]

    def ranks(self, most_damaged: bool = False) -> list[Callable]:
        """004's target hierarchy for artillery or non-artillery units."""
        rs, s = self.s.game.ruleset, self.s

        def attack(e: Unit) -> int:
            return combat.hit_value(rs, s.fighter(e), s.fighter(self.u))

        first = [lambda e: e.damage] if most_damaged else []
        if group_of(self.u) == "artillery":
            return [*first, lambda e: e.damage == FIVE_DAMAGE,
                    lambda e: -self.nearest_from(e), attack, lambda e: e.xp]
        return [*first, lambda e: e.damage == FIVE_DAMAGE, lambda e: -attack(e),
                lambda e: -e.xp]

    def nearest_from(self, e: Unit) -> int:
        here = self.u.pos if self.u.pos >= 0 else None
        return self.dist(here, e.pos) if here is not None else 0

    def move_near(self, targets: list[Unit], hexes: int, why: str) -> Plan | None:
        """Move to within `hexes` of the nearest of `targets` (or as close as possible)."""
        if not targets:
            return None

        def gap(i: int) -> int:
            return max(0, min(self.dist(i, e.pos) for e in targets) - hexes)
        return self.best(list(self.spots), gap, why)

    # --- the orders ----------------------------------------------------------------------------

    def do_attack(self, order: Order, why: str) -> Plan | None:
        targets = self.targets(order.target)
        return self.attack_from(targets, self.ranks(order.target == "most_damaged"),
                                self.hexes(), "", why + ":")

    def do_pincer(self, order: Order, why: str) -> Plan | None:
        """Join an attack another enemy unit has planned this turn; skipped as overkill when
        the table's count of attackers on that unit is reached."""
        planned: dict[str, int] = {}
        for _a, d, _w in self.bot.attacks:
            planned[d] = planned.get(d, 0) + 1
        limit = self.bot.table.pincer_overkill_attackers
        targets = [e for e in self.enemies if 0 < planned.get(e.id, 0) < limit
                   and combat.can_target(self.u.type, e.type)]
        spots = {i for i in self.spots if any(self.dist(i, e.pos) == 1 for e in targets)}
        targets = [e for e in targets if any(self.dist(i, e.pos) == 1 for i in spots)]
        if not targets:
            return None
        target = self.bot.pick(targets, self.ranks())
        assert isinstance(target, Unit)
        near = [i for i in spots if self.dist(i, target.pos) == 1]
        i = self.bot.pick(near, self.hexes())
        assert isinstance(i, int)
        return self.result("", i, target, f"{why} on {target.id}")

    def do_move_to_forest(self, order: Order, why: str) -> Plan | None:
        forest = [i for i in self.spots if self.board.terrain_name(i) == "forest"]
        if not forest:
            return None
        return self.best(forest, lambda i: -self.nearest_enemy(i) if not self.has_melee()
                         else self.nearest_enemy(i), why)

    def do_move_away(self, order: Order, why: str) -> Plan | None:
        return self.best(list(self.spots), lambda i: -self.nearest_enemy(i), why)

    def do_occupy_crossroads(self, order: Order, why: str) -> Plan | None:
        cross = [i for i in self.spots if self.is_crossroads(i)]
        if cross:
            return self.best(cross, lambda i: -self.nearest_enemy(i), why + " (crossroads)")
        return self.do_move_away(order, why + " (away from your units)")

    def do_move_to_fort_entrance(self, order: Order, why: str) -> Plan | None:
        forts = self.own_forts_open()
        captures = [o for o in self.options.values() if o.kind == CAPTURE]
        if captures:
            o = captures[0]
            return Plan(self.u, "", None, o.action(), None, f"{why}: captures fort {o.fort}")
        if not forts:
            return None
        return self.best(list(self.spots), lambda i: self.entrance_dist(i, forts), why)

    def do_approach_fort(self, order: Order, why: str) -> Plan | None:
        forts = self.own_forts_open()
        here = self.u.pos
        if not forts or here < 0:
            return None
        forts.sort(key=lambda f: (self.entrance_dist(here, [f]), f))
        fort = forts[min(order.rank or 1, len(forts)) - 1]
        return self.best(list(self.spots), lambda i: self.entrance_dist(i, [fort]),
                         f"{why} {fort}")

    def do_approach_transportable(self, order: Order, why: str) -> Plan | None:
        cargo = [f for f in self.friends if f.type.unit_class in ("foot", *ARTILLERY_CLASSES)]
        here = self.u.pos
        if not cargo or here < 0:
            return None
        cargo.sort(key=lambda f: (self.dist(here, f.pos), f.id))
        goal = cargo[min(order.rank or 1, len(cargo)) - 1]
        return self.best(list(self.spots), lambda i: max(1, self.dist(i, goal.pos)),
                         f"{why} ({goal.id})")

    def do_move_near(self, order: Order, why: str) -> Plan | None:
        return self.move_near(self.targets(order.target), order.hexes or 1, why)

    # --- the sequence before the table --------------------------------------------------------

    def go_home(self, why: str) -> Plan | None:
        """Repair order: into an own fort if it can, else towards the nearest one."""
        enter = [o for o in self.s.legal_moves(self.u).values() if o.kind == ENTER]
        if enter:
            o = enter[0]
            return Plan(self.u, "3", None, o.action(), None, f"{why}: enters fort {o.fort}")
        mine = [f for f in self.board.fort_entrances if self.s.fort_owner[f] == self.u.nation]
        if not mine or self.u.pos < 0:
            return None
        return self.best(list(self.spots), lambda i: self.entrance_dist(i, mine), why)
