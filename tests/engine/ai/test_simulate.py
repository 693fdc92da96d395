"""`tcstudio simulate` and the simulation runner: same results whatever --jobs, JSON with
confidence intervals, a report folder, exit codes for bad arguments and bad scenarios."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import engine.ai.simulate as simulate_module
from engine.ai.registry import make_bot
from engine.ai.simulate import SimSpec, batches, load, play_one, run, seated, summarize
from engine.paths import CONTENT_DIR
from engine.rules.game import Game
from engine.rules.losses import destroyed_units
from tcstudio.cli import main

SCENARIO = str(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")


def test_batches_cover_every_game_once():
    assert batches(10, 4) == [(0, 4), (4, 8), (8, 10)]
    assert batches(0, 4) == []


def test_same_seed_same_results_with_one_or_two_processes():
    spec = SimSpec(SCENARIO, ("heuristic", "random"), seed="jobs")
    one = run(spec, 6, jobs=1, batch=2)
    two = run(spec, 6, jobs=2, batch=2)
    assert [r.index for r in one] == list(range(6))
    assert one == two
    other = run(SimSpec(SCENARIO, ("heuristic", "random"), seed="other"), 6, jobs=1)
    assert [(r.rounds, r.actions) for r in other] != [(r.rounds, r.actions) for r in one]


def test_summary_counts_and_intervals():
    spec = SimSpec(SCENARIO, ("random", "heuristic"), seed=5)
    results = run(spec, 4)
    s = summarize(spec, results)
    assert s["games"] == 4
    assert sum(w["count"] for w in s["wins"].values()) + s["draws"]["count"] == 4
    assert s["wins"]["entente"]["count"] == 4  # the heuristic AI plays France
    for r in (*s["wins"].values(), s["first_player_wins"], s["round_cap"]):
        low, high = r["ci95"]
        assert 0.0 <= low <= r["rate"] <= high <= 1.0
    assert sum(s["end_reasons"].values()) == 4
    assert sum(s["rounds"]["histogram"].values()) == 4
    assert set(s["forts"]) and all("held_at_end" in f for f in s["forts"].values())
    lost = sum(r.losses.get(k, 0) for r in results for k in r.losses)
    assert lost == pytest.approx(sum(v["mean"] for v in s["losses"].values()) * 4)


def test_losses_are_the_units_destroyed_per_team_and_type():
    # Regression: losses were created minus alive per nation against the whole team's living
    # units, so a team of two nations (4 players) showed negative losses.
    scenario = str(CONTENT_DIR / "scenarios" / "default-4p.scenario.yaml")
    spec = SimSpec(scenario, ("heuristic", "random", "heuristic", "random"), seed=1)
    game = Game(seated(load(scenario), spec.seats), seed="1:0", setup=spec.setup)
    result = play_one(spec, 0)
    s = game.new_initial_state()  # the same game again, to read its state and log
    bots = [make_bot(kind, f"1:0:{i}") for i, kind in enumerate(spec.seats)]
    while not s.is_terminal():
        s.apply_unchecked(bots[s.current].choose(s))
    alive = Counter(u.id.rsplit("-", 1)[0] for u in s.units.values())
    expected: Counter[str] = Counter()
    for key, created in s.counters.items():  # key: FLAG-type, each unit FLAG-type-k
        flag, type_id = key.split("-", 1)
        expected[f"{game.team_of[game.seat_of[flag]]}/{type_id}"] += created - alive[key]
    assert result.losses == +expected
    assert sum(result.losses.values()) == len(destroyed_units(s.log)) > 0


def test_cli_json_and_report(capsys, tmp_path):
    code = main(["simulate", SCENARIO, "--games", "3", "--seed", "2", "--ai", "FR=random",
                 "--format", "json", "--report", str(tmp_path / "rep")])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert [x["ai"] for x in data["seats"]] == ["heuristic", "random"]
    assert "3/3" in err and "games/s" in err and "ETA" in err
    for name in ("win_rate", "game_length", "fort_heatmap", "losses", "first_player"):
        png = tmp_path / "rep" / f"{name}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert json.loads((tmp_path / "rep" / "summary.json").read_text())["games"] == 3


def test_a_report_that_cannot_be_written_names_the_path_and_a_hint(capsys, tmp_path):
    """A file where the report folder should be printed '[Errno 17] File exists: ...'."""
    taken = tmp_path / "rep"
    taken.write_text("not a folder")
    code = main(["simulate", SCENARIO, "--games", "1", "--seed", "2", "--report", str(taken)])
    err = capsys.readouterr().err
    assert code == 2
    assert f"cannot write the report to {taken}: File exists" in err
    assert "hint: give --report a folder" in err and "Errno" not in err


@pytest.mark.parametrize(("argv", "message"), [
    (["--games", "0"], "--games must be 1 to 1,000,000, got 0"),
    # 99,999,999,999 games listed their tasks up front until the kernel killed the process
    (["--games", "99999999999"], "--games must be 1 to 1,000,000"),
    (["--jobs", "0"], "--jobs must be 1 to 64, got 0"),
    (["--jobs", "100000"], "--jobs must be 1 to 64"),  # a fork bomb before
    (["--ai", "heuristic"], "expected SEAT=KIND"),
    (["--ai", "3=random"], "no seat '3' (hint: 1..2 or DE, FR)"),
    (["--ai", "DE=skynet"], "unknown AI kind 'skynet'"),
])
def test_bad_arguments_exit_2_with_a_message(capsys, argv, message):
    assert main(["simulate", SCENARIO, *argv]) == 2
    assert message in capsys.readouterr().err


def test_missing_scenario_exits_2(capsys, tmp_path):
    assert main(["simulate", str(tmp_path / "nope.yaml")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_scenario_with_errors_exits_1_with_located_problems(capsys, tmp_path):
    text = (CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml").read_text(encoding="utf-8")
    text = text.replace("../", f"{CONTENT_DIR.as_posix()}/").replace("players: 2", "players: 3")
    bad = tmp_path / "bad.scenario.yaml"
    bad.write_text(text, encoding="utf-8")
    assert main(["simulate", str(bad), "--games", "1"]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:8:" in err and "/players" in err and "Traceback" not in err


def test_help_says_what_is_reported_for_hex_and_area_scenarios(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--help"])
    assert stop.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Trench Club hex scenario: wins per team" in out
    assert "units destroyed per team and unit type" in out
    assert "Der Erste Weltkrieg area scenario (*.area-scenario.yaml): wins per alliance" in out
    assert "95% confidence" in out and "%%" not in out


def test_human_summary_gives_units_destroyed_per_team(capsys):
    assert main(["simulate", SCENARIO, "--games", "2", "--seed", "3", "--quiet"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "units destroyed" in x)
    teams = dict(part.split() for part in line.split(": ", 1)[1].split(", "))
    assert set(teams) == {"central", "entente"}
    assert all(float(v) >= 0 for v in teams.values()) and any(float(v) > 0
                                                               for v in teams.values())


def test_a_pool_never_outnumbers_its_tasks(monkeypatch):
    started: list[int] = []

    class FakePool:
        def __init__(self, jobs: int) -> None:
            started.append(jobs)

        def __enter__(self) -> FakePool:
            return self

        def __exit__(self, *exc: object) -> None:
            return None

        def imap(self, play, tasks):
            return map(play, tasks)

    class Context:
        Pool = FakePool

    monkeypatch.setattr(simulate_module.multiprocessing, "get_context", lambda kind: Context)
    assert simulate_module.run_batches(lambda t: [t], [1, 2, 3], 3, jobs=50) == [1, 2, 3]
    assert simulate_module.run_batches(lambda t: [t], list(range(500)), 500, jobs=10**6)[-1] == 499
    assert started == [3, simulate_module.MAX_JOBS]
