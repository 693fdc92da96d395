"""The one loading pipeline (engine.content.load_file) and the in-memory checks built on it."""

from __future__ import annotations

from pathlib import Path

from engine.content import (
    ContentError,
    check_map_model,
    check_scenario_model,
    dump_canonical,
    load_file,
    load_map,
    load_scenario,
    map_from_dict,
    scenario_reference,
)
from engine.content.loaders import KIND_WORDS, kind_words
from engine.content.migrations import CURRENT_VERSION
from engine.paths import CONTENT_DIR
from tests.content.fixtures import valid_map, write_set

DEFAULT_MAP = CONTENT_DIR / "maps" / "default.map.yaml"


def _write(tmp_path: Path, data: dict, name: str = "m.map.yaml") -> Path:
    path = tmp_path / name
    path.write_text(dump_canonical(data, "yaml"), encoding="utf-8")
    return path


def test_a_valid_file_loads_with_its_model_and_no_errors():
    loaded = load_file(DEFAULT_MAP)
    assert loaded.ok and loaded.kind == "map" and not loaded.errors
    assert loaded.model.id == load_map(DEFAULT_MAP).id


def test_a_scenario_comes_back_resolved(tmp_path):
    paths = write_set(tmp_path)
    loaded = load_file(paths["scenario"], "scenario")
    assert loaded.ok
    assert loaded.model.map is not None and loaded.model.ruleset is not None
    assert loaded.model.map.id == load_scenario(paths["scenario"]).map.id


def test_unparsable_file_gives_located_problems_not_an_exception(tmp_path):
    path = tmp_path / "bad.map.yaml"
    path.write_text("$schema: [unclosed\n", encoding="utf-8")
    loaded = load_file(path)
    assert loaded.document is None and loaded.model is None and not loaded.ok
    assert loaded.errors and loaded.errors[0].file == str(path)
    assert loaded.errors[0].line is not None


def test_a_file_of_another_kind_is_refused_with_a_hint(tmp_path):
    paths = write_set(tmp_path)
    loaded = load_file(paths["scenario"], "map")
    assert loaded.model is None
    assert [p.code for p in loaded.problems] == ["document.wrong_kind"]
    assert loaded.problems[0].message == "this is a scenario file, expected a map file"
    assert loaded.problems[0].hint == "open a map file instead"


def test_the_wrong_kind_message_takes_an_before_a_vowel_for_every_kind():
    assert set(KIND_WORDS) == set(CURRENT_VERSION)  # a new kind needs its words
    assert kind_words("area-scenario") == "an area scenario"
    assert kind_words("enemy-table") == "an enemy action table"
    assert kind_words("map") == "a map"


def test_an_area_scenario_loaded_as_a_scenario_says_an_area_scenario():
    loaded = load_file(CONTENT_DIR / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml",
                       "scenario")
    [problem] = loaded.problems
    assert problem.message == "this is an area scenario file, expected a scenario file"
    assert problem.message.render("de") == ("diese Datei ist ein Gebietsszenario, erwartet "
                                            "wird ein Szenario")


def test_lenient_loading_builds_a_map_with_errors_strict_loading_refuses(tmp_path):
    data = valid_map()
    data["forts"][0]["name"] = ""  # a schema error that still makes a sound map
    path = _write(tmp_path, data)
    strict = load_file(path, "map")
    assert strict.model is None and strict.errors
    lenient = load_file(path, "map", lenient=True)
    assert lenient.model is not None and lenient.errors
    assert {p.code for p in lenient.errors} >= {p.code for p in strict.errors}
    try:
        load_map(path)
    except ContentError as exc:
        assert [p.code for p in exc.problems] == [p.code for p in strict.problems]
    else:
        raise AssertionError("load_map accepted a map with errors")


def test_lenient_loading_refuses_data_that_cannot_make_a_sound_map(tmp_path):
    data = valid_map()
    data["terrain"] = data["terrain"][:3]
    loaded = load_file(_write(tmp_path, data), lenient=True)
    assert loaded.model is None and loaded.errors


def test_check_map_model_adds_the_file_form_schema_checks():
    game_map = map_from_dict(valid_map())
    assert [p for p in check_map_model(game_map) if p.is_error] == []
    game_map.forts[0].name = ""  # only the schema knows names must not be empty
    codes = [p.code for p in check_map_model(game_map)]
    assert codes and all(c.startswith("schema.") for c in codes)


def test_check_map_model_reports_an_unwritable_map_as_a_problem():
    game_map = map_from_dict(valid_map())
    game_map.terrain = bytearray([99] * len(game_map.terrain))
    problems = check_map_model(game_map)
    assert "map.unwritable" in [p.code for p in problems]
    assert all(p.hint for p in problems if p.code == "map.unwritable")


def test_check_scenario_model_sees_an_edited_map(tmp_path):
    scenario = load_scenario(write_set(tmp_path)["scenario"])
    assert [p for p in check_scenario_model(scenario) if p.is_error] == []
    scenario.map.forts[0].entrances = scenario.map.forts[0].entrances[:1]
    assert "fort.entrance_count" in [p.code for p in check_scenario_model(scenario)]


def test_scenario_reference_resolves_against_the_scenario_folder(tmp_path):
    paths = write_set(tmp_path)
    doc = load_file(paths["scenario"]).document
    assert scenario_reference(doc, "map") == paths["map"].resolve()
    doc.data.pop("map")
    assert scenario_reference(doc, "map") is None
