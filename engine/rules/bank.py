"""The `pay_bank` action of the victory-points variant (RULES §11.2, issue 10 bug c).

003: "Zahle 60 Kriegsanleihen an die Bank: 1 SP" is a deliberate payment, not a side effect
of buying units: in the money phase a player hands the variant's `money_per_point` to the
bank and scores one victory point. The effect lives in `engine.rules.variants.VictoryPoints`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.rules.actions import Action


@dataclass(frozen=True)
class PayBank(Action):
    """Pay the victory-points price to the bank for one victory point (money phase)."""

    verb: ClassVar[str] = "pay_bank"
    usage: ClassVar[str] = "pay_bank"

    def __str__(self) -> str:
        return "pay_bank"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 0, cls.usage)
        return cls()
