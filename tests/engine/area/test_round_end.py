"""Victory check, capitulation, Brest-Litovsk, replacements and winners (seed 001 §4.2,
§6.5, §7, §8)."""

from __future__ import annotations

import pytest

from engine.rules.area import roundend
from engine.rules.dice import Dice
from tests.engine.area.fixtures import act, game, texts, turn_state


def _victory_check(s):
    s.turn = s.game.ruleset.actions_per_faction * 4
    roundend.begin(s)


def test_a_front_without_enemy_armies_yields_a_city_in_the_victory_check_4_2():
    s = turn_state(game(), "germans", {"de-1": 2, "br-1": 1, "de-2": 1})
    _victory_check(s)
    assert s.owner["arras"] == "germans"  # front 2: one choice, taken at once
    assert s.owner["ypres"] == "western_allies"  # front 1 is contested


def test_several_capturable_cities_are_the_capturers_choice():
    """6.4: in front 10 both Belgrad (from Sarajevo) and Monastir (from Sofia) are open."""
    s = turn_state(game(), "german_allies", {"ah-1": 10}, round_no=3)
    _victory_check(s)
    assert s.phase == "victory" and s.actor == "german_allies"
    assert texts(s) == ["capture belgrad", "capture monastir"]
    act(s, "capture monastir")
    assert s.owner["monastir"] == "german_allies" and s.owner["belgrad"] == "eastern_allies"


def test_capitulation_point_when_nothing_is_left_to_take_in_the_victory_check():
    s = turn_state(game(), "germans", {"de-1": 1},
                   owner={"calais": "germans", "ypres": "germans"})
    _victory_check(s)
    assert s.capitulation["western_allies"] == 1
    assert s.chance == {"kind": "capitulation_roll", "faction": "western_allies"}


@pytest.mark.parametrize(("face", "capitulates"), [(1, True), (2, True), (3, False),
                                                   (0, False)])
def test_a_capitulation_roll_at_most_the_points_loses_and_s_never_does_6_5(face, capitulates):
    s = turn_state(game(), "germans", {"de-1": 1, "br-1": 1})
    s.capitulation["western_allies"] = 2
    _victory_check(s)
    s.apply_chance(face)
    if capitulates:
        assert s.is_terminal() and s.result["winners"] == ["germans", "german_allies"]
        assert s.result["reason"] == "capitulation"
    else:
        assert not s.is_terminal() and s.round == 2 and s.capitulation["western_allies"] == 0


def test_both_alliances_capitulating_means_everyone_loses():
    s = turn_state(game(), "germans", {"de-1": 1, "br-1": 1})
    s.capitulation["western_allies"] = 5
    s.capitulation["germans"] = 5
    _victory_check(s)
    s.apply_chance(1)
    s.apply_chance(1)
    assert s.is_terminal() and s.result["winners"] == [] and s.returns() == [-1.0, -1.0]


def test_the_game_ends_after_round_6_and_the_higher_alliance_total_wins_8_0():
    s = turn_state(game(), "germans", {"de-1": 1, "br-1": 1}, round_no=6)
    s.vp = {"western_allies": 7, "eastern_allies": 5, "germans": 6, "german_allies": 6}
    _victory_check(s)
    assert s.is_terminal() and s.result["alliance"] == "central"  # 12:12, the tie goes central
    assert s.returns() == [1.0, -1.0]


@pytest.mark.parametrize(("vp", "winners"), [
    ({"western_allies": 4, "eastern_allies": 4, "germans": 9, "german_allies": 6}, ["germans"]),
    ({"western_allies": 4, "eastern_allies": 4, "germans": 8, "german_allies": 6},
     ["german_allies"]),
])
def test_three_players_the_germans_need_three_more_points_than_their_allies(vp, winners):
    s = turn_state(game(players=3), "germans", {"de-1": 1, "br-1": 1}, round_no=6)
    s.vp = vp
    _victory_check(s)
    assert s.result["winners"] == winners


@pytest.mark.parametrize(("treaty", "winners"), [(None, ["western_allies"]),
                                                 ("refused", ["eastern_allies"])])
def test_four_players_refusing_the_treaty_is_worth_eight_points_8_1(treaty, winners):
    s = turn_state(game(players=4), "germans", {"de-1": 1, "br-1": 1}, round_no=6)
    s.vp = {"western_allies": 10, "eastern_allies": 5, "germans": 3, "german_allies": 3}
    s.treaty = treaty
    _victory_check(s)
    assert s.result["winners"] == winners


def test_two_players_must_accept_brest_litovsk_and_russians_leave_the_war_8_1():
    g = game()
    s = turn_state(g, "germans", {"de-1": 7, "de-2": 8, "de-3": 9, "ah-1": 9, "ah-2": 9,
                                  "ah-3": 9, "ru-1": 7, "br-1": 1}, round_no=4)
    _victory_check(s)
    assert s.phase == "treaty" and texts(s) == ["offer_treaty", "no_treaty"]
    act(s, "offer_treaty")
    assert s.treaty == "accepted" and not s.is_terminal()
    s2 = turn_state(g, "germans", {"de-1": 7, "de-2": 8, "de-3": 9, "ah-1": 9, "ah-2": 9,
                                   "ah-3": 9, "ru-1": 7}, round_no=5)
    s2.treaty = "accepted"
    assert "battle 7" not in texts(s2)  # Russians may not be attacked
    from engine.rules.area import battle
    assert battle.capturable(s2, "germans", 8) == []  # frozen front


def test_four_players_may_refuse_the_treaty():
    s = turn_state(game(players=4), "germans", {"de-1": 1, "br-1": 1}, round_no=4)
    _victory_check(s)
    act(s, "offer_treaty")
    assert s.actor == "eastern_allies" and texts(s) == ["accept_treaty", "refuse_treaty"]
    act(s, "refuse_treaty")
    assert s.treaty == "refused"


def test_breaking_a_treaty_garrison_loses_the_game_at_once_8_1():
    g = game()
    s = turn_state(g, "germans", {"de-1": 7, "de-2": 8, "de-3": 9, "ah-1": 9, "ah-2": 9,
                                  "ah-3": 9}, round_no=5)
    s.treaty = "accepted"
    act(s, "transfer de-1 1")
    assert s.is_terminal() and s.result["reason"] == "treaty_garrison"
    assert s.result["alliance"] == "allies"


def test_replacements_shrink_with_each_lost_replacement_city_7_1():
    g = game()
    s = turn_state(g, "germans", {"de-1": 1, "br-1": 1})
    assert roundend.quota(s, "germans") == 4
    s.owner["aachen"] = "western_allies"
    s.owner["berlin"] = "eastern_allies"
    assert roundend.quota(s, "germans") == 2
    s.owner["paris"] = "germans"
    assert roundend.quota(s, "germans") == 2  # taking enemy ones gives nothing extra
    assert roundend.quota(s, "eastern_allies") == 5


def test_replaced_armies_return_next_round_and_mef_is_replaced_by_the_western_allies_7_2():
    g = game()
    s = turn_state(g, "germans", {"de-1": 1, "br-1": 1})
    s.eliminated = ["mef", "ru-1", "de-5"]
    _victory_check(s)
    assert s.phase == "replacements" and s.actor == "eastern_allies"
    assert texts(s) == ["replace ru-1", "end_replacements"]
    act(s, "replace ru-1")
    assert s.actor == "western_allies" and texts(s) == ["replace mef", "end_replacements"]
    act(s, "end_replacements")
    act(s, "replace de-5")
    assert s.round == 2 and s.phase == "setup"
    assert "ru-1" in s.pending["eastern_allies"] and "de-5" in s.pending["germans"]
    assert s.eliminated == ["mef"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_run_to_a_victory_check_and_repeat_for_a_seed(players):
    def play(seed: int):
        s = game(players=players, explicit_chance=False, seed=seed).new_initial_state()
        dice = Dice(seed)
        steps = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            assert legal, (s.phase, s.step)
            s.apply_action(legal[dice.below(len(legal))])
            steps += 1
            assert steps < 5000
        return s
    for seed in (1, 2):
        a, b = play(seed), play(seed)
        assert a.history == b.history and a.result == b.result
        assert a.result["reason"] in ("victory_points", "fronts", "capitulation",
                                      "treaty_garrison")
        assert len(a.returns()) == players
