"""`AreaState`: where every army, dummy, city and marker is, whose decision it is, and the
OpenSpiel-style interface (legal_actions, apply_action, chance nodes, returns, JSON)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.area_model import FACTIONS, Faction
from engine.rules.area import flow
from engine.rules.area.actions import AreaAction
from engine.rules.area.game import AreaGame
from engine.rules.dice import Dice, seed_state

MAX_LOG = 5000  # events kept; a game has a few hundred


class IllegalAreaAction(ValueError):
    """An action that is not legal in the state it was applied to."""


@dataclass
class AreaState:
    """One moment of an area game. Mutable; `clone()` before exploring."""

    game: AreaGame
    round: int = 1
    phase: str = "setup"  # order, setup, turns, victory, treaty, replacements, over
    actor: Faction | None = None
    setup_order: list[Faction] = field(default_factory=list)
    turn_order: list[Faction] = field(default_factory=list)
    queue: list[Faction] = field(default_factory=list)  # factions still to act in this phase
    turn: int = 0  # turns taken this round (16 with 4 actions each)
    location: dict[str, int] = field(default_factory=dict)  # army -> front
    pending: dict[str, list[str]] = field(default_factory=dict)  # faction -> armies to set up
    returning: list[str] = field(default_factory=list)  # replaced, enter next round
    eliminated: list[str] = field(default_factory=list)
    dummies: dict[str, dict[int, int]] = field(default_factory=dict)  # faction -> front -> n
    dummies_off: dict[str, int] = field(default_factory=dict)
    owner: dict[str, str] = field(default_factory=dict)  # city -> faction
    vp: dict[str, int] = field(default_factory=dict)
    capitulation: dict[str, int] = field(default_factory=dict)
    capitulation_fronts: list[list[Any]] = field(default_factory=list)  # [faction, front]
    cups: dict[str, list[str]] = field(default_factory=dict)  # alliance -> marker ids
    hands: dict[str, list[str]] = field(default_factory=dict)  # faction -> marker ids
    introduced: list[str] = field(default_factory=list)
    removed_markers: list[str] = field(default_factory=list)
    treaty: str | None = None  # None, "accepted", "refused"
    step: dict[str, Any] | None = None  # the multi-step decision under way
    chance: dict[str, Any] | None = None  # the chance node waiting for an outcome
    result: dict[str, Any] | None = None
    rng_state: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)

    @staticmethod
    def start(game: AreaGame) -> AreaState:
        """The state at the start of round 1, before the first set-up decision."""
        r = game.ruleset
        s = AreaState(game, rng_state=seed_state(f"{game.seed}:area"))
        s.owner = {c.id: c.owner for c in game.map.cities}
        s.vp = {f: r.start_victory_points for f in FACTIONS}
        s.capitulation = {f: 0 for f in FACTIONS}
        s.dummies = {f: {} for f in FACTIONS}
        s.dummies_off = {f: game.catalog.dummies[f] for f in FACTIONS}
        s.hands = {f: [] for f in FACTIONS}
        s.cups = {"allies": [], "central": []}
        s.setup_order = list(r.setup_order)
        s.turn_order = list(r.turn_order)
        flow.begin_round(s)
        return s

    # ------------------------------------------------------------------ queries
    def current_player(self) -> int:
        """The seat to decide; -1 at a chance node, -4 when the game is over."""
        if self.phase == "over":
            return -4
        if self.chance is not None:
            return -1
        assert self.actor is not None
        return self.game.seat_of(self.actor)

    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        return self.phase == "over"

    def returns(self) -> list[float]:
        """Per seat: 1 for a winner, -1 for a loser, 0 while the game runs."""
        if self.result is None:
            return [0.0] * len(self.game.seats)
        winners = set(self.result["winners"])
        return [1.0 if set(fs) & winners else -1.0 for fs in self.game.seats]

    def is_chance_node(self) -> bool:
        """Whether the next step is a die roll or a marker draw."""
        return self.chance is not None

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """The outcomes of the waiting chance node with their probabilities."""
        return flow.chance_outcomes(self)

    def apply_chance(self, outcome: Any) -> None:
        """Resolve the waiting chance node with `outcome` (one of `chance_outcomes`)."""
        if self.chance is None:
            raise IllegalAreaAction("no die or draw is waiting")
        if outcome not in [o for o, _ in flow.chance_outcomes(self)]:
            raise IllegalAreaAction(f"{outcome!r} is not an outcome of {self.chance['kind']}")
        self.history.append({"chance": outcome})
        flow.apply_chance(self, outcome)
        self._settle()

    def legal_actions(self) -> list[AreaAction]:
        """Every action the deciding faction may take now (empty at chance nodes and the end)."""
        if self.phase == "over" or self.chance is not None:
            return []
        return flow.legal_actions(self)

    def apply_action(self, action: AreaAction) -> None:
        """Apply a legal action (IllegalAreaAction otherwise), then roll any dice it caused
        unless the game stops at chance nodes."""
        if action not in self.legal_actions():
            raise IllegalAreaAction(f"'{action.text()}' is not legal now (round {self.round}, "
                                    f"{self.phase}); legal: "
                                    f"{', '.join(a.text() for a in self.legal_actions()[:8])}")
        self.history.append({"action": action.to_json(), "by": self.actor})
        flow.apply_action(self, action)
        self._settle()

    def _settle(self) -> None:
        """Roll waiting dice with the seeded generator unless chance nodes are explicit."""
        while self.chance is not None and not self.game.explicit_chance:
            dice = Dice(self.rng_state)
            outcome = flow.sample(self, dice)
            self.rng_state = dice.state
            self.history.append({"chance": outcome})
            flow.apply_chance(self, outcome)

    def note(self, event: str, **data: Any) -> None:
        """Add an event to the log (bounded)."""
        if len(self.log) < MAX_LOG:
            self.log.append({"event": event, "round": self.round, **data})

    def armies_of(self, faction: Faction, front: int | None = None) -> list[str]:
        """Armies of a faction on the board (in a front)."""
        return sorted(a for a, f in self.location.items()
                      if self.game.armies[a].faction == faction and (front is None or f == front))

    def alliance_armies(self, alliance: str, front: int) -> list[str]:
        """Real armies of an alliance in a front."""
        return sorted(a for a, f in self.location.items() if f == front
                      and self.game.alliance[self.game.armies[a].faction] == alliance)

    def controlled_cities(self, faction: Faction) -> set[str]:
        """Cities held by a faction's alliance (5.4 asks whether 'the faction' holds Monastir;
        its ally's hold counts too)."""
        alliance = self.game.alliance[faction]
        return {c for c, f in self.owner.items() if self.game.alliance[f] == alliance}

    def clone(self) -> AreaState:
        """An independent copy (the game is shared)."""
        game = self.game
        self.game = None  # type: ignore[assignment]
        try:
            twin = copy.deepcopy(self)
        finally:
            self.game = game
        twin.game = game
        return twin

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON (the game is named by its scenario id and seed)."""
        out = {k: copy.deepcopy(v) for k, v in self.__dict__.items() if k != "game"}
        out["location"] = dict(sorted(self.location.items()))
        out["dummies"] = {f: {str(k): v for k, v in d.items()} for f, d in self.dummies.items()}
        out["scenario"] = self.game.scenario.id
        out["seed"] = self.game.seed
        out["current_player"] = self.current_player()
        return out
