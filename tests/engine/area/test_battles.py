"""Battles, markers and captures (seed 001 §6), each from the rule text or its example."""

from __future__ import annotations

from fractions import Fraction

from engine.rules.area import battle
from tests.engine.area.fixtures import act, game, texts, turn_state

MG_ALLIES = "allies-1914-machine-guns"


def test_the_rulebook_battle_example_6_1():
    """Germans (two value-3 armies) attack one British value-3 army in front 1; the British
    play machine guns. Germans: 3 + 1 (more armies) + 2 = 6; British 3 + 3 + 1 = 7: the
    German lead army is eliminated and the machine guns go back to the cup."""
    g = game()
    s = turn_state(g, "germans", {"de-1": 1, "de-2": 1, "br-1": 1})
    s.hands["western_allies"] = [MG_ALLIES]
    act(s, "battle 1")
    assert s.actor == "western_allies"
    assert texts(s) == [f"play_marker {MG_ALLIES}", "no_marker"]
    act(s, f"play_marker {MG_ALLIES}")
    assert s.actor == "germans" and texts(s) == ["lead de-1", "lead de-2"]  # no marker: skipped
    act(s, "lead de-1")
    act(s, "lead br-1")
    assert s.is_chance_node()
    outcomes = s.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1 and len(outcomes) == 36
    s.apply_chance((2, 3))
    result = next(e for e in s.log if e["event"] == "battle_result")
    assert (result["attacker"], result["defender"]) == (6, 7)
    assert "de-1" not in s.location and s.eliminated == ["de-1"]
    assert s.location["de-2"] == 1 and s.location["br-1"] == 1
    assert MG_ALLIES in s.cups["allies"] and s.hands["western_allies"] == []
    assert s.actor == "western_allies" and s.turn == 1  # the German turn is over


def test_a_tie_eliminates_both_lead_armies():
    s = turn_state(game(), "germans", {"de-1": 1, "br-1": 1})
    act(s, "battle 1")
    act(s, "lead de-1")
    act(s, "lead br-1")
    s.apply_chance((2, 2))
    assert "de-1" not in s.location and "br-1" not in s.location
    assert s.owner["ypres"] == "western_allies"


def test_the_winner_takes_a_city_along_an_attack_line_and_vp_move_8_0():
    """8.0's example: the western allies take Aachen: they go to 7 VP, the Germans to 5."""
    s = turn_state(game(), "western_allies", {"br-1": 1, "de-1": 1},
                   owner={"brussels": "western_allies"})
    s.vp["western_allies"] = 6
    s.vp["germans"] = 6
    act(s, "battle 1")
    act(s, "lead br-1")
    act(s, "lead de-1")
    s.apply_chance((5, 1))
    assert texts(s) == ["capture aachen"]  # Brussels is held already; Aachen is linked to it
    act(s, "capture aachen")
    assert s.owner["aachen"] == "western_allies"
    assert (s.vp["western_allies"], s.vp["germans"]) == (7, 5)


def test_victory_points_never_drop_below_zero():
    s = turn_state(game(), "western_allies", {"br-1": 1})
    s.vp["germans"] = 0
    act(s, "battle 1")
    act(s, "capture brussels")
    assert s.vp["germans"] == 0


def test_no_real_defender_means_an_immediate_capture_and_dummies_leave_6_0():
    s = turn_state(game(), "germans", {"de-1": 2})
    s.dummies["western_allies"] = {2: 2}
    act(s, "battle 2")
    assert s.dummies["western_allies"] == {} and s.dummies_off["western_allies"] == 2
    assert texts(s) == ["capture arras"]
    act(s, "capture arras")
    assert s.owner["arras"] == "germans"


def test_all_cities_taken_gives_one_capitulation_point_per_front_and_round_6_5():
    front1 = {"calais": "germans", "ypres": "germans"}
    s = turn_state(game(), "germans", {"de-1": 1}, owner=front1)
    act(s, "battle 1")
    assert s.capitulation["western_allies"] == 1
    s.turn = 4  # the Germans' next turn
    from engine.rules.area import flow
    flow._begin_turn(s)
    act(s, "battle 1")
    assert s.capitulation["western_allies"] == 1  # 6.5.2: once per front and round


def test_a_neutral_line_opens_in_its_round_6_6():
    """Bucharest cannot be taken before round 4, so neither can Odessa behind it."""
    g = game()
    s3 = turn_state(g, "german_allies", {"ah-1": 11}, round_no=3)
    assert battle.capturable(s3, "german_allies", 11) == []
    s4 = turn_state(g, "german_allies", {"ah-1": 11}, round_no=4)
    assert battle.capturable(s4, "german_allies", 11) == ["bucharest"]
    s4.owner["bucharest"] = "german_allies"
    assert battle.capturable(s4, "german_allies", 11) == ["odessa"]


def test_mandatory_markers_must_be_played_6_2_2():
    s = turn_state(game(), "german_allies", {"ah-1": 9, "ru-1": 9})
    s.hands["german_allies"] = ["central-1914-loyal-to-the-emperor", "central-1914-falkenhayn"]
    act(s, "battle 9")
    assert s.actor == "german_allies"
    assert texts(s) == ["play_marker central-1914-loyal-to-the-emperor"]


def test_a_marker_needs_a_lead_army_of_its_nation_6_2():
    s = turn_state(game(), "german_allies", {"bu-1": 10, "ah-2": 10, "sb-1": 10})
    s.hands["german_allies"] = ["central-1917-storm-troops-ah"]
    act(s, "battle 10")
    act(s, "play_marker central-1917-storm-troops-ah")
    assert texts(s) == ["lead ah-2"]


def test_the_marker_of_another_nation_is_not_offered():
    s = turn_state(game(), "german_allies", {"bu-1": 10, "sb-1": 10})
    s.hands["german_allies"] = ["central-1914-loyal-to-the-emperor"]  # AH only
    act(s, "battle 10")
    assert texts(s) == ["lead bu-1"]  # the marker step was skipped: nothing to play


def test_an_s_lets_the_player_draw_and_a_fourth_marker_sends_an_old_one_back_6_2_1():
    s = turn_state(game(), "germans", {"de-1": 1, "br-1": 1})
    old = ["central-1914-trenches", "central-1914-falkenhayn", "central-1914-machine-guns"]
    s.hands["germans"] = list(old)
    for m in old:
        s.cups["central"].remove(m)
    act(s, "battle 1")
    act(s, "no_marker")
    act(s, "lead de-1")
    act(s, "lead br-1")
    s.apply_chance((0, 5))  # the German 'S' counts 0 and may draw
    assert s.actor == "germans" and texts(s) == ["draw", "no_draw"]
    act(s, "draw")
    drawn = "central-1914-courage-is-not-enough-1"
    assert dict(s.chance_outcomes())[drawn] == Fraction(1, len(s.cups["central"]))
    s.apply_chance(drawn)
    assert sorted(texts(s)) == sorted(f"discard {m}" for m in old)
    act(s, "discard central-1914-trenches")
    assert sorted(s.hands["germans"]) == sorted([drawn, *old[1:]])
    assert "central-1914-trenches" in s.cups["central"]


def test_a_drawn_marker_of_a_foreign_nation_may_go_back_at_once():
    s = turn_state(game(), "eastern_allies", {"ru-1": 7, "de-8": 7})
    act(s, "battle 7")
    act(s, "lead ru-1")
    act(s, "lead de-8")
    s.apply_chance((0, 1))
    act(s, "draw")
    s.apply_chance("allies-1914-british-rifles")
    assert texts(s) == ["keep_drawn", "return_drawn"]
    act(s, "return_drawn")
    assert s.hands["eastern_allies"] == [] and "allies-1914-british-rifles" in s.cups["allies"]


def test_odds_come_from_the_battle_sums():
    """6.1 example before the dice: Germans 4 + die vs British 4 + die (machine guns +1)."""
    from engine.rules.area.odds import battle_odds, declared_odds
    s = turn_state(game(), "germans", {"de-1": 1, "de-2": 1, "br-1": 1})
    before = declared_odds(s, 1)  # no markers: 4 + d vs 3 + d
    assert before.attacker_wins + before.tie + before.defender_wins == 1
    assert before.attacker_wins == Fraction(21, 36) and before.tie == Fraction(5, 36)
    s.hands["western_allies"] = [MG_ALLIES]
    act(s, "battle 1")
    act(s, f"play_marker {MG_ALLIES}")
    act(s, "lead de-1")
    act(s, "lead br-1")
    odds = battle_odds(s)
    assert odds.tie == Fraction(6, 36) and odds.attacker_wins == odds.defender_wins
    counted = {"att": 0, "dfd": 0}
    for (x, y), _p in s.chance_outcomes():
        twin = s.clone()
        twin.apply_chance((x, y))
        result = next(e for e in twin.log if e["event"] == "battle_result")
        if result["attacker"] > result["defender"]:
            counted["att"] += 1
    assert Fraction(counted["att"], 36) == odds.attacker_wins
