"""The phases of a game (RULES §5): setup, then move, declare, combat and money per turn."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """The phase of a game; a `str`, so it compares equal to its name and saves as one."""

    SETUP = "setup"
    MOVE = "move"
    DECLARE = "declare"
    COMBAT = "combat"
    MONEY = "money"
    OVER = "over"


PHASES = tuple(p.value for p in Phase)
