"""Actions of special-unit powers, with text forms that round-trip like every action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.hexes import Hex
from engine.rules.actions import Action, _hex_text, _ident, parse_hex


@dataclass(frozen=True)
class FieldRepair(Action):
    """Money phase: a medic repairs an adjacent own unit, paid as in a fort (RULES §10)."""

    unit: str  # the medic
    target: str
    verb: ClassVar[str] = "field_repair"
    usage: ClassVar[str] = "field_repair MEDIC UNIT"

    def __str__(self) -> str:
        return f"field_repair {self.unit} {self.target}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 2, cls.usage)
        return cls(_ident(words[0], "unit id"), _ident(words[1], "unit id"))


@dataclass(frozen=True)
class LayMine(Action):
    """A minelayer lays one mine on a hex next to it (RULES §6 FAQ, §10)."""

    unit: str
    at: Hex
    verb: ClassVar[str] = "lay_mine"
    usage: ClassVar[str] = "lay_mine UNIT Q,R"

    def __str__(self) -> str:
        return f"lay_mine {self.unit} {_hex_text(self.at)}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 2, cls.usage)
        return cls(_ident(words[0], "unit id"), parse_hex(words[1]))


@dataclass(frozen=True)
class Build(Action):
    """A builder builds a trench or a road/bridge over two adjacent hexes, one of them next
    to it, instead of attacking (RULES §6)."""

    unit: str
    kind: str  # "trench" or "road" (a road over water is a bridge)
    first: Hex
    second: Hex
    verb: ClassVar[str] = "build"
    usage: ClassVar[str] = "build UNIT trench|road Q,R Q,R"

    def __str__(self) -> str:
        return f"build {self.unit} {self.kind} {_hex_text(self.first)} {_hex_text(self.second)}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 4, cls.usage)
        return cls(_ident(words[0], "unit id"), _ident(words[1], "build kind"),
                   parse_hex(words[2]), parse_hex(words[3]))
