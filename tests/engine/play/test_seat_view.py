"""Whose secrets the play-test screen shows (engine.play.seat_view, runs with Qt blocked):
the human seat to act sees its own side's mines only; the hot-seat handover hides them."""

from __future__ import annotations

import pytest

from engine.content import load_map
from engine.paths import CONTENT_DIR
from engine.play import explain, seat_view
from engine.play.session import PlaytestSession
from engine.play.setup import PlaytestOptions, SeatChoice, build_scenario
from engine.rules.actions import Surrender
from engine.rules.powers.actions import LayMine
from engine.rules.powers.events import MineLaid
from tests.engine.play.test_interaction import new_session


@pytest.fixture(scope="module")
def default_map():
    return load_map(CONTENT_DIR / "maps" / "default.map.yaml")


def _mine_each(s):
    """One mine of each team on two free land hexes; returns {nation: hex}."""
    st = s.state
    board = st.game.board
    free = [i for i in range(len(board.hexes)) if i not in st.occ and not board.blocked[i]
            and not board.water[i]]
    out = {}
    for nation, i in zip(st.game.nations[:2], free[:2], strict=True):
        st.powers.mines[i] = nation
        out[nation] = board.hexes[i]
    return out


def test_hot_seat_shows_only_the_seat_to_act_its_mines(default_map):
    s = new_session(default_map)
    st = s.state
    where = _mine_each(s)
    me = st.nation
    other = next(n for n in where if n != me)
    teams = seat_view.viewer_teams(s)
    assert teams == {st.game.team_of[me]}
    assert seat_view.visible_mines(st, teams) == {where[me]: me}
    assert f"mine of {me}" in explain.describe_hex(st, where[me], teams)
    assert "mine" not in explain.describe_hex(st, where[other], teams)
    assert f"mine of {other}" in explain.describe_hex(st, where[other])  # designer's view
    e = MineLaid(f"{other}-minelayer-9", other, (where[other].q, where[other].r))
    assert seat_view.event_line(st, e, teams) == f"{e.unit} lays a mine (hidden from you)"
    assert seat_view.event_line(st, e, frozenset(st.game.team_of.values())) == e.text()
    a = LayMine(f"{other}-minelayer-9", where[other])
    assert "hidden" in seat_view.action_line(st, a, teams)
    assert seat_view.action_line(st, LayMine(f"{me}-minelayer-9", where[me]), teams) == \
        str(LayMine(f"{me}-minelayer-9", where[me]))


def test_an_ai_turn_shows_the_human_side_and_a_watched_or_ended_game_shows_all(default_map):
    s = new_session(default_map, controllers=("human", "random"))
    st = s.state
    human_team = st.game.team_of[st.game.nations[0]]
    if not s.is_ai_turn():
        assert seat_view.viewer_teams(s) == {st.game.team_of[st.nation]}
    while not s.is_ai_turn():
        s.apply(next(a for a in st.legal_actions() if a.verb == "end_phase"))
    assert seat_view.viewer_teams(s) == {human_team}
    watched = new_session(default_map, controllers=("random", "random"))
    assert seat_view.viewer_teams(watched) == set(watched.game.team_of.values())
    seats = [SeatChoice(n, c) for n, c in zip(("DE", "GB", "AH", "FR"),
                                               ("human", "human", "random", "random"),
                                               strict=True)]
    opts = PlaytestOptions(seed=3, players=4, half=None, seats=seats)
    both = PlaytestSession(build_scenario(default_map, opts), seed=3)
    while not both.is_ai_turn():
        both.apply(next(a for a in both.state.legal_actions() if a.verb == "end_phase"))
    assert seat_view.viewer_teams(both) == frozenset()  # humans on both teams: hide all
    hot = new_session(default_map)
    hot.apply(Surrender())
    assert seat_view.viewer_teams(hot) == set(hot.game.team_of.values())
