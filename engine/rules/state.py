"""`State`: one position of a game, its legal actions and how actions change it."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.hexes import Hex
from engine.i18n import _
from engine.model import UnitType
from engine.rules import (
    battle,
    chance,
    combat,
    coop,
    declare,
    money,
    scenario_runtime,
    serialize,
    setup,
    transport,
    victory,
)
from engine.rules.abilities import Ability, powers
from engine.rules.actions import (
    Action,
    Assign,
    Attack,
    BoardTransport,
    Buy,
    Capture,
    Deal,
    EndPhase,
    Enter,
    Fight,
    Gift,
    Headquarters,
    Move,
    Place,
    Repair,
    Surrender,
    Unload,
)
from engine.rules.chance import Outcome
from engine.rules.dice import Dice, seed_state
from engine.rules.errors import IllegalActionError
from engine.rules.events import (
    DRAW,
    CargoLost,
    Event,
    GameOver,
    PhaseStarted,
)
from engine.rules.movement import (
    BOARD,
    CAPTURE,
    ENTER,
    MOVE,
    MoveOption,
    contact_enemies,
    contact_map,
    legal_moves,
)
from engine.rules.phase import PHASES as PHASES  # re-exported: callers import it from here
from engine.rules.phase import Phase, end_reason_words, phase_words
from engine.rules.powers.record import PowerRecord
from engine.rules.unit import Unit

if TYPE_CHECKING:
    from engine.rules.game import Game
    from engine.rules.memo import PhaseMemo



ARMIES = 3




class State:
    """A game position. Create with `Game.new_initial_state()`."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.units: dict[str, Unit] = {}
        self.occ: dict[int, Unit] = {}
        # A fort the map gives to a nation that does not play in this game starts neutral; a
        # co-op partner's fort belongs to its seat.
        self.fort_owner: dict[str, str] = {
            f.id: game.seat_of.get(f.owner, "neutral") for f in game.forts
        }
        self.money: dict[str, int] = {}
        self.phase = Phase.SETUP
        self.current = 0
        self.round = 0
        self.first_player: int | None = None
        self.setup_step = "assign"
        self.chips: dict[str, list[int]] = {}
        self.armies: dict[str, list[list[str]]] = {}
        self.placed: dict[str, list[bool]] = {}
        self.armies_moved: list[int] = []
        self.last_armies: dict[str, list[int]] = {}
        self.declarations: list[tuple[str, str]] = []
        self.next_fight = 0
        self.pending_unload: str | None = None
        self.counters: dict[str, int] = {}
        self.winner_team: str | None = None
        self.reason = ""
        self.vp: dict[str, int] = {}  # victory-points variant
        self.hq: dict[str, int] = {}  # nation -> start number of its headquarters
        self.hq_taken: list[str] = []
        self.bank_paid: dict[str, int] = {}
        self.powers = PowerRecord()  # mines and per-turn power uses (special units)
        self.dice = Dice(seed_state(game.seed))
        # Explicit chance: a player's action that waits for its chance outcome (a special
        # unit bought, to be drawn); not yet in `history`.
        self.chance_pending: Action | None = None
        # Explicit chance, full setup: the chip deal in progress, (numbers, i) of a
        # Fisher–Yates shuffle whose next step swaps position i with a drawn j <= i.
        self.deal_pending: tuple[tuple[int, ...], int] | None = None
        self.history: list[Action] = []
        self.log: list[Event] = []
        # What the declare listing found (engine/rules/memo.py), while only attacks follow.
        self.phase_memo: PhaseMemo | None = None

    # --- creation --------------------------------------------------------------------------

    @classmethod
    def initial(cls, game: Game) -> State:
        """Deal start chips, create every player's units; quick setup also places them."""
        s = cls(game)
        rs = game.ruleset
        for nation in game.nations:
            s.money[nation] = int(game.scenario.starting_money.get(
                nation, rs.starting_money.get(nation, 0)))
            s.armies[nation] = [[] for _ in range(ARMIES)]
            s.placed[nation] = [False] * ARMIES
            for utype in game.rosters[nation]:
                s.add_unit(utype, nation)
            for utype in game.partner_rosters.get(nation, ()):
                s.add_unit(utype, nation, game.partner_of[nation])
        numbers = tuple(sorted(game.start_numbers))
        if game.explicit_chance and game.setup_mode == "full" and len(numbers) > 1:
            s.deal_pending = (numbers, len(numbers) - 1)
        else:
            setup.deal_chips(s)
        if game.setup_mode == "quick":
            setup.quick_setup(s)
        return s

    def add_unit(self, utype: UnitType, nation: str, flag: str | None = None) -> Unit:
        """Create a unit of `nation`'s seat with the next free id `FLAG-type-k` (not yet on
        the board); `flag` is the co-op partner whose unit it is, None for `nation`'s own."""
        key = f"{flag or nation}-{utype.id}"
        k = self.counters.get(key, 0) + 1
        self.counters[key] = k
        u = Unit(f"{key}-{k}", utype, nation, self.game.team_of[nation], flag)
        self.units[u.id] = u
        return u

    # --- basic queries ---------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """Seat index (0-based, turn order of the scenario) of the player to act."""
        return self.current

    @property
    def nation(self) -> str:
        """Nation of the player to act."""
        return self.game.nations[self.current]

    def unit(self, uid: str) -> Unit:
        """The unit with this id; KeyError with a hint if there is none."""
        try:
            return self.units[uid]
        except KeyError:
            raise KeyError(f"no unit {uid!r} in this game") from None

    def unit_at(self, h: Hex) -> Unit | None:
        """The unit standing on hex `h` (not in a fort or aboard), or None."""
        index = self.game.board.index_of.get(h)
        return None if index is None else self.occ.get(index)

    def hex_of(self, u: Unit) -> Hex | None:
        """Axial hex of a unit on the board, None in a fort or transport."""
        return self.game.board.hexes[u.pos] if u.pos >= 0 else None

    def is_on_water(self, u: Unit) -> bool:
        """A non-air, non-ship unit standing on a water hex (it can neither attack nor defend)."""
        return (
            u.pos >= 0 and self.game.board.water[u.pos] == 1 and u.mclass == "foot"
        )

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == "over"

    def winner(self) -> str | None:
        """The winning team once the game is over."""
        return self.winner_team

    def returns(self) -> list[float]:
        """Per seat: 1 for the winning team, -1 for the losers, 0 while running."""
        if self.winner_team is None:
            return [0.0] * self.game.players
        return [1.0 if self.game.team_of[n] == self.winner_team else -1.0
                for n in self.game.nations]

    def is_chance_node(self) -> bool:
        """Whether chance decides next (dice or cards of the next fight, a special unit
        drawn); only in a game with `explicit_chance`. Otherwise always False: `apply_action`
        rolls the state's own seeded dice (see docs/engine.md, "Chance and dice")."""
        return self.game.explicit_chance and chance.kind(self) is not None

    def chance_outcomes(self) -> list[tuple[Outcome, Fraction]]:
        """Every outcome of the chance that decides next with its exact probability
        (Fractions summing to 1): at a chance node, and in any game when the next action is
        a fight; otherwise an empty list."""
        return chance.outcomes(self)

    def chance_action(self, outcome: Outcome) -> Action:
        """The forced action that produces `outcome` (a forced `fight`, or `buy special FORT
        TYPE`); it replays in any game."""
        return chance.action_for(self, outcome)

    def sample_chance(self, dice: Dice | None = None) -> Outcome:
        """The outcome the seeded `dice` give (default: the state's own, advanced exactly as
        the automatic roll would); apply it with `apply_chance`."""
        return chance.sample(self, self.dice if dice is None else dice)

    def apply_chance(self, outcome: Outcome) -> None:
        """Resolve the chance that decides next with the given outcome instead of rolling;
        the history records the forced action, so the game replays. IllegalActionError if
        `outcome` is impossible."""
        if self.deal_pending is not None:
            try:
                done = chance.deal_step(self, outcome)
            except ValueError as exc:
                raise IllegalActionError(Deal(()), str(exc)) from None
            if done is not None:
                self.apply_action(done)
            return
        try:
            action = chance.action_for(self, outcome)
        except ValueError as exc:
            raise IllegalActionError(self.chance_pending or Fight(), str(exc)) from None
        pending, self.chance_pending = self.chance_pending, None
        try:
            self.apply_action(action)
        except IllegalActionError:
            self.chance_pending = pending
            raise

    def forts_of(self, team: str) -> int:
        """Forts held by a team."""
        team_of = self.game.team_of
        return [team_of.get(o) for o in self.fort_owner.values()].count(team)

    # --- movement helpers used by engine.rules.movement -------------------------------------

    def army_allowed(self, u: Unit) -> bool:
        """First-round restriction: whether `u`'s army may still move or attack this turn
        (the original: the first turn is played "with only 1 of his 3 armies")."""
        if u.army is None:
            return True
        # army_allowance's "no limit" answer, tested without building it (asked for every
        # unit on every move and attack listing)
        table = self.game.first_round_armies
        if not table or self.first_player is None or not 1 <= self.round <= len(table):
            return True
        limit, excluded = self.army_allowance()
        if limit is None:
            return True
        if u.army in excluded:
            return False
        return u.army in self.armies_moved or len(self.armies_moved) < limit

    def army_allowance(self) -> tuple[int | None, list[int]]:
        """(how many armies the current player may move this turn or None, armies excluded).

        The ruleset's `first_round_armies` gives per round a count per turn position. When
        the player was also restricted in the round before, the armies it moved then are
        excluded ("round 2: the remaining 2 armies").
        """
        table = self.game.first_round_armies
        if self.first_player is None or not 1 <= self.round <= len(table):
            return None, []
        position = (self.current - self.first_player) % self.game.players
        row = table[self.round - 1]
        limit = int(row[position]) if position < len(row) else ARMIES
        if limit >= ARMIES:
            return None, []
        excluded: list[int] = []
        if self.round >= 2:
            prev = table[self.round - 2]
            if position < len(prev) and int(prev[position]) < ARMIES:
                excluded = self.last_armies.get(self.nation, [])
        return limit, excluded

    def armies_fit(self, *units: Unit) -> bool:
        """Whether using all `units` together stays within this turn's first-round army
        allowance (a passenger boarding a transport uses both their armies)."""
        limit, excluded = self.army_allowance()
        if limit is None:
            return True
        used = set(self.armies_moved)
        for u in units:
            if u.army is None:
                continue
            if u.army in excluded:
                return False
            used.add(u.army)
        return len(used) <= limit

    def can_move(self, u: Unit) -> bool:
        """Whether `u` may start a move now."""
        return (
            not u.moved and not u.done and u.carrier is None and self.phase == "move"
            and (u.pos >= 0 or u.fort is not None) and u.nation == self.nation
            and self.pending_unload is None and self.army_allowed(u)
        )

    def movable_units(self) -> list[Unit]:
        """The units of the player to act that may start a move now (`can_move`), in unit
        order."""
        if self.phase != "move" or self.pending_unload is not None:
            return []
        nation = self.nation
        out = [u for u in self.units.values()
               if u.nation == nation and not u.moved and not u.done and u.carrier is None
               and (u.pos >= 0 or u.fort is not None)]
        if out and self.army_allowance()[0] is not None:
            out = [u for u in out if self.army_allowed(u)]
        return out

    def can_take_passenger(self, t: Unit) -> bool:
        """Whether transport `t` can take one more passenger now (before its own move)."""
        return (
            t.type.capacity > len(t.cargo) and not t.moved and not t.done and t.pos >= 0
            and t.nation == self.nation
        )

    def capturable(self, fort_id: str, u: Unit) -> bool:
        """Whether foot soldier `u` may capture this fort (neutral or enemy, not allied)."""
        owner = self.fort_owner[fort_id]
        if owner != "neutral" and self.game.team_of.get(owner) == u.team:
            return False
        return self.game.may_capture(u.type)

    def unload_spots(self, t: Unit, at: int) -> list[int] | None:
        """The engine's choice of a free hex next to board index `at` for each passenger of
        `t` (in boarding order, each the first hex in direction order that still leaves room
        for the others), or None when they cannot all be unloaded there."""
        return transport.unload_spots(self, t, at)

    def unload_choices(self, t: Unit, at: int) -> list[list[int]]:
        """Every way to unload all passengers of `t` next to board index `at` (one distinct
        hex each, in boarding order)."""
        return transport.unload_choices(self, t, at)

    def contact_hexes(self, u: Unit) -> set[Hex]:
        """Every hex where `u` would stand in enemy contact (RULES §5.1: two contact hexes in
        a row end a move)."""
        hexes = self.game.board.hexes
        return {hexes[i] for i, c in enumerate(contact_map(self, u)) if c}

    def contact_enemies(self, u: Unit, h: Hex) -> list[Unit]:
        """The enemy units next to hex `h` that give `u` enemy contact there, by id."""
        index = self.game.board.index_of.get(h)
        if index is None:
            return []
        return sorted(contact_enemies(self, u, index), key=lambda e: e.id)

    def legal_moves(self, u: Unit | str) -> dict[Hex, MoveOption]:
        """Every hex the unit can end its move on, with cost and path (see movement)."""
        unit = self.unit(u) if isinstance(u, str) else u
        return legal_moves(self, unit)

    # --- legal actions ---------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now, in a stable order."""
        if self.phase == "over" or self.is_chance_node():
            return []
        if self.phase == "setup":
            return self._setup_actions()
        nation = self.nation
        out: list[Action] = []
        if self.phase == "combat":
            return [Fight(), Surrender()]
        if self.phase == "move":
            if self.pending_unload is not None:
                waiting = self.units[self.pending_unload]
                return [*transport.unload_actions(self, waiting), Surrender()]
            for u in self.units.values():
                if u.nation != nation:
                    continue
                if self.can_move(u):
                    out.extend(self._move_actions(u))
                if u.cargo and u.pos >= 0 and not u.done and self.army_allowed(u):
                    out.extend(transport.unload_actions(self, u))
        elif self.phase in ("declare", "money"):
            out = self._phase_actions()
        if self.game.action_variants or self.game.acting_types:
            out.extend(self._power_actions())
        out.extend(money.gift_actions(self))
        out.append(EndPhase())
        out.append(Surrender())
        return out

    def _phase_actions(self) -> list[Action]:
        if self.phase == "declare":
            return declare.attack_actions(self)
        return list(money.money_actions(self))

    def phase_actions(self) -> list[Action]:
        """What the player to act may do in the declare or money phase besides gifts, ending
        the phase and surrendering: the attacks, or the repairs and purchases, then the
        variants' and abilities' actions, in `legal_actions` order (the random players pick
        from these). Empty in the other phases and at a chance node."""
        if self.phase not in ("declare", "money") or self.is_chance_node():
            return []
        out = self._phase_actions()
        if self.game.action_variants or self.game.acting_types:
            more = self._power_actions()
            if more:
                out.extend([a for a in more if a.verb not in ("end_phase", "surrender", "gift")])
        return out

    def _setup_actions(self) -> list[Action]:
        nation = self.nation
        if self.setup_step == "assign":
            return [
                Assign(u.id, k)
                for u in self.units.values()
                if u.nation == nation and u.army is None
                for k in coop.allowed_armies(self.game, u)
            ] + [Surrender()]
        if self.setup_step == "hq":
            return [Headquarters(n) for n in self.chips[nation]] + [Surrender()]
        return [
            Place(k + 1) for k in range(ARMIES) if not self.placed[nation][k]
        ] + [Surrender()]

    def _move_actions(self, u: Unit) -> list[Action]:
        out: list[Action] = []
        seen: set[str] = set()
        for opt in legal_moves(self, u).values():
            if opt.kind in (MOVE, BOARD):
                out.append(opt.action())
            elif opt.fort not in seen:
                seen.add(opt.fort or "")
                out.append(opt.action())
        return out

    def attack_problem(self, a: Unit, d: Unit) -> str | None:
        """Why `a` may not declare an attack on `d` now, or None."""
        return battle.attack_problem(self, a, d)

    def engagement(self, a: Unit, d: Unit) -> battle.Engagement | str:
        """The combat of `a` against `d` as it would be fought now (distance, fighters, pincer
        or encirclement dice), or why `a` cannot attack `d` from where it stands."""
        return battle.engage(self, a, d)

    def fighter(self, u: Unit) -> combat.Fighter:
        """The combat view of a unit on the board."""
        return battle.fighter(self, u)

    def melee_support(self, a: Unit, d: Unit) -> tuple[int, bool]:
        """(supporters, one directly opposite) for a melee attack of `a` on `d`."""
        return battle.melee_support(self, a, d)

    # --- money phase (engine.rules.money) ------------------------------------------------

    def income(self, nation: str) -> int:
        """What `nation` collects at the start of its money phase (per fort it holds)."""
        return money.income(self, nation)

    def repair_cost(self, u: Unit) -> int:
        """What repairing `u` costs under the ruleset."""
        return money.repair_cost(self, u)

    def repair_problem(self, u: Unit) -> str | None:
        """Why `u` cannot be repaired now, or None."""
        return money.repair_problem(self, u)

    def buy_problem(self, type_id: str, where: str | None,
                    flag: str | None = None) -> str | None:
        """Why the player to act cannot buy `type_id` ("special": a random special unit)
        into fort (or water hex) `where` (for nation `flag` of a co-op seat), or None."""
        return money.buy_problem(self, type_id, where, flag)

    # --- applying actions ------------------------------------------------------------------

    def apply_action(self, action: Action) -> None:
        """Apply an action after checking it; IllegalActionError says why it is not allowed."""
        problem = self.problem(action)
        if problem is not None:
            raise IllegalActionError(action, problem)
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (e.g. taken from `legal_actions`); no checks.
        With `explicit_chance`, an action that rolls (`buy special FORT`, a setup action
        ending in a roll-off) waits at a chance node for its outcome."""
        game = self.game
        if game.explicit_chance and chance.waits(self, action):
            self.chance_pending = action
            return
        # apply_unchecked_now and _apply's common case inlined: every action of a play-out
        # comes here
        if game.scenario_inert:
            handler = _HANDLERS.get(type(action))
            if handler is not None:
                handler(self, action)
            else:
                self._apply(action)
        else:
            scenario_runtime.apply(self, action, self._apply)
        self.history.append(action)

    def apply_unchecked_now(self, action: Action) -> None:
        """Apply a legal action, rolling any dice it needs at once (no chance node)."""
        if self.game.scenario_inert:
            self._apply(action)
        else:
            scenario_runtime.apply(self, action, self._apply)
        self.history.append(action)

    def problem(self, a: Action) -> str | None:
        """Why `a` is illegal now, or None when it is legal."""
        if self.phase == "over":
            return _("the game is over ({team} won by {reason})",
                     team=self.winner_team, reason=end_reason_words(self.reason))
        if self.deal_pending is not None and not isinstance(a, Deal):
            return ("the start chips are being dealt (hint: apply_chance one of "
                    "chance_outcomes(), or 'deal N,N,…')")
        if self.chance_pending is not None:
            if not chance.completes(self.chance_pending, a):
                return (f"'{self.chance_pending}' waits for its chance outcome "
                        "(hint: apply_chance one of chance_outcomes())")
        elif (self.game.explicit_chance and self.deal_pending is None and self.is_chance_node()
              and not isinstance(a, Fight)):
            return ("chance decides next: the next fight (hint: apply_chance one of "
                    "chance_outcomes(), or 'fight' to roll the seeded dice)")
        if isinstance(a, Surrender):
            return None
        for name in ("unit", "transport", "attacker", "defender"):
            uid = getattr(a, name, None)
            if uid is not None and uid not in self.units:
                return _("there is no unit {uid!r}", uid=uid)
        phase_of = {
            Assign: "setup", Place: "setup", Headquarters: "setup", Deal: "setup", Move: "move",
            Enter: "move", Capture: "move", BoardTransport: "move", Unload: "move",
            Attack: "declare", Fight: "combat", Buy: "money", Repair: "money",
        }
        want = phase_of.get(type(a))
        if want is not None and self.phase != want:
            return _("'{verb}' belongs to {want}, this is {phase}", verb=a.verb,
                     want=phase_words(want), phase=phase_words(self.phase))
        if isinstance(a, Deal):
            return setup.deal_problem(self, a)
        if isinstance(a, Assign | Place | Headquarters):
            return self._setup_problem(a)
        if isinstance(a, Move | Enter | Capture | BoardTransport):
            return self._move_problem(a)
        if isinstance(a, Unload):
            t = self.units[a.transport]
            if t.nation != self.nation:
                return _("{transport} is not yours", transport=t.id)
            if not t.cargo:
                return _("{transport} carries nothing", transport=t.id)
            if t.pos < 0 or t.done:
                return _("{transport} cannot unload now", transport=t.id)
            if not self.army_allowed(t):
                return _("round {round}: army {army} may not be used this turn",
                         round=self.round, army=t.army)
            if self.unload_spots(t, t.pos) is None:
                return _("not enough free hexes next to {transport} to unload", transport=t.id)
            return transport.unload_problem(self, t, a.to)
        if self.pending_unload is not None:
            return _("transport {transport} must unload first",
                     transport=self.pending_unload)
        if isinstance(a, Attack):
            return self.attack_problem(self.units[a.attacker], self.units[a.defender])
        if isinstance(a, Fight):
            if self.next_fight >= len(self.declarations):
                return _("no attack left")
            return battle.forced_problem(self, a) if a.forced else None
        if isinstance(a, Repair):
            return self.repair_problem(self.units[a.unit])
        if isinstance(a, Buy):
            return (money.buy_problem(self, a.unit_type, a.where, a.flag)
                    or money.drawn_problem(self, a))
        if isinstance(a, Gift):
            return money.gift_problem(self, a)
        if isinstance(a, EndPhase):
            if self.phase in ("setup", "combat"):
                return _("{phase} ends by itself", phase=phase_words(self.phase))
            return None
        return self._power_problem(a)

    # --- actions added by variants and abilities ---------------------------------------------

    def _power_actions(self) -> list[Action]:
        out: list[Action] = []
        for v in self.game.action_variants:
            out.extend(v.extra_actions(self))
        acting = self.game.acting_types
        if not acting:
            return out
        nation = self.nation
        for u in [u for u in self.units.values() if u.type.id in acting and u.nation == nation]:
            for ability in powers(u.type).action_hooks:
                out.extend(ability.extra_actions(self, u))
        return out

    def _ability_of(self, a: Action) -> tuple[Unit, Ability] | str:
        """The acting unit and its ability object for an ability's action, or why none."""
        cls = self.game.ability_actions.get(type(a))
        if cls is None:
            return _("unknown action {a!r}", a=a)
        u = self.units.get(str(getattr(a, "unit", "")))
        if u is None:
            return _("'{a}' names no unit of this game", a=a)
        ability = next((x for x in powers(u.type).abilities if isinstance(x, cls)), None)
        if ability is None:
            return _("{unit} has no {cls} ability", unit=u.id, cls=cls.id)
        return u, ability

    def _power_problem(self, a: Action) -> str | None:
        variant = self.game.variant_actions.get(type(a))
        if variant is not None:
            return variant.action_problem(self, a)
        found = self._ability_of(a)
        if isinstance(found, str):
            return found
        return found[1].action_problem(self, found[0], a)

    def _setup_problem(self, a: Assign | Place | Headquarters) -> str | None:
        problem = self._setup_step_problem(a)
        if problem is None and a.first is not None:
            if a.first not in self.game.nations:
                return _("first={first}: no such nation in this game ({nations})",
                         first=a.first, nations=self.game.nations)
            if not chance.rolls_off(self, a):
                return _("no roll-off follows '{action}' (hint: drop first=)",
                         action=replace(a, first=None))
        return problem

    def _setup_step_problem(self, a: Assign | Place | Headquarters) -> str | None:
        nation = self.nation
        if isinstance(a, Headquarters):
            if self.setup_step != "hq":
                return _("headquarters are chosen after every army is placed (victory points)")
            if a.number not in self.chips[nation]:
                return _("{number} is not one of your start numbers {numbers}",
                         number=a.number, numbers=self.chips[nation])
            return None
        if isinstance(a, Assign):
            if self.setup_step != "assign":
                return _("armies are already assigned; place them")
            u = self.units[a.unit]
            if u.nation != nation:
                return _("{unit} is not yours (it is {nation}'s turn to assign)",
                         unit=u.id, nation=nation)
            if u.army is not None:
                return _("{unit} is already in army {army}", unit=u.id, army=u.army)
            if not 1 <= a.army <= ARMIES:
                return _("army must be 1..{armies}", armies=ARMIES)
            return coop.army_problem(self.game, u, a.army)
        if self.setup_step != "place":
            return (_("assign every unit to an army first") if self.setup_step == "assign"
                    else _("every army is placed"))
        if not 1 <= a.army <= ARMIES:
            return _("army must be 1..{armies}", armies=ARMIES)
        if self.placed[nation][a.army - 1]:
            return _("army {army} is already placed", army=a.army)
        return None

    def _move_problem(self, a: Move | Enter | Capture | BoardTransport) -> str | None:
        u = self.units[a.unit]
        if u.nation != self.nation:
            return _("{unit} is not yours", unit=u.id)
        if self.pending_unload is not None:
            return _("transport {transport} must unload first",
                     transport=self.pending_unload)
        if not self.can_move(u):
            if u.moved or u.done:
                return _("{unit} has already moved this turn", unit=u.id)
            if u.carrier is not None:
                return _("{unit} is aboard {carrier}", unit=u.id, carrier=u.carrier)
            if not self.army_allowed(u):
                limit, _used = self.army_allowance()
                return _("round {round}: you may use only {limit} of your armies and army "
                         "{army} is not one of them", round=self.round, limit=limit, army=u.army)
            return _("{unit} cannot move now", unit=u.id)
        moves = legal_moves(self, u)
        if isinstance(a, Move):
            opt = moves.get(a.to)
            if opt is None or opt.kind != MOVE:
                return _("{unit} cannot reach {q},{r}", unit=u.id, q=a.to.q, r=a.to.r)
            return None
        if isinstance(a, BoardTransport):
            t = self.units[a.transport]
            opt = moves.get(self.hex_of(t)) if t.pos >= 0 else None
            if opt is None or opt.kind != BOARD:
                return _("{unit} cannot board {transport}", unit=u.id, transport=t.id)
            return None
        kind = ENTER if isinstance(a, Enter) else CAPTURE
        if self.game.map.fort(a.fort) is None:
            return _("there is no fort {fort!r}", fort=a.fort)
        if any(o.kind == kind and o.fort == a.fort for o in moves.values()):
            return None
        if kind == CAPTURE:
            return _("{unit} cannot capture {fort}: only a foot soldier that has not moved, "
                     "next to an entrance of a neutral or enemy fort, can", unit=u.id, fort=a.fort)
        return _("{unit} cannot reach an entrance of its own fort {fort}", unit=u.id, fort=a.fort)

    def _apply(self, a: Action) -> None:
        handler = _HANDLERS.get(type(a))
        if handler is not None:
            handler(self, a)
            return
        variant = self.game.variant_actions.get(type(a))
        if variant is not None:
            variant.apply_action(self, a)
            return
        found = self._ability_of(a)
        if isinstance(found, str):
            raise IllegalActionError(a, found)
        found[1].apply_action(self, found[0], a)

    # --- effects ---------------------------------------------------------------------------

    def leave_position(self, u: Unit) -> None:
        """Take `u` off its hex or out of its fort (before it is placed elsewhere)."""
        if u.pos >= 0:
            del self.occ[u.pos]
            u.pos = -1
        u.fort = None

    def remove_unit(self, u: Unit) -> None:
        """Take a unit (and anything it carries) out of the game; the units it carried are
        logged as lost with it."""
        if u.cargo:
            self.log.append(CargoLost(u.id, tuple(u.cargo)))
        for pid in list(u.cargo):
            self.remove_unit(self.units[pid])
        self.leave_position(u)
        if u.carrier is not None and u.carrier in self.units:
            self.units[u.carrier].cargo.remove(u.id)
        del self.units[u.id]

    def _do_end_phase(self, _a: EndPhase) -> None:
        if self.phase == "move":
            transport.unload_waiting_transports(self)
            self.phase = Phase.DECLARE
            self._log_phase()
        elif self.phase == "declare":
            self.phase = Phase.COMBAT
            self.next_fight = 0
            self._log_phase()
            if not self.declarations:
                self.enter_money()
        elif self.phase == "money":
            self._end_turn()
            self._log_phase()

    def _log_phase(self) -> None:
        self.log.append(PhaseStarted(self.phase, self.nation, self.round))

    def enter_money(self) -> None:
        """Start the money phase of the player to act: collect income."""
        self.phase = Phase.MONEY
        self._log_phase()
        money.collect_income(self)

    def _end_turn(self) -> None:
        self.last_armies[self.nation] = list(self.armies_moved)
        nxt = (self.current + 1) % self.game.players
        if nxt == self.first_player:
            self.round += 1
        self.start_turn(nxt)

    def start_turn(self, seat: int) -> None:
        """Begin `seat`'s turn: move phase, fresh per-turn flags for its units."""
        self.current = seat
        self.phase = Phase.MOVE
        self.armies_moved = []
        self.declarations = []
        self.next_fight = 0
        nation = self.nation
        for u in self.units.values():
            if u.nation == nation:
                u.moved = u.done = u.attacked = False
                u.repair_ok = u.fort is not None
        for variant in self.game.turn_hooks:
            variant.on_turn_start(self)

    def _do_surrender(self, _a: Surrender) -> None:
        loser = self.game.team_of[self.nation]
        self._finish(next(t for t in set(self.game.team_of.values()) if t != loser),
                     "surrender")

    def _mutual_destruction(self, teams: list[str]) -> None:
        """Both teams lost their last combat-capable units in one fight (earlier edition):
        the ruleset's `mutual_destruction` decides; a draw unless it names a side. Fights
        happen in the attacker's turn, so the nation to act is the attacker."""
        rule = self.game.ruleset.mutual_destruction or "draw"
        attacker = self.game.team_of[self.nation]
        if rule == "attacker":
            self._finish(attacker, "mutual_destruction")
        elif rule == "defender":
            self._finish(next(t for t in teams if t != attacker), "mutual_destruction")
        else:
            self._finish(None, DRAW)

    def _finish(self, team: str | None, reason: str) -> None:
        self.winner_team = team
        self.reason = reason
        self.phase = Phase.OVER
        self.log.append(GameOver(team, reason))

    def check_victory(self) -> None:
        """End the game if a team holds enough forts, was eliminated (edition switch) or
        reached a victory-point target (variant)."""
        if self.phase == "over":
            return
        game = self.game
        # forts held per team in one pass (asked after every fight and capture)
        team_of = game.team_of
        held: dict[str, int] = {}
        for owner in self.fort_owner.values():
            team = team_of.get(owner)
            if team is not None:
                held[team] = held.get(team, 0) + 1
        teams = sorted(set(team_of.values()))
        need = game.forts_to_win
        for team in teams:
            if held.get(team, 0) >= need:
                self._finish(team, "forts")
                return
        if game.ruleset.elimination_victory:
            out = [t for t in teams if not any(
                u.team == t and u.type.targets and u.type.unit_class != "transport"
                for u in self.units.values())]
            if len(out) == 1:
                self._finish(next(t for t in teams if t != out[0]), "elimination")
                return
            if out:
                self._mutual_destruction(teams)
                return
        team = victory.winner(self)
        if team is not None:
            self._finish(team, "victory_points")

    # --- copies and serialisation ----------------------------------------------------------

    def clone(self) -> State:
        """An independent copy of this state (sharing the immutable game)."""
        return serialize.clone(self)

    def to_json(self) -> dict[str, Any]:
        """The full state as JSON data (schema/savegame.schema.json)."""
        return serialize.to_json(self)

    @classmethod
    def from_json(cls, game: Game, data: dict[str, Any]) -> State:
        """Rebuild a state of `game` from `to_json` data; SaveError if it does not fit."""
        return serialize.load_into(cls(game), data)

    def __str__(self) -> str:
        return (f"State(round {self.round}, {self.nation} to act, phase {self.phase}, "
                f"{len(self.units)} units)")


_HANDLERS = {
    Deal: setup.do_deal,
    Assign: setup.do_assign,
    Place: setup.do_place,
    Headquarters: setup.do_hq,
    Move: transport.do_move,
    Enter: transport.do_enter,
    Capture: transport.do_capture,
    BoardTransport: transport.do_board,
    Unload: transport.do_unload,
    Attack: battle.do_attack,
    Fight: battle.do_fight,
    EndPhase: State._do_end_phase,
    Buy: money.do_buy,
    Repair: money.do_repair,
    Gift: money.do_gift,
    Surrender: State._do_surrender,
}
