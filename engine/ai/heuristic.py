"""The "heuristic" AI seat: a one-ply player for the competitive game.

Every choice asks the engine: where a unit may go (`legal_moves`), whom it may attack
(`legal_actions`, `combat.can_target` / `can_attack_at`), and how an attack would go (the exact
odds: `odds.attack_odds` for declarations, `odds.odds` for a hex the unit could move to).
It keeps no rules arithmetic of its own; its weights say what it values, not what the rules are.

- setup: the first legal action (quick setup places the armies before it is asked);
- move: units one at a time (foot soldiers first); each takes its best destination if it beats
  staying: capture a fort > step next to a fort entrance nobody of its side claims > get close
  to one; other units go where their best attack is worth most, minus the threat of enemies
  that can reach them; damaged units head into an own fort for repair;
- declare: greedily the attack with the best value (destruction chance and expected damage
  weighted by unit prices, minus the expected return fire), skipping targets already likely
  destroyed by earlier declarations; enemy foot soldiers next to a fort entrance come first;
- combat: fight; money: repair heavily damaged units, then buy (foot soldiers while fewer
  than six, else the most expensive affordable unit) into the own fort nearest the front;
- from round `max_rounds` + 1 on it surrenders, so every game ends (games report it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.ai.base import Decision, TurnBot
from engine.hexes import Hex
from engine.model import UnitType
from engine.rules import combat, money
from engine.rules.actions import Attack, Buy, EndPhase, Fight, Repair
from engine.rules.board import Board
from engine.rules.combat import IllegalAttackError
from engine.rules.dice import Dice, seed_state
from engine.rules.movement import BOARD, CAPTURE, ENTER, MoveOption
from engine.rules.odds import AttackOdds, Odds, attack_odds, odds
from engine.rules.state import State
from engine.rules.unit import Unit

LABEL = "heuristic"
CAPTURE_SCORE = 1000.0
FORT_STEP = 6.0  # score per hex closer to a fort entrance (foot soldiers)
NEXT_TO_ENTRANCE = 8.0
ENEMY_STEP = 0.6  # score per hex closer to the nearest enemy (units out of range)
THREAT_WEIGHT = 0.5
FOREST_BONUS = 0.3
REPAIR_AT = 3  # damage from which a unit goes home for repair
ATTACK_MIN = 0.05
FOOT_WANTED = 6
URGENCY = 30.0  # extra worth of destroying an enemy foot soldier next to a fort entrance


@dataclass
class _View:
    """One unit's move question: fort entrances it heads for, enemy hexes, the enemies it can
    attack, the threats (enemy hex, reach in hexes, worth) and attack values found so far.

    The `*_qr` lists hold the same hexes as plain (q, r) pairs, and `in_range` memoizes
    `combat.can_attack_at` per distance: scoring every destination is the bot's hot loop.
    """

    unit: Unit
    goals: list[Hex]
    enemies: list[Hex]
    targets: list[tuple[Hex, Unit]]
    threats: list[tuple[Hex, int, float]]
    values: dict[tuple[str, int], float | None]
    goals_qr: list[tuple[int, int]] = field(default_factory=list)
    enemies_qr: list[tuple[int, int]] = field(default_factory=list)
    targets_qr: list[tuple[int, int, Unit]] = field(default_factory=list)
    threats_qr: list[tuple[int, int, int, float]] = field(default_factory=list)
    in_range: dict[int, bool] = field(default_factory=dict)
    goal_dist: dict[int, int] = field(default_factory=dict)  # board index -> hexes to a goal
    enemy_dist: dict[int, int] = field(default_factory=dict)  # ... to the nearest enemy
    keys: dict[str, tuple] = field(default_factory=dict)  # unit id -> its fighter key

    def __post_init__(self) -> None:
        self.goals_qr = [(h.q, h.r) for h in self.goals]
        self.enemies_qr = [(h.q, h.r) for h in self.enemies]
        self.targets_qr = [(h.q, h.r, e) for h, e in self.targets]
        self.threats_qr = [(h.q, h.r, reach, w) for h, reach, w in self.threats]


# Odds are a pure function of (ruleset, catalog, fighters, distance): one memo per ruleset and
# catalog object, shared by every bot of a process (a simulation plays thousands of games of
# one scenario). Each entry holds its ruleset and catalog, so their ids cannot be reused.
_ODDS: dict[tuple[int, int], tuple[object, object, dict[tuple, Odds | None]]] = {}


def _odds_cache(s: State) -> dict[tuple, Odds | None]:
    game = s.game
    key = (id(game.ruleset), id(game.catalog))
    entry = _ODDS.get(key)
    if entry is None:
        entry = _ODDS[key] = (game.ruleset, game.catalog, {})
    return entry[2]


def captures_forts(s: State, u: Unit) -> bool:
    """Whether `u` is a foot soldier that may capture forts in this game (the card's flag and
    the game's variants decide)."""
    return u.type.unit_class == "foot" and u.type.can_capture and s.game.may_capture(u.type)


class HeuristicBot(TurnBot):
    """A seeded one-ply player; `decide(state)` returns an action and why."""

    label = LABEL

    def __init__(self, seed: int | str = 0, *, max_rounds: int = 30) -> None:
        self.seed = seed
        self.max_rounds = max_rounds
        self.rng = Dice(seed_state(f"heuristic-bot:{seed}"))
        self._settled: set[str] = set()
        self._planned: dict[str, float] = {}
        # board index -> distance to the nearest hex of a set (fort entrances to head for,
        # enemy hexes), per set: the same sets serve many units, turns and decisions
        self._dist_board: Board | None = None
        # attack odds of this declare phase by (attacker, defender), with the position they
        # hold for: declaring changes no position, so each pair is computed once per phase
        self._declare_key: tuple | None = None
        self._target_catalog: object = None
        self._targets: dict[tuple[str, str], bool] = {}
        self._declare_odds: dict[tuple[str, str], AttackOdds] = {}
        self._nearest: dict[tuple[int, ...], dict[int, int]] = {}

    # --- the interface -----------------------------------------------------------------------

    def new_turn(self) -> None:
        """Forget the previous turn's plans."""
        self._settled = set()
        self._planned = {}

    def decide(self, s: State) -> Decision:
        """The bot's action for the player to act in `s`, with the reason for it."""
        stop = self.opening(s)
        if stop is not None:
            return stop
        if s.phase == "setup":
            actions = [a for a in s.legal_actions() if a.verb != "surrender"]
            return Decision(actions[0], "setup: first legal choice")
        if s.phase == "move":
            return self._move(s)
        if s.phase == "declare":
            return self._declare(s)
        if s.phase == "combat":
            return Decision(Fight(), "fight the next declared attack")
        return self._money(s)

    # --- values ------------------------------------------------------------------------------

    def _value(self, s: State, u: Unit) -> float:
        return float(money.price(s, u.type) or 3) + 1.0

    def _fighter_key(self, u: Unit, s: State) -> tuple:
        f = s.fighter(u)
        return (u.type.id, f.damage, f.xp, f.in_forest, f.on_water, f.in_trench)

    def _odds_at(self, s: State, a: Unit, d: Unit, dist: int, a_key: tuple | None = None,
                 d_key: tuple | None = None) -> Odds | None:
        """Exact odds of `a` attacking `d` from `dist` hexes where they stand (None when the
        rules forbid it), memoized by both fighters' keys (`a_key`, `d_key`: when known)."""
        cache = _odds_cache(s)
        key = (a_key or self._fighter_key(a, s), d_key or self._fighter_key(d, s), dist)
        if key not in cache:
            try:
                cache[key] = odds(s.game.ruleset, s.fighter(a), s.fighter(d), dist, 0)
            except IllegalAttackError:
                cache[key] = None
        return cache[key]

    def _can_target(self, s: State) -> Callable[[UnitType, UnitType], bool]:
        """`combat.can_target`, memoized by unit type ids for this game's catalog (it
        depends on the two cards only)."""
        if self._target_catalog is not s.game.catalog:
            self._target_catalog, self._targets = s.game.catalog, {}
        memo = self._targets

        def can_target(attacker: UnitType, defender: UnitType) -> bool:
            key = (attacker.id, defender.id)
            ok = memo.get(key)
            if ok is None:
                ok = memo[key] = combat.can_target(attacker, defender)
            return ok

        return can_target

    def _attack_value(self, s: State, a: Unit, d: Unit, o: Odds) -> float:
        life = max(1, len(o.damage_dealt) - 1)
        gain = self._value(s, d) * (o.p_destroy + 0.5 * o.expected_dealt / life)
        loss = self._value(s, a) * (o.p_lose_attacker + 0.5 * o.expected_taken / 6)
        return gain - loss + self._urgency(s, d) * o.p_destroy

    def _urgency(self, s: State, d: Unit) -> float:
        """Extra worth of removing an enemy foot soldier next to a fort entrance."""
        if d.pos < 0 or not captures_forts(s, d):
            return 0.0
        board = s.game.board
        for n in board.neighbours[d.pos]:
            if n in board.entrance_fort:
                return URGENCY
        return 0.0

    # --- move phase --------------------------------------------------------------------------

    def _move(self, s: State) -> Decision:
        if s.pending_unload is not None:
            unload = next(a for a in s.legal_actions() if a.verb == "unload")
            return Decision(unload, f"unload {s.pending_unload}")
        own = [u for u in s.units.values() if u.nation == s.nation and u.id not in self._settled
               and s.can_move(u) and u.type.unit_class != "transport"]
        own.sort(key=lambda u: (not captures_forts(s, u), u.id))
        for u in own:
            decision = self._best_move(s, u)
            if decision is not None:
                return decision
            self._settled.add(u.id)
        return Decision(EndPhase(), "no unit has a better place")

    def _best_move(self, s: State, u: Unit) -> Decision | None:
        board = s.game.board
        view = self._view(s, u)
        repair = u.damage >= REPAIR_AT
        if u.pos >= 0:
            stay = self._hex_value(s, u.pos, view)
        elif u.fort is not None and repair:
            return None
        else:
            stay = -1e9
        best: tuple[float, MoveOption] | None = None
        index_of = board.index_of
        for opt in s.legal_moves(u).values():
            kind = opt.kind
            if kind == BOARD:
                continue
            if kind == CAPTURE:
                score = CAPTURE_SCORE
            elif kind == ENTER:
                if not repair:
                    continue
                score = 50.0 + u.damage
            else:
                score = self._hex_value(s, index_of[opt.target], view)
            if best is None or score > best[0]:
                best = (score, opt)
        if best is None or best[0] <= stay + 0.01:
            return None
        score, opt = best
        if opt.kind == CAPTURE:
            why = f"captures fort {opt.fort}"
        elif opt.kind == ENTER:
            why = f"enters fort {opt.fort} for repair"
        else:
            why = self._hex_score(s, index_of[opt.target], view)[1]
        h = opt.target
        return Decision(opt.action(), f"{opt.kind} {u.id} to {h.q},{h.r}: {why} "
                        f"(score {score:.1f} vs {stay:.1f} staying)")

    def _view(self, s: State, u: Unit) -> _View:
        """What one unit's move is judged by, gathered once for all its destinations."""
        board = s.game.board
        enemies = [e for e in s.occ.values() if e.team != u.team]
        can_target = self._can_target(s)
        targets = [(board.hexes[e.pos], e) for e in enemies
                   if u.type.targets and can_target(u.type, e.type)]
        threats = []
        u_key = self._fighter_key(u, s)
        u_value = self._value(s, u)
        keys: dict[str, tuple] = {u.id: u_key}
        for e in enemies:
            if not e.type.targets or not can_target(e.type, u.type):
                continue
            e_key = keys[e.id] = self._fighter_key(e, s)
            o = self._odds_at(s, e, u, max(1, e.type.range_min), e_key, u_key)
            if o is not None:
                worth = u_value * (o.p_destroy + 0.5 * o.expected_dealt / 6)
                reach = int(e.type.speed) + (e.type.range_max or 99)
                threats.append((board.hexes[e.pos], reach, worth))
        goals = self._fort_goals(s, u)
        return _View(u, [board.hexes[e] for e in goals],
                     [board.hexes[e.pos] for e in enemies], targets, threats, {}, keys=keys,
                     goal_dist=self._nearest_table(board, (0, *goals)),
                     enemy_dist=self._nearest_table(board, (1, *sorted(e.pos for e in enemies))))

    def _nearest_table(self, board: Board, key: tuple[int, ...]) -> dict[int, int]:
        """The (lazily filled) distances to the nearest hex of a set, by its kind and board
        indices; dropped when the board changes or too many sets have been seen."""
        if self._dist_board is not board or len(self._nearest) > 256:
            self._dist_board, self._nearest = board, {}
        return self._nearest.setdefault(key, {})

    def _fort_goals(self, s: State, u: Unit) -> list[int]:
        """Entrance indices of forts `u` could capture, unclaimed ones when there are any."""
        if not captures_forts(s, u):
            return []
        board = s.game.board
        mine: dict[str, list[int]] = {}
        claimed: set[str] = set()
        for fort, entrances in board.fort_entrances.items():
            if not s.capturable(fort, u):
                continue
            mine[fort] = list(entrances)
            for e in entrances:
                for n in board.neighbours[e]:
                    o = s.occ.get(n)
                    if o is not None and o.id != u.id and o.team == u.team \
                            and captures_forts(s, o):
                        claimed.add(fort)
        free = [e for f, es in mine.items() if f not in claimed for e in es]
        return free or [e for es in mine.values() for e in es]

    def _hex_value(self, s: State, i: int, view: _View) -> float:
        """`_hex_score`'s score alone, the same float by the same steps (no Hex objects, no
        text): it runs for every destination of every unit."""
        board = s.game.board
        h = board.hexes[i]
        q, r = h.q, h.r
        score = 0.0
        if view.goals_qr:
            d = view.goal_dist.get(i)
            if d is None:
                d = view.goal_dist[i] = min((abs(q - gq) + abs(r - gr) + abs(q - gq + r - gr))
                                            // 2 for gq, gr in view.goals_qr)
            score -= FORT_STEP * d
            if d == 1:
                score += NEXT_TO_ENTRANCE
        best_attack, target = 0.0, None
        in_range = view.in_range
        for eq, er, e in view.targets_qr:
            dq, dr = q - eq, r - er
            dist = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
            ok = in_range.get(dist)
            if ok is None:
                ok = in_range[dist] = combat.can_attack_at(view.unit.type, dist)
            if not ok:
                continue
            v = self._attack_value_at(s, view, e, dist)
            if v is not None and v > best_attack:
                best_attack, target = v, e
        if target is not None:
            score += best_attack
        elif view.enemies_qr and not view.goals_qr:
            d = view.enemy_dist.get(i)
            if d is None:
                d = view.enemy_dist[i] = min((abs(q - eq) + abs(r - er) + abs(q - eq + r - er))
                                             // 2 for eq, er in view.enemies_qr)
            score -= ENEMY_STEP * d
        threat = 0  # summed in the threats' order, as sum() would
        for tq, tr, reach, w in view.threats_qr:
            dq, dr = q - tq, r - tr
            if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= reach:
                threat += w
        score -= THREAT_WEIGHT * threat
        if board.terrain_name(i) == "forest":
            score += FOREST_BONUS
        return score

    def _attack_value_at(self, s: State, view: _View, e: Unit, dist: int) -> float | None:
        """The value of the view's unit attacking `e` from `dist` hexes (memoized per view)."""
        key = (e.id, dist)
        values = view.values
        if key not in values:
            keys = view.keys
            u = view.unit
            e_key = keys.get(e.id)
            if e_key is None:
                e_key = keys[e.id] = self._fighter_key(e, s)
            o = self._odds_at(s, u, e, dist, keys[u.id], e_key)
            values[key] = None if o is None else self._attack_value(s, view.unit, e, o)
        return values[key]

    def _hex_score(self, s: State, i: int, view: _View) -> tuple[float, str]:
        """The worth of the view's unit standing on board index `i`, and why."""
        board = s.game.board
        u = view.unit
        h: Hex = board.hexes[i]
        score, why = 0.0, []
        if view.goals:
            d = min(h.distance(g) for g in view.goals)
            score -= FORT_STEP * d
            if d == 1:
                score += NEXT_TO_ENTRANCE
                why.append("next to a fort entrance")
            else:
                why.append(f"{d} hexes from a fort entrance")
        best_attack, target = 0.0, None
        for eh, e in view.targets:
            dist = h.distance(eh)
            if not combat.can_attack_at(u.type, dist):
                continue
            v = self._attack_value_at(s, view, e, dist)
            if v is not None and v > best_attack:
                best_attack, target = v, e
        if target is not None:
            score += best_attack
            why.append(f"can attack {target.id}")
        elif view.enemies and not view.goals:
            score -= ENEMY_STEP * min(h.distance(eh) for eh in view.enemies)
        score -= THREAT_WEIGHT * sum(w for eh, reach, w in view.threats
                                     if h.distance(eh) <= reach)
        if board.terrain_name(i) == "forest":
            score += FOREST_BONUS
        return score, ", ".join(why) or "better position"

    # --- declare phase -----------------------------------------------------------------------

    def _declare(self, s: State) -> Decision:
        best: tuple[float, Attack, AttackOdds] | None = None
        for a in s.legal_actions():
            if not isinstance(a, Attack):
                continue
            if self._planned.get(a.defender, 0.0) >= 0.9:
                continue
            ao = self._attack_odds(s, a)
            v = self._attack_value(s, s.units[a.attacker], s.units[a.defender], ao.odds)
            if best is None or v > best[0]:
                best = (v, a, ao)
        if best is None or best[0] < ATTACK_MIN:
            return Decision(EndPhase(), "no attack worth declaring")
        v, a, ao = best
        self._planned[a.defender] = self._planned.get(a.defender, 0.0) + ao.odds.p_destroy
        return Decision(a, f"attack {a.defender} with {a.attacker}: {ao.text()} (value {v:.1f})")

    def _attack_odds(self, s: State, a: Attack) -> AttackOdds:
        """`attack_odds` of a declaration, memoized while every unit stays where it is, as
        undamaged as it is (the odds depend on nothing else of a running game)."""
        key = (s.game, s.round, s.current, tuple(
            (u.id, u.pos, u.fort, u.carrier, u.damage, u.xp) for u in s.units.values()))
        if key != self._declare_key:
            self._declare_key, self._declare_odds = key, {}
        pair = (a.attacker, a.defender)
        ao = self._declare_odds.get(pair)
        if ao is None:
            ao = self._declare_odds[pair] = attack_odds(s, a.attacker, a.defender)
        return ao

    # --- money phase -------------------------------------------------------------------------

    def _money(self, s: State) -> Decision:
        actions = s.legal_actions()
        repairs = [a for a in actions if isinstance(a, Repair)
                   and s.units[a.unit].damage >= REPAIR_AT]
        if repairs:
            a = max(repairs, key=lambda r: (s.units[r.unit].damage, r.unit))
            return Decision(a, f"repair {a.unit} ({s.units[a.unit].damage} damage)")
        buys = [a for a in actions if isinstance(a, Buy) and a.unit_type != money.SPECIAL]
        if buys:
            return self._buy(s, buys)
        return Decision(EndPhase(), "nothing to repair or buy")

    def _buy(self, s: State, buys: list[Buy]) -> Decision:
        catalog = s.game.catalog.units
        foot = sum(1 for u in s.units.values()
                   if u.nation == s.nation and captures_forts(s, u))
        def worth(b: Buy) -> tuple[float, float, str]:
            t = catalog[b.unit_type]
            p = float(money.price(s, t) or 0)
            if foot < FOOT_WANTED:
                capturer = t.unit_class == "foot" and t.can_capture and s.game.may_capture(t)
                return (1.0 if capturer else 0.0), t.speed / max(p, 1.0), b.unit_type
            return p, t.speed, b.unit_type

        best_type = max(buys, key=worth).unit_type
        forts = [b for b in buys if b.unit_type == best_type]
        where = min(forts, key=lambda b: (self._front_distance(s, b.where), b.where))
        why = "a foot soldier to take forts" if foot < FOOT_WANTED else "the strongest unit"
        return Decision(where, f"buy {best_type} in {where.where}: {why}, nearest the front")

    def _front_distance(self, s: State, fort: str) -> int:
        board = s.game.board
        entrances = board.fort_entrances.get(fort, ())
        team = s.game.team_of[s.nation]
        targets = [u.pos for u in s.occ.values() if u.team != team]
        targets += [e for f, es in board.fort_entrances.items()
                    if s.game.team_of.get(s.fort_owner[f]) != team for e in es]
        if not entrances or not targets:
            return 0
        return min(board.hexes[a].distance(board.hexes[b]) for a in entrances for b in targets)
