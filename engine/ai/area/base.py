"""The interface of an area-game AI seat."""

from __future__ import annotations

from typing import NamedTuple, Protocol, runtime_checkable

from engine.rules.area.actions import AreaAction
from engine.rules.area.state import AreaState


class AreaDecision(NamedTuple):
    """An action chosen by an area bot and one readable line explaining the choice."""

    action: AreaAction
    why: str


@runtime_checkable
class AreaBot(Protocol):
    """An AI seat of the area game; the same seed and positions give the same choices."""

    label: str

    def decide(self, s: AreaState) -> AreaDecision:
        """A legal action for the faction to act in `s`, with the reason for it."""
        ...

    def choose(self, s: AreaState) -> AreaAction:
        """A legal action for the faction to act in `s`."""
        ...


def bot_actions(s: AreaState) -> list[AreaAction]:
    """The legal actions a bot considers: every one but `resolve_battle`, because a bot never
    invents the result of a Trench Club battlefield game (it rolls the battle instead).
    ValueError when the game is over or a chance node waits."""
    if s.is_terminal():
        raise ValueError("the game is over; there is nothing to choose")
    if s.is_chance_node():
        raise ValueError("a die roll or marker draw waits; there is nothing to choose")
    return [a for a in s.legal_actions() if a.kind != "resolve_battle"]
