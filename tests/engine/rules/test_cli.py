"""`tcstudio rules …` through the real CLI entry point (in process)."""

from __future__ import annotations

import argparse
import json

import pytest

from engine.paths import CONTENT_DIR
from tcstudio.cli import main
from tests.engine.rules.fixtures import unplayed_variant

SCENARIO = str(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")


def run(capsys, *argv: str) -> tuple[int, dict | None, str]:
    code = main(["rules", *argv])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else None), err


@pytest.fixture
def save(tmp_path, capsys):
    path = tmp_path / "game.json"
    code, out, _ = run(capsys, "new", SCENARIO, "--seed", "3", "--quick", "--out", str(path))
    assert code == 0 and out["phase"] == "move"
    return path


def _mover(path) -> str:
    data = json.loads(path.read_text())
    nation = ["DE", "FR"][data["current_player"]]
    return next(u["id"] for u in data["units"]
                if u["nation"] == nation and u["type"] == "armoured_car")


def test_moves_then_apply_one_of_them(save, capsys, tmp_path):
    uid = _mover(save)
    code, out, _ = run(capsys, "moves", str(save), "--unit", uid)
    assert code == 0 and out["unit"] == uid and out["moves"]
    first = out["moves"][0]
    assert {"hex", "offset", "cost", "kind", "path", "action"} <= set(first)
    assert first["path"][0] == out["at"]["hex"] and first["path"][-1] == first["hex"]
    new = tmp_path / "after.json"
    code, state, _ = run(capsys, "apply", str(save), first["action"], "end_phase",
                         "--out", str(new))
    assert code == 0 and state["phase"] == "declare"
    assert state["history"][-2:] == [first["action"], "end_phase"]
    assert json.loads(new.read_text())["phase"] == "declare"


def test_apply_reports_the_first_illegal_action(save, capsys):
    before = save.read_text()
    code, out, err = run(capsys, "apply", str(save), "end_phase", "fight")
    assert code == 1 and out is None
    assert "action 2 'fight' is illegal" in err and "Traceback" not in err
    assert save.read_text() == before


def test_an_unreachable_move_keeps_the_command_lines_hint(save, capsys):
    """The engine's reason names no command (the play-test shows it too); `rules apply` adds
    the command that lists the unit's moves."""
    uid = _mover(save)
    code, out, _ = run(capsys, "moves", str(save), "--unit", uid)
    reachable = {tuple(m["hex"]) for m in out["moves"]}
    far = next(f"{q},{r}" for q in range(30) for r in range(-15, 15)
               if (q, r) not in reachable and (q, r) != tuple(out["at"]["hex"]))
    code, out, err = run(capsys, "apply", str(save), f"move {uid} {far}")
    assert code == 1
    assert f"{uid} cannot reach {far} (hint: rules moves --unit {uid})" in err, err


def test_unknown_unit_and_bad_action_text(save, capsys):
    code, _, err = run(capsys, "moves", str(save), "--unit", "XX-nothing-1")
    assert code == 1 and "no unit 'XX-nothing-1'" in err
    code, _, err = run(capsys, "apply", str(save), "teleport home")
    assert code == 1 and "unknown action 'teleport'" in err
    # a 100,000-character action was echoed whole, twice
    code, _, err = run(capsys, "apply", str(save), "x" * 100_000)
    assert code == 1 and "unknown action 'xxxx" in err and len(err) < 600


def test_missing_and_corrupt_files(capsys, tmp_path):
    code, _, err = run(capsys, "moves", str(tmp_path / "none.json"), "--unit", "a")
    assert code == 2 and "no such file" in err
    bad = tmp_path / "bad.json"
    bad.write_text('{"$schema": "https://trenchclub.studio/schema/savegame.schema.json", ')
    code, _, err = run(capsys, "apply", str(bad), "end_phase")
    assert code == 1 and "json.syntax" in err and "bad.json:1:" in err


def test_targets_and_odds_from_a_scenario(capsys):
    # find a game where two enemies touch after a few random turns, via the engine itself
    from engine.content import load_scenario
    from engine.rules.game import Game

    s = Game(load_scenario(SCENARIO), seed=0, setup="quick").new_initial_state()
    code, out, _ = run(capsys, "targets", SCENARIO, "--unit", next(iter(s.units)))
    assert code == 0 and out["targets"] == []  # armies start far apart
    code, _, err = run(capsys, "odds", SCENARIO, "--attacker", "DE-tank-1",
                       "--defender", "DE-infantry-1")
    assert code == 1 and "not an enemy" in err


def test_targets_and_odds_in_contact(monkeypatch):
    from engine.rules.actions import EndPhase
    from tcstudio.commands import rules as cmd
    from tests.engine.rules.fixtures import empty_state, game_map, put

    s = empty_state(game_map())
    here = s.game.board.hexes[50]
    tank = put(s, "tank", "DE", here)
    enemy_hex = here.neighbors()[0]
    inf = put(s, "infantry", "FR", enemy_hex)
    put(s, "infantry", "DE", enemy_hex.neighbors()[0])  # opposite the tank: encirclement
    s.apply_action(EndPhase())
    monkeypatch.setattr(cmd, "_load", lambda _args: s)
    t = cmd._targets(argparse.Namespace(unit=tank.id))
    o = cmd._odds(argparse.Namespace(attacker=tank.id, defender=inf.id))
    assert t["targets"][0]["unit"] == inf.id
    assert t["targets"][0]["bonus"] == "encirclement" and t["targets"][0]["legal_now"]
    assert o["bonus_dice"] == s.game.ruleset.encirclement_dice
    assert abs(sum(o["damage_dealt"]) - 1) < 1e-9 and o["return_fire"]


def test_full_setup_save_takes_assign_and_place_actions(capsys, tmp_path):
    path = tmp_path / "setup.json"
    code, out, _ = run(capsys, "new", SCENARIO, "--seed", "4", "--out", str(path))
    assert code == 0 and out["phase"] == "setup"
    code, listed, _ = run(capsys, "actions", str(path))
    first = listed["actions"][0]
    assert first.startswith("assign ")
    code, state, _ = run(capsys, "apply", str(path), first)
    assert code == 0 and state["history"] == [first]
    assert state["scenario_path"].endswith("default-2p.scenario.yaml")


def test_log_renders_the_engines_events(save, capsys, tmp_path):
    after = tmp_path / "after.json"
    code, _, _ = run(capsys, "apply", str(save), "end_phase", "--out", str(after))
    assert code == 0
    code, out, _ = run(capsys, "log", str(after))
    assert code == 0 and out["events"]
    last = out["events"][-1]
    assert last["event"] == "phase" and last["phase"] == "declare"
    assert last["text"].endswith("declare phase")
    assert all(e["text"] for e in out["events"])


def test_ai_plays_the_turn_of_the_player_to_act_and_explains_each_step(capsys, tmp_path):
    out_path = tmp_path / "after.json"
    code, out, err = run(capsys, "ai", SCENARIO, "--seed", "3", "--out", str(out_path))
    assert code == 0, err
    assert out["ai"] == "heuristic" and out["steps"] and all(x["why"] for x in out["steps"])
    assert out["to_act"] != out["nation"] and out_path.is_file()
    code, out, _ = run(capsys, "ai", SCENARIO, "--kind", "random", "--steps", "2")
    assert code == 0 and len(out["steps"]) == 2 and out["ai"] == "random"


def test_ai_with_an_unknown_kind_exits_2(capsys):
    code, _out, err = run(capsys, "ai", SCENARIO, "--kind", "skynet")
    assert code == 2 and "unknown AI kind 'skynet'" in err


def test_new_refuses_a_variant_without_effect(capsys, tmp_path, monkeypatch):
    unplayed_variant(monkeypatch)
    code, out, err = run(capsys, "new", SCENARIO, "--variant", "start_with_special_unit",
                         "--out", str(tmp_path / "g.json"))
    assert code == 1 and out is None
    assert "has no effect in the engine yet" in err and "Traceback" not in err
    assert not (tmp_path / "g.json").exists()


def test_ai_in_a_full_setup_plays_only_its_own_part(capsys, tmp_path):
    path = tmp_path / "full.json"
    code, out, _ = run(capsys, "new", SCENARIO, "--seed", "4", "--out", str(path))
    assert code == 0 and out["phase"] == "setup"
    nation = out["nation"]
    code, out, err = run(capsys, "ai", str(path), "--kind", "automa:easy")
    assert code == 0, err
    assert out["nation"] == nation and out["steps"]
    assert all(x["action"].split()[0] in ("assign", "hq", "place") for x in out["steps"])
    assert out["phase"] == "setup" and out["to_act"] != nation  # the other seat sets up next


def test_an_action_with_control_characters_is_printed_escaped(save, capsys):
    """Found re-trying issue 15: an escape sequence in an action reached the terminal raw."""
    code, _, err = run(capsys, "apply", str(save), "move \x1b[2J\x9b 1,1")
    assert code == 1
    assert "\x1b" not in err and "\x9b" not in err
    assert "\\u001b[2J\\u009b" in err


AREA_SCENARIO = str(CONTENT_DIR / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml")


@pytest.mark.parametrize("argv", [
    ("new", SCENARIO, "--quick", "--out", "{out}"),
    ("new", AREA_SCENARIO, "--out", "{out}"),
    ("apply", "{save}", "end_phase", "--out", "{out}"),
    ("ai", "{save}", "--steps", "1", "--out", "{out}"),
])
@pytest.mark.parametrize("where", ["missing folder", "a folder"])
def test_an_out_that_cannot_be_written_is_named_with_the_reason(save, tmp_path, capsys, argv,
                                                               where):
    """It printed '[Errno 2] … .game.json.1a2b3c4d.tcs-tmp': an errno and the hidden temp."""
    out = tmp_path / "nowhere" / "game.json" if where == "missing folder" else tmp_path
    code, _, err = run(capsys, *(a.format(out=out, save=save) for a in argv))
    assert code == 2
    assert err.startswith(f"tcstudio rules: cannot write {out}: ")
    assert "tcs-tmp" not in err and "Errno" not in err and "(hint: " in err
