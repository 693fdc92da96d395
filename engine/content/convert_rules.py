"""Catalog and ruleset files <-> `Catalog` / `Ruleset`, unwrapping estimable numbers."""

from __future__ import annotations

from typing import Any

from engine.content.documents import SCHEMA_OF_KIND
from engine.content.estimable import Flags, Wrapper
from engine.content.migrations import CURRENT_VERSION
from engine.model import Ability, Catalog, Ruleset, UnitType

_TARGET_ORDER = ("ground", "air")


def unit_from_dict(u: dict[str, Any]) -> UnitType:
    """A UnitType from one schema-valid unit entry (pointers relative to the unit)."""
    f = Flags()
    rng = u["range"]
    rmax = rng["max"]
    return UnitType(
        id=u["id"],
        name=dict(u["name"]),
        unit_class=u["class"],
        nations=list(u["nations"]),
        speed=f.num(u["speed"], "/speed"),
        range_min=f.num(rng["min"], "/range/min"),
        range_max=None if rmax == "unlimited" else f.num(rmax, "/range/max"),
        targets=set(u["targets"]),
        hit=f.deep(u["hit"], "/hit"),
        armour_open=f.deep(u["armour"]["open"], "/armour/open"),
        armour_forest=f.deep(u["armour"]["forest"], "/armour/forest"),
        cost=f.deep(u["cost"], "/cost"),
        repair_cost=f.deep(u["repair_cost"], "/repair_cost"),
        special=u.get("special", False),
        hit_vs=f.deep(u.get("hit_vs", {}), "/hit_vs"),
        transportable=u.get("transportable", False),
        capacity=f.num(u.get("capacity", 0), "/capacity"),
        can_capture=u.get("can_capture", False),
        abilities=[
            Ability(a["id"], f.deep(a.get("params", {}), f"/abilities/{i}/params"),
                    f.deep(a.get("blocks", {}), f"/abilities/{i}/blocks"))
            for i, a in enumerate(u.get("abilities", []))
        ],
        nation_names={n: dict(t) for n, t in u.get("nation_names", {}).items()},
        estimated=f.estimated,
        notes=f.notes,
    )


def unit_to_dict(u: UnitType) -> dict[str, Any]:
    """The file form of a UnitType."""
    w = Wrapper(u.estimated, u.notes)
    out: dict[str, Any] = {
        "id": u.id,
        "name": dict(u.name),
        "class": u.unit_class,
        "nations": list(u.nations),
        "special": u.special,
        "speed": w.num(u.speed, "/speed"),
        "range": {
            "min": w.num(u.range_min, "/range/min"),
            "max": "unlimited" if u.range_max is None else w.num(u.range_max, "/range/max"),
        },
        "targets": [t for t in _TARGET_ORDER if t in u.targets],
        "hit": w.deep(u.hit, "/hit"),
        "armour": {"open": w.deep(u.armour_open, "/armour/open"),
                   "forest": w.deep(u.armour_forest, "/armour/forest")},
        "cost": w.deep(u.cost, "/cost"),
        "repair_cost": w.deep(u.repair_cost, "/repair_cost"),
        "transportable": u.transportable,
        "capacity": w.num(u.capacity, "/capacity"),
        "can_capture": u.can_capture,
    }
    if u.hit_vs:
        out["hit_vs"] = w.deep(u.hit_vs, "/hit_vs")
    if u.abilities:
        out["abilities"] = []
        for i, a in enumerate(u.abilities):
            entry: dict[str, Any] = {"id": a.id}
            if a.params:
                entry["params"] = w.deep(a.params, f"/abilities/{i}/params")
            if a.blocks:
                entry["blocks"] = w.deep(a.blocks, f"/abilities/{i}/blocks")
            out["abilities"].append(entry)
    if u.nation_names:
        out["nation_names"] = {n: dict(t) for n, t in u.nation_names.items()}
    return out


def catalog_from_dict(data: dict[str, Any]) -> Catalog:
    """Build a Catalog from schema-valid catalog data (first unit wins on duplicate ids)."""
    units: dict[str, UnitType] = {}
    for u in data["units"]:
        units.setdefault(u["id"], unit_from_dict(u))
    return Catalog(data["id"], dict(data["name"]), units)


def catalog_to_dict(c: Catalog) -> dict[str, Any]:
    """The file form of a Catalog."""
    return {
        "$schema": SCHEMA_OF_KIND["catalog"],
        "schema_version": 1,
        "id": c.id,
        "name": dict(c.name),
        "units": [unit_to_dict(u) for u in c.units.values()],
    }


def ruleset_from_dict(data: dict[str, Any]) -> Ruleset:
    """Build a Ruleset from schema-valid ruleset data (pointers relative to the document)."""
    f = Flags()
    d = data
    return Ruleset(
        id=d["id"],
        edition=d["edition"],
        name=dict(d["name"]),
        currency=d["currency"],
        income_per_fort=f.num(d["income_per_fort"], "/income_per_fort"),
        starting_money=f.deep(d["starting_money"], "/starting_money"),
        dice_by_damage=f.deep(d["dice_by_damage"], "/dice_by_damage"),
        experience=f.deep(d["experience"], "/experience"),
        hit_bonus_per_level=f.num(d["hit_bonus_per_level"], "/hit_bonus_per_level"),
        destroyed_at_damage=f.num(d["destroyed_at_damage"], "/destroyed_at_damage"),
        xp_for_damage=f.num(d["xp_for_damage"], "/xp_for_damage"),
        xp_for_destroy=f.num(d["xp_for_destroy"], "/xp_for_destroy"),
        pincer_dice=f.num(d["pincer_dice"], "/pincer_dice"),
        encirclement_dice=f.num(d["encirclement_dice"], "/encirclement_dice"),
        gift_fee=f.num(d["gift_fee"], "/gift_fee"),
        repair_mode=d["repair"]["mode"],
        repair_flat_cost=f.num(d["repair"]["cost"], "/repair/cost"),
        forts_to_win={int(k): v for k, v in f.deep(d["forts_to_win"], "/forts_to_win").items()},
        forts_per_half=f.num(d["forts_per_half"], "/forts_per_half"),
        elimination_victory=d["elimination_victory"],
        mutual_destruction=d.get("mutual_destruction"),
        first_round_armies={
            int(k): v for k, v in f.deep(d["first_round_armies"], "/first_round_armies").items()
        },
        unit_limit_enabled=d["unit_limit_per_type"]["enabled"],
        unit_limit_max=f.num(d["unit_limit_per_type"]["max"], "/unit_limit_per_type/max"),
        special_unit_price=f.num(d["special_unit"]["price"], "/special_unit/price"),
        special_unit_choice=d["special_unit"]["choice"],
        terrain_costs=f.deep(d["terrain_costs"], "/terrain_costs"),
        last_step_to_meadow=f.num(d["last_step_to_meadow"], "/last_step_to_meadow"),
        variants=f.deep(d["variants"], "/variants"),
        estimated=f.estimated,
        notes=f.notes,
    )


def ruleset_to_dict(r: Ruleset) -> dict[str, Any]:
    """The file form of a Ruleset."""
    w = Wrapper(r.estimated, r.notes)
    out: dict[str, Any] = {
        "$schema": SCHEMA_OF_KIND["ruleset"],
        "schema_version": CURRENT_VERSION["ruleset"],
        "id": r.id,
        "edition": r.edition,
        "name": dict(r.name),
        "currency": r.currency,
        "income_per_fort": w.num(r.income_per_fort, "/income_per_fort"),
        "starting_money": w.deep(r.starting_money, "/starting_money"),
        "dice_by_damage": w.deep(r.dice_by_damage, "/dice_by_damage"),
        "experience": w.deep(r.experience, "/experience"),
        "hit_bonus_per_level": w.num(r.hit_bonus_per_level, "/hit_bonus_per_level"),
        "destroyed_at_damage": w.num(r.destroyed_at_damage, "/destroyed_at_damage"),
        "xp_for_damage": w.num(r.xp_for_damage, "/xp_for_damage"),
        "xp_for_destroy": w.num(r.xp_for_destroy, "/xp_for_destroy"),
        "pincer_dice": w.num(r.pincer_dice, "/pincer_dice"),
        "encirclement_dice": w.num(r.encirclement_dice, "/encirclement_dice"),
        "gift_fee": w.num(r.gift_fee, "/gift_fee"),
        "repair": {"mode": r.repair_mode, "cost": w.num(r.repair_flat_cost, "/repair/cost")},
        "forts_to_win": w.deep({str(k): v for k, v in r.forts_to_win.items()}, "/forts_to_win"),
        "forts_per_half": w.num(r.forts_per_half, "/forts_per_half"),
        "elimination_victory": r.elimination_victory,
        "first_round_armies": w.deep(
            {str(k): v for k, v in r.first_round_armies.items()}, "/first_round_armies"
        ),
        "unit_limit_per_type": {"enabled": r.unit_limit_enabled,
                                "max": w.num(r.unit_limit_max, "/unit_limit_per_type/max")},
        "special_unit": {"price": w.num(r.special_unit_price, "/special_unit/price"),
                         "choice": r.special_unit_choice},
        "terrain_costs": w.deep(r.terrain_costs, "/terrain_costs"),
        "last_step_to_meadow": w.num(r.last_step_to_meadow, "/last_step_to_meadow"),
        "variants": w.deep(r.variants, "/variants"),
    }
    if r.mutual_destruction is not None:
        out["mutual_destruction"] = r.mutual_destruction
    return out
