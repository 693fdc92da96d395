"""The one AI interface: a `Bot` chooses an action for the player to act and says why."""

from __future__ import annotations

from typing import NamedTuple, Protocol, runtime_checkable

from engine.rules.actions import Action
from engine.rules.state import State


class Decision(NamedTuple):
    """An action chosen by a bot and one readable line explaining the choice."""

    action: Action
    why: str


@runtime_checkable
class Bot(Protocol):
    """An AI seat. It owns a seeded RNG, so the same seed and positions give the same choices.

    `decide` must return a legal action of the player to act in a running game; `choose`
    returns only the action (the session and random playouts use it).
    """

    label: str

    def decide(self, s: State) -> Decision:
        """A legal action for the player to act in `s`, with the reason for it."""
        ...

    def choose(self, s: State) -> Action:
        """A legal action for the player to act in `s`."""
        ...
