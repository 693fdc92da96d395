"""AI kinds by name: the registry, seats that name them and the legacy "ai" controller."""

from __future__ import annotations

import pytest

from engine.ai.base import Bot
from engine.ai.registry import UnknownAIError, kind_names, label, make_bot, resolve
from engine.content import load_map
from engine.paths import CONTENT_DIR
from engine.play.session import PlaytestSession
from engine.play.setup import PlaytestOptions, SeatChoice, build_scenario
from engine.rules.phase import Phase


def test_every_registered_kind_makes_a_bot_of_the_interface():
    assert {"random", "heuristic"} <= set(kind_names())
    for name in kind_names():
        assert isinstance(make_bot(name, 3), Bot)


def test_unknown_kind_names_the_known_ones():
    with pytest.raises(UnknownAIError, match="hint: one of random, heuristic"):
        make_bot("alphazero")


def test_the_old_controller_name_ai_is_the_random_bot():
    assert resolve("ai") == "random"
    assert label("ai") == "AI (random)"


def test_play_test_options_refuse_an_unknown_ai_kind():
    opts = PlaytestOptions(seats=[SeatChoice("DE", "heuristic"), SeatChoice("FR", "skynet")])
    assert opts.problems() == ["seat FR: unknown AI kind 'skynet' (hint: one of "
                               + ", ".join(kind_names()) + ")"]


def test_a_heuristic_seat_in_a_session_explains_each_step():
    game_map = load_map(CONTENT_DIR / "maps" / "default.map.yaml")
    opts = PlaytestOptions(seed=4, seats=[SeatChoice("DE", "heuristic"), SeatChoice("FR")])
    s = PlaytestSession(build_scenario(game_map, opts), seed=4, setup="quick")
    assert s.controller_label(0) == "AI (heuristic)" and s.controller_label(1) == "human"
    while s.is_ai_turn():
        s.ai_step()
    assert s.state.current == 1 and s.state.phase == Phase.MOVE
    assert s.ai_reasons and all(why for why in s.ai_reasons.values())


def test_an_automa_seat_in_a_session_plays_with_the_automa_roster():
    game_map = load_map(CONTENT_DIR / "maps" / "default.map.yaml")
    opts = PlaytestOptions(seed=2, seats=[SeatChoice("DE"), SeatChoice("FR", "automa:easy")])
    s = PlaytestSession(build_scenario(game_map, opts), seed=2, setup="quick")
    fr = [u for u in s.state.units.values() if u.nation == "FR"]
    assert not any(u.type.unit_class == "transport" for u in fr)
    assert any(u.type.unit_class == "transport" for u in s.state.units.values()
               if u.nation == "DE")
    assert s.controller_label(1) == "Automa (easy)"
