"""Semantic checks of Der Erste Weltkrieg content: each problem code on a small broken
example (the schemas' two-front examples), located at its file and pointer."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from engine.content import dump_canonical, load_file, validate_report
from engine.content.documents import SCHEMA_OF_KIND
from engine.content.schemas import all_schemas

KINDS = ("area-map", "army-catalog", "area-ruleset", "area-scenario")


def example(kind: str) -> dict[str, Any]:
    return copy.deepcopy(all_schemas()[SCHEMA_OF_KIND[kind]]["examples"][0])


def write(tmp_path: Path, **changed: dict[str, Any]) -> Path:
    """The example set in `tmp_path` (with replaced documents); the scenario's path."""
    for kind in KINDS:
        data = changed.get(kind.replace("-", "_"), example(kind))
        (tmp_path / f"{kind}-0.yaml").write_text(dump_canonical(data, "yaml"), encoding="utf-8")
    return tmp_path / "area-scenario-0.yaml"


def codes(tmp_path: Path, **changed: dict[str, Any]) -> set[str]:
    write(tmp_path, **changed)
    _, problems = validate_report([tmp_path])
    return {p.code for p in problems}


def test_the_examples_load_without_problems(tmp_path):
    loaded = load_file(write(tmp_path))
    assert loaded.problems == []
    assert loaded.model.map.id == "two-fronts" and len(loaded.model.catalog.armies) == 5


def _map(**edit) -> dict[str, Any]:
    m = example("area-map")
    for key, fn in edit.items():
        fn(m[key])
    return m


@pytest.mark.parametrize(("edit", "code"), [
    ({"fronts": lambda f: f[1].update(number=1)}, "area.duplicate_front"),
    ({"cities": lambda c: c[1].update(id="lille")}, "area.duplicate_place"),
    ({"fronts": lambda f: f[0].update(theatre="east")}, "area.unknown_theatre"),
    ({"fronts": lambda f: f[0].update(polygon=[[0, 0], [200, 50], [200, 0], [0, 50]])},
     "area.bad_outline"),
    ({"fronts": lambda f: f[1].update(polygon=[[0, 40], [200, 40], [200, 100], [0, 100]])},
     "area.fronts_overlap"),
    ({"fronts": lambda f: f[1].update(polygon=[[0, 60], [200, 60], [200, 100], [0, 100]])},
     "area.unreachable_front"),
    ({"cities": lambda c: c[0].update(at=[70, 80])}, "area.place_outside_front"),
    ({"cities": lambda c: c[0].update(front=7)}, "area.unknown_front"),
    ({"bases": lambda b: b.pop(0)}, "area.missing_base"),
    ({"attack_lines": lambda a: a.append({"from": "lille", "to": "lutsk"})},
     "area.line_between_fronts"),
    ({"attack_lines": lambda a: a.append({"from": "lille", "to": "nowhere"})},
     "area.unknown_place"),
    ({"attack_lines": lambda a: a.append({"from": "lille", "to": "lille"})}, "area.line_loop"),
    ({"attack_lines": lambda a: a.append({"from": "mons", "to": "lille"})},
     "area.duplicate_line"),
    ({"attack_lines": lambda a: a.pop(0)}, "area.base_unlinked"),
    ({"cities": lambda c: (c[0].update(owner="germans"), c[1].update(owner="western_allies"))},
     "area.owner_cut_off"),
    ({"cities": lambda c: c[0].update(owner="eastern_allies")}, "area.owner_without_base"),
    ({"fronts": lambda f: f[0].update(battlefield="x.scenario.yaml")},
     "area.missing_battlefield"),
])
def test_map_problems(tmp_path, edit, code):
    assert code in codes(tmp_path, area_map=_map(**edit))


BATTLEFIELD = Path(__file__).resolve().parents[2] / "content" / "scenarios"


def test_a_linked_battlefield_scenario_must_exist_and_load(tmp_path):
    """The link now has its effect (a battle there may be fought as a Trench Club
    play-test), so a front naming a good scenario is fine, and a bad one is an error at the
    front's `battlefield`, with a hint."""
    good = str(BATTLEFIELD / "default-2p.scenario.yaml")
    assert codes(tmp_path, area_map=_map(fronts=lambda f: f[0].update(battlefield=good))) \
        == set()
    missing = write(tmp_path, area_map=_map(fronts=lambda f: f[1].update(
        battlefield="argonne.scenario.yaml")))
    [problem] = load_file(missing.parent / "area-map-0.yaml").problems
    assert (problem.code, problem.pointer) == ("area.missing_battlefield",
                                               "/fronts/1/battlefield")
    assert "argonne.scenario.yaml" in problem.message and str(tmp_path) in problem.hint
    assert "area.invalid_reference" in {p.code for p in load_file(missing).problems}
    a_map = str(BATTLEFIELD.parent / "maps" / "default.map.yaml")
    assert "area.battlefield_wrong_kind" in codes(tmp_path, area_map=_map(
        fronts=lambda f: f[0].update(battlefield=a_map)))
    broken = tmp_path / "broken.scenario.yaml"
    broken.write_text((BATTLEFIELD / "default-2p.scenario.yaml").read_text(encoding="utf-8")
                      .replace("../maps/default.map.yaml", "../maps/gone.map.yaml"),
                      encoding="utf-8")
    assert "area.invalid_battlefield" in codes(tmp_path, area_map=_map(
        fronts=lambda f: f[0].update(battlefield="broken.scenario.yaml")))


def test_every_front_needs_a_city(tmp_path):
    m = example("area-map")
    m["cities"] = [c for c in m["cities"] if c["front"] == 1]
    m["attack_lines"] = [a for a in m["attack_lines"] if a["from"] in ("b1w", "lille", "mons")]
    m["attack_lines"].append({"from": "b2e", "to": "b2a"})
    assert "area.front_without_city" in codes(tmp_path, area_map=m)


@pytest.mark.parametrize(("edit", "code"), [
    (lambda c: c["armies"][1].update(id="fr-1"), "area.duplicate_army"),
    (lambda c: c["armies"][0].update(nation="RU"), "area.nation_not_in_faction"),
    (lambda c: c["armies"][2].update(entry_round=2), "area.faction_without_armies"),
    (lambda c: c["markers"].pop(0), "area.no_markers"),
    (lambda c: c["markers"].append(dict(c["markers"][0], id="mg-2")), "area.markers_unbalanced"),
    (lambda c: c["markers"].append(dict(c["markers"][0])), "area.duplicate_marker"),
    (lambda c: c["markers"][1].update(year=1915), "area.markers_incomplete"),
    (lambda c: c["armies"].append(dict(c["armies"][0], id="fr-9", nation="BE")),
     "area.unknown_nation"),
])
def test_catalog_problems(tmp_path, edit, code):
    c = example("army-catalog")
    edit(c)
    assert code in codes(tmp_path, army_catalog=c)


def test_an_army_whose_nation_no_front_lists_can_never_play(tmp_path):
    c = example("army-catalog")
    c["factions"]["western_allies"]["nations"].append("BE")
    c["nations"]["BE"] = {"de": "Belgien", "en": "Belgium"}
    c["armies"].append(dict(c["armies"][0], id="be-1", nation="BE"))
    assert "area.army_nowhere" in codes(tmp_path, army_catalog=c)


@pytest.mark.parametrize(("edit", "code"), [
    (lambda r: r.update(round_years=[1914]), "area.round_years"),
    (lambda r: r.update(round_years=[1915, 1914]), "area.round_years_order"),
    (lambda r: r.update(draw_face=9), "area.draw_face"),
    (lambda r: r["brest_litovsk"].update(rounds=[3]), "area.treaty_never"),
    (lambda r: r["restrictions"].append({"nations": ["FR"], "fronts": [9]}),
     "area.unknown_front"),
    (lambda r: r["restrictions"].append({"nations": ["FR"], "fronts": [1],
                                         "requires_city": "paris"}), "area.unknown_city"),
])
def test_ruleset_problems(tmp_path, edit, code):
    r = example("area-ruleset")
    edit(r)
    assert code in codes(tmp_path, area_ruleset=r)


@pytest.mark.parametrize(("edit", "code"), [
    (lambda s: s.update(variants=["variable_turn_order"]), "area.unknown_variant"),
    (lambda s: s["historical_setup"][0]["armies"].append("xx-1"), "area.unknown_army"),
    (lambda s: s["historical_setup"][1]["armies"].append("fr-1"), "area.army_twice"),
    (lambda s: s["historical_setup"][0]["armies"].append("de-2"), "area.army_not_yet"),
    (lambda s: s["historical_setup"][1]["armies"].append("de-1"), "area.army_not_allowed"),
    (lambda s: s["historical_setup"].append({"front": 5, "armies": ["ah-1"]}),
     "area.unknown_front"),
    (lambda s: s.update(map="missing.yaml"), "area.missing_map"),
    (lambda s: s.update(armies="area-map-0.yaml"), "area.wrong_kind"),
])
def test_scenario_problems(tmp_path, edit, code):
    s = example("area-scenario")
    edit(s)
    assert code in codes(tmp_path, area_scenario=s)


def test_a_broken_referenced_file_is_reported_at_the_scenario_and_at_its_own_file(tmp_path):
    m = example("area-map")
    m["cities"][1]["id"] = "lille"
    write(tmp_path, area_map=m)
    _, problems = validate_report([tmp_path])
    where = {(Path(p.file).name, p.code) for p in problems}
    assert ("area-map-0.yaml", "area.duplicate_place") in where
    assert ("area-scenario-0.yaml", "area.invalid_reference") in where
    located = next(p for p in problems if p.code == "area.duplicate_place")
    assert located.line is not None and located.pointer == "/cities/1/id"


def test_the_historical_set_up_switch_needs_its_table(tmp_path):
    s = example("area-scenario")
    r = example("area-ruleset")
    r["variants"]["historical_setup"] = {"name": {"de": "Historisch", "en": "Historical"}}
    s["variants"] = ["historical_setup"]
    del s["historical_setup"]
    assert "area.historical_setup_missing" in codes(tmp_path, area_scenario=s,
                                                    area_ruleset=r)


def test_a_missing_background_picture_is_a_located_warning(tmp_path):
    """The map still plays, so a warning; without it the editor would leave the picture out
    with no word of why."""
    assert codes(tmp_path, area_map=_map()) == set()
    data = _map()
    data["background"] = {"file": "front.png", "opacity": 0.5}
    path = write(tmp_path, area_map=data)
    [problem] = load_file(path.parent / "area-map-0.yaml").problems
    assert (problem.code, problem.severity, problem.pointer) == (
        "area.missing_background", "warning", "/background/file")
    assert "front.png" in problem.message and str(tmp_path) in problem.hint
    (path.parent / "front.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    assert load_file(path.parent / "area-map-0.yaml").problems == []
