"""The area AIs: deterministic for a seed, always legal, the heuristic plays to win by the
area rules (cities, the treaty's garrisons) and beats the random bot clearly."""

from __future__ import annotations

import pytest

from engine.ai.area.base import AreaBot
from engine.ai.area.heuristic import AreaHeuristicBot
from engine.ai.area.random_bot import AreaRandomBot
from engine.ai.area.registry import kind_names, make_bot, resolve
from engine.ai.area.simulate import AreaSimSpec, play_out, run
from engine.ai.registry import UnknownAIError
from engine.rules.area.actions import AreaAction
from engine.rules.area.game import AreaGame
from tests.engine.area.fixtures import SCENARIO, game, scenario, turn_state

HEURISTIC_GAMES = 40  # 20 with the heuristic on each side


def _play(seed: str, kinds: tuple[str, str], players: int = 2) -> tuple[list, dict]:
    g = AreaGame(scenario(players), seed=seed)
    s = g.new_initial_state()
    bots = [make_bot(kinds[i % 2], f"{seed}:{i}") for i in range(len(g.seats))]
    play_out(s, bots)
    assert s.is_terminal()
    return s.history, s.to_json()


@pytest.mark.parametrize("kinds", [("random", "heuristic"), ("heuristic", "random")])
def test_a_seeded_game_is_the_same_every_time_and_its_history_replays(kinds):
    history, final = _play("replay", kinds)
    assert _play("replay", kinds) == (history, final)
    assert _play("other", kinds)[0] != history
    # Replaying the recorded actions (the dice come from the game's seed) ends the same way.
    s = AreaGame(scenario(), seed="replay").new_initial_state()
    for step in history:
        if "action" in step:
            s.apply_action(AreaAction.from_json(step["action"]))
    assert s.to_json() == final


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_player_games_end_with_winners(players):
    _history, final = _play(f"p{players}", ("heuristic", "random"), players)
    assert final["result"]["reason"] in {"victory_points", "fronts", "capitulation",
                                         "treaty_garrison"}


def test_bots_choose_only_legal_actions_and_never_a_battlefield_result():
    g = game(explicit_chance=False)
    s = g.new_initial_state()
    bots = [AreaHeuristicBot("legal"), AreaRandomBot("legal", end_bias=0.0)]
    n = 0
    while not s.is_terminal() and n < 3000:
        bot = bots[s.current_player()]
        decision = bot.decide(s)
        assert decision.action in s.legal_actions() and decision.why
        assert decision.action.kind != "resolve_battle"
        s.apply_action(decision.action)
        n += 1
    assert s.is_terminal()
    with pytest.raises(ValueError, match="game is over"):
        bots[0].choose(s)


def test_the_heuristic_beats_the_random_bot_in_at_least_70_percent_of_seeded_games():
    as_central = run(AreaSimSpec(str(SCENARIO), ("heuristic", "random"), seed="h"),
                     HEURISTIC_GAMES // 2)
    as_allies = run(AreaSimSpec(str(SCENARIO), ("random", "heuristic"), seed="h"),
                    HEURISTIC_GAMES // 2)
    wins = (sum(r.alliance == "central" for r in as_central)
            + sum(r.alliance == "allies" for r in as_allies))
    assert wins >= 0.7 * HEURISTIC_GAMES, f"{wins}/{HEURISTIC_GAMES}"


def test_the_heuristic_takes_an_undefended_city_rather_than_pass():
    g = game()
    # Germans in front 1 (west) and nobody defends it: a battle there takes a city at once.
    s = turn_state(g, "germans", {"de-1": 1, "de-2": 1})
    decision = AreaHeuristicBot(0).decide(s)
    assert decision.action == AreaAction("battle", front=1), decision


def test_the_heuristic_passes_rather_than_attack_at_hopeless_odds():
    g = game()
    # Army Abteilung (value 1) alone against the British (3) and two French armies (2).
    s = turn_state(g, "germans", {"de-aa": 1, "br-1": 1, "fr-1": 1, "fr-2": 1})
    decision = AreaHeuristicBot(0).decide(s)
    assert decision.action.kind != "battle", decision


def test_the_germans_offer_the_treaty_only_while_its_garrisons_stand():
    g = game()
    s = turn_state(g, "germans", {"de-1": 7, "de-2": 8, "de-3": 9, "ah-1": 9, "ah-2": 9,
                                  "ah-3": 9}, round_no=4)
    s.phase, s.step, s.actor = "treaty", {"stage": "offer"}, "germans"
    assert AreaHeuristicBot(0).decide(s).action == AreaAction("offer_treaty")
    del s.location["ah-3"]  # the German allies hold front 9 with 2 armies, not 3
    assert AreaHeuristicBot(0).decide(s).action == AreaAction("no_treaty")
    s.step, s.actor = {"stage": "answer"}, "eastern_allies"
    assert AreaHeuristicBot(0).decide(s).action == AreaAction("accept_treaty")
    s.location["ah-3"] = 9
    assert AreaHeuristicBot(0).decide(s).action == AreaAction("refuse_treaty")


def test_registry_names_the_area_kinds_and_refuses_others():
    assert kind_names() == ["random", "heuristic"]
    assert isinstance(make_bot("random", 1), AreaBot)
    assert isinstance(make_bot("heuristic", 1), AreaBot)
    with pytest.raises(UnknownAIError, match="random, heuristic"):
        resolve("automa:easy")
    with pytest.raises(ValueError, match="end_bias"):
        AreaRandomBot(0, end_bias=1.5)


def test_play_out_stops_at_its_limit():
    s = game(explicit_chance=False).new_initial_state()
    assert play_out(s, [AreaRandomBot(1), AreaRandomBot(2)], limit=5) == 5
    assert not s.is_terminal()
