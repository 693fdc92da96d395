"""`tcstudio simulate --coop` and `tcstudio rules new --coop/--ai`: co-op seating from the
command line (RULES §9), bad pairs exit 2 with a hint, the seating is kept in the save."""

from __future__ import annotations

import json

import pytest

from engine.paths import CONTENT_DIR
from engine.play.session import PlaytestSession
from engine.rules.savefile import load_save
from tcstudio.cli import main

TWO = str(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")
FOUR = str(CONTENT_DIR / "scenarios" / "default-4p.scenario.yaml")


def test_simulate_coop_json_names_the_joint_seat(capsys):
    code = main(["simulate", TWO, "--coop", "france+britain", "--ai", "DE=automa:easy",
                 "--games", "2", "--seed", "4", "--quiet", "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["seats"][1] == {"seat": 2, "nation": "FR", "team": "entente",
                               "ai": "heuristic", "partner": "GB"}
    assert out["games"] == 2 and sum(r["count"] for r in out["wins"].values()) \
        + out["draws"]["count"] == 2


@pytest.mark.parametrize(("scenario", "pair", "hint"), [
    (TWO, "FR+DE", "not allies"), (TWO, "FR", "LEAD+PARTNER"),
    (FOUR, "FR+GB", "2-player scenario"),
])
def test_simulate_bad_coop_exits_2(capsys, scenario, pair, hint):
    assert main(["simulate", scenario, "--coop", pair, "--games", "1", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "--coop" in err and hint in err and "Traceback" not in err


def test_rules_new_coop_against_the_automa(capsys, tmp_path):
    save = tmp_path / "coop.json"
    code = main(["rules", "new", TWO, "--coop", "FR+GB", "--ai", "DE=automa:easy", "--quick",
                 "--seed", "4", "--out", str(save)])
    assert code == 0, capsys.readouterr().err
    state = load_save(save)
    assert state.game.partner_of == {"FR": "GB"}
    assert state.game.seats[0].controller == "automa:easy"
    assert sum(1 for u in state.units.values() if u.flag == "GB" and u.nation == "FR") == 6


@pytest.mark.parametrize("argv", [["--coop", "FR+XX"], ["--ai", "DE=chess"], ["--ai", "DE"]])
def test_rules_new_bad_coop_arguments_exit_2(capsys, tmp_path, argv):
    assert main(["rules", "new", TWO, *argv, "--out", str(tmp_path / "x.json")]) == 2
    assert "Traceback" not in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_a_cli_coop_save_continues_in_the_playtest_session(capsys, tmp_path):
    """A save made with `rules new --coop --ai` keeps its seating when the play-test loads
    it (the replayed state equals the saved one, options included)."""
    save = tmp_path / "coop.json"
    assert main(["rules", "new", TWO, "--coop", "FR+GB", "--ai", "DE=automa:easy", "--quick",
                 "--seed", "5", "--out", str(save)]) == 0
    assert main(["rules", "ai", str(save), "--kind", "automa:easy", "--out", str(save)]) == 0
    capsys.readouterr()
    session = PlaytestSession.load(save)
    assert session.game.partner_of == {"FR": "GB"}
    assert session.controllers == ["automa:easy", "human"]
    assert session.cursor > 0
