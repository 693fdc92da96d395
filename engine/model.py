"""In-memory content model: maps, unit catalogs, rulesets, scenarios.

Field names mirror the file formats (docs/formats.md). Hexes are axial (`engine.hexes.Hex`);
offset coordinates appear only in the loaders and writers. The map is mutable because the
editor edits it in place through undo commands; the rules engine treats it as read-only.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.hexes import Hex, Layout, OffsetParity, Orientation, axial_to_offset, offset_to_axial
from engine.hexset import HexSet
from engine.i18n import Note, localized

NATIONS: tuple[str, ...] = ("DE", "AH", "FR", "GB")
TEAMS: dict[str, tuple[str, ...]] = {"central": ("DE", "AH"), "entente": ("FR", "GB")}
TEAM_OF: dict[str, str] = {n: t for t, ns in TEAMS.items() for n in ns}

TERRAINS: tuple[str, ...] = ("meadow", "forest", "road", "bridge", "water", "trench")
TERRAIN_CHAR: dict[str, str] = {
    "meadow": ".",
    "forest": "f",
    "road": "=",
    "bridge": "b",
    "water": "~",
    "trench": "t",
}
CHAR_TERRAIN: dict[str, str] = {c: t for t, c in TERRAIN_CHAR.items()}
# Terrain is stored as small ints (index into TERRAINS) in one flat array per map.
TERRAIN_ID: dict[str, int] = {t: i for i, t in enumerate(TERRAINS)}
# Terrain ids to file characters, for bytes.translate (ids past TERRAINS are refused first).
_TERRAIN_BYTES = bytes(ord(TERRAIN_CHAR[TERRAINS[i]]) if i < len(TERRAINS) else 0
                       for i in range(256))

PATH_KINDS: tuple[str, ...] = ("road", "river", "trench", "rail")
UNIT_CLASSES: tuple[str, ...] = (
    "foot",
    "vehicle",
    "tank",
    "air",
    "artillery",
    "transport",
    "ship",
    "static",
)
EXPERIENCE_LEVELS: tuple[str, ...] = ("recruit", "veteran", "hero")


@dataclass
class MapLayout:
    """How the map's offset coordinates and pixels are laid out."""

    orientation: Orientation = "pointy"
    hex_size: float = 32.0
    offset: OffsetParity = "odd"

    def pixel_layout(self, scale: float = 1.0) -> Layout:
        """A pixel `Layout` for this map, hex size multiplied by `scale`."""
        return Layout(self.orientation, self.hex_size * scale, (0.0, 0.0))


@dataclass
class Fort:
    """A fort: impassable footprint hexes, exactly two entrance hexes, an owner."""

    id: str
    name: str
    hexes: list[Hex]
    entrances: list[Hex]
    owner: str = "neutral"  # "neutral" or a nation id
    facing: int | None = None  # direction 0..5 of the fortified side; drawing only


@dataclass
class StartMarker:
    """A printed start number 1..12 on a hex."""

    number: int
    hex: Hex


@dataclass
class Region:
    """A named set of hexes (the 2-player halves, event areas).

    `hexes` is always a `HexSet` (runs per row, a set API): any iterable of hexes given to
    the constructor or assigned later is converted, so `region.hexes = {...}` keeps working.
    """

    id: str
    name: str
    hexes: HexSet = field(default_factory=HexSet)


def _region_hexes(region: Region) -> HexSet:
    return region._hexes  # type: ignore[attr-defined, no-any-return]


def _set_region_hexes(region: Region, hexes: Iterable[Hex]) -> None:
    # A HexSet is taken as is (no copy), like a set assigned to a plain attribute.
    region._hexes = hexes if isinstance(hexes, HexSet) else HexSet(hexes)  # type: ignore[attr-defined]


# Installed after @dataclass made __init__, so the generated `self.hexes = hexes` converts.
Region.hexes = property(_region_hexes, _set_region_hexes)  # type: ignore[assignment]


@dataclass
class MapPath:
    """A drawn polyline (road, river, trench, rail) in hex units, and the terrain it implies."""

    id: str
    kind: str
    points: list[tuple[float, float]]
    terrain: str | None = None
    width: float = 0.5


@dataclass
class Label:
    """Free text on the map, anchored in hex units."""

    text: str
    at: tuple[float, float]
    size: float = 1.0
    rotation: float = 0.0


@dataclass
class GameMap:
    """A battlefield: terrain grid, forts, start markers, regions, paths and labels."""

    id: str
    name: str
    width: int
    height: int
    layout: MapLayout = field(default_factory=MapLayout)
    terrain: bytearray = field(default_factory=bytearray)  # row-major, TERRAIN_ID values
    forts: list[Fort] = field(default_factory=list)
    start_markers: list[StartMarker] = field(default_factory=list)
    regions: list[Region] = field(default_factory=list)
    paths: list[MapPath] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    path_coverage: float = 0.25
    author: str = ""
    description: str = ""
    license: str = ""
    season: str = "summer"
    name_de: str = ""  # the German name when the file gives {de, en}; `name` is the English

    def __post_init__(self) -> None:
        if not self.terrain:
            self.terrain = bytearray(self.width * self.height)

    def title(self) -> str:
        """The map's name in the current language (its one name when it has no German)."""
        return localized({"de": self.name_de, "en": self.name}, self.name) if self.name_de \
            else self.name

    @classmethod
    def blank(cls, map_id: str, width: int, height: int, **kwargs: Any) -> GameMap:
        """A map of the given size, all meadow."""
        return cls(id=map_id, name=kwargs.pop("name", map_id), width=width, height=height, **kwargs)

    # --- coordinates ---------------------------------------------------------------------

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """Offset (col, row) of an axial hex in this map's convention."""
        return axial_to_offset(h, self.layout.orientation, self.layout.offset)

    def to_axial(self, col: int, row: int) -> Hex:
        """Axial hex of an offset (col, row) in this map's convention."""
        return offset_to_axial(col, row, self.layout.orientation, self.layout.offset)

    def in_bounds(self, h: Hex) -> bool:
        """Whether a hex lies on the map."""
        col, row = self.to_offset(h)
        return 0 <= col < self.width and 0 <= row < self.height

    def index(self, h: Hex) -> int:
        """Index of a hex in `terrain`; the hex must be in bounds."""
        col, row = self.to_offset(h)
        return row * self.width + col

    def hex_at_index(self, i: int) -> Hex:
        """The hex stored at index i of `terrain`."""
        row, col = divmod(i, self.width)
        return self.to_axial(col, row)

    def hexes(self) -> Iterator[Hex]:
        """Every hex of the map, row by row."""
        for row in range(self.height):
            for col in range(self.width):
                yield self.to_axial(col, row)

    def hex_list(self) -> list[Hex]:
        """Every hex of the map in index order (`hex_at_index` of 0, 1, …), built a row at a
        time: a million-hex map's list in a fraction of the per-hex conversions' time."""
        width, height = self.width, self.height
        out: list[Hex] = []
        if self.layout.orientation == "pointy":
            for row in range(height):
                q0 = self.to_axial(0, row).q
                out.extend([Hex(q, row) for q in range(q0, q0 + width)])
            return out
        # Flat-top: each column has its own shift of r.
        shifts = [self.to_axial(col, 0).r for col in range(width)]
        for row in range(height):
            out.extend([Hex(col, r0 + row) for col, r0 in enumerate(shifts)])
        return out

    # --- terrain -------------------------------------------------------------------------

    def terrain_at(self, h: Hex) -> str:
        """Terrain name of an in-bounds hex."""
        return TERRAINS[self.terrain[self.index(h)]]

    def set_terrain(self, h: Hex, terrain: str) -> None:
        """Set the terrain of an in-bounds hex."""
        self.terrain[self.index(h)] = TERRAIN_ID[terrain]

    def terrain_rows(self) -> list[str]:
        """The terrain as one string per row, in the file's character code; IndexError when a
        cell holds no terrain id."""
        terrain = self.terrain
        if terrain and max(terrain) >= len(TERRAINS):
            raise IndexError(f"terrain id {max(terrain)} is not one of 0..{len(TERRAINS) - 1}")
        text = bytes(terrain).translate(_TERRAIN_BYTES).decode("ascii")
        w = self.width
        return [text[row * w : (row + 1) * w] for row in range(self.height)]

    # --- objects -------------------------------------------------------------------------

    def fort(self, fort_id: str) -> Fort | None:
        """The fort with this id, or None."""
        return next((f for f in self.forts if f.id == fort_id), None)

    def region(self, region_id: str) -> Region | None:
        """The region with this id, or None."""
        return next((r for r in self.regions if r.id == region_id), None)

    def fort_at(self) -> dict[Hex, Fort]:
        """Footprint and entrance hexes mapped to their fort."""
        out: dict[Hex, Fort] = {}
        for f in self.forts:
            for h in (*f.hexes, *f.entrances):
                out[h] = f
        return out


# --- catalog ---------------------------------------------------------------------------------

HitValues = dict[str, int]  # experience level -> hit value (die <= value hits)


@dataclass
class Ability:
    """A card symbol or special-unit power with its parameters; an id the engine has no
    class for may be declared from building `blocks` (engine.rules.abilities.BLOCKS)."""

    id: str
    params: dict[str, Any] = field(default_factory=dict)
    blocks: dict[str, Any] = field(default_factory=dict)


@dataclass
class UnitType:
    """One unit type of the catalog (its card)."""

    id: str
    name: dict[str, str]
    unit_class: str
    nations: list[str]
    speed: float
    range_min: int
    range_max: int | None  # None: unlimited
    targets: set[str]  # "ground", "air"
    hit: HitValues
    armour_open: list[int]
    armour_forest: list[int]
    cost: dict[str, int]  # currency -> price
    repair_cost: dict[str, int]
    special: bool = False
    hit_vs: dict[str, HitValues] = field(default_factory=dict)  # "tank"/"foot" -> values
    transportable: bool = False
    capacity: int = 0
    can_capture: bool = False
    abilities: list[Ability] = field(default_factory=list)
    nation_names: dict[str, dict[str, str]] = field(default_factory=dict)
    estimated: set[str] = field(default_factory=set)  # JSON pointers relative to the unit
    notes: dict[str, Note] = field(default_factory=dict)  # pointer -> why the value is a guess

    def has_ability(self, ability_id: str) -> bool:
        """Whether the unit has an ability of that id."""
        return any(a.id == ability_id for a in self.abilities)

    def ability(self, ability_id: str) -> Ability | None:
        """The ability of that id, or None."""
        return next((a for a in self.abilities if a.id == ability_id), None)


@dataclass
class Catalog:
    """A unit catalog: unit types by id."""

    id: str
    name: dict[str, str]
    units: dict[str, UnitType]


# --- ruleset ---------------------------------------------------------------------------------


@dataclass
class Ruleset:
    """Everything the editions differ in, plus the variant switches (RULES §11)."""

    id: str
    edition: str
    name: dict[str, str]
    currency: str
    income_per_fort: int
    starting_money: dict[str, int]
    dice_by_damage: list[int]
    experience: dict[str, int]  # level -> XP needed (veteran, hero)
    hit_bonus_per_level: int
    destroyed_at_damage: int
    xp_for_damage: int
    xp_for_destroy: int
    pincer_dice: int
    encirclement_dice: int
    gift_fee: int
    repair_mode: str  # "flat" | "card"
    repair_flat_cost: int
    forts_to_win: dict[int, int]
    forts_per_half: int  # forts a 2-player half holds (RULES §1: "5 von 7 bei 2 Spielern")
    elimination_victory: bool
    first_round_armies: dict[int, list[list[int]]]
    unit_limit_enabled: bool
    unit_limit_max: int
    special_unit_price: int
    special_unit_choice: str
    terrain_costs: dict[str, dict[str, float | str | None]]
    last_step_to_meadow: float
    variants: dict[str, dict[str, Any]]
    estimated: set[str] = field(default_factory=set)  # JSON pointers
    notes: dict[str, Note] = field(default_factory=dict)  # pointer -> why the value is a guess
    # Both teams' last combat-capable units destroyed in one fight (elimination victory):
    # "draw", "attacker" or "defender" wins; None when the file leaves it out (a draw).
    mutual_destruction: str | None = None

    def level_of(self, xp: int) -> str:
        """Experience level for an XP total."""
        if xp >= self.experience["hero"]:
            return "hero"
        if xp >= self.experience["veteran"]:
            return "veteran"
        return "recruit"


# --- scenario --------------------------------------------------------------------------------


@dataclass
class Seat:
    """One player's seat: nation, team and who controls it; `partner` is the allied nation
    that plays this seat together with `nation` (co-op, RULES §9: one joint turn, one shared
    money pool and shared forts), None for a seat of one nation."""

    seat: int
    nation: str
    team: str
    controller: str = "human"  # "human" | "ai"
    partner: str | None = None


@dataclass
class Scenario:
    """A playable setup: map, ruleset and catalog, seats, money, variants, briefing."""

    id: str
    name: dict[str, str]
    map_ref: str
    ruleset_ref: str
    catalog_ref: str
    players: int
    seats: list[Seat]
    half: str | None = None
    starting_money: dict[str, int] = field(default_factory=dict)
    variants: list[str] = field(default_factory=list)
    briefing: dict[str, str] = field(default_factory=dict)
    objectives: list[dict[str, Any]] = field(default_factory=list)
    events: dict[str, Any] = field(default_factory=lambda: {"version": 1, "triggers": []})
    units: list[dict[str, Any]] = field(default_factory=list)  # pre-placed, in file form
    # Resolved references, filled by the loader.
    map: GameMap | None = None
    ruleset: Ruleset | None = None
    catalog: Catalog | None = None
