"""Game events that may score or end the game, handed to the variants that listen.

The engine calls these functions where the event happens (a unit arrives on a hex, a fort is
captured, units are destroyed, money goes to the bank) and asks `winner` after each; each
function passes the event to the switched-on variants that override the matching hook (today
the victory-points variant, RULES §11.2, in `engine.rules.variants.VictoryPoints`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.rules.state import State, Unit


def enabled(s: State) -> bool:
    """Whether the game plays with victory points (headquarters are chosen at setup)."""
    return s.game.victory_points


def on_arrive(s: State, u: Unit) -> None:
    """A unit ended a move (or was unloaded) on a hex."""
    for v in s.game.hooks["on_arrive"]:
        v.on_arrive(s, u)


def on_capture(s: State, u: Unit, previous_owner: str, removed: int) -> None:
    """A fort was captured from a neutral or enemy owner; `removed` defenders went with it."""
    for v in s.game.hooks["on_capture"]:
        v.on_capture(s, u, previous_owner, removed)


def on_destroyed(s: State, by_nation: str, count: int) -> None:
    """`count` enemy units were destroyed (or removed in a captured fort) by `by_nation`."""
    for v in s.game.hooks["on_destroyed"]:
        v.on_destroyed(s, by_nation, count)


def on_bank(s: State, nation: str, amount: int) -> None:
    """`nation` paid `amount` to the bank (purchases, repairs, gift fees)."""
    for v in s.game.hooks["on_bank"]:
        v.on_bank(s, nation, amount)


def winner(s: State) -> str | None:
    """The team a variant declares the winner (e.g. a point target reached), or None."""
    for v in s.game.hooks["winner"]:
        team = v.winner(s)
        if team is not None:
            return team
    return None
