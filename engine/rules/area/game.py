"""`AreaGame`: the static rules of one area-game scenario (map, armies, ruleset, seats)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.area_geometry import adjacency
from engine.area_model import FACTIONS, AreaScenario, Army, Faction
from engine.content.semantic_area import allowed
from engine.i18n import _

if TYPE_CHECKING:
    from engine.rules.area.state import AreaState

SEATS: dict[int, tuple[tuple[Faction, ...], ...]] = {
    2: (("germans", "german_allies"), ("western_allies", "eastern_allies")),
    3: (("western_allies", "eastern_allies"), ("germans",), ("german_allies",)),
    4: (("germans",), ("western_allies",), ("eastern_allies",), ("german_allies",)),
}
VARIANTS = ("schlieffen_plan", "variable_turn_order", "historical_setup")


class AreaScenarioError(ValueError):
    """A scenario the area engine cannot play (parts missing, unknown variant)."""


class AreaGame:
    """Rules and content of one area scenario; creates `AreaState`s.

    `seed` seeds every die and draw. `explicit_chance` makes states stop at chance nodes
    (`is_chance_node`, `chance_outcomes`, `apply_chance`) instead of rolling inside
    `apply_action`. `variants` switches on optional rules beside the scenario's own.
    """

    def __init__(self, scenario: AreaScenario, *, seed: int | str = 0,
                 explicit_chance: bool = False, variants: tuple[str, ...] = ()) -> None:
        if scenario.map is None or scenario.catalog is None or scenario.ruleset is None:
            raise AreaScenarioError(_("scenario {id!r} has no resolved map, armies or ruleset "
                                      "(hint: load it with engine.content.load_file)",
                                      id=scenario.id))
        self.scenario = scenario
        self.map = scenario.map
        self.catalog = scenario.catalog
        self.ruleset = scenario.ruleset
        self.seed = seed
        self.explicit_chance = explicit_chance
        self.variants = tuple(dict.fromkeys((*scenario.variants, *variants)))
        for v in self.variants:
            if v not in VARIANTS or v not in self.ruleset.variants:
                raise AreaScenarioError(_("variant {v!r} is not offered by ruleset {id!r} "
                                          "(offered: {variants})", v=v, id=self.ruleset.id,
                                          variants=', '.join(sorted(self.ruleset.variants))))
        self.seats = SEATS[scenario.players]
        self.armies: dict[str, Army] = {a.id: a for a in self.catalog.armies}
        self.alliance = {f: self.catalog.factions[f].alliance for f in FACTIONS}
        self.neighbours = adjacency(self.map)
        self.theatre = {f.number: f.theatre for f in self.map.fronts}
        self.fronts = sorted(self.theatre)
        self.city_front = {c.id: c.front for c in self.map.cities}
        self.place_owner = {b.id: b.owner for b in self.map.bases}
        self.links: dict[str, set[str]] = {}
        self.line_round: dict[frozenset[str], int] = {}
        for line in self.map.attack_lines:
            self.links.setdefault(line.a, set()).add(line.b)
            self.links.setdefault(line.b, set()).add(line.a)
            self.line_round[frozenset((line.a, line.b))] = line.from_round or 1
        self.markers = {m.id: m for m in self.catalog.markers}

    def seat_of(self, faction: Faction) -> int:
        """The seat (player index) that plays a faction."""
        for i, factions in enumerate(self.seats):
            if faction in factions:
                return i
        raise KeyError(faction)

    def other(self, alliance: str) -> str:
        """The other alliance."""
        return "central" if alliance == "allies" else "allies"

    def may_operate(self, army_id: str, front: int, round_no: int,
                    controlled: set[str]) -> bool:
        """Whether an army may set up in, move into or attack in a front (2.1, 5.3, 5.4)."""
        return allowed(self.scenario, army_id, front, round_no, controlled)

    def dummy_may_operate(self, faction: Faction, front: int) -> bool:
        """Dummies operate wherever an army of their faction may (4.2)."""
        nations = set(self.catalog.factions[faction].nations)
        return bool(nations & set(self.map.front(front).nations))

    def new_initial_state(self) -> AreaState:
        """The state before the first set-up of round 1."""
        # lazy: state.py imports this module for its type; the game creates states
        from engine.rules.area.state import AreaState
        return AreaState.start(self)
