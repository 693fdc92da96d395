"""Set-up, movement, strategic transfer and who may operate where (seed 001 §4, §5, §9)."""

from __future__ import annotations

from engine.area_model import FACTIONS
from engine.rules.area import flow
from tests.engine.area.fixtures import act, game, texts, turn_state


def test_armies_move_to_adjacent_fronts_of_the_same_theatre_5_0():
    s = turn_state(game(), "germans", {"de-1": 2, "de-2": 2, "de-3": 2})
    act(s, "move 2")
    options = texts(s)
    assert "move_army de-1 1" in options and "move_army de-1 3" in options
    assert not any(o.startswith("move_army de-1 4") for o in options)  # not adjacent
    act(s, "move_army de-1 1")
    act(s, "move_army de-2 3")
    act(s, "end_move")
    assert (s.location["de-1"], s.location["de-2"], s.location["de-3"]) == (1, 3, 2)
    assert s.actor == "western_allies"


def test_a_strategic_transfer_moves_one_or_two_armies_anywhere_they_may_operate():
    s = turn_state(game(), "germans", {"de-1": 1, "de-2": 1, "de-3": 1})
    assert "transfer de-1 7" in texts(s)  # another theatre
    act(s, "transfer de-1 7")
    assert texts(s) == ["transfer_more de-2", "transfer_more de-3", "end_transfer"]
    act(s, "transfer_more de-3")
    assert s.location == {"de-1": 7, "de-2": 1, "de-3": 7} and s.actor == "western_allies"


def test_nations_operate_only_where_their_front_lists_them_2_1():
    s = turn_state(game(), "western_allies", {"be-1": 1})
    transfers = {o for o in texts(s) if o.startswith("transfer be-1")}
    assert transfers == set()  # Belgium is listed in front 1 only


def test_british_french_and_german_armies_reach_italy_from_round_4_5_3():
    g = game()
    early = turn_state(g, "western_allies", {"br-1": 1}, round_no=3)
    assert "transfer br-1 6" not in texts(early)
    late = turn_state(g, "western_allies", {"br-1": 1}, round_no=4)
    assert "transfer br-1 6" in texts(late)
    italian = turn_state(g, "western_allies", {"it-1": 6}, round_no=2)
    assert "move 6" in texts(italian)


def test_mef_and_orient_army_need_monastir_for_front_11_5_4():
    g = game()
    held = turn_state(g, "eastern_allies", {"mef": 10}, round_no=2)
    assert "transfer mef 11" in texts(held)
    lost = turn_state(g, "eastern_allies", {"mef": 10}, round_no=2,
                      owner={"monastir": "german_allies"})
    assert "transfer mef 11" not in texts(lost)


def test_german_armies_in_the_south_and_east_act_for_the_german_allies_5_1():
    g = game()
    s = turn_state(g, "german_allies", {"de-1": 9, "de-2": 1, "ah-1": 9})
    assert s.step["controlled"] == ["ah-1", "de-1"]
    assert "transfer de-1 8" in texts(s) and not any("de-2" in t for t in texts(s))
    g_turn = turn_state(g, "germans", {"de-1": 9, "de-2": 1})
    assert g_turn.step["controlled"] == ["de-2"]


def test_the_schlieffen_plan_limits_german_battles_in_round_1_9_1():
    plain = turn_state(game(), "germans", {"de-1": 1, "de-2": 4})
    assert {"battle 1", "battle 4"} <= set(texts(plain))
    schlieffen = turn_state(game(variants=("schlieffen_plan",)), "germans",
                            {"de-1": 1, "de-2": 4})
    assert "battle 1" in texts(schlieffen) and "battle 4" not in texts(schlieffen)
    later = turn_state(game(variants=("schlieffen_plan",)), "germans", {"de-2": 4}, round_no=2)
    assert "battle 4" in texts(later)


def test_round_1_set_up_in_the_printed_order_places_every_army_and_dummy_4_2():
    s = game().new_initial_state()
    assert s.phase == "setup" and s.actor == "german_allies"
    order = []
    while s.phase == "setup":
        if s.actor not in order:
            order.append(s.actor)
        act(s, texts(s)[0])
    assert order == ["german_allies", "eastern_allies", "western_allies", "germans"]
    starters = {a.id for a in s.game.catalog.armies if a.entry_round == 1}
    assert set(s.location) == starters
    assert all(sum(d.values()) == 6 for d in s.dummies.values())
    assert s.phase == "turns" and s.actor == "germans"


def test_the_historical_set_up_places_the_1914_armies_9_3():
    s = game(variants=("historical_setup",)).new_initial_state()
    assert s.location["be-1"] == 1 and s.location["de-aa"] == 8
    assert [a for a in s.location if s.location[a] == 10] == ["sb-1", "sb-2", "mn-1", "ah-5",
                                                              "ah-6"]
    assert all(not p for p in s.pending.values())


def test_minimum_occupation_sends_new_armies_to_empty_fronts_4_2():
    g = game()
    s = g.new_initial_state()
    s.round = 2
    s.location = {"de-1": 1, "de-2": 2, "de-3": 3}
    s.pending = {f: [] for f in FACTIONS}
    s.pending["germans"] = ["de-9"]
    s.dummies_off = {f: 0 for f in FACTIONS}
    s.queue = ["germans"]
    flow._next_setup(s)
    assert texts(s) == ["place de-9 4"]  # one army left and front 4 has none
    s.pending["germans"] = ["de-9", "de-10"]
    assert "place de-9 7" in texts(s)  # two armies: the other may go anywhere


def test_variable_turn_order_rolls_and_the_highest_picks_first_9_2():
    g = game(variants=("variable_turn_order",))
    s = g.new_initial_state()
    s.round = 2
    flow.begin_round(s)
    assert s.phase == "order" and s.is_chance_node()
    for face in (3, 3, 5, 0):  # western and eastern allies tie: they roll again
        s.apply_chance(face)
    assert s.is_chance_node()
    s.apply_chance(1)  # western allies
    s.apply_chance(2)  # eastern allies
    assert s.actor == "germans"  # 5 picks first
    act(s, "pick_order 3 0")
    assert s.actor == "eastern_allies"  # won the re-roll 2:1
    assert "pick_order 3 1" not in texts(s) and "pick_order 0 1" in texts(s)
    act(s, "pick_order 0 1")
    act(s, "pick_order 1 2")  # western allies
    act(s, "pick_order 2 3")  # german allies, last with 0
    assert s.setup_order == ["eastern_allies", "western_allies", "german_allies", "germans"]
    assert s.turn_order == ["germans", "eastern_allies", "western_allies", "german_allies"]
    assert s.phase == "setup"
