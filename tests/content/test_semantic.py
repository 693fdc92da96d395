"""Semantic checks: each stable code is raised by the situation it names, located."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.content import (
    Problem,
    check_document,
    check_map,
    document_from_text,
    dump_canonical,
    map_from_dict,
    validate_report,
)
from engine.hexes import Hex
from engine.model import TERRAIN_ID
from tests.content.fixtures import (
    valid_catalog,
    valid_map,
    valid_ruleset,
    valid_scenario,
    write_set,
)


def problems_of(data: dict[str, Any]) -> list[Problem]:
    doc = document_from_text(dump_canonical(data, "yaml"), "yaml")
    return check_document(doc)


def _set_terrain(data: dict[str, Any], cells: list[tuple[int, int]], char: str) -> None:
    rows = [list(r) for r in data["terrain"]]
    for col, row in cells:
        rows[row][col] = char
    data["terrain"] = ["".join(r) for r in rows]


def _isolate_first_fort(d: dict[str, Any]) -> None:
    water = [(c, r) for r in (2, 4) for c in range(0, 5)] + [(0, 3), (4, 3)]
    _set_terrain(d, water, "~")


MapEdit = Callable[[dict[str, Any]], None]
MAP_CASES: list[tuple[str, MapEdit, str]] = [
    ("fort.entrance_not_adjacent",
     lambda d: d["forts"][0].update(entrances=[[1, 3], [1, 5]]), "/forts/0/entrances/1"),
    ("fort.entrance_on_water", lambda d: _set_terrain(d, [(1, 3)], "~"), "/forts/0/entrances/0"),
    ("fort.on_water", lambda d: _set_terrain(d, [(2, 3)], "~"), "/forts/0/hexes/0"),
    ("fort.entrance_in_footprint",
     lambda d: d["forts"][0].update(entrances=[[2, 3], [3, 3]]), "/forts/0/entrances/0"),
    ("fort.entrance_count",
     lambda d: d["forts"][0].update(entrances=[[1, 3], [1, 3]]), "/forts/0/entrances/1"),
    ("fort.overlap",
     lambda d: d["forts"][1].update(hexes=[[4, 3]], entrances=[[3, 3], [5, 3]]),
     "/forts/1/entrances/0"),
    ("fort.unreachable", _isolate_first_fort, "/forts/0/entrances"),
    ("start.duplicate_number", lambda d: d["start_markers"][1].update(number=1),
     "/start_markers/1/number"),
    ("start.in_fort", lambda d: d["start_markers"][0].update(hex=[2, 3]),
     "/start_markers/0/hex"),
    ("start.shared_hex", lambda d: d["start_markers"][1].update(hex=[4, 1]),
     "/start_markers/1/hex"),
    ("start.on_water", lambda d: d["start_markers"][0].update(hex=[0, 7]),
     "/start_markers/0/hex"),
    ("start.incomplete", lambda d: d["start_markers"].pop(), "/start_markers"),
    ("region.half_start_numbers", lambda d: d["start_markers"].pop(), "/regions/1"),
    ("region.half_forts", lambda d: d["forts"].pop(0), "/regions/0"),
    ("fort.straddles_half",  # issue 10 bug (a): entrance on row 8 lies in the other half
     lambda d: d["forts"][0].update(hexes=[[2, 7]], entrances=[[1, 7], [2, 8]]), "/forts/0"),
    ("region.halves_missing", lambda d: d.update(regions=[]), "/regions"),
    ("region.bad_span", lambda d: d["regions"][0]["spans"].append([99, 0, 1]),
     "/regions/0/spans/8"),
    ("terrain.bridge_without_water", lambda d: _set_terrain(d, [(10, 0)], "b"), "/terrain/0"),
    ("map.drawing_out_of_bounds",
     lambda d: d["paths"][0]["points"].append([58.0, 3.0]), "/paths/0/points/2"),
    ("map.drawing_too_far",  # issue 15 finding 3: was only a warning
     lambda d: d["paths"][0]["points"].append([80.0, 3.0]), "/paths/0/points/2"),
    ("map.drawing_out_of_bounds", lambda d: d["labels"][0].update(at=[-10.0, 0.0]),
     "/labels/0/at"),
    ("map.duplicate_id", lambda d: d["forts"][1].update(id="fort_0_0"), "/forts/1/id"),
    ("map.out_of_bounds", lambda d: d["start_markers"][0].update(hex=[100, 1]),
     "/start_markers/0/hex"),
    ("map.terrain_rows", lambda d: d["terrain"].pop(), "/terrain"),
    ("map.terrain_row_length", lambda d: d["terrain"].__setitem__(3, "...."), "/terrain/3"),
]


def test_valid_map_has_no_problems():
    assert problems_of(valid_map()) == []


@pytest.mark.parametrize(("code", "edit", "pointer"), MAP_CASES, ids=[c[0] for c in MAP_CASES])
def test_map_check(code, edit, pointer):
    data = valid_map()
    edit(data)
    found = [p for p in problems_of(data) if p.code == code]
    assert found, [p.format() for p in problems_of(data)]
    p = found[0]
    assert p.pointer == pointer
    assert p.hint and p.line is not None and p.col is not None


def test_a_list_of_dry_bridges_that_stops_says_so():
    """Bridge warnings stop after 50; past that they said nothing."""
    m = map_from_dict(valid_map())
    bridge = TERRAIN_ID["bridge"]
    meadow = [i for i, t in enumerate(m.terrain) if t == TERRAIN_ID["meadow"]]
    for i in meadow[:60]:
        m.terrain[i] = bridge
    codes = [p.code for p in check_map(m) if p.code.startswith("terrain.bridge")]
    assert codes == ["terrain.bridge_without_water"] * 50 + ["terrain.bridges_too_many"]
    for i in meadow[50:60]:
        m.terrain[i] = TERRAIN_ID["meadow"]
    codes = [p.code for p in check_map(m) if p.code.startswith("terrain.bridge")]
    assert codes == ["terrain.bridge_without_water"] * 50


def test_problems_name_the_hex():
    data = valid_map()
    _set_terrain(data, [(1, 3)], "~")
    (p,) = [p for p in problems_of(data) if p.code == "fort.entrance_on_water"]
    assert p.hex == (1, 3)
    assert "hex [1, 3]" in p.format()


def test_model_only_checks():
    m = map_from_dict(valid_map())
    m.forts[0].entrances.append(Hex(5, 5))
    m.start_markers[0].number = 13
    codes = {p.code for p in check_map(m)}
    assert {"fort.entrance_count", "start.number_range"} <= codes


def test_flat_and_even_layouts_find_the_same_connectivity():
    for orientation in ("pointy", "flat"):
        for offset in ("odd", "even"):
            data = valid_map()
            data["layout"].update(orientation=orientation, offset=offset)
            m = map_from_dict(data)
            # Wall off everything around fort 0 with water, whatever the layout.
            fort = m.forts[0]
            keep = set(fort.hexes) | set(fort.entrances)
            ring = {n for h in keep for n in h.neighbors() if n not in keep and m.in_bounds(n)}
            for h in ring:
                m.set_terrain(h, "water")
            codes = [p.code for p in check_map(m)]
            assert "fort.unreachable" in codes, (orientation, offset)
            assert codes.count("fort.unreachable") == 1


def test_scenario_checks(tmp_path):
    paths = write_set(tmp_path)

    def run(edit: Callable[[dict[str, Any]], None], players: int = 4) -> list[Problem]:
        data = valid_scenario(players)
        edit(data)
        paths["scenario"].write_text(dump_canonical(data), encoding="utf-8")
        return validate_report([paths["scenario"]])[1]

    def codes(edit: Callable[[dict[str, Any]], None], players: int = 4) -> set[str]:
        return {p.code for p in run(edit, players)}

    assert run(lambda d: None) == []
    assert run(lambda d: None, players=2) == []
    assert "scenario.half_missing" in codes(lambda d: d.update(half=None), 2)
    assert "scenario.unknown_region" in codes(lambda d: d.update(half="north"), 2)
    assert "scenario.half_unexpected" in codes(lambda d: d.update(half="half_1_6"))
    assert "scenario.seat_count" in codes(lambda d: d["seats"].pop())
    assert "scenario.team_mismatch" in codes(lambda d: d["seats"][0].update(team="entente"))
    assert "scenario.duplicate_nation" in codes(lambda d: d["seats"][2].update(nation="DE"))
    # Co-op partners (RULES §9): an ally without a seat, in a 2-player scenario.
    seat_of = {"FR": 1, "DE": 0}
    assert run(lambda d: d["seats"][seat_of["FR"]].update(partner="GB"), 2) == []
    assert "scenario.partner_team" in codes(
        lambda d: d["seats"][seat_of["FR"]].update(partner="AH"), 2)
    assert "scenario.partner_has_seat" in codes(
        lambda d: d["seats"][seat_of["FR"]].update(partner="DE"), 2)
    assert "scenario.partner_players" in codes(lambda d: d["seats"][0].update(partner="AH"))
    assert "scenario.partner_solo_opponent" in codes(
        lambda d: d["seats"][seat_of["FR"]].update(partner="GB", controller="automa:easy"), 2)
    assert "scenario.seating_not_alternating" in codes(
        lambda d: d.update(seats=[dict(s, seat=i + 1) for i, s in
                                  enumerate(sorted(d["seats"], key=lambda s: s["team"]))]))
    assert "scenario.unknown_variant" in codes(lambda d: d.update(variants=["moon_landing"]))
    assert "scenario.objective_impossible" in codes(lambda d: d["objectives"][0].update(count=15))
    assert "scenario.unknown_fort" in codes(lambda d: d["objectives"].append(
        {"id": "x", "kind": "capture_fort", "team": "central", "fort": "nope"}))
    assert "scenario.unknown_unit" in codes(lambda d: d["objectives"].append(
        {"id": "x", "kind": "destroy_units", "team": "central", "count": 1, "unit": "dragon"}))
    missing = run(lambda d: d.update(catalog="gone.yaml"))
    assert [p.code for p in missing] == ["scenario.missing_catalog"]
    assert missing[0].line == 7 and missing[0].pointer == "/catalog"
    wrong = run(lambda d: d.update(ruleset="map.yaml"))
    assert [p.code for p in wrong] == ["scenario.wrong_kind"]


def test_scenario_reports_invalid_referenced_file(tmp_path):
    paths = write_set(tmp_path)
    bad = valid_map()
    bad["forts"][0]["entrances"] = [[1, 3], [1, 5]]
    paths["map"].write_text(dump_canonical(bad), encoding="utf-8")
    problems = validate_report([paths["scenario"]])[1]
    assert [p.code for p in problems] == ["scenario.invalid_reference"]
    assert "fort.entrance_not_adjacent" in problems[0].message


def test_scenario_needs_enough_forts(tmp_path):
    paths = write_set(tmp_path)
    ruleset = valid_ruleset()
    ruleset["forts_to_win"]["4"] = 15
    paths["ruleset"].write_text(dump_canonical(ruleset), encoding="utf-8")
    codes = {p.code for p in validate_report([paths["scenario"]])[1]}
    assert "scenario.not_enough_forts" in codes


CATALOG_CASES: list[tuple[str, MapEdit, str]] = [
    ("catalog.armour_not_ascending",
     lambda d: d["units"][0]["armour"].update(open=[2, 4, 3, 8, 10, 12]),
     "/units/0/armour/open/2"),
    ("catalog.armour_flat",
     lambda d: d["units"][0]["armour"].update(forest=[3, 5, 5, 9, 11, 13]),
     "/units/0/armour/forest/2"),
    ("catalog.duplicate_unit", lambda d: d["units"][1].update(id="armoured_car"), "/units/1/id"),
    ("catalog.range_inverted", lambda d: d["units"][0].update(range={"min": 3, "max": 1}),
     "/units/0/range"),
    ("catalog.nation_name_unavailable",
     lambda d: d["units"][0].update(nations=["DE"], nation_names={"FR": {"de": "x", "en": "x"}}),
     "/units/0/nation_names/FR"),
    ("catalog.hit_not_ascending",
     lambda d: d["units"][0].update(hit={"recruit": 5, "veteran": 4, "hero": 6}),
     "/units/0/hit"),
    ("catalog.duplicate_ability",
     lambda d: d["units"][0].update(abilities=[{"id": "gas"}, {"id": "gas"}]),
     "/units/0/abilities/1"),
]


def test_valid_catalog_and_ruleset_have_no_problems():
    assert problems_of(valid_catalog()) == []
    assert problems_of(valid_ruleset()) == []


@pytest.mark.parametrize(("code", "edit", "pointer"), CATALOG_CASES,
                         ids=[c[0] for c in CATALOG_CASES])
def test_catalog_check(code, edit, pointer):
    data = valid_catalog()
    edit(data)
    found = [p for p in problems_of(data) if p.code == code]
    assert found and found[0].pointer == pointer and found[0].line is not None


RULESET_CASES: list[tuple[str, MapEdit, str]] = [
    ("ruleset.dice_length", lambda d: d["dice_by_damage"].pop(), "/dice_by_damage"),
    ("ruleset.experience_order", lambda d: d["experience"].update(hero=3), "/experience"),
    ("ruleset.currency_edition", lambda d: d.update(currency="war_bonds"), "/currency"),
    ("ruleset.forts_to_win", lambda d: d["forts_to_win"].update({"2": 8}), "/forts_to_win/2"),
    ("ruleset.armies_range", lambda d: d["first_round_armies"]["4"][0].__setitem__(0, 5),
     "/first_round_armies/4/0/0"),
    ("ruleset.shorter_not_shorter",
     lambda d: d["variants"]["shorter_game"]["forts_to_win"].update({"4": 9}),
     "/variants/shorter_game/forts_to_win/4"),
]


@pytest.mark.parametrize(("code", "edit", "pointer"), RULESET_CASES,
                         ids=[c[0] for c in RULESET_CASES])
def test_ruleset_check(code, edit, pointer):
    data = valid_ruleset()
    edit(data)
    found = [p for p in problems_of(data) if p.code == code]
    assert found and found[0].pointer == pointer and found[0].line is not None


def test_integral_floats_are_not_integers():
    data = valid_map()
    data["width"] = 28.0
    codes = {p.code for p in problems_of(data)}
    assert codes == {"schema.wrong_type"}


def test_same_file_twice_is_checked_once(tmp_path):
    paths = write_set(tmp_path)
    count, problems = validate_report([paths["map"], tmp_path, paths["map"]])
    assert count == 4 and problems == []
