"""`tcstudio simulate` on the Der Erste Weltkrieg area scenario, as a user runs it: the same
results with --jobs 1 and 2, JSON and CSV, a report folder, and located exit-1 messages for
options that do not apply to the area game."""

from __future__ import annotations

import csv
import io
import json

import pytest

from engine.i18n import current_language, in_language
from engine.paths import CONTENT_DIR
from tcstudio.cli import main
from tests.engine.area.fixtures import SCENARIO

ARGS = ["simulate", str(SCENARIO), "--games", "6", "--seed", "cli", "--quiet"]


def _summary(capsys, *extra: str) -> dict:
    assert main([*ARGS, "--format", "json", *extra]) == 0
    out = json.loads(capsys.readouterr().out)
    out.pop("elapsed_s")
    return out


def test_two_processes_give_the_same_results_as_one(capsys):
    one = _summary(capsys, "--jobs", "1", "--ai", "allies=random")
    two = _summary(capsys, "--jobs", "2", "--ai", "allies=random")
    assert one == two
    assert one["game"] == "area" and one["games"] == 6
    assert [(s["name"], s["ai"]) for s in one["seats"]] == [("central", "heuristic"),
                                                            ("allies", "random")]
    assert one["wins"]["central"]["count"] + one["wins"]["allies"]["count"] \
        + one["draws"]["count"] == 6
    assert sum(one["end_reasons"].values()) == 6
    assert one["action_cap"]["count"] == 0


def test_csv_has_one_line_per_game_with_the_json_totals(capsys):
    summary = _summary(capsys, "--ai", "2=random")
    assert main([*ARGS, "--format", "csv", "--ai", "2=random"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [int(r["index"]) for r in rows] == list(range(6))
    assert sum(r["alliance"] == "central" for r in rows) == summary["wins"]["central"]["count"]
    assert {"winners", "reason", "rounds", "vp_germans", "vp_western_allies"} <= set(rows[0])


def test_human_summary_and_report_folder(tmp_path, capsys):
    assert main([*ARGS, "--report", str(tmp_path / "rep")]) == 0
    out = capsys.readouterr().out
    assert "6 games of" in out and "central=heuristic, allies=heuristic" in out
    assert "Central Powers wins:" in out and "Entente wins:" in out
    assert sorted(p.name for p in (tmp_path / "rep").iterdir()) == [
        "game_length.png", "summary.json", "win_rate.png"]


def test_a_seat_named_by_one_of_its_factions_and_a_variant(capsys):
    summary = _summary(capsys, "--ai", "germans=random", "--variant", "schlieffen_plan")
    assert summary["variants"] == ["schlieffen_plan"]
    assert summary["seats"][0]["ai"] == "random"


def test_four_players_with_an_ai_per_faction(capsys):
    summary = _summary(capsys, "--players", "4", "--ai", "germans=random",
                       "--ai", "eastern_allies=random")
    assert summary["players"] == 4
    assert [(s["name"], s["ai"]) for s in summary["seats"]] == [
        ("germans", "random"), ("western_allies", "heuristic"),
        ("eastern_allies", "random"), ("german_allies", "heuristic")]
    assert sum(w["count"] for w in summary["faction_wins"].values()) >= 6 - summary["draws"][
        "count"]


def test_players_on_a_hex_scenario_exits_1_and_says_why(capsys):
    hex_scenario = CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml"
    assert main(["simulate", str(hex_scenario), "--games", "1", "--players", "4"]) == 1
    assert "--players is for Der Erste Weltkrieg scenarios" in capsys.readouterr().err


@pytest.mark.parametrize(("extra", "says"), [
    (["--coop", "FR+GB"], "--coop does not apply to an area scenario"),
    (["--ai", "3=random"], "no seat '3' (hint: 1..2 or central, allies)"),
    (["--ai", "central=automa:easy"], "unknown AI kind 'automa:easy' for the area game"),
    (["--ai", "central"], "expected SEAT=KIND"),
    (["--variant", "nope"], "variant 'nope' is not offered"),
])
def test_options_that_do_not_apply_exit_1_with_the_file_and_option_named(capsys, extra, says):
    assert main([*ARGS, *extra]) == 1
    err = capsys.readouterr().err
    assert f"tcstudio simulate: {SCENARIO}: " in err and says in err
    assert "Traceback" not in err


def test_hex_scenarios_print_csv_too(capsys):
    hex_scenario = CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml"
    assert main(["simulate", str(hex_scenario), "--games", "2", "--quiet", "--format",
                 "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["index"] for r in rows] == ["0", "1"]
    assert json.loads(rows[0]["final_owner"])


def test_an_area_map_is_not_a_scenario_to_simulate_in_german_too(capsys):
    area_map = SCENARIO.parent / "europe.area-map.yaml"
    with in_language("en"):  # restored afterwards: --lang de sets the process language
        code = main(["--lang", "de", "simulate", str(area_map), "--games", "1", "--quiet"])
    assert code == 1 and current_language() == "en"
    err = capsys.readouterr().err
    assert "diese Datei ist eine Gebietskarte, erwartet wird ein Szenario" in err
    assert "(oben aufgeführt)" in err and "listed above" not in err


def test_german_summary_names_the_wins_of_each_alliance_in_good_german(capsys):
    # "Mittelmächte" is a plural: "Mittelmächte gewinnt" was wrong; "Siege X" fits every name.
    with in_language("en"):
        assert main(["--lang", "de", *ARGS[:-1], "--games", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "gewinnt:" not in out
    assert "  Siege Mittelmächte: " in out and "  Siege Entente: " in out
