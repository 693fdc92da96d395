"""Unit abilities as registered objects (RULES §6, §10): one class per catalog ability id.

A unit type's abilities become `Powers`, found with `powers(unit_type)` and cached per unit
type: the engine asks its flags and hooks instead of testing ability strings. Each class reads
its parameters from the catalog (`abilities: [{id, params}]`). An ability the engine does not
play yet is registered with `implemented = False`: the unit still plays by its card values,
and content validation warns that the power has no effect (issue 10 implements them). To add
an ability: subclass `Ability`, set `id`, override the hooks it needs, decorate with
`@register`, and let `Powers` collect the new hook.

Only engine.model is imported here, so content validation can ask the registry too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from engine.model import UnitType

if TYPE_CHECKING:
    from engine.rules.actions import Action
    from engine.rules.state import State
    from engine.rules.unit import Unit

# Facts of RULES §6 (Big Bertha): faces 1..max send the shot to a neighbour, by level.
SCATTER_NEIGHBOUR_MAX = {"recruit": 6, "veteran": 3, "hero": 0}


class UnknownAbilityError(ValueError):
    """An ability id that no class is registered for."""


class Ability:
    """One ability of a unit type with its parameters; the default hooks change nothing."""

    id: ClassVar[str] = ""
    implemented: ClassVar[bool] = True
    rule: ClassVar[str] = ""
    water_unit: ClassVar[bool] = False  # may attack and fire back from water
    bought_on_water: ClassVar[bool] = False  # a purchase is placed on a free water hex
    indestructible: ClassVar[bool] = False  # takes no damage at all
    cannot_target_air: ClassVar[bool] = False  # never attacks air units
    # Card data the ability stands for (validated): the hit_vs column it uses, the target
    # kind its `targets` must include.
    hit_vs_class: ClassVar[str | None] = None
    needs_target: ClassVar[str | None] = None
    may_capture_in_shorter_game: ClassVar[bool] = True
    # Action classes this ability gives its unit (builder, medic, minelayer, …); each has a
    # `unit` field naming the acting unit, whose ability object checks and applies it.
    action_types: ClassVar[tuple[type[Action], ...]] = ()

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.params: Mapping[str, Any] = params if params is not None else {}

    def scatter_neighbour_max(self, level: str) -> int:
        """Highest scatter-die face sending this unit's shot to a neighbour (0: never)."""
        return 0

    def adjust_hit_value(self, value: int, target: UnitType, level: str) -> int:
        """The hit value this unit's dice use against `target`, given the card's `value` (for
        its experience `level`). Only overriding classes are called."""
        return value

    def extra_actions(self, state: State, unit: Unit) -> list[Action]:
        """Actions of `action_types` that `unit` (the player to act's) may take now."""
        return []

    def action_problem(self, state: State, unit: Unit, action: Action) -> str | None:
        """Why `unit` may not take `action` (one of `action_types`) now, or None."""
        return None

    def apply_action(self, state: State, unit: Unit, action: Action) -> None:
        """The effect of `unit` taking `action`, one of `action_types`, already checked."""
        raise NotImplementedError(f"{type(self).__name__} has no effect for {action}")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self.params)!r})"


ABILITIES: dict[str, type[Ability]] = {}


def register(cls: type[Ability]) -> type[Ability]:
    """Class decorator: make an ability class findable by its id."""
    if not cls.id or cls.id in ABILITIES:
        raise ValueError(f"ability class {cls.__name__} needs a new id, got {cls.id!r}")
    ABILITIES[cls.id] = cls
    return cls


def known_ids() -> str:
    """The registered ability ids as one comma-separated line, for messages."""
    return ", ".join(ABILITIES)


def ability_class(ability_id: str) -> type[Ability]:
    """The class registered for `ability_id`; UnknownAbilityError lists the known ids."""
    cls = ABILITIES.get(ability_id)
    if cls is None:
        raise UnknownAbilityError(f"unknown ability {ability_id!r} (known: {known_ids()})")
    return cls


def unimplemented() -> list[str]:
    """Ids of registered abilities the engine does not play yet (issue 10)."""
    return [k for k, cls in ABILITIES.items() if not cls.implemented]


class Powers:
    """Everything a unit type's abilities change, collected once per unit type."""

    __slots__ = ("abilities", "action_hooks", "bought_on_water", "cannot_target_air",
                 "hit_hooks", "indestructible", "may_capture_in_shorter_game", "scatter",
                 "water_unit")

    def __init__(self, unit_type: UnitType) -> None:
        self.abilities = tuple(ability_class(a.id)(a.params) for a in unit_type.abilities)
        self.water_unit = any(a.water_unit for a in self.abilities)
        self.bought_on_water = any(a.bought_on_water for a in self.abilities)
        self.indestructible = any(a.indestructible for a in self.abilities)
        self.cannot_target_air = any(a.cannot_target_air for a in self.abilities)
        self.may_capture_in_shorter_game = all(a.may_capture_in_shorter_game
                                               for a in self.abilities)
        self.scatter: Scatter | None = next(
            (a for a in self.abilities if isinstance(a, Scatter)), None)
        self.hit_hooks = tuple(a for a in self.abilities
                               if type(a).adjust_hit_value is not Ability.adjust_hit_value)
        self.action_hooks = tuple(a for a in self.abilities if a.action_types)

    def scatter_neighbour_max(self, level: str) -> int:
        """Highest scatter-die face that sends the shot to a neighbour (0: never scatters)."""
        return self.scatter.scatter_neighbour_max(level) if self.scatter else 0


_CACHE: dict[int, tuple[UnitType, list[Any], int, Powers]] = {}


def powers(unit_type: UnitType) -> Powers:
    """The `Powers` of a unit type (cached; rebuilt when its ability list is replaced or
    grows). Raises UnknownAbilityError for an ability id without a class."""
    entry = _CACHE.get(id(unit_type))
    if (entry is not None and entry[0] is unit_type and entry[1] is unit_type.abilities
            and entry[2] == len(unit_type.abilities)):
        return entry[3]
    p = Powers(unit_type)
    _CACHE[id(unit_type)] = (unit_type, unit_type.abilities, len(unit_type.abilities), p)
    return p


# --- abilities that play -------------------------------------------------------------------


@register
class Scatter(Ability):
    """Big Bertha (RULES §6): the shot may land on a neighbour of the target. Parameters:
    `<level>_neighbour_max` (highest face sending it astray), `directions` (six direction
    indices for faces 1..6; the table is a GAP, default face − 1)."""

    id = "scatter"
    rule = "RULES §6"

    def scatter_neighbour_max(self, level: str) -> int:
        return int(self.params.get(f"{level}_neighbour_max", SCATTER_NEIGHBOUR_MAX[level]))

    def directions(self) -> list[int]:
        """Direction index 0..5 of the neighbour hit for scatter faces 1..6."""
        table = self.params.get("directions")
        return list(table) if table else list(range(6))


@register
class CannotDamageAir(Ability):
    """Never attacks air units (Big Bertha, RULES §6)."""

    id = "cannot_damage_air"
    rule = "RULES §6"
    cannot_target_air = True


@register
class Indestructible(Ability):
    """Takes no damage at all (fort turret, RULES §10)."""

    id = "indestructible"
    rule = "RULES §10"
    indestructible = True


@register
class WaterOnly(Ability):
    """Belongs on water (gunboat): attacks and fires back from water (RULES §10)."""

    id = "water_only"
    rule = "RULES §10"
    water_unit = True


@register
class BuyOnWater(Ability):
    """Bought onto a free water hex instead of into a fort (gunboat, RULES §10)."""

    id = "buy_on_water"
    rule = "RULES §10"
    bought_on_water = True


@register
class AntiTank(Ability):
    """Anti-tank value: the card's `hit_vs.tank` against tanks (RULES §6); under the shorter
    game it may not capture forts (RULES §5.6)."""

    id = "anti_tank"
    rule = "RULES §6"
    hit_vs_class = "tank"
    may_capture_in_shorter_game = False


@register
class FootValue(Ability):
    """Foot-soldier value: the card's `hit_vs.foot` against foot soldiers (RULES §6)."""

    id = "foot_value"
    rule = "RULES §6"
    hit_vs_class = "foot"


@register
class AntiAir(Ability):
    """The cloud symbol: attacks air units, which the card's `targets` must include."""

    id = "anti_air"
    rule = "RULES §6"
    needs_target = "air"


# --- abilities registered but not played yet (issue 10) -------------------------------------


@register
class UnlimitedRange(Ability):
    """Unlimited range. Not played yet (issue 10): only a card's `range_max: null` is."""

    id = "unlimited_range"
    rule = "RULES §6"
    implemented = False


@register
class AreaAttack(Ability):
    """Area attack: one roll for every hex of the pattern, friend and foe.

    Not played yet (issue 10)."""

    id = "area_attack"
    rule = "RULES §6"
    implemented = False


@register
class Builder(Ability):
    """Builds a trench, road or bridge instead of attacking. Not played yet (issue 10)."""

    id = "builder"
    rule = "RULES §10"
    implemented = False


@register
class FieldRepair(Ability):
    """Medic: repairs an adjacent own unit in the field. Not played yet (issue 10)."""

    id = "field_repair"
    rule = "RULES §10"
    implemented = False


@register
class LayMines(Ability):
    """Minelayer: a mine per turn destroys an entering enemy. Not played yet (issue 10)."""

    id = "lay_mines"
    rule = "RULES §10"
    implemented = False


@register
class Gas(Ability):
    """Gas attack of the gas mortar. Not played yet (issue 10)."""

    id = "gas"
    rule = "RULES §10"
    implemented = False


@register
class GasImmune(Ability):
    """Immune to gas. Not played yet (issue 10)."""

    id = "gas_immune"
    rule = "RULES §10"
    implemented = False


@register
class FortMounted(Ability):
    """Fort turret: mounted on a fort and fires from it. Not played yet (issue 10)."""

    id = "fort_mounted"
    rule = "RULES §10"
    implemented = False


@register
class CloseCombat(Ability):
    """Trench Club unit's close combat. Not played yet (issue 10)."""

    id = "close_combat"
    rule = "RULES §10"
    implemented = False
