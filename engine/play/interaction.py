"""Qt-free interaction model of the play-test map: what a click or a hover on a hex means.

It keeps what the map shows besides the game (the selected unit, where it can go, the hovered
path, attack targets, hexes offered for a pick) and turns a clicked hex into an `Outcome`
(an action, an attack for the plan, a new selection, or the engine's refusal) and a hovered
hex into a `Hover` (path and cost, contact stop, odds or why not). Every rules answer comes
from the engine (legal moves, `MoveOption.action()`, `problem`, `attack_problem`, the
session's plan checks and odds); nothing here computes a rule.

The editor's play tool forwards mouse events here and only draws and applies the results.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engine.hexes import Hex
from engine.i18n import _
from engine.play import explain, seat_view
from engine.play.session import PlaytestSession
from engine.rules.actions import Action, Buy, Headquarters, Move, Unload
from engine.rules.movement import MoveOption
from engine.rules.powers.actions import Build, FieldRepair, LayMine
from engine.rules.state import State

PickFn = Callable[[Hex], Action | None]
ProblemFn = Callable[[Hex], str | None]


@dataclass(frozen=True)
class Outcome:
    """What a click means: apply `action`, add `plan` (attacker, defender) to the
    declaration plan, or only show `message` (a note or the engine's refusal). `changed`
    says the highlights changed and the map must be repainted."""

    action: Action | None = None
    plan: tuple[str, str] | None = None
    message: str = ""
    changed: bool = False


@dataclass(frozen=True)
class Hover:
    """What hovering a hex shows: the path to it (empty when none), its cost, whether enemy
    contact ends the move there, the enemy unit targeted, and the status-bar text."""

    path: tuple[Hex, ...] = ()
    cost: float | None = None
    contact_stop: bool = False
    target: str | None = None
    message: str = ""


def water_spots(st: State, type_id: str) -> list[Hex]:
    """Free water hexes `type_id` may be bought onto now (the engine's check), nearest to
    one of the buyer's forts first."""
    board = st.game.board
    own = [h for f in st.game.map.forts if st.fort_owner.get(f.id) == st.nation
           for h in f.hexes + f.entrances]
    spots = [h for i, h in enumerate(board.hexes)
             if board.water[i] and st.buy_problem(type_id, f"{h.q},{h.r}") is None]
    if own:
        spots.sort(key=lambda h: (min(h.distance(o) for o in own), h.q, h.r))
    return spots


def in_play(session: PlaytestSession, h: Hex) -> bool:
    """Whether hex h is part of the game (the 2-player half, else the whole map)."""
    area = session.game.area
    return area is None or h in area


class Interaction:
    """The selection and pick state of one play-test view, and the meaning of clicks and
    hovers on the map in the current position."""

    def __init__(self, session: PlaytestSession) -> None:
        self.session = session
        self._fort_cycle = 0
        self.clear()

    # --- state -------------------------------------------------------------------------------

    def set_session(self, session: PlaytestSession) -> None:
        """Follow another session (new, loaded); forgets the selection."""
        self.session = session
        self.clear()

    def clear(self) -> None:
        """Forget the selection, its highlights and any pending pick."""
        self.selected: str | None = None
        self.reachable: dict[Hex, MoveOption] = {}
        self.contact: set[Hex] = set()
        self.targets: set[str] = set()
        self.path: tuple[Hex, ...] = ()
        self.picks: dict[Hex, str] = {}
        self._pick: PickFn | None = None
        self._pick_problem: ProblemFn = lambda h: None
        self.pick_message = ""  # what the player is asked to pick, for the status bar
        self.hovered_attack: tuple[str, str] | None = None  # declare: (attacker, target)

    def teams(self) -> frozenset[str]:
        """The teams whose mines this screen may show (the seat to act in hot-seat)."""
        return seat_view.viewer_teams(self.session)

    @property
    def picking(self) -> bool:
        """Whether a map pick (water hex, headquarters, unload hex) is waiting for a click."""
        return self._pick is not None and bool(self.picks)

    def undo_problem(self) -> str | None:
        """Why the player cannot take back the last move now, or None when they can."""
        s = self.session
        if s.is_ai_turn():
            return "an AI seat is to act; its moves are not the player's to take back"
        return s.undo_problem()

    # --- selection ---------------------------------------------------------------------------

    def select(self, uid: str) -> str:
        """Select a unit: in the move phase find where it can go, in the declare phase what
        it can attack. Returns the status text."""
        s = self.session
        st = s.state
        self.clear()
        self.selected = uid
        u = st.units[uid]
        if st.phase == "move":
            self.reachable = dict(st.legal_moves(u))
            self.contact = st.contact_hexes(u)
        elif st.phase == "declare":
            self.targets = set(s.targets(uid))
        return explain.selection_note(s, uid, self.reachable, self.targets)

    def unit_at(self, h: Hex) -> str | None:
        """The unit a click on h picks: the unit standing there, or in one of the player's
        forts the next of its units that can still move (repeated clicks cycle)."""
        st = self.session.state
        u = st.unit_at(h)
        if u is not None:
            return u.id
        fort = st.game.map.fort_at().get(h)
        if fort is not None and h in fort.hexes:
            inside = [v.id for v in st.units.values()
                      if v.fort == fort.id and v.nation == st.nation and st.can_move(v)]
            if inside:
                self._fort_cycle += 1
                return inside[self._fort_cycle % len(inside)]
        return None

    # --- clicks ------------------------------------------------------------------------------

    def click(self, h: Hex) -> Outcome:
        """What a left click on hex h does in the current position."""
        s = self.session
        st = s.state
        if st.is_terminal():
            return Outcome(message=_("The game is over."))
        if s.is_ai_turn():
            return Outcome(message=_("An AI seat is to act; wait for it (or pause the AI)."))
        if self.picking:
            return self._click_pick(h)
        if st.phase == "move":
            return self._click_move(h)
        if st.phase == "declare":
            return self._click_declare(h)
        return Outcome(message=_("Nothing to click in the {phase} phase: use the panel.",
                                 phase=st.phase))

    def _click_pick(self, h: Hex) -> Outcome:
        assert self._pick is not None
        if h not in self.picks:
            why = self._pick_problem(h)
            return Outcome(message=_("Not there: {why}", why=why) if why else
                           _("Click one of the highlighted hexes (right-click cancels)."))
        action = self._pick(h)
        if action is None:  # the pick goes on (the next passenger to unload)
            return Outcome(changed=True, message=self.pick_message)
        self.clear()
        return Outcome(action=action, changed=True)

    def _click_move(self, h: Hex) -> Outcome:
        st = self.session.state
        sel = self.selected
        if sel is not None and h in self.reachable:
            opt = self.reachable[h]
            return Outcome(action=opt.action(), message=explain.move_note(st, sel, h, opt))
        uid = self.unit_at(h)
        if uid is not None and st.units[uid].nation == st.nation:
            return Outcome(message=self.select(uid), changed=True)
        if sel is not None:
            why = st.problem(Move(sel, h))
            if not why:
                return Outcome(message="")
            if self.reachable:  # it can move, just not there: point at what it can do
                return Outcome(message=_("{sel} cannot go there: {why} (click one of the "
                                         "highlighted hexes)", sel=sel, why=why))
            return Outcome(message=_("{sel} cannot go there: {why}", sel=sel, why=why))
        if uid is not None:
            return Outcome(message=_("{uid} is not yours ({nation} is to move)", uid=uid,
                                     nation=st.nation))
        return Outcome(message=explain.describe_hex(st, h, self.teams()))

    def _click_declare(self, h: Hex) -> Outcome:
        s = self.session
        st = s.state
        uid = self.unit_at(h)
        sel = self.selected
        if uid is not None and st.units[uid].nation == st.nation:
            return Outcome(message=self.select(uid), changed=True)
        if sel is not None and uid is not None:
            why = s.plan_problem(sel, uid)
            if why is not None:
                return Outcome(message=_("{sel} cannot attack {uid}: {why}", sel=sel, uid=uid,
                                         why=why))
            self.clear()
            return Outcome(plan=(sel, uid), changed=True)
        return Outcome(message=_("Click one of your units, then one of its targets (ringed red)."))

    # --- hover -------------------------------------------------------------------------------

    def hover(self, h: Hex | None) -> Hover:
        """What hovering hex h (None: off the map) shows; keeps `path` for the drawing."""
        s = self.session
        st = s.state
        self.hovered_attack = None
        if self.selected is not None and st.phase == "declare" and h is not None:
            d = st.unit_at(h)
            target = d.id if d is not None and d.team != st.units[self.selected].team else None
            self.hovered_attack = (self.selected, target) if target else None
            return Hover(target=target,
                         message=explain.target_note(s, self.selected, h, self.teams()))
        if self.selected is None or not self.reachable:
            self.path = ()
            return Hover(message=explain.describe_hex(st, h, self.teams())
                         if h is not None else "")
        opt = self.reachable.get(h) if h is not None else None
        self.path = opt.path if opt is not None else ()
        if h is None:
            return Hover()
        col, row = s.game.map.to_offset(h)
        if opt is None:
            why = st.problem(Move(self.selected, h))
            note = explain.contact_note(st, self.selected, h, self.contact, self.reachable) \
                if why else ""
            return Hover(message=f"[{col}, {row}]: {why}{note}" if why else "")
        stop = explain.stop_note(st, self.selected, self.path, self.contact)
        return Hover(path=self.path, cost=opt.cost,
                     contact_stop=len(self.path) >= 2 and self.path[-1] in self.contact,
                     message=
                          _("{kind} to [{col}, {row}]: cost {cost:g}{stop}",
                            kind=explain.move_word(opt.kind),
                            col=col, row=row, cost=opt.cost, stop=stop))

    # --- picks -------------------------------------------------------------------------------

    def start_pick(self, picks: Mapping[Hex, str], on_pick: PickFn, problem: ProblemFn,
                   message: str) -> None:
        """Offer `picks` (hex -> label) on the map: a click on one calls `on_pick` (an action
        to apply, or None while the pick goes on); another hex is refused with `problem`."""
        self.clear()
        self.picks = dict(picks)
        self._pick = on_pick
        self._pick_problem = problem
        self.pick_message = message

    def pick_water(self, type_id: str) -> str | None:
        """Money phase: offer every water hex `type_id` may be bought onto. Returns the
        engine's reason when there is none (nothing is offered then)."""
        st = self.session.state
        why = st.buy_problem(type_id, None)
        spots = water_spots(st, type_id) if why is None else []
        if not spots:
            return f"Cannot buy {type_id}: {why or 'no free water hex on the map'}"
        self.start_pick({h: "" for h in spots}, lambda h: Buy(type_id, f"{h.q},{h.r}"),
                        lambda h: st.buy_problem(type_id, f"{h.q},{h.r}"),
                        f"Click a highlighted water hex for the {type_id} ({len(spots)} "
                        "free); right-click cancels.")
        return None

    def hq_choices(self) -> dict[int, Hex]:
        """Victory points, setup: start numbers the seat to act may pick as headquarters,
        with their hexes."""
        st = self.session.state
        if st.phase != "setup" or st.setup_step != "hq":
            return {}
        where = {m.number: m.hex for m in st.game.map.start_markers}
        return {a.number: where[a.number] for a in st.legal_actions()
                if isinstance(a, Headquarters) and a.number in where}

    def offer_hq(self) -> None:
        """During the headquarters step the seat's start numbers are clickable on the map;
        after it, a left-over headquarters pick is dropped."""
        if self.session.is_ai_turn():
            return
        choices = self.hq_choices()
        if not choices:
            if self._pick is not None and all(lab.startswith("HQ ")
                                              for lab in self.picks.values()):
                self.clear()
            return
        by_hex = {h: n for n, h in choices.items()}
        st = self.session.state
        self.start_pick({h: f"HQ {n}" for n, h in choices.items()},
                        lambda h: Headquarters(by_hex.get(h, 0)),
                        lambda h: st.problem(Headquarters(by_hex.get(h, 0))),
                        "Click a cyan start number to make it your headquarters.")

    def power_actions(self, uid: str) -> list[Action]:
        """The power actions (lay a mine, field repair, build) unit `uid` may take now."""
        return [a for a in self.session.state.legal_actions()
                if isinstance(a, LayMine | FieldRepair | Build) and a.unit == uid]

    def start_power(self, uid: str, build: str = "road") -> Outcome:
        """Offer the hexes where unit `uid`'s power acts now (where to lay a mine, the unit
        to repair, the two hexes to build on, `build` being "road" or "trench"): a click on
        one applies it; a build takes its two hexes one after the other."""
        st = self.session.state
        acts = [a for a in self.power_actions(uid)
                if not isinstance(a, Build) or a.kind == build]
        if not acts:
            return Outcome(message=_("{uid} has no power to use now.", uid=uid))

        def spots(a: Action) -> tuple[Hex, ...]:
            if isinstance(a, LayMine):
                return (a.at,)
            if isinstance(a, FieldRepair):
                return (st.game.board.hexes[st.units[a.target].pos],)
            assert isinstance(a, Build)
            return (a.first, a.second)

        label = {LayMine: "mine", FieldRepair: "repair", Build: build}
        chosen: list[Hex] = []

        def offer() -> None:
            rest = [a for a in acts if set(chosen) <= set(spots(a))]
            self.picks = {h: label[type(a)] for a in rest for h in spots(a) if h not in chosen}
            self.pick_message = (f"{uid}: click a highlighted hex ({len(chosen) + 1} of "
                                 f"{len(spots(rest[0]))}); right-click cancels.")

        def pick(h: Hex) -> Action | None:
            chosen.append(h)
            done = [a for a in acts if set(spots(a)) == set(chosen)]
            if done:
                return done[0]
            offer()
            return None

        self.start_pick({}, pick, lambda h: f"{uid}'s power cannot act on {h.q},{h.r} now", "")
        offer()
        return Outcome(changed=True, message=self.pick_message)

    def unload_target(self) -> str | None:
        """The transport that can unload now: the pending one, or the selected one."""
        st = self.session.state
        if st.pending_unload is not None:
            return st.pending_unload
        sel = self.selected
        if sel and sel in st.units:
            u = st.units[sel]
            if u.cargo and u.pos >= 0 and not u.done and st.unload_spots(u, u.pos):
                return sel
        return None

    def start_unload(self) -> Outcome:
        """Unload the pending or selected transport: with one way to do it, the action; with
        a choice, a pick of one free hex per passenger (boarding order)."""
        t = self.unload_target()
        if t is None:
            return Outcome(message=_("No transport can unload now."))
        st = self.session.state
        tu = st.units[t]
        hexes = st.game.board.hexes
        choices = st.unload_choices(tu, tu.pos)
        if len({tuple(c) for c in choices}) <= 1:
            return Outcome(action=Unload(t, tuple(hexes[i] for i in choices[0])
                                         if choices else ()))
        chosen: list[int] = []

        def offer() -> None:
            k = len(chosen)
            nxt = {c[k] for c in choices if c[:k] == chosen}
            pid = tu.cargo[k]
            self.picks = {hexes[i]: st.units[pid].type.id for i in nxt}
            self.pick_message = (f"Unload {t}: click a cyan hex for {pid} "
                                 f"({k + 1} of {len(tu.cargo)}); right-click cancels.")

        def pick(h: Hex) -> Action | None:
            chosen.append(st.game.board.index_of[h])
            if len(chosen) == len(tu.cargo):
                return Unload(t, tuple(hexes[i] for i in chosen))
            offer()
            return None

        self.start_pick({}, pick, lambda h: (
            f"{tu.cargo[len(chosen)]} must go onto a free land hex next to {t}, not a fort, "
            "entrance, water or another unit's hex"), "")
        offer()
        return Outcome(changed=True, message=self.pick_message)
