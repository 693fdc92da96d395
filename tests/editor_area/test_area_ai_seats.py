"""The area play-test with an AI seat: a person plays one side, the random or heuristic area
AI the other; the AI's decisions are played at once, shown on the board and logged with their
reasons."""

from __future__ import annotations

import pytest

from editor.area.playtest import AI_LOG_COLOUR, AreaPlaytestWindow
from engine.content import load_file
from engine.paths import CONTENT_DIR

SCENARIO = CONTENT_DIR / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml"


@pytest.fixture
def play(qtbot):
    window = AreaPlaytestWindow(load_file(SCENARIO).model, seed=3)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _ai_lines(play: AreaPlaytestWindow) -> list[str]:
    items = [play.log.item(i) for i in range(play.log.count())]
    return [i.text() for i in items if i.foreground().color().name() == AI_LOG_COLOUR]


def test_the_human_plays_one_seat_and_the_heuristic_ai_the_other(play):
    assert [c.currentData() for c in play.seat_choosers] == [None, None]
    play.set_seat_player(1, "heuristic")  # the Entente
    human_turns = 0
    while not play.state.is_terminal() and human_turns < 400:
        assert play.state.current_player() == 0  # the AI hands back only to the person
        play._activated(play.actions.item(0))  # the person takes the first legal action
        human_turns += 1
    assert play.seats.notes, "the AI decided nothing"
    assert {n.seat for n in play.seats.notes} == {1}
    lines = _ai_lines(play)
    assert lines and all("AI (heuristic)" in line for line in lines)
    assert any(" — battle in front " in line or " — take " in line for line in lines), lines[:5]
    if play.state.is_terminal():
        assert "Game over" in play.status.text()


def test_an_ai_chosen_for_the_seat_to_act_plays_at_once(play):
    acting = play.state.current_player()
    play.set_seat_player(acting, "random")
    assert play.state.current_player() != acting or play.state.is_terminal()
    assert play.seats.notes and play.seats.notes[0].kind == "random"
    assert _ai_lines(play)[0].startswith("R1 ")


def test_two_ai_seats_play_the_game_to_its_end(play):
    play.set_seat_player(0, "heuristic")
    play.set_seat_player(1, "random")
    assert play.state.is_terminal()
    assert "Game over" in play.status.text() and play.actions.count() == 0
    assert play.log.count() <= 2 * 200  # the log keeps the last lines only


def test_ai_move_on_a_human_seat_takes_one_random_decision_and_logs_it(play):
    before = len(play.state.history)
    play.ai_move()
    assert len(play.state.history) > before
    assert len(play.seats.notes) == 1 and _ai_lines(play)
