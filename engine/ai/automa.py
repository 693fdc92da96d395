"""The Automa (current edition, RULES §9.1 from seed 002): the solo opponent's priority lists.

The rule changes (roster, fixed hits) live in `engine.rules.automa`; this bot only decides.
Each unit, in the rulebook's order, takes the first priority it can fulfil; ties are broken by
the lettered criteria in order, then at random with the bot's own RNG. The engine has a
declaration phase, so the Automa moves every unit first (remembering the attack each move was
for) and then declares those attacks in the same order; see docs/ai.md for this and the other
GAPs (distances between units in hexes, buying in the Automa's own money phase).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.ai.base import Decision
from engine.rules import automa as rules
from engine.rules import combat, money
from engine.rules.actions import Action, Assign, Attack, Buy, EndPhase, Fight, Surrender
from engine.rules.dice import Dice, seed_state
from engine.rules.movement import CAPTURE, MOVE
from engine.rules.state import State
from engine.rules.unit import Unit

FOOT_ORDER = ("infantry", "mounted_infantry", "heavy_infantry")
MELEE_ORDER = ("fighter", "tank")  # then other tanks, armoured car, others: by price
RANGED_ORDER = ("assault_gun", "howitzer", "anti_aircraft", "heavy_mortar")
GROUP_SIZES = (4, 4)  # tiles drawn for the 1st and 2nd start marker; the 3rd gets the rest
FEW_FOOT = 2


@dataclass
class Plan:
    """One unit's choice: where it goes (None: stays), whom it attacks, and why."""

    unit: Unit
    priority: str
    to: int | None = None  # board index, or None to stay
    action: Action | None = None  # capture / move action
    target: Unit | None = None
    why: str = ""


class AutomaBot:
    """The Automa of one difficulty level; `decide(state)` returns an action and why."""

    def __init__(self, seed: int | str = 0, level: str = "easy", *,
                 max_rounds: int = 30) -> None:
        if level not in rules.LEVELS:
            raise ValueError(f"Automa level must be one of {rules.LEVELS}, got {level!r}")
        self.level = level
        self.label = f"automa:{level}"
        self.max_rounds = max_rounds
        self.rng = Dice(seed_state(f"automa:{level}:{seed}"))
        self._turn: tuple[int, int] | None = None
        self._handled: set[str] = set()
        self._attacks: list[tuple[str, str, str]] = []  # attacker, target, why
        self._groups: dict[str, int] = {}

    def choose(self, s: State) -> Action:
        """A legal action for the player to act in `s`."""
        return self.decide(s).action

    def decide(self, s: State) -> Decision:
        """The Automa's action for the player to act in `s`, with the rule that chose it."""
        if s.is_terminal():
            raise ValueError("the game is over; there is nothing to choose")
        if s.round > self.max_rounds and s.phase != "setup":
            return Decision(Surrender(), f"round cap: round {s.round} > {self.max_rounds}")
        if (s.round, s.current) != self._turn:
            self._turn = (s.round, s.current)
            self._handled, self._attacks = set(), []
        if s.phase == "setup":
            return self._setup(s)
        if s.phase == "move":
            return self._move(s)
        if s.phase == "declare":
            return self._declare(s)
        if s.phase == "combat":
            return Decision(Fight(), "fight the next attack (fixed hits, no dice)")
        return self._buy(s)

    # --- setup: draw 4, 4 and the rest from the cup -----------------------------------------

    def _setup(self, s: State) -> Decision:
        legal = [a for a in s.legal_actions() if a.verb != "surrender"]
        if s.setup_step == "assign":
            if not self._groups:
                cup = sorted(u.id for u in s.units.values()
                             if u.nation == s.nation and u.army is None)
                order = [cup.pop(self.rng.below(len(cup))) for _ in range(len(cup))]
                for k, uid in enumerate(order):
                    self._groups[uid] = 1 if k < GROUP_SIZES[0] else \
                        2 if k < sum(GROUP_SIZES) else 3
            a = next(a for a in legal if isinstance(a, Assign)
                     and a.army == self._groups.get(a.unit, 3))
            return Decision(a, f"drawn from the cup for start marker {a.army}")
        return Decision(legal[0], "set-up: next start marker")

    # --- move phase --------------------------------------------------------------------------

    def _order(self, s: State, u: Unit) -> tuple:
        t = u.type
        price = money.price(s, t) or 0
        if t.unit_class == "foot":
            k = FOOT_ORDER.index(t.id) if t.id in FOOT_ORDER else len(FOOT_ORDER)
            return (0, k, 0)
        if combat.can_attack_at(t, 1):
            k = MELEE_ORDER.index(t.id) if t.id in MELEE_ORDER else len(MELEE_ORDER)
            return (1, k, -price)
        k = RANGED_ORDER.index(t.id) if t.id in RANGED_ORDER else len(RANGED_ORDER)
        return (2, k, t.range_max or 99)

    def _move(self, s: State) -> Decision:
        if s.pending_unload is not None:
            a = next(a for a in s.legal_actions() if a.verb == "unload")
            return Decision(a, "unload")
        units = [u for u in s.units.values() if u.nation == s.nation and u.id not in
                 self._handled and u.type.unit_class != "transport" and s.can_move(u)]
        if not units:
            return Decision(EndPhase(), "every Automa unit has acted")
        first = min(self._order(s, u) for u in units)
        same = sorted((u for u in units if self._order(s, u) == first), key=lambda u: u.id)
        # 002: of several units of one type, the one with the higher priority acts first.
        plans = sorted((self._plan(s, u) for u in same), key=lambda p: (p.priority, p.unit.id))
        plan = plans[0]
        self._handled.add(plan.unit.id)
        if plan.target is not None:
            self._attacks.append((plan.unit.id, plan.target.id, plan.priority))
        if plan.action is None:  # it stays (and may attack from where it stands)
            return self._move(s)
        return Decision(plan.action, f"{plan.unit.id}: priority {plan.priority}, {plan.why}")

    def _plan(self, s: State, u: Unit) -> Plan:
        if u.type.unit_class == "foot":
            return Foot(self, s, u).plan()
        if combat.can_attack_at(u.type, 1):
            return Melee(self, s, u).plan()
        return Ranged(self, s, u).plan()

    def pick(self, items: list, keys: list[Callable]) -> object:
        """Narrow `items` by each key (largest wins) in turn, then pick at random."""
        for key in keys:
            if len(items) <= 1:
                break
            best = max(key(x) for x in items)
            items = [x for x in items if key(x) == best]
        return items[self.rng.below(len(items))] if len(items) > 1 else items[0]

    # --- declare: the attacks the moves were made for ----------------------------------------

    def _declare(self, s: State) -> Decision:
        while self._attacks:
            aid, did, why = self._attacks.pop(0)
            a, d = s.units.get(aid), s.units.get(did)
            if a is not None and d is not None and s.attack_problem(a, d) is None:
                return Decision(Attack(aid, did), f"{aid} attacks {did}: priority {why}")
        return Decision(EndPhase(), "no further Automa attack")

    # --- buying ------------------------------------------------------------------------------

    def _buy(self, s: State) -> Decision:
        """002: fewer than 2 foot soldiers: mounted infantry; else an armoured car (at the
        type limit: assault gun/howitzer, then a random unit)."""
        buys = [a for a in s.legal_actions() if isinstance(a, Buy)
                and a.unit_type != money.SPECIAL]
        own = [u for u in s.units.values() if u.nation == s.nation]
        foot = sum(1 for u in own if u.type.unit_class == "foot" and u.type.can_capture)
        rs = s.game.ruleset
        catalog = s.game.catalog.units
        wanted = ["mounted_infantry"] if foot < FEW_FOOT else \
            ["armoured_car", "assault_gun", "howitzer"]
        choice: list[Buy] = []
        for t in wanted:
            if t not in catalog or s.nation not in catalog[t].nations:
                continue
            at_limit = rs.unit_limit_enabled and \
                sum(1 for u in own if u.type.id == t) >= rs.unit_limit_max
            if at_limit:
                continue
            choice = [b for b in buys if b.unit_type == t]
            if not choice:
                return Decision(EndPhase(), f"cannot afford {t} yet")
            break
        else:
            if foot >= FEW_FOOT and buys:
                types = sorted({b.unit_type for b in buys})
                t = types[self.rng.below(len(types))]
                choice = [b for b in buys if b.unit_type == t]
        if not choice:
            return Decision(EndPhase(), "nothing to buy")
        b = self.pick(choice, [lambda b: self._fort_key(s, b.where)])
        assert isinstance(b, Buy)
        rule = "fewer than 2 foot soldiers" if foot < FEW_FOOT else "enough foot soldiers"
        return Decision(b, f"buy {b.unit_type} ({rule}) into {b.where}, the fort nearest "
                        "an enemy unit")

    def _fort_key(self, s: State, fort: str) -> tuple:
        board = s.game.board
        entrances = board.fort_entrances.get(fort, ())
        enemies = [u for u in s.occ.values() if u.team != s.game.team_of[s.nation]]
        blocked = any(n in s.occ and s.occ[n].team != s.game.team_of[s.nation]
                      and s.occ[n].type.unit_class == "foot"
                      for e in entrances for n in board.neighbours[e])
        dists = sorted(min(board.hexes[e].distance(board.hexes[x.pos]) for e in entrances)
                       for x in enemies) if entrances else []
        # nearest first; ties: more equally near enemies, then 2nd-, 3rd-nearest (negated
        # so that larger is better for `pick`).
        return (not blocked, *(-d for d in dists))


class _Unit:
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


class Melee(_Unit):
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


class Ranged(_Unit):
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
        attacked = {d for _a, d, _w in self.bot._attacks}
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


class Foot(_Unit):
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
