"""Facts from the rule texts that the built-in content in content/ must keep.

These tests read the YAML directly (no loader), so they pin the content itself: a designer
who changes a fact-backed number by accident gets a failing test that names the rule.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

CONTENT = Path(__file__).resolve().parents[2] / "content"
CATALOG = CONTENT / "catalog" / "base.catalog.yaml"

NATIONS = ("DE", "AH", "FR", "GB")
BASE_UNITS = {
    "transport",
    "infantry",
    "mounted_infantry",
    "assault_gun",
    "howitzer",
    "armoured_car",
    "fighter",
    "anti_aircraft",
    "heavy_infantry",
    "heavy_mortar",
    "tank",
    "big_bertha",
    "anti_tank",
    "mark_i_female",
    "renault_ft17",
}
SPECIAL_UNITS = {
    "gunboat",
    "medic",
    "ground_attack_plane",
    "railway_gun",
    "gas_mortar",
    "zeppelin",
    "fort_turret",
    "minelayer",
    "trench_club",
}
FOOT_SOLDIERS = {"infantry", "mounted_infantry", "heavy_infantry", "anti_tank"}
TRANSPORTABLE = {
    "infantry",
    "mounted_infantry",
    "heavy_infantry",
    "assault_gun",
    "howitzer",
    "heavy_mortar",
    "anti_tank",
    "big_bertha",
    "gas_mortar",
}


def load(path: Path) -> Any:
    """Parse a content file the way the project does (C loader, no Python tags)."""
    with path.open("rb") as fh:
        return yaml.load(fh, Loader=yaml.CSafeLoader)


def val(x: Any) -> Any:
    """The number behind a plain or `{value, estimated, note}` entry."""
    return x["value"] if isinstance(x, dict) and "value" in x else x


def is_estimated(x: Any) -> bool:
    return isinstance(x, dict) and x.get("estimated") is True


def damage(column: list[Any], hits: int) -> int:
    """Damage dealt by `hits` hits: how many ascending thresholds the hits reach."""
    return sum(1 for t in column if val(t) <= hits)


@pytest.fixture(scope="module")
def units() -> dict[str, dict[str, Any]]:
    data = load(CATALOG)
    assert data["$schema"] == "https://trenchclub.studio/schema/catalog.schema.json"
    assert data["schema_version"] == 1
    return {u["id"]: u for u in data["units"]}


def test_catalog_starts_with_schema_and_version():
    first_two = [ln.split(":")[0] for ln in CATALOG.read_text("utf-8").splitlines()[:2]]
    assert first_two == ["$schema", "schema_version"]


def test_each_nation_fields_exactly_eleven_base_units(units):
    base = {uid for uid, u in units.items() if not u["special"]}
    assert base == BASE_UNITS
    per_nation = Counter(n for uid in base for n in units[uid]["nations"])
    assert per_nation == dict.fromkeys(NATIONS, 11)


def test_nation_specific_units_belong_to_their_nation(units):
    assert units["assault_gun"]["nations"] == ["DE", "GB"]
    assert units["howitzer"]["nations"] == ["AH", "FR"]
    assert units["big_bertha"]["nations"] == ["DE"]
    assert units["anti_tank"]["nations"] == ["AH"]
    assert units["mark_i_female"]["nations"] == ["GB"]
    assert units["renault_ft17"]["nations"] == ["FR"]


def test_all_nine_special_units_exist_and_cost_eighteen_war_bonds(units):
    special = {uid for uid, u in units.items() if u["special"]}
    assert special == SPECIAL_UNITS
    for uid in special:
        assert units[uid]["cost"]["war_bonds"] == 18, uid


def test_speeds_from_the_rules(units):
    assert units["armoured_car"]["speed"] == 4
    assert units["infantry"]["speed"] == 2
    assert units["mounted_infantry"]["speed"] == 3
    assert units["heavy_mortar"]["speed"] == 1


def test_ranges_from_the_rules(units):
    assert units["infantry"]["range"] == {"min": 1, "max": 1}
    assert units["heavy_mortar"]["range"] == {"min": 2, "max": 5}
    # Howitzer and mortar cannot fight at range 1; the assault gun can.
    assert units["howitzer"]["range"]["min"] == 2
    assert units["assault_gun"]["range"]["min"] == 1
    # Solo rules: melee units (range 1) are plane, tanks, armoured car; ranged ones have > 1.
    for uid in ("fighter", "tank", "mark_i_female", "renault_ft17", "armoured_car"):
        assert units[uid]["range"] == {"min": 1, "max": 1}, uid
    for uid in ("assault_gun", "howitzer", "anti_aircraft", "heavy_mortar"):
        assert val(units[uid]["range"]["max"]) > 1, uid


def test_recruit_hit_values_from_the_rules(units):
    expected = {
        "infantry": 2,
        "mounted_infantry": 2,
        "armoured_car": 4,
        "tank": 6,
        "heavy_mortar": 3,
        "anti_aircraft": 4,
        "howitzer": 3,
        "assault_gun": 3,
        "mark_i_female": 4,
    }
    for uid, value in expected.items():
        assert units[uid]["hit"]["recruit"] == value, uid
    assert units["armoured_car"]["hit"]["veteran"] == 6
    # Howitzer: half its value rounded up is 2 (solo rules).
    assert -(-units["howitzer"]["hit"]["recruit"] // 2) == 2


def test_damage_examples_from_the_rules(units):
    car = units["armoured_car"]["armour"]["open"]
    assert damage(car, 2) == 1
    assert damage(car, 3) == 1
    assert damage(car, 4) == 2
    for uid in ("infantry", "mounted_infantry"):
        armour = units[uid]["armour"]
        assert damage(armour["open"], 5) == 3, uid
        assert damage(armour["forest"], 5) == 2, uid


def test_armour_tables_ascend_and_destroy_at_six(units):
    for uid, u in units.items():
        for column in ("open", "forest"):
            values = [val(t) for t in u["armour"][column]]
            assert len(values) == 6, (uid, column)
            assert values == sorted(values), (uid, column)
            assert all(v >= 1 for v in values), (uid, column)


def test_costs_from_the_rules(units):
    assert units["infantry"]["cost"] == {"coins": 2, "war_bonds": 7}
    assert units["mounted_infantry"]["cost"] == {"coins": 3, "war_bonds": 9}
    for uid, u in units.items():
        assert u["repair_cost"]["coins"] == 2, uid


def test_heavier_units_cost_more(units):
    def coins(uid: str) -> int:
        return val(units[uid]["cost"]["coins"])

    assert coins("infantry") < coins("mounted_infantry") < coins("armoured_car") < coins("tank")
    # Solo buy order by price: plane, tank, other tanks, armoured car.
    assert coins("fighter") > coins("tank") >= coins("mark_i_female") > coins("armoured_car")
    # AH's anti-tank is the cheaper nation unit (its 3 starting war bonds offset it).
    for uid in ("big_bertha", "mark_i_female", "renault_ft17"):
        assert val(units[uid]["cost"]["war_bonds"]) > val(units["anti_tank"]["cost"]["war_bonds"])


def test_unit_classes_and_capabilities(units):
    capture = {uid for uid, u in units.items() if u["can_capture"] and not u["special"]}
    assert capture == FOOT_SOLDIERS
    for uid in FOOT_SOLDIERS:
        assert units[uid]["class"] == "foot", uid
    transportable = {uid for uid, u in units.items() if u["transportable"]}
    assert transportable == TRANSPORTABLE
    assert units["transport"]["capacity"] == 4
    assert units["transport"]["targets"] == []
    assert units["transport"]["range"] == {"min": 0, "max": 0}
    assert units["anti_aircraft"]["targets"] == ["air"]
    for uid in ("fighter", "ground_attack_plane", "zeppelin"):
        assert units[uid]["class"] == "air", uid
    # Only air units, anti-aircraft, heavy infantry and gunboats can attack air units.
    air_attackers = {uid for uid, u in units.items() if "air" in u["targets"]}
    assert air_attackers == {
        "fighter",
        "ground_attack_plane",
        "zeppelin",
        "anti_aircraft",
        "heavy_infantry",
        "gunboat",
    }
    for uid in ("anti_aircraft", "heavy_infantry", "gunboat"):
        assert {"id": "anti_air"} in units[uid]["abilities"], uid
    tanks = {uid for uid, u in units.items() if u["class"] == "tank"}
    assert tanks == {"tank", "mark_i_female", "renault_ft17"}
    assert units["armoured_car"]["class"] == "vehicle"


def test_card_symbols(units):
    abilities = {
        uid: {a["id"]: a.get("params", {}) for a in u.get("abilities", [])}
        for uid, u in units.items()
    }
    scatter = abilities["big_bertha"]["scatter"]
    assert scatter == {
        "recruit_neighbour_max": 6,
        "veteran_neighbour_max": 3,
        "hero_neighbour_max": 0,
    }
    assert "cannot_damage_air" in abilities["big_bertha"]
    assert "anti_tank" in abilities["anti_tank"]
    assert "tank" in units["anti_tank"]["hit_vs"]
    mines = abilities["minelayer"]["lay_mines"]
    assert {k: mines[k] for k in ("markers", "per_turn", "per_hex")} == {
        "markers": 5, "per_turn": 1, "per_hex": 1}  # FAQ facts; `range` is estimated
    assert mines["range"]["estimated"] is True
    assert abilities["gas_mortar"]["area_attack"]["xp_if_damaged"] == 1  # FAQ fact
    assert {"gas", "gas_immune", "area_attack"} <= set(abilities["gas_mortar"])
    assert {"fort_mounted", "indestructible"} <= set(abilities["fort_turret"])
    assert {"water_only", "buy_on_water"} <= set(abilities["gunboat"])
    assert "field_repair" in abilities["medic"]


def test_generic_tank_has_a_name_per_nation(units):
    names = units["tank"]["nation_names"]
    assert set(names) == set(NATIONS)
    assert names["DE"]["en"] == "A7V"
    assert names["GB"]["en"] == "Mark IV male"


def test_every_estimate_explains_itself(units):
    def walk(x: Any, where: str) -> int:
        if isinstance(x, dict):
            if "estimated" in x:
                assert x["estimated"] is True, where
                note = x.get("note")
                assert isinstance(note, dict), where  # {de, en}: a German Studio shows it
                assert note["de"].startswith("GAP: ") and note["en"].startswith("GAP: "), where
                assert isinstance(x["value"], int | float), where
                return 1
            return sum(walk(v, f"{where}/{k}") for k, v in x.items())
        if isinstance(x, list):
            return sum(walk(v, f"{where}/{i}") for i, v in enumerate(x))
        return 0

    count = walk(load(CATALOG), "")
    assert count > 100  # most card values are guesses; the facts are few


# --- rulesets ---------------------------------------------------------------------------------

RULESETS = CONTENT / "rulesets"


@pytest.fixture(scope="module", params=["current", "earlier"])
def ruleset(request) -> dict[str, Any]:
    data = load(RULESETS / f"{request.param}.ruleset.yaml")
    assert data["$schema"] == "https://trenchclub.studio/schema/ruleset.schema.json"
    assert data["id"] == data["edition"] == request.param
    return data


def test_rules_shared_by_both_editions(ruleset):
    dice = ruleset["dice_by_damage"]
    assert len(dice) == 6
    assert dice[1] == 11 and dice[3] == 8
    assert all(is_estimated(dice[i]) for i in (0, 2, 4, 5))
    assert [val(d) for d in dice] == [12, 11, 10, 8, 7, 5]
    assert ruleset["experience"] == {"veteran": 3, "hero": 5}
    assert val(ruleset["hit_bonus_per_level"]) == 2
    assert ruleset["destroyed_at_damage"] == 6
    assert (ruleset["xp_for_damage"], ruleset["xp_for_destroy"]) == (1, 2)
    assert (ruleset["pincer_dice"], ruleset["encirclement_dice"]) == (2, 3)
    assert ruleset["gift_fee"] == 1
    assert ruleset["forts_to_win"] == {"2": 5, "4": 9}
    assert ruleset["first_round_armies"] == {"2": [[1, 2], [2, 3]], "4": [[1, 1, 2, 3]]}
    assert ruleset["unit_limit_per_type"] == {"enabled": False, "max": 2}
    assert ruleset["last_step_to_meadow"] == 0.5
    costs = ruleset["terrain_costs"]
    assert costs["foot"] == {
        "meadow": 1,
        "forest": 1.5,
        "road": 0.5,
        "bridge": 0.5,
        "water": "whole_move",
        "trench": 1,
    }
    assert costs["vehicle"]["water"] is None
    assert set(costs["air"].values()) == {1}
    assert costs["ship"]["meadow"] is None


def test_variants_are_all_off_with_their_parameters(ruleset):
    variants = ruleset["variants"]
    assert all(v["enabled"] is False for v in variants.values())
    vp = variants["victory_points"]
    assert (vp["player_target"], vp["team_target"], vp["hq_capture"]) == (10, 15, 3)
    assert variants["shorter_game"]["forts_to_win"] == {"2": 4, "4": 7}
    assert variants["shorter_game"]["anti_tank_may_capture"] is False
    assert variants["early_destruction"]["destroyed_at_damage"] == 5


def test_current_edition_money():
    data = load(RULESETS / "current.ruleset.yaml")
    assert data["currency"] == "coins"
    assert data["income_per_fort"] == 1
    assert data["starting_money"] == dict.fromkeys(NATIONS, 0)
    assert data["repair"] == {"mode": "flat", "cost": 2}
    assert data["elimination_victory"] is False
    assert data["special_unit"]["choice"] == "hidden"


def test_earlier_edition_money():
    data = load(RULESETS / "earlier.ruleset.yaml")
    assert data["currency"] == "war_bonds"
    assert data["income_per_fort"] == 3
    assert data["starting_money"] == {"DE": 0, "AH": 3, "FR": 0, "GB": 0}
    assert data["repair"]["mode"] == "card"
    assert data["elimination_victory"] is True
    assert data["special_unit"] == {"price": 18, "choice": "hidden"}
    assert data["variants"]["victory_points"]["money_per_point"] == 60


# --- the default map --------------------------------------------------------------------------

MAP = CONTENT / "maps" / "default.map.yaml"
Cell = tuple[int, int]


@pytest.fixture(scope="module")
def game_map() -> dict[str, Any]:
    data = load(MAP)
    assert data["$schema"] == "https://trenchclub.studio/schema/map.schema.json"
    assert data["layout"] == {"orientation": "pointy", "hex_size": 32, "offset": "odd"}
    assert len(data["terrain"]) == data["height"]
    assert {len(row) for row in data["terrain"]} == {data["width"]}
    return data


def neighbours(m: dict[str, Any], cell: Cell) -> list[Cell]:
    """In-bounds offset neighbours of an offset cell."""
    from engine.hexes import axial_to_offset, offset_to_axial

    h = offset_to_axial(cell[0], cell[1], "pointy", "odd")
    out = [axial_to_offset(n, "pointy", "odd") for n in h.neighbors()]
    return [(c, r) for c, r in out if 0 <= c < m["width"] and 0 <= r < m["height"]]


def terrain_at(m: dict[str, Any], cell: Cell) -> str:
    return m["terrain"][cell[1]][cell[0]]


def component(m: dict[str, Any], start: set[Cell], allowed: set[Cell]) -> set[Cell]:
    """Cells of `allowed` reachable from `start` through neighbours in `allowed`."""
    seen = set(start)
    stack = list(start)
    while stack:
        for n in neighbours(m, stack.pop()):
            if n in allowed and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen


def fort_cells(m: dict[str, Any]) -> tuple[set[Cell], set[Cell]]:
    footprint = {tuple(c) for f in m["forts"] for c in f["hexes"]}
    entrances = {tuple(c) for f in m["forts"] for c in f["entrances"]}
    return footprint, entrances


def test_map_has_fourteen_forts_each_with_two_usable_entrances(game_map):
    forts = game_map["forts"]
    assert len(forts) == 14
    assert len({f["id"] for f in forts}) == 14
    footprint, entrances = fort_cells(game_map)
    assert not footprint & entrances
    for f in forts:
        hexes = [tuple(c) for c in f["hexes"]]
        assert 1 <= len(hexes) <= 3, f["id"]
        assert len(f["entrances"]) == 2, f["id"]
        for e in map(tuple, f["entrances"]):
            assert any(e in neighbours(game_map, h) for h in hexes), (f["id"], e)
            assert terrain_at(game_map, e) != "~", (f["id"], e)
            approach = [
                n
                for n in neighbours(game_map, e)
                if n not in footprint and n not in entrances and terrain_at(game_map, n) != "~"
            ]
            assert approach, (f["id"], e)
        assert all(terrain_at(game_map, h) != "~" for h in hexes), f["id"]


def test_start_numbers_one_to_twelve_on_free_land(game_map):
    numbers = [s["number"] for s in game_map["start_markers"]]
    assert sorted(numbers) == list(range(1, 13))
    footprint, entrances = fort_cells(game_map)
    cells = [tuple(s["hex"]) for s in game_map["start_markers"]]
    assert len(set(cells)) == 12
    for cell in cells:
        assert cell not in footprint and cell not in entrances, cell
        assert terrain_at(game_map, cell) != "~", cell


def test_each_half_holds_six_start_numbers_and_seven_forts(game_map):
    regions = {r["id"]: r for r in game_map["regions"]}
    assert set(regions) >= {"half_1_6", "half_7_12"}
    halves = {}
    for rid, numbers in (("half_1_6", range(1, 7)), ("half_7_12", range(7, 13))):
        cells = {(c, row) for row, a, b in regions[rid]["spans"] for c in range(a, b + 1)}
        halves[rid] = cells
        inside = {s["number"] for s in game_map["start_markers"] if tuple(s["hex"]) in cells}
        assert inside == set(numbers), rid
        forts = [
            f
            for f in game_map["forts"]
            if all(tuple(c) in cells for c in f["hexes"] + f["entrances"])
        ]
        assert len(forts) == 7, rid
    assert not halves["half_1_6"] & halves["half_7_12"]
    everything = {(c, r) for r in range(game_map["height"]) for c in range(game_map["width"])}
    assert halves["half_1_6"] | halves["half_7_12"] == everything


def test_river_crosses_the_map_and_bridges_cross_it(game_map):
    w, h = game_map["width"], game_map["height"]
    everything = {(c, r) for r in range(h) for c in range(w)}
    wet = {c for c in everything if terrain_at(game_map, c) in "~b"}
    west = {c for c in wet if c[0] == 0}
    assert any(c[0] == w - 1 for c in component(game_map, west, wet))
    bridges = [c for c in everything if terrain_at(game_map, c) == "b"]
    assert 3 <= len(bridges) <= 6
    for b in bridges:
        around = [terrain_at(game_map, n) for n in neighbours(game_map, b)]
        assert around.count("~") + around.count("b") >= 2, b
        assert sum(t in "=." for t in around) >= 2, b


def test_all_land_is_connected_by_roads_and_bridges(game_map):
    footprint, _ = fort_cells(game_map)
    w, h = game_map["width"], game_map["height"]
    land = {
        (c, r)
        for r in range(h)
        for c in range(w)
        if terrain_at(game_map, (c, r)) != "~" and (c, r) not in footprint
    }
    assert component(game_map, {next(iter(sorted(land)))}, land) == land


def test_paths_match_the_terrain(game_map):
    kinds = {p["kind"] for p in game_map["paths"]}
    assert {"river", "road", "trench"} <= kinds
    trench_hexes = sum(row.count("t") for row in game_map["terrain"])
    assert 0 < trench_hexes <= 20
    for p in game_map["paths"]:
        expected = {"river": "water", "road": "road", "trench": "trench", "rail": None}
        assert p["terrain"] == expected[p["kind"]]
    assert game_map["season"] == "summer"
    assert game_map["license"] == "CC-BY-4.0"
    assert game_map["author"] == "Trench Club Studio"


def test_the_halves_mirror_each_other(game_map):
    """The eastern half is the western half turned by 180 degrees (forests vary a little)."""
    w, h = game_map["width"], game_map["height"]
    same = total = 0
    for r in range(h):
        for c in range(w // 2):
            a, b = terrain_at(game_map, (c, r)), terrain_at(game_map, (w - 1 - c, h - 1 - r))
            if "f" not in (a, b):
                total += 1
                same += a == b
    assert same / total > 0.97
    west = {s["number"]: tuple(s["hex"]) for s in game_map["start_markers"]}
    for n in range(1, 7):
        assert west[n + 6] == (w - 1 - west[n][0], h - 1 - west[n][1])


# --- scenarios --------------------------------------------------------------------------------

SCENARIOS = CONTENT / "scenarios"
TEAM_OF = {"DE": "central", "AH": "central", "FR": "entente", "GB": "entente"}


@pytest.fixture(scope="module",
                params=["default-4p", "default-2p", "default-4p-earlier", "coop-vs-automa"],
                ids=str)
def scenario(request) -> tuple[Path, dict[str, Any]]:
    path = SCENARIOS / f"{request.param}.scenario.yaml"
    data = load(path)
    assert data["$schema"] == "https://trenchclub.studio/schema/scenario.schema.json"
    return path, data


def test_scenario_references_resolve(scenario):
    path, data = scenario
    kinds = {"map": "map", "ruleset": "ruleset", "catalog": "catalog"}
    for key, kind in kinds.items():
        target = (path.parent / data[key]).resolve()
        assert target.is_file(), (key, target)
        assert load(target)["$schema"] == f"https://trenchclub.studio/schema/{kind}.schema.json"


def test_scenario_seats_and_objectives(scenario):
    path, data = scenario
    seats = data["seats"]
    assert [s["seat"] for s in seats] == list(range(1, data["players"] + 1))
    assert len(seats) == data["players"]
    for s in seats:
        assert s["team"] == TEAM_OF[s["nation"]]
        assert TEAM_OF[s.get("partner", s["nation"])] == s["team"]  # co-op: an ally
    teams = [s["team"] for s in seats]
    assert all(a != b for a, b in zip(teams, teams[1:] + teams[:1], strict=True))
    ruleset = load((path.parent / data["ruleset"]).resolve())
    need = ruleset["forts_to_win"][str(data["players"])]
    holds = [o for o in data["objectives"] if o["kind"] == "hold_forts"]
    assert {o["team"] for o in holds} == {"central", "entente"}
    assert {o["count"] for o in holds} == {need}
    assert set(data["briefing"]) == {"de", "en"}


def test_four_player_scenarios_seat_de_gb_ah_fr():
    for name in ("default-4p", "default-4p-earlier"):
        data = load(SCENARIOS / f"{name}.scenario.yaml")
        assert [s["nation"] for s in data["seats"]] == ["DE", "GB", "AH", "FR"]
        assert data["half"] is None


def test_two_player_scenario_uses_the_western_half():
    data = load(SCENARIOS / "default-2p.scenario.yaml")
    assert [s["nation"] for s in data["seats"]] == ["DE", "FR"]
    assert data["half"] == "half_1_6"
    regions = {r["id"] for r in load(MAP)["regions"]}
    assert data["half"] in regions


def test_coop_scenario_seats_france_and_britain_against_the_automa():
    data = load(SCENARIOS / "coop-vs-automa.scenario.yaml")
    assert [(s["nation"], s.get("partner"), s["controller"]) for s in data["seats"]] == [
        ("DE", None, "automa:standard"), ("FR", "GB", "human")]
    assert data["half"] == "half_1_6"


def test_start_numbers_keep_their_distance(game_map):
    """No army captures on its first move, and armies start apart."""
    from engine.hexes import offset_to_axial

    def axial(cell: Any):
        return offset_to_axial(cell[0], cell[1], "pointy", "odd")

    footprint, entrances = fort_cells(game_map)
    starts = [axial(s["hex"]) for s in game_map["start_markers"]]
    for s in starts:
        assert min(s.distance(axial(f)) for f in footprint | entrances) >= 3, s
        assert min(s.distance(o) for o in starts if o != s) >= 5, s
