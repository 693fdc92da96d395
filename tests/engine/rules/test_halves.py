"""Rule bug (a) of issue 10: one definition of "a fort in a half" for validator and engine.

002: "Einheiten können nicht über Forts gehen"; 003: "auch nicht über die Eingangsfelder".
"""

from __future__ import annotations

from engine.content.semantic_map import check_map
from engine.content.semantic_scenario import check_scenario
from engine.halves import Placement, forts_in_half, placement
from tests.engine.rules.fixtures import empty_state, fort, game_map, put, scenario


def _edge_fort_map():
    """A 2-player map whose fort `edge` has its footprint in half_1_6 (rows 0-5) and one
    entrance on row 6, outside the half."""
    m = game_map()
    footprint = m.to_axial(6, 5)
    inner, outer = m.to_axial(5, 5), m.to_axial(6, 6)
    assert outer in footprint.neighbors() and inner in footprint.neighbors()
    m.forts = [fort("edge", [footprint], [inner, outer])]
    return m, footprint, inner, outer


def test_a_fort_across_the_half_line_straddles():
    m, _, _, _ = _edge_fort_map()
    half = m.region("half_1_6").hexes
    assert placement(m.forts[0], half) is Placement.STRADDLES
    assert forts_in_half(m.forts, half) == []


def test_fort_hexes_out_of_play_are_never_walkable():
    m, footprint, inner, _ = _edge_fort_map()
    s = empty_state(m, players=2, half="half_1_6")
    board = s.game.board
    assert s.game.forts == []  # out of play: the validator does not count it either
    assert board.blocked[board.index_of[footprint]] == 1
    assert board.blocked[board.index_of[inner]] == 1
    u = put(s, "infantry", "DE", m.to_axial(4, 5))
    assert footprint not in s.legal_moves(u)
    assert inner not in s.legal_moves(u)


def test_validator_names_the_straddling_fort():
    m, footprint, _, _ = _edge_fort_map()
    found = [p for p in check_map(m) if p.code == "fort.straddles_half"]
    assert len(found) == 1
    p = found[0]
    assert "fort 'edge'" in p.message and "half_1_6" in p.message
    assert p.pointer == "/forts/0" and p.hex == m.to_offset(footprint) and p.hint


def test_validator_and_engine_count_the_same_forts():
    m, _, _, _ = _edge_fort_map()
    inside = fort("inside", [m.to_axial(6, 2)], [m.to_axial(5, 2), m.to_axial(7, 2)])
    m.forts.append(inside)
    sc = scenario(m, players=2, half="half_1_6")
    s = empty_state(m, players=2, half="half_1_6")
    assert [f.id for f in s.game.forts] == ["inside"]
    # The ruleset needs 5 forts with 2 players; the validator sees the same single fort.
    (p,) = [p for p in check_scenario(sc, m, sc.ruleset, None)
            if p.code == "scenario.not_enough_forts"]
    assert p.message.startswith("1 fort in play")
