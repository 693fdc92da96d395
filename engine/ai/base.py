"""The one AI interface: a `Bot` chooses an action for the player to act and says why."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import NamedTuple, Protocol, runtime_checkable

from engine.rules.actions import Action, Surrender
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


class TurnBot(ABC):
    """Shared frame of the rule-following bots (heuristic, Automa, enemy table): `choose` is
    `decide`'s action; `opening` refuses a finished game, surrenders past the round cap and
    calls `new_turn` once at the start of each player's turn."""

    max_rounds: int
    _turn: tuple[int, int] | None = None

    @abstractmethod
    def decide(self, s: State) -> Decision:
        """A legal action for the player to act in `s`, with the reason for it."""

    def choose(self, s: State) -> Action:
        """A legal action for the player to act in `s`."""
        return self.decide(s).action

    @abstractmethod
    def new_turn(self) -> None:
        """Forget what the bot planned for the previous turn."""

    def opening(self, s: State) -> Decision | None:
        """The round-cap surrender, or None to go on; raises ValueError on a finished game."""
        if s.is_terminal():
            raise ValueError("the game is over; there is nothing to choose")
        if s.round > self.max_rounds and s.phase != "setup":
            return Decision(Surrender(), f"round cap: round {s.round} > {self.max_rounds}")
        if (s.round, s.current) != self._turn:
            self._turn = (s.round, s.current)
            self.new_turn()
        return None
