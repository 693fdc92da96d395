"""Start with a special unit (RULES §11.3; 003 "Jeder Spieler startet mit einer
Spezialeinheit seiner Wahl"): chosen per nation, else drawn with the game's seed."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from engine.content import load_catalog, load_map
from engine.paths import CONTENT_DIR
from engine.play.setup import (
    BASE_CATALOG,
    PlaytestOptions,
    SeatChoice,
    build_scenario,
    special_unit_choices,
)
from engine.rules.game import Game, ScenarioError
from tests.engine.rules.fixtures import catalog, ruleset, scenario

VID = "start_with_special_unit"


def _catalog():
    """The test catalog with Big Bertha as a second special unit besides the medic."""
    cat = copy.deepcopy(catalog())
    cat.units["big_bertha"] = dataclasses.replace(cat.units["big_bertha"], special=True)
    return cat


def _game(params, seed=0):
    rs = ruleset()
    rs.variants = copy.deepcopy(rs.variants)
    rs.variants[VID] = {"enabled": True, **params}
    sc = scenario(rs=rs)
    sc.catalog = _catalog()
    return Game(sc, seed=seed, setup="quick")


def _specials(game, nation):
    return [u.id for u in game.rosters[nation] if u.special]


def test_every_player_starts_with_one_special_unit():
    sc = scenario()
    sc.catalog = _catalog()
    plain = Game(sc)
    game = _game({"mode": "choose", "units": {"DE": "big_bertha"}})
    for nation in game.nations:
        assert _specials(plain, nation) == []
        assert len(game.rosters[nation]) == len(plain.rosters[nation]) + 1
        assert len(_specials(game, nation)) == 1
    assert _specials(game, "DE") == ["big_bertha"]
    state = game.new_initial_state()
    assert any(u.type.id == "big_bertha" and u.nation == "DE" and u.pos >= 0
               for u in state.units.values())


def test_a_drawn_unit_follows_the_seed_and_never_a_water_unit():
    drawn = {seed: _specials(_game({"mode": "draw"}, seed), "FR")[0] for seed in range(12)}
    assert drawn == {seed: _specials(_game({"mode": "draw"}, seed), "FR")[0]
                     for seed in range(12)}
    assert len(set(drawn.values())) > 1 and "gunboat" not in drawn.values()
    # mode "draw" ignores a choice
    assert _specials(_game({"mode": "draw", "units": {"FR": "medic"}}, 3), "FR") == \
        [drawn[3]]


def test_a_choice_the_nation_cannot_make_is_refused_by_name():
    with pytest.raises(ScenarioError, match=r"DE cannot start with special unit 'gunboat'.*"
                                            r"it may: big_bertha, medic"):
        _game({"mode": "choose", "units": {"DE": "gunboat"}})


def test_the_play_test_setup_offers_and_applies_the_choice():
    assert special_unit_choices(_catalog(), "FR") == ["big_bertha", "medic"]
    choices = special_unit_choices(load_catalog(BASE_CATALOG), "FR")
    assert len(choices) > 1
    pick = choices[-1]
    opts = PlaytestOptions(seats=[SeatChoice("DE"), SeatChoice("FR")],
                           variants=(VID,), special_units={"FR": pick})
    sc = build_scenario(load_map(CONTENT_DIR / "maps" / "default.map.yaml"), opts)
    game = Game(sc, variants=(VID,), setup="quick")
    assert [u.id for u in game.rosters["FR"] if u.special] == [pick]
    opts.special_units = {"FR": "tank"}
    with pytest.raises(ValueError, match="FR cannot start with special unit 'tank'"):
        build_scenario(load_map(CONTENT_DIR / "maps" / "default.map.yaml"), opts)


def test_validation_names_a_choice_the_engine_would_refuse():
    from engine.content.semantic_scenario import check_scenario

    rs = ruleset()
    rs.variants = copy.deepcopy(rs.variants)
    rs.variants[VID] = {"enabled": True, "mode": "choose", "units": {"FR": "gunboat"}}
    sc = scenario(rs=rs)
    (p,) = [p for p in check_scenario(sc, None, rs, _catalog())
            if p.code == "scenario.special_unit_choice"]
    assert "FR cannot start with special unit 'gunboat'" in p.message and p.hint
    rs.variants[VID]["units"] = {"FR": "medic"}
    assert not [p for p in check_scenario(sc, None, rs, _catalog())
                if p.code == "scenario.special_unit_choice"]
