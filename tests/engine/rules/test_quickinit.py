"""`quick_init`: the move-phase actions and attacks built with the dict-filling `__init__`
behave as the frozen dataclasses they are (fields, equality, hashing, text form, pickling,
errors)."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass

import pytest

from engine.hexes import Hex
from engine.rules.actions import Action, Attack, BoardTransport, Capture, Enter, Move, Unload
from engine.rules.quickinit import direct_init, quick_init

ACTIONS = [
    Move("DE-infantry-1", Hex(4, 7)),
    Enter("DE-infantry-1", "F1"),
    Capture("DE-infantry-1", "F2"),
    BoardTransport("DE-infantry-1", "DE-transport-1"),
    Unload("DE-transport-1"),
    Unload("DE-transport-1", (Hex(1, 2), Hex(2, 2))),
    Attack("DE-infantry-1", "FR-tank-2"),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_quick_actions_are_the_same_frozen_dataclasses(action):
    cls = type(action)
    assert cls.__init__.__code__.co_filename == "<string>"  # the quick one is in place
    values = {f.name: getattr(action, f.name) for f in dataclasses.fields(cls)}
    again = cls(**values)
    assert again == action and hash(again) == hash(action)
    assert Action.parse(str(action)) == action
    assert pickle.loads(pickle.dumps(action)) == action
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.unit = "x"  # type: ignore[misc]
    with pytest.raises(TypeError, match="missing"):
        cls()


def test_quick_init_refuses_classes_it_cannot_fill():
    @dataclass(frozen=True)
    class Checked:
        n: int

        def __post_init__(self) -> None:
            assert self.n >= 0

    assert direct_init(Checked) is None
    with pytest.raises(TypeError, match="plain fields"):
        quick_init(Checked)
