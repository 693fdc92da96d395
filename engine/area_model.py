"""The model of the area-map game "Der Erste Weltkrieg" (RULES §12, seed 001).

Plain data, no rules: an area map (theatres, fronts as polygons, cities, bases, attack lines),
the army catalog (factions, armies, dummies, battle markers), the ruleset and a scenario that
ties them together. Numbers that are guesses keep their JSON pointers in `estimated` and the
reasons in `notes`, so writing a model back keeps the flags.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from engine.i18n import Note

Faction = Literal["western_allies", "eastern_allies", "germans", "german_allies"]
Alliance = Literal["allies", "central"]
FACTIONS: tuple[Faction, ...] = ("western_allies", "eastern_allies", "germans", "german_allies")


@dataclass
class Guesses:
    """Which values of a file are guesses: pointers of estimated numbers and their notes, and the
    file-level list of guessed structures (`estimated: [{pointer, note}]`)."""

    estimated: set[str] = field(default_factory=set)
    notes: dict[str, Note] = field(default_factory=dict)
    listed: list[dict[str, Any]] = field(default_factory=list)  # {pointer, note}


@dataclass
class Front:
    """A numbered front in a theatre: its outline and the nations that may operate in it."""

    number: int
    name: dict[str, str]
    theatre: str
    polygon: list[tuple[float, float]]
    nations: list[str]
    battlefield: str | None = None


@dataclass
class City:
    """A victory city of a front, owned by a faction at the start; maybe a replacement city."""

    id: str
    name: str
    front: int
    at: tuple[float, float]
    owner: Faction
    replacement: bool = False


@dataclass
class Base:
    """A faction's base at the end of a front's attack line: never captured."""

    id: str
    front: int
    at: tuple[float, float]
    owner: Faction


@dataclass
class AttackLine:
    """An attack line between two places (cities or bases) of one front."""

    a: str
    b: str
    from_round: int | None = None


@dataclass
class Theatre:
    """A theatre (Schauplatz): West, Italy or East."""

    id: str
    name: dict[str, str]


@dataclass
class AreaMap:
    """The strategic board: theatres, fronts, cities, bases and attack lines."""

    id: str
    name: dict[str, str]
    size: tuple[float, float]
    theatres: list[Theatre]
    fronts: list[Front]
    cities: list[City]
    bases: list[Base]
    attack_lines: list[AttackLine]
    background: dict[str, Any] | None = None
    guesses: Guesses = field(default_factory=Guesses)

    def front(self, number: int) -> Front:
        """The front with this number (KeyError when there is none)."""
        for f in self.fronts:
            if f.number == number:
                return f
        raise KeyError(number)

    def place_front(self) -> dict[str, int]:
        """The front of every city and base, by id."""
        out = {c.id: c.front for c in self.cities}
        out.update({b.id: b.front for b in self.bases})
        return out


@dataclass
class FactionInfo:
    """A faction (Gruppierung): its alliance, nations and counter colour."""

    id: Faction
    name: dict[str, str]
    alliance: Alliance
    nations: list[str]
    colour: str


@dataclass
class Army:
    """An army counter: faction, nation, designation, combat value and entry round."""

    id: str
    faction: Faction
    nation: str
    designation: str
    value: int
    entry_round: int
    replaced_by: Faction | None = None


@dataclass
class Marker:
    """A battle marker (Kampf-Marker) of an alliance, entering the cup in its year."""

    id: str
    name: dict[str, str]
    alliance: Alliance
    year: int
    use: Literal["attack", "defence", "both"]
    value: int
    nation: str | None
    mandatory: bool


@dataclass
class ArmyCatalog:
    """Factions, nations, armies, dummies per faction and battle markers."""

    id: str
    name: dict[str, str]
    factions: dict[Faction, FactionInfo]
    nations: dict[str, dict[str, str]]
    armies: list[Army]
    dummies: dict[Faction, int]
    markers: list[Marker]
    guesses: Guesses = field(default_factory=Guesses)

    def army(self, army_id: str) -> Army:
        """The army with this id (KeyError when there is none)."""
        for a in self.armies:
            if a.id == army_id:
                return a
        raise KeyError(army_id)


@dataclass
class Restriction:
    """Nations (or designations) that may operate in some fronts only from a round on, or only
    while their faction controls a city."""

    nations: list[str]
    fronts: list[int]
    from_round: int | None = None
    requires_city: str | None = None
    note: str = ""


@dataclass
class Garrison:
    """After Brest-Litovsk: armies a faction must keep in each of some fronts."""

    faction: Faction
    fronts: list[int]
    armies: int


@dataclass
class BrestLitovsk:
    """The Treaty of Brest-Litovsk (8.1)."""

    offered_by: Faction
    offered_to: Faction
    rounds: list[int]
    neutral_nations: list[str]
    frozen_fronts: list[int]
    exempt_designations: list[str]
    exempt_fronts: list[int]
    garrisons: list[Garrison]
    refusal_bonus: int


@dataclass
class AreaRuleset:
    """Every number and list of the game's rules that a designer may change."""

    id: str
    name: dict[str, str]
    rounds: int
    round_years: list[int]
    setup_order: list[Faction]
    turn_order: list[Faction]
    actions_per_faction: int
    die_faces: list[int]
    draw_face: int
    start_victory_points: int
    max_markers_held: int
    transfer_max_armies: int
    outnumber_bonus: int
    replacements: dict[Faction, int]
    occupation_from_round: int
    occupation_fronts: dict[Faction, list[int]]
    sudden_victory_fronts: int
    tie_winner: Alliance
    german_margin_three_players: int
    western_margin_four_players: int
    restrictions: list[Restriction]
    command_nation: str
    command_fronts: list[int]
    command_to: Faction
    brest_litovsk: BrestLitovsk
    variants: dict[str, dict[str, Any]]
    guesses: Guesses = field(default_factory=Guesses)


@dataclass
class AreaScenario:
    """A game of the area system: files, players, optional rules and the historical set-up."""

    id: str
    name: dict[str, str]
    map_ref: str
    armies_ref: str
    ruleset_ref: str
    players: int
    variants: list[str] = field(default_factory=list)
    historical_setup: dict[int, list[str]] = field(default_factory=dict)
    description: str = ""
    guesses: Guesses = field(default_factory=Guesses)
    map: AreaMap | None = None
    catalog: ArmyCatalog | None = None
    ruleset: AreaRuleset | None = None
