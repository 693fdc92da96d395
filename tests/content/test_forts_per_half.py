"""Forts per half come from the ruleset (issue 13, finding 8): `forts_per_half` in ruleset
files (schema_version 2, bounded), v1 rulesets migrated with the printed rules' 7, maps
checked against the default ruleset's number, scenarios against their own ruleset's."""

from __future__ import annotations

import pytest

from engine.content import check_map, dump_canonical, load_file
from engine.content.convert_map import map_from_dict
from engine.content.semantic_map import default_forts_per_half
from engine.paths import DEFAULT_RULESET
from tests.content.fixtures import valid_map, valid_ruleset, write_set


def _codes(problems) -> list[str]:
    return [p.code for p in problems if p.is_error]


def test_default_number_is_read_from_the_default_ruleset():
    loaded = load_file(DEFAULT_RULESET)
    assert loaded.ok
    assert default_forts_per_half() == loaded.model.forts_per_half == 7


def test_map_halves_are_checked_against_the_number_given():
    m = map_from_dict(valid_map())  # 7 forts in each half
    assert "region.half_forts" not in _codes(check_map(m))
    found = [p for p in check_map(m, forts_per_half=6) if p.code == "region.half_forts"]
    assert len(found) == 2
    assert "needs 6" in found[0].message


def test_scenario_with_a_six_fort_ruleset_names_the_halves(tmp_path):
    paths = write_set(tmp_path, players=2)
    data = valid_ruleset()
    data["forts_per_half"] = 6
    data["forts_to_win"] = {"2": 4, "4": 8}
    data["variants"]["shorter_game"]["forts_to_win"] = {"2": 3, "4": 6}
    paths["ruleset"].write_text(dump_canonical(data), encoding="utf-8")
    loaded = load_file(paths["scenario"])
    found = [p for p in loaded.problems if p.code == "scenario.half_forts"]
    assert len(found) == 2, loaded.problems
    assert "needs 6 per half" in found[0].message and found[0].line is not None
    assert loaded.model.ruleset.forts_per_half == 6


def test_version_1_ruleset_is_migrated_with_seven(tmp_path):
    data = valid_ruleset()
    data["schema_version"] = 1
    del data["forts_per_half"]
    path = tmp_path / "old.ruleset.yaml"
    path.write_text(dump_canonical(data), encoding="utf-8")
    loaded = load_file(path)
    assert loaded.ok, loaded.problems
    assert loaded.model.forts_per_half == 7
    assert loaded.document.migrated_from == [1]


@pytest.mark.parametrize("value", [0, 10001, "7"])
def test_forts_per_half_is_bounded(tmp_path, value):
    data = valid_ruleset()
    data["forts_per_half"] = value
    path = tmp_path / "bad.ruleset.yaml"
    path.write_text(dump_canonical(data), encoding="utf-8")
    loaded = load_file(path)
    assert not loaded.ok
    assert any(p.pointer == "/forts_per_half" for p in loaded.problems), loaded.problems


def test_estimated_forts_per_half_keeps_its_flag(tmp_path):
    data = valid_ruleset()
    data["forts_per_half"] = {"value": 8, "estimated": True, "note": "GAP: a bigger board"}
    path = tmp_path / "guess.ruleset.yaml"
    path.write_text(dump_canonical(data), encoding="utf-8")
    loaded = load_file(path)
    assert loaded.ok, loaded.problems
    assert loaded.model.forts_per_half == 8
    assert "/forts_per_half" in loaded.model.estimated
