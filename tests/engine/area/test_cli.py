"""`tcstudio rules` and `validate` on Der Erste Weltkrieg games, as a user runs them."""

from __future__ import annotations

import json

import pytest

from tcstudio.cli import main
from tests.engine.area.fixtures import SCENARIO


def _json(capsys) -> dict:
    return json.loads(capsys.readouterr().out)


def test_validate_checks_the_built_in_area_content(capsys):
    assert main(["validate", str(SCENARIO.parent)]) == 0
    assert "checked 4 files: 0 errors" in capsys.readouterr().out


def test_new_actions_apply_and_log(tmp_path, capsys):
    save = tmp_path / "game.json"
    assert main(["rules", "new", str(SCENARIO), "--seed", "4", "--players", "4",
                 "--out", str(save)]) == 0
    assert _json(capsys)["faction"] == "german_allies"
    assert main(["rules", "actions", str(save)]) == 0
    listed = _json(capsys)
    assert listed["phase"] == "setup" and "place ah-1 9" in listed["actions"]
    assert main(["rules", "apply", str(save), "place ah-1 9", "place ah-3 10",
                 "--out", str(save)]) == 0
    applied = _json(capsys)
    assert applied["actions"] == [{"kind": "place", "army": "ah-1", "front": 9},
                                  {"kind": "place", "army": "ah-3", "front": 10}]
    assert main(["rules", "log", str(save)]) == 0
    events = _json(capsys)["events"]
    assert [e["event"] for e in events] == ["placed", "placed"]
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["players"] == 4 and saved["seed"] == 4


def test_an_illegal_action_is_refused_with_the_legal_ones_and_the_save_kept(tmp_path, capsys):
    save = tmp_path / "game.json"
    assert main(["rules", "new", str(SCENARIO), "--out", str(save)]) == 0
    before = save.read_bytes()
    capsys.readouterr()
    assert main(["rules", "apply", str(save), "battle 3", "--out", str(save)]) == 1
    err = capsys.readouterr().err
    assert "'battle 3' is not legal now" in err and "place ah-1 5" in err
    assert "Traceback" not in err and save.read_bytes() == before


def test_a_damaged_save_is_refused_with_its_location(tmp_path, capsys):
    save = tmp_path / "game.json"
    assert main(["rules", "new", str(SCENARIO), "--out", str(save)]) == 0
    capsys.readouterr()
    data = json.loads(save.read_text(encoding="utf-8"))
    data["actions"] = [{"kind": "place", "army": "ah-1", "front": 1}]
    save.write_text(json.dumps(data), encoding="utf-8")
    assert main(["rules", "actions", str(save)]) == 1
    err = capsys.readouterr().err
    assert "action 1" in err and "cannot be replayed" in err
    save.write_text('{"format": "trenchclub-area-save", "actions": [', encoding="utf-8")
    assert main(["rules", "actions", str(save)]) == 1
    assert "not JSON" in capsys.readouterr().err


@pytest.mark.parametrize(("tail", "code"), [
    ('"x": ' + "[" * 100_000 + "]" * 100_000, "json.too_deep"),
    ('"seed": ' + "9" * 5000, "json.bad_number"),
    ('"seed": "\\ud800"', "json.lone_surrogate"),
])
def test_a_hostile_save_is_refused_without_a_traceback(tmp_path, capsys, tail, code):
    save = tmp_path / "game.json"
    save.write_text('{"format": "trenchclub-area-save", ' + tail + "}", encoding="utf-8")
    assert main(["rules", "actions", str(save)]) == 1
    err = capsys.readouterr().err
    assert code in err and str(save) in err and "Traceback" not in err


def test_hex_only_commands_say_so_on_area_games(tmp_path, capsys):
    assert main(["rules", "moves", str(SCENARIO), "--unit", "de-1"]) == 1
    assert "Der Erste Weltkrieg game" in capsys.readouterr().err
