"""Action text forms round-trip; bad text gives a clear error."""

from __future__ import annotations

import pytest

from engine.hexes import Hex
from engine.rules.actions import (
    Action,
    Assign,
    Attack,
    BoardTransport,
    Buy,
    Capture,
    EndPhase,
    Enter,
    Fight,
    Gift,
    Headquarters,
    Move,
    Place,
    Repair,
    Surrender,
    Unload,
)
from engine.rules.errors import ActionParseError

ALL = [
    Assign("DE-infantry-1", 2), Place(3), Headquarters(7), Move("DE-infantry-1", Hex(4, -7)),
    Enter("u1", "fort_nord"), Capture("u3", "fort_sued"), BoardTransport("u5", "u9"), Unload("u9"),
    Unload("u9", (Hex(1, 2), Hex(-1, 0))),
    Attack("u4", "u17"), Fight(), EndPhase(), Buy("infantry", "fort_nord"),
    Buy("gunboat", "3,4"), Repair("u8"), Gift("AH", 2), Surrender(),
]


@pytest.mark.parametrize("action", ALL, ids=str)
def test_text_and_repr_round_trip(action):
    from engine.rules import actions as mod

    assert Action.parse(str(action)) == action
    assert eval(repr(action), {**vars(mod), "Hex": Hex}) == action
    assert hash(Action.parse(str(action))) == hash(action)


def test_move_text_form():
    assert str(Move("u12", Hex(4, 7))) == "move u12 4,7"


@pytest.mark.parametrize("text, fragment", [
    ("", "empty"), ("fly u1 2,3", "unknown action 'fly'"), ("move u1", "expected"),
    ("move u1 a,b", "not a hex"), ("gift AH lots", "cannot read"), ("enter u1 fo rt", "expected"),
])
def test_bad_text_is_a_clear_error(text, fragment):
    with pytest.raises(ActionParseError, match=fragment):
        Action.parse(text)
