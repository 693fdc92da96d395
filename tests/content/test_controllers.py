"""A seat's controller in a scenario file may name any AI kind; unknown kinds are refused with
the list (scenario.unknown_controller), a malformed one by the schema."""

from __future__ import annotations

from engine.content import dump_canonical, validate_report
from engine.controllers import CONTROLLERS, controller_problem
from tests.content.fixtures import valid_scenario, write_set


def _problems(tmp_path, controller: str):
    paths = write_set(tmp_path)
    data = valid_scenario(4)
    data["seats"][2]["controller"] = controller
    paths["scenario"].write_text(dump_canonical(data), encoding="utf-8")
    return validate_report([paths["scenario"]])[1]


def test_every_ai_kind_is_accepted_in_a_scenario_file(tmp_path):
    for kind in ("heuristic", "random", "automa:hard", "enemy_table:normal", "ai", "human"):
        assert _problems(tmp_path, kind) == [], kind


def test_an_unknown_kind_is_refused_with_the_known_ones_and_its_location(tmp_path):
    problems = _problems(tmp_path, "enemy_table:impossible")
    assert [p.code for p in problems] == ["scenario.unknown_controller"]
    p = problems[0]
    assert p.pointer == "/seats/2/controller" and p.line is not None
    assert "heuristic" in p.hint and "enemy_table:normal" in p.hint


def test_a_malformed_controller_fails_the_schema(tmp_path):
    problems = _problems(tmp_path, "Bad Kind!")
    assert problems and all(p.code != "scenario.unknown_controller" for p in problems)
    assert problems[0].is_error


def test_controller_problem_names_the_known_controllers():
    assert controller_problem("heuristic") is None
    msg = controller_problem("chess")
    assert msg is not None and all(c in msg for c in CONTROLLERS)
