"""`MoveOption.action()` is the one place a move option becomes an action; `unit_at` finds units."""

from __future__ import annotations

from engine.hexes import Hex
from engine.rules.actions import BoardTransport, Move
from engine.rules.state import PHASES, Phase
from tests.engine.rules.fixtures import empty_state, game_map, put

R = 5


def test_every_option_gives_a_legal_action_of_its_kind():
    s = empty_state(game_map(), players=4)
    inf = put(s, "infantry", "DE", Hex(0, R))
    truck = put(s, "transport", "DE", Hex(2, R))
    options = s.legal_moves(inf)
    kinds = {o.kind for o in options.values()}
    assert {"move", "board"} <= kinds
    legal = {str(a) for a in s.legal_actions()}
    for h, opt in options.items():
        action = opt.action()
        assert opt.unit_id == inf.id
        assert str(action) in legal, action
        if opt.kind == "board":
            assert action == BoardTransport(inf.id, truck.id)
        elif opt.kind == "move":
            assert action == Move(inf.id, h)


def test_unit_at_finds_board_units_only():
    s = empty_state(game_map())
    inf = put(s, "infantry", "DE", Hex(3, R))
    assert s.unit_at(Hex(3, R)) is inf
    assert s.unit_at(Hex(4, R)) is None
    assert s.unit_at(Hex(999, 999)) is None


def test_phase_enum_compares_with_phase_names():
    assert Phase.MOVE == "move"
    assert tuple(Phase) == tuple(Phase(p) for p in PHASES)
