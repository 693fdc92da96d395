"""The play-test stopwatch (002 "5 Minuten für Phase 1 und Phase 2"; 003: 7 minutes in the
first round, then 4): the session counts the limit down and ends the timed phases."""

from __future__ import annotations

from engine.content import load_map
from engine.paths import CONTENT_DIR
from engine.play.clock import TurnClock
from engine.play.session import PlaytestSession
from engine.play.setup import RULESETS_DIR, PlaytestOptions, SeatChoice, build_scenario
from engine.rules.actions import EndPhase


def _session(variants, ruleset="current"):
    opts = PlaytestOptions(seats=[SeatChoice("DE"), SeatChoice("FR")], variants=variants,
                           ruleset=RULESETS_DIR / f"{ruleset}.ruleset.yaml")
    scenario = build_scenario(load_map(CONTENT_DIR / "maps" / "default.map.yaml"), opts)
    return PlaytestSession(scenario, seed=3, variants=variants)


def test_untimed_without_the_stopwatch():
    s = _session(())
    assert s.seconds_left(0.0) is None and TurnClock.text(None) == ""


def test_the_clock_counts_down_each_turn_and_restarts():
    s = _session(("stopwatch",))
    assert s.state.phase == "move" and s.state.round == 1
    assert s.seconds_left(100.0) == 300
    assert s.seconds_left(220.5) == 179.5 and TurnClock.text(179.5) == "3:00"
    assert s.seconds_left(1000.0) == 0 and TurnClock.text(0.0) == "0:00"
    first = s.state.current
    s.time_up()
    assert s.state.phase != "declare" and s.state.phase != "move"
    while s.state.current == first:
        s.apply(EndPhase() if s.state.phase != "combat" else s.state.legal_actions()[0])
    assert s.state.phase == "move"
    assert s.seconds_left(2000.0) == 300  # a new turn: the full limit again


def test_earlier_edition_first_round_is_longer():
    s = _session(("stopwatch",), "earlier")
    assert s.seconds_left(0.0) == 420
    assert s.game.turn_seconds(2) == 240
