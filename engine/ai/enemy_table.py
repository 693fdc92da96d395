"""The enemy action table (earlier edition solo rules, RULES §9.2, seed 004) as a bot.

Each enemy turn: (1) foot soldiers next to an entrance of a neutral/player fort capture it
(not when a player foot soldier is next to an entrance too); (2) foot soldiers 2 hexes from
such an entrance step next to it; (3) units under a repair order (4-5 damage) head for their
own fort; (4) a d12 picks a column of the table (content/solo/earlier.enemy-table.yaml) and
each unit group, transport first, carries out its order; a unit that cannot uses the column to
its left (wrapping 1 -> 12). The engine's declaration phase comes after all moves, so the bot
remembers the attack each move was for and declares them in 004's attack order. Money: repairs
of 3-5 damage in forts, then a die decides whether it buys the most expensive unit it can.
The table is data; see docs/ai.md for the GAPs and how they were filled.
"""

from __future__ import annotations

from engine.ai.automa_units import Plan
from engine.ai.base import Decision, TurnBot
from engine.ai.enemy_orders import Orders, group_of
from engine.rules import combat, money
from engine.rules.actions import Assign, Attack, Buy, EndPhase, Fight, Repair
from engine.rules.dice import Dice, seed_state
from engine.rules.enemy_table import GROUPS, EnemyTable, builtin_table
from engine.rules.movement import CAPTURE
from engine.rules.state import State
from engine.rules.unit import Unit

SETUP_MARKERS = 3


class EnemyTableBot(TurnBot):
    """The enemy of one difficulty level; `decide(state)` returns an action and why."""

    def __init__(self, seed: int | str = 0, level: str = "normal", *, max_rounds: int = 30,
                 table: EnemyTable | None = None) -> None:
        self.table = table or builtin_table()
        if level not in self.table.levels:
            raise ValueError(f"enemy table level must be one of {list(self.table.levels)}, "
                             f"got {level!r}")
        self.level = level
        self.label = f"enemy_table:{level}"
        self.max_rounds = max_rounds
        self.rng = Dice(seed_state(f"enemy_table:{level}:{seed}"))
        self._handled: set[str] = set()
        self.attacks: list[tuple[str, str, str]] = []  # attacker, target, why
        self.roll: int | None = None
        self.repair_orders: set[str] = set()
        self._groups: dict[str, int] = {}
        self._bought = False

    def new_turn(self) -> None:
        """Forget the previous turn's plans."""
        self._handled, self.attacks, self.roll, self._bought = set(), [], None, False

    def decide(self, s: State) -> Decision:
        """The enemy's action for the player to act in `s`, with the table cell behind it."""
        stop = self.opening(s)
        if stop is not None:
            return stop
        if s.phase == "setup":
            return self._setup(s)
        if s.phase == "move":
            return self._move(s)
        if s.phase == "declare":
            return self._declare(s)
        if s.phase == "combat":
            return Decision(Fight(), "fight the next declared attack")
        return self._money(s)

    def pick(self, items: list, keys: list) -> object:
        """Narrow `items` by each key (largest wins) in turn, then pick at random."""
        for key in keys:
            if len(items) <= 1:
                break
            best = max(key(x) for x in items)
            items = [x for x in items if key(x) == best]
        return items[self.rng.below(len(items))] if len(items) > 1 else items[0]

    def roll_die(self, sides: int) -> int:
        """One die of `sides` faces, from the bot's own RNG."""
        return self.rng.below(sides) + 1

    # --- set-up: 2 dice, their difference fills a start marker -------------------------------

    def setup_sizes(self, units: int) -> list[int]:
        """004: roll 2 dice for the 1st and the 2nd marker (doubles are rolled again); the
        difference is how many chips go there; the 3rd gets what is left."""
        sizes, left = [], units
        for _ in range(SETUP_MARKERS - 1):
            a, b = 0, 0
            while a == b:
                a, b = (self.roll_die(self.table.setup_die_sides) for _ in range(2))
            sizes.append(min(abs(a - b), left))
            left -= sizes[-1]
        return [*sizes, left]

    def _setup(self, s: State) -> Decision:
        legal = [a for a in s.legal_actions() if a.verb != "surrender"]
        if s.setup_step == "assign":
            if not self._groups:
                cup = sorted(u.id for u in s.units.values()
                             if u.nation == s.nation and u.army is None)
                order = [cup.pop(self.rng.below(len(cup))) for _ in range(len(cup))]
                sizes = self.setup_sizes(len(order))
                for k, uid in enumerate(order):
                    self._groups[uid] = 1 if k < sizes[0] else 2 if k < sizes[0] + sizes[1] \
                        else 3
            wanted = [a for a in legal if isinstance(a, Assign)
                      and a.army == self._groups.get(a.unit, 3)]
            a = wanted[0] if wanted else next(a for a in legal if isinstance(a, Assign))
            return Decision(a, f"drawn from the cup for start marker {a.army} (2-dice "
                            "difference)")
        return Decision(legal[0], "set-up: next start marker")

    # --- move phase ----------------------------------------------------------------------------

    def _move(self, s: State) -> Decision:
        if s.pending_unload is not None:
            a = next(a for a in s.legal_actions() if a.verb == "unload")
            return Decision(a, "unload")
        units = sorted((u for u in s.units.values() if u.nation == s.nation
                        and u.id not in self._handled and s.can_move(u)), key=self._order)
        for u in units:
            self._handled.add(u.id)
            plan = self.plan(s, u)
            if plan is None:
                continue
            if plan.target is not None:
                self.attacks.append((u.id, plan.target.id, plan.why))
            if plan.action is not None:
                return Decision(plan.action, f"{u.id}: {plan.why}")
        return Decision(EndPhase(), "every enemy unit has its order")

    def _order(self, u: Unit) -> tuple[int, str]:
        g = group_of(u)
        return (GROUPS.index(g) if g is not None else len(GROUPS), u.id)

    def plan(self, s: State, u: Unit) -> Plan | None:
        """The sequence (capture, step to an entrance, repair order), then the table."""
        o = Orders(self, s, u)  # type: ignore[arg-type]
        foot = u.type.unit_class == "foot"
        near = self.table.near_fort_hexes
        if foot and u.pos >= 0:
            open_forts = o.own_forts_open()
            captures = [m for m in o.options.values() if m.kind == CAPTURE]
            if o.entrance_dist(u.pos, open_forts) == 1:
                blocked = [m for m in captures if m.fort and self._player_foot_at(o, m.fort)]
                free = [m for m in captures if m not in blocked]
                if free:
                    m = free[0]
                    return Plan(u, "1", None, m.action(), None,
                                f"sequence 1: captures fort {m.fort}")
                if blocked or not captures:
                    return Plan(u, "1", None, None, None, "sequence 1: stays by the entrance")
            if o.entrance_dist(u.pos, open_forts) == near:
                p = o.best(list(o.spots), lambda i: o.entrance_dist(i, open_forts),
                           "sequence 2: next to the fort entrance")
                if p is not None:
                    return p
        if u.damage >= self.table.repair_order_from_damage:
            self.repair_orders.add(u.id)
        if u.id in self.repair_orders:
            if u.fort is not None and s.fort_owner.get(u.fort) == u.nation:
                return None  # waits in its fort for the repair
            p = o.go_home(f"sequence 3: repair order ({u.damage} damage)")
            if p is not None:
                return p
        return self._table_plan(s, u, o)

    def _player_foot_at(self, o: Orders, fort: str) -> bool:
        return any(n in o.s.occ and o.s.occ[n].team != o.team
                   and o.s.occ[n].type.unit_class == "foot"
                   for e in o.board.fort_entrances[fort] for n in o.board.neighbours[e])

    def _table_plan(self, s: State, u: Unit, o: Orders) -> Plan | None:
        group = group_of(u)
        if group is None:
            return None  # medic, minelayer, turret: no row (docs/ai.md)
        if self.roll is None:
            self.roll = self.roll_die(self.table.die_sides)
        for roll in self.table.fallback(self.roll):
            col = self.table.column(roll)
            order = col.orders[group]
            left = "" if roll == self.roll else f", column {roll} to the left"
            why = f"roll {self.roll}{left} ({col.name['en']}), {group}: {order.describe()}"
            plan = o.run(order, why)
            if plan is not None:
                return plan
        # 004: a unit that can do no order at all moves to fulfil its first order as well as
        # it can (and may fire at anything from where it lands).
        first = self.table.column(self.roll).orders[group]
        targets = o.targets(first.target) if first.do in ("attack", "move_near") else []
        if not targets and first.do in ("attack", "pincer"):
            targets = o.targets("any")
        why = f"roll {self.roll}, {group}: no order possible, towards {first.describe()}"
        return o.move_near(targets, 1, why) if targets else None

    # --- declarations: 004's attack order, retargeting ----------------------------------------

    def _declare(self, s: State) -> Decision:
        def key(item: tuple[str, str, str]) -> tuple:
            a, d = s.units.get(item[0]), s.units.get(item[1])
            if a is None or d is None or a.pos < 0 or d.pos < 0:
                return (2, 0, 0)
            dist = s.game.board.hexes[a.pos].distance(s.game.board.hexes[d.pos])
            back = combat.returns_fire(s.fighter(a), s.fighter(d), dist)
            value = combat.hit_value(s.game.ruleset, s.fighter(a), s.fighter(d))
            return (int(back), value, a.xp)

        self.attacks.sort(key=key)
        while self.attacks:
            aid, did, why = self.attacks.pop(0)
            a = s.units.get(aid)
            if a is None:
                continue
            d = s.units.get(did)
            if d is not None and s.attack_problem(a, d) is None:
                return Decision(Attack(aid, did), f"{aid} attacks {did}: {why}")
            others = [e for e in s.units.values() if e.team != a.team
                      and s.attack_problem(a, e) is None]
            if others:
                o = Orders(self, s, a)  # type: ignore[arg-type]
                e = self.pick(others, o.ranks())
                assert isinstance(e, Unit)
                return Decision(Attack(aid, e.id), f"{aid} attacks {e.id}: its target "
                                f"{did} is gone, another by the attack priorities")
        return Decision(EndPhase(), "no further enemy attack")

    # --- money: repairs, then the buying die ---------------------------------------------------

    def _money(self, s: State) -> Decision:
        legal = s.legal_actions()
        rs = s.game.ruleset
        repairs = [a for a in legal if isinstance(a, Repair)
                   and s.units[a.unit].damage >= self.table.repair_from_damage]
        if repairs:
            def value(a: Repair) -> int:
                u = s.units[a.unit]
                return combat.hit_value(rs, s.fighter(u), s.fighter(u))
            r = max(repairs, key=lambda a: (value(a), a.unit))
            self.repair_orders.discard(r.unit)
            return Decision(r, f"repair {r.unit} ({s.units[r.unit].damage} damage, the "
                            "highest attack value first)")
        if self._bought:
            return Decision(EndPhase(), "bought this turn")
        self._bought = True
        die = self.roll_die(self.table.buy_die_sides)
        cash = s.money.get(s.nation, 0)
        if die > cash:
            return Decision(EndPhase(), f"buying die {die} > money {cash}: no purchase")
        own = [u for u in s.units.values() if u.nation == s.nation]
        buys = [b for b in legal if isinstance(b, Buy) and b.unit_type != money.SPECIAL
                and sum(1 for u in own if u.type.id == b.unit_type) < self.table.max_per_type]
        if not buys:
            return Decision(EndPhase(), f"buying die {die} ≤ money {cash}, nothing to buy")
        catalog = s.game.catalog.units
        top = max(money.price(s, catalog[b.unit_type]) or 0 for b in buys)
        buys = [b for b in buys if (money.price(s, catalog[b.unit_type]) or 0) == top]
        b = self.pick(buys, [lambda b: self._fort_key(s, b.where), lambda b: b.unit_type])
        assert isinstance(b, Buy)
        return Decision(b, f"buying die {die} ≤ money {cash}: the most expensive unit, "
                        f"{b.unit_type}, into {b.where}, the fort nearest your units")

    def _fort_key(self, s: State, fort: str) -> tuple:
        board = s.game.board
        team = s.game.team_of[s.nation]
        entrances = board.fort_entrances.get(fort, ())
        blocked = any(n in s.occ and s.occ[n].team != team
                      and s.occ[n].type.unit_class == "foot"
                      for e in entrances for n in board.neighbours[e])
        near = min((board.hexes[e].distance(board.hexes[x.pos]) for e in entrances
                    for x in s.occ.values() if x.team != team), default=99)
        return (not blocked, -near)
