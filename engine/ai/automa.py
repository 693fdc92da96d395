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

from engine.ai.automa_units import Foot, Melee, Plan, Ranged
from engine.ai.base import Decision, TurnBot
from engine.rules import combat, money
from engine.rules.actions import Assign, Attack, Buy, EndPhase, Fight
from engine.rules.automa import LEVELS
from engine.rules.dice import Dice, seed_state
from engine.rules.state import State
from engine.rules.unit import Unit

FOOT_ORDER = ("infantry", "mounted_infantry", "heavy_infantry")
MELEE_ORDER = ("fighter", "tank")  # then other tanks, armoured car, others: by price
RANGED_ORDER = ("assault_gun", "howitzer", "anti_aircraft", "heavy_mortar")
GROUP_SIZES = (4, 4)  # tiles drawn for the 1st and 2nd start marker; the 3rd gets the rest
FEW_FOOT = 2


class AutomaBot(TurnBot):
    """The Automa of one difficulty level; `decide(state)` returns an action and why."""

    def __init__(self, seed: int | str = 0, level: str = "easy", *,
                 max_rounds: int = 30) -> None:
        if level not in LEVELS:
            raise ValueError(f"Automa level must be one of {LEVELS}, got {level!r}")
        self.level = level
        self.label = f"automa:{level}"
        self.max_rounds = max_rounds
        self.rng = Dice(seed_state(f"automa:{level}:{seed}"))
        self._handled: set[str] = set()
        self.attacks: list[tuple[str, str, str]] = []  # attacker, target, why
        self._groups: dict[str, int] = {}

    def new_turn(self) -> None:
        """Forget the previous turn's plans."""
        self._handled, self.attacks = set(), []

    def decide(self, s: State) -> Decision:
        """The Automa's action for the player to act in `s`, with the rule that chose it."""
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
            self.attacks.append((plan.unit.id, plan.target.id, plan.priority))
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
        while self.attacks:
            aid, did, why = self.attacks.pop(0)
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
