"""Play-test set-up from an opened scenario, and the start checks the engine's validation makes."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from engine.content import ContentError, load_map
from engine.paths import CONTENT_DIR
from engine.play.session import PlaytestSession
from engine.play.setup import (
    PlaytestOptions,
    SeatChoice,
    build_scenario,
    options_from_scenario,
    start_problems,
)

SCENARIOS = CONTENT_DIR / "scenarios"
DEFAULT_MAP = CONTENT_DIR / "maps" / "default.map.yaml"


@pytest.fixture(scope="module")
def default_map():
    return load_map(DEFAULT_MAP)


def test_the_4_player_earlier_scenario_plays_as_written(default_map):
    opts = options_from_scenario(SCENARIOS / "default-4p-earlier.scenario.yaml")
    assert opts.players == 4 and opts.half is None
    assert [s.nation for s in opts.seats] == ["DE", "GB", "AH", "FR"]
    assert opts.ruleset.name == "earlier.ruleset.yaml"
    assert opts.catalog.name == "base.catalog.yaml"
    scenario = build_scenario(default_map, opts)
    assert scenario.id == "default_4p_earlier"
    assert scenario.ruleset is not None and scenario.ruleset.id == "earlier"
    assert scenario.objectives[0]["id"] == "central_holds_nine"
    session = PlaytestSession(scenario, seed=1)
    assert sorted(session.game.nations) == ["AH", "DE", "FR", "GB"]
    assert not [p for p in start_problems(default_map, opts) if p.is_error]


def _write_scenario(tmp_path: Path, **changes: object) -> Path:
    data = yaml.safe_load((SCENARIOS / "default-2p.scenario.yaml").read_text("utf-8"))
    for key in ("map", "ruleset", "catalog"):
        data[key] = str((SCENARIOS / data[key]).resolve())
    data.update(changes)
    path = tmp_path / "custom.scenario.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), "utf-8")
    return path


def test_scenario_money_seats_and_variants_reach_the_game(default_map, tmp_path):
    path = _write_scenario(tmp_path, starting_money={"FR": 7}, seats=[
        {"seat": 1, "nation": "FR", "team": "entente", "controller": "ai"},
        {"seat": 2, "nation": "DE", "team": "central", "controller": "human"}])
    opts = options_from_scenario(path, seed=5)
    assert [(s.nation, s.controller) for s in opts.seats] == [("FR", "ai"), ("DE", "human")]
    session = PlaytestSession(build_scenario(default_map, opts), seed=5)
    assert session.state.money["FR"] == 7
    assert session.controllers == ["ai", "human"]


def test_an_unreadable_scenario_is_a_content_error(tmp_path):
    path = _write_scenario(tmp_path, ruleset="nowhere.ruleset.yaml")
    with pytest.raises(ContentError) as info:
        options_from_scenario(path)
    assert any(p.pointer == "/ruleset" for p in info.value.problems)


def test_a_map_without_halves_is_refused_for_2_players(default_map):
    no_halves = copy.deepcopy(default_map)
    no_halves.regions = [r for r in no_halves.regions if not r.id.startswith("half_")]
    problems = start_problems(no_halves, PlaytestOptions())
    codes = {p.code for p in problems if p.is_error}
    assert "scenario.unknown_region" in codes
    assert all(p.hint for p in problems)
    assert not [p for p in start_problems(default_map, PlaytestOptions()) if p.is_error]


def test_a_half_missing_start_numbers_points_at_its_region(default_map):
    thin = copy.deepcopy(default_map)
    half = thin.region("half_1_6")
    thin.start_markers = [s for s in thin.start_markers if s.hex not in half.hexes]
    errors = [p for p in start_problems(thin, PlaytestOptions()) if p.is_error]
    start = next(p for p in errors if p.code == "scenario.start_numbers_missing")
    index = [r.id for r in thin.regions].index("half_1_6")
    assert start.pointer == f"/regions/{index}"


def test_4_players_need_the_whole_map(default_map):
    opts = PlaytestOptions(players=4, half=None, seats=[
        SeatChoice("DE"), SeatChoice("GB"), SeatChoice("AH"), SeatChoice("FR")])
    assert not [p for p in start_problems(default_map, opts) if p.is_error]


def test_the_scenario_form_saves_as_a_valid_scenario_file(tmp_path):
    import shutil

    from engine.content import load_file
    from engine.play.setup import save_scenario_file

    maps = tmp_path / "maps"
    maps.mkdir()
    map_path = maps / "mine.map.yaml"
    shutil.copy(DEFAULT_MAP, map_path)
    out = tmp_path / "scenarios" / "Mine Duel.scenario.yaml"
    out.parent.mkdir()
    opts = PlaytestOptions(seats=[SeatChoice("FR", "ai"), SeatChoice("DE")],
                           starting_money={"FR": 4})
    assert [p for p in save_scenario_file(opts, map_path, out, "Mine") if p.is_error] == []
    loaded = load_file(out)
    assert loaded.ok and loaded.model.id == "mine_duel"
    assert loaded.model.map_ref == "../maps/mine.map.yaml"
    assert [(s.nation, s.controller) for s in loaded.model.seats] == [("FR", "ai"), ("DE", "human")]
    again = options_from_scenario(out)
    assert again.starting_money == {"FR": 4} and again.half == "half_1_6"
