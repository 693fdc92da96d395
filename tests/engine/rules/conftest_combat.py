"""Unit cards and a ruleset for the combat tests, built from engine.model directly.

Values follow the facts of RULES §3 (armoured car ≤4/≤6, takes 1 damage from 2 hits and 2 from
4; infantry ≤2, takes 3 damage from 5 hits in the open and 2 in forest); the rest are plausible
test values, not the shipped catalog.
"""

from __future__ import annotations

from typing import Any

from engine.model import Ability, Catalog, Ruleset, UnitType

STEP_ARMOUR = [2, 4, 6, 8, 10, 12]


def make_ruleset(**overrides: Any) -> Ruleset:
    """The current edition's combat numbers (RULES §5.4), other fields minimal."""
    fields: dict[str, Any] = {
        "id": "test",
        "edition": "current",
        "name": {"en": "Test"},
        "currency": "coins",
        "income_per_fort": 1,
        "starting_money": {},
        "dice_by_damage": [12, 11, 10, 8, 7, 5],
        "experience": {"veteran": 3, "hero": 5},
        "hit_bonus_per_level": 2,
        "destroyed_at_damage": 6,
        "xp_for_damage": 1,
        "xp_for_destroy": 2,
        "pincer_dice": 2,
        "encirclement_dice": 3,
        "gift_fee": 1,
        "repair_mode": "flat",
        "repair_flat_cost": 2,
        "forts_to_win": {2: 5, 4: 9}, "forts_per_half": 7,
        "elimination_victory": False,
        "first_round_armies": {},
        "unit_limit_enabled": False,
        "unit_limit_max": 2,
        "special_unit_price": 18,
        "special_unit_choice": "hidden",
        "terrain_costs": {},
        "last_step_to_meadow": 0.5,
        "variants": {},
    }
    fields.update(overrides)
    return Ruleset(**fields)


def make_unit(
    unit_id: str,
    unit_class: str,
    *,
    hit: dict[str, int] | None = None,
    range_min: int = 1,
    range_max: int | None = 1,
    targets: set[str] | None = None,
    armour_open: list[int] | None = None,
    armour_forest: list[int] | None = None,
    hit_vs: dict[str, dict[str, int]] | None = None,
    abilities: list[str] | None = None,
) -> UnitType:
    """A unit card with defaults for everything combat does not read."""
    return UnitType(
        id=unit_id,
        name={"en": unit_id},
        unit_class=unit_class,
        nations=["DE", "AH", "FR", "GB"],
        speed=2,
        range_min=range_min,
        range_max=range_max,
        targets={"ground"} if targets is None else targets,
        hit=hit or {"recruit": 4, "veteran": 6, "hero": 8},
        armour_open=armour_open or list(STEP_ARMOUR),
        armour_forest=armour_forest or [n + 1 for n in STEP_ARMOUR],
        cost={"coins": 3},
        repair_cost={"coins": 2},
        hit_vs=hit_vs or {},
        abilities=[Ability(a) for a in abilities or []],
    )


ARMOURED_CAR = make_unit("armoured_car", "vehicle", hit={"recruit": 4, "veteran": 6, "hero": 8})
INFANTRY = make_unit(
    "infantry",
    "foot",
    hit={"recruit": 2, "veteran": 4, "hero": 6},
    armour_open=[1, 3, 5, 7, 9, 11],
    armour_forest=[2, 4, 6, 8, 10, 12],
)
HEAVY_INFANTRY = make_unit("heavy_infantry", "foot", hit={"recruit": 3}, targets={"ground", "air"})
TANK = make_unit(
    "tank", "tank", hit={"recruit": 6}, armour_open=[3, 6, 9, 12, 15, 18],
    armour_forest=[4, 7, 10, 13, 16, 19],
)
ANTI_TANK = make_unit(
    "anti_tank", "foot", hit={"recruit": 2}, hit_vs={"tank": {"recruit": 7, "veteran": 9}},
    abilities=["anti_tank"],
)
SHARPSHOOTER = make_unit(
    "trench_club", "foot", hit={"recruit": 3}, hit_vs={"foot": {"recruit": 5}},
    abilities=["foot_value"],
)
FIGHTER = make_unit("fighter", "air", hit={"recruit": 4}, targets={"ground", "air"})
ANTI_AIRCRAFT = make_unit(
    "anti_aircraft", "artillery", hit={"recruit": 4}, range_max=3, targets={"air"}
)
HOWITZER = make_unit("howitzer", "artillery", hit={"recruit": 3}, range_min=2, range_max=4)
ASSAULT_GUN = make_unit("assault_gun", "artillery", hit={"recruit": 3}, range_max=3)
HEAVY_MORTAR = make_unit("heavy_mortar", "artillery", hit={"recruit": 3}, range_min=2, range_max=5)
TRANSPORT = make_unit("transport", "transport", hit={"recruit": 0}, targets=set())
BIG_BERTHA = make_unit(
    "big_bertha", "artillery", hit={"recruit": 5}, range_min=2, range_max=None,
    targets={"ground", "air"}, abilities=["cannot_damage_air", "scatter"],
)
GUNBOAT = make_unit(
    "gunboat", "ship", hit={"recruit": 4}, range_max=4, targets={"ground", "air"},
    abilities=["water_only", "buy_on_water"],
)
FORT_TURRET = make_unit(
    "fort_turret", "static", hit={"recruit": 5}, range_max=3, targets={"ground", "air"},
    abilities=["fort_mounted", "indestructible"],
)

ALL_UNITS: tuple[UnitType, ...] = (
    ARMOURED_CAR, INFANTRY, HEAVY_INFANTRY, TANK, ANTI_TANK, SHARPSHOOTER, FIGHTER,
    ANTI_AIRCRAFT, HOWITZER, ASSAULT_GUN, HEAVY_MORTAR, TRANSPORT, BIG_BERTHA, GUNBOAT,
    FORT_TURRET,
)


def make_catalog() -> Catalog:
    """All test cards as one catalog."""
    return Catalog(id="test", name={"en": "Test"}, units={u.id: u for u in ALL_UNITS})


def fixed_dice(*groups: tuple[int, ...]):
    """A `roll` callable handing out the given face groups in order, checking the counts."""
    queue = list(groups)

    def roll(n: int) -> tuple[int, ...]:
        faces = queue.pop(0)
        assert len(faces) == n, f"test expected {len(faces)} dice, combat rolled {n}"
        return faces

    return roll
