"""The built-in content loads through engine.content and is free of errors and warnings."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.content import (
    catalog_from_dict,
    catalog_to_dict,
    document_from_text,
    dump_canonical,
    load_catalog,
    load_document,
    load_ruleset,
    load_scenario,
    map_from_dict,
    map_to_dict,
    ruleset_from_dict,
    ruleset_to_dict,
    scenario_from_dict,
    scenario_to_dict,
    validate_report,
)
from engine.content.convert_area import (
    area_map_from_dict,
    area_map_to_dict,
    area_ruleset_from_dict,
    area_ruleset_to_dict,
    area_scenario_from_dict,
    area_scenario_to_dict,
    army_catalog_from_dict,
    army_catalog_to_dict,
)
from engine.rules.enemy_table import table_from_dict, table_to_dict

CONTENT = Path(__file__).resolve().parents[2] / "content"


NO_EFFECT = ("catalog.ability_no_effect", "ruleset.variant_no_effect")


def test_every_content_file_validates_without_problems():
    """No problem but the warnings that name a power the engine does not play yet (issue 10
    implements them; each one implemented drops its warning)."""
    checked, problems = validate_report([CONTENT])
    assert checked == 13
    assert [str(p) for p in problems if p.code not in NO_EFFECT] == []
    assert all(not p.is_error for p in problems)
    named = {p.message.split("'")[3] for p in problems if p.code == "catalog.ability_no_effect"}
    named |= {p.message.split("'")[1] for p in problems if p.code == "ruleset.variant_no_effect"}
    assert named == set()


@pytest.mark.parametrize("name", ["default-4p", "default-2p", "default-4p-earlier",
                                  "coop-vs-automa"])
def test_scenarios_load_with_their_map_ruleset_and_catalog(name):
    s = load_scenario(CONTENT / "scenarios" / f"{name}.scenario.yaml")
    assert s.map is not None and s.map.name == "Argonne Crossing"
    assert len(s.map.forts) == 14
    assert s.catalog is not None and len(s.catalog.units) == 24
    assert s.ruleset is not None
    assert s.ruleset.forts_to_win[s.players] == {2: 5, 4: 9}[s.players]
    if s.players == 2:
        half = s.map.region(s.half or "")
        assert half is not None
        assert sum(all(h in half.hexes for h in f.hexes) for f in s.map.forts) == 7


def test_loader_marks_estimates_and_keeps_facts_plain():
    units = load_catalog(CONTENT / "catalog" / "base.catalog.yaml").units
    car = units["armoured_car"]
    assert car.speed == 4 and car.hit["veteran"] == 6
    assert "/armour/open/0" not in car.estimated and "/armour/open/1" not in car.estimated
    assert {"/armour/open/2", "/hit/hero"} <= car.estimated
    assert units["tank"].notes["/speed"]["en"].startswith("GAP: ")
    assert units["tank"].notes["/speed"]["de"].startswith("GAP: ")
    rules = load_ruleset(CONTENT / "rulesets" / "current.ruleset.yaml")
    assert rules.dice_by_damage == [12, 11, 10, 8, 7, 5]
    assert {"/dice_by_damage/0", "/dice_by_damage/2"} <= rules.estimated
    assert "/dice_by_damage/1" not in rules.estimated


CONVERTERS = {
    "map": (map_from_dict, map_to_dict),
    "catalog": (catalog_from_dict, catalog_to_dict),
    "ruleset": (ruleset_from_dict, ruleset_to_dict),
    "scenario": (scenario_from_dict, scenario_to_dict),
    "enemy-table": (table_from_dict, table_to_dict),
    "area-map": (area_map_from_dict, area_map_to_dict),
    "army-catalog": (army_catalog_from_dict, army_catalog_to_dict),
    "area-ruleset": (area_ruleset_from_dict, area_ruleset_to_dict),
    "area-scenario": (area_scenario_from_dict, area_scenario_to_dict),
}


@pytest.mark.parametrize(
    "path", sorted(CONTENT.rglob("*.yaml")), ids=lambda p: str(p.relative_to(CONTENT))
)
def test_content_round_trips_through_the_model_and_the_canonical_writer(path):
    doc = load_document(path)
    from_dict, to_dict = CONVERTERS[doc.kind]
    canonical = dump_canonical(doc.data)
    assert dump_canonical(to_dict(from_dict(doc.data))) == canonical
    again = document_from_text(canonical, "yaml")
    assert again.data == doc.data
    assert dump_canonical(again.data) == canonical


@pytest.mark.parametrize(
    "path", sorted(CONTENT.rglob("*.yaml")), ids=lambda p: str(p.relative_to(CONTENT))
)
def test_every_note_on_a_guess_is_german_and_english(path):
    """A German designer reads every `note` of an estimate in German (issue 18); a
    restriction's `note` is a rule reference ("5.3") and stays one text."""

    def notes(x: object, parent: str = "") -> list[object]:
        if isinstance(x, dict):
            own = [x["note"]] if "note" in x and parent != "restrictions" else []
            return own + [n for k, v in x.items() if k != "note" for n in notes(v, k)]
        if isinstance(x, list):
            return [n for v in x for n in notes(v, parent)]
        return []

    found = notes(load_document(path).data)
    for note in found:
        assert isinstance(note, dict) and note["de"] and note["en"], (path.name, note)
        assert note["de"] != note["en"] or not any(c.isalpha() for c in note["en"]), note
