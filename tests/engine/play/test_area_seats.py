"""Area play-test seats (engine.play.area_seats): a person or an AI per seat, deterministic
for a seed, every AI decision noted where the log stood."""

from __future__ import annotations

import pytest

from engine.ai.registry import UnknownAIError
from engine.play.area_seats import AreaSeats
from tests.engine.area.fixtures import game


def _played(seed: int) -> tuple[list, list]:
    s = game(explicit_chance=False, seed=seed).new_initial_state()
    seats = AreaSeats(2, seed)
    seats.set_kind(0, "heuristic")
    seats.set_kind(1, "random")
    seats.play(s)
    assert s.is_terminal()
    return s.history, [(n.log_at, n.seat, n.action, n.why) for n in seats.notes]


def test_ai_seats_play_to_the_end_the_same_way_for_a_seed():
    history, notes = _played(5)
    assert _played(5) == (history, notes)
    assert _played(6)[0] != history
    assert len(notes) == sum(1 for h in history if "action" in h)


def test_play_stops_at_a_persons_seat_and_notes_where_the_log_stood():
    s = game(explicit_chance=False, seed=2).new_initial_state()
    seats = AreaSeats(2, 2)
    seats.set_kind(1 - s.current_player(), "heuristic")
    assert seats.play(s) == []  # a person is to act first
    person = s.current_player()
    s.apply_action(s.legal_actions()[0])
    at = len(s.log)
    notes = seats.play(s)
    assert s.is_terminal() or s.current_player() == person
    if notes:
        assert notes[0].log_at == at and notes[0].seat != person


def test_an_unknown_ai_kind_is_refused():
    with pytest.raises(UnknownAIError, match="random, heuristic"):
        AreaSeats(2, 0).set_kind(0, "automa:easy")
