"""Actions: small frozen values with a text form that round-trips.

`Action.parse(text)` reads the text form, `str(action)` writes it and `repr(action)` is Python
that rebuilds it. Hexes in action text are axial `q,r` (the engine's coordinates); the JSON
commands print offset coordinates beside them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from engine.hexes import Hex
from engine.rules.errors import ActionParseError

_ID = re.compile(r"^[A-Za-z0-9_.\-]+$")
_HEX = re.compile(r"^(-?\d+),(-?\d+)$")


def _hex_text(h: Hex) -> str:
    return f"{h.q},{h.r}"


def parse_hex(text: str) -> Hex:
    """Read an axial hex written as `q,r`."""
    m = _HEX.match(text)
    if not m:
        raise ActionParseError(f"'{text}' is not a hex (hint: write axial coordinates as q,r)")
    return Hex(int(m.group(1)), int(m.group(2)))


def _ident(text: str, what: str) -> str:
    if not _ID.match(text):
        raise ActionParseError(f"'{text}' is not a valid {what}")
    return text


class Action:
    """Base of every action. Subclasses are frozen dataclasses with a `verb`."""

    verb: ClassVar[str] = ""
    _by_verb: ClassVar[dict[str, type[Action]]] = {}

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if cls.verb:
            Action._by_verb[cls.verb] = cls

    @staticmethod
    def parse(text: str) -> Action:
        """Read an action from its text form, e.g. `move DE-infantry-1 4,7`."""
        words = text.split()
        if not words:
            raise ActionParseError("empty action text")
        cls = Action._by_verb.get(words[0])
        if cls is None:
            verbs = ", ".join(sorted(Action._by_verb))
            raise ActionParseError(f"unknown action '{words[0]}' (hint: one of {verbs})")
        try:
            return cls._from_words(words[1:])
        except ActionParseError:
            raise
        except (ValueError, IndexError) as exc:
            raise ActionParseError(f"cannot read '{text}': {exc} (hint: {cls.usage})") from None

    usage: ClassVar[str] = ""

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        raise NotImplementedError

    @staticmethod
    def _expect(words: list[str], n: int, usage: str) -> None:
        if len(words) != n:
            raise ActionParseError(f"expected '{usage}'")


@dataclass(frozen=True)
class Assign(Action):
    """Setup: put a unit into army 1..3 (the army of the player's k-th start chip)."""

    unit: str
    army: int
    verb: ClassVar[str] = "assign"
    usage: ClassVar[str] = "assign UNIT ARMY"

    def __str__(self) -> str:
        return f"assign {self.unit} {self.army}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 2, cls.usage)
        return cls(_ident(words[0], "unit id"), int(words[1]))


@dataclass(frozen=True)
class Place(Action):
    """Setup: reveal the start chip of army 1..3 and place that army around its number."""

    army: int
    verb: ClassVar[str] = "place"
    usage: ClassVar[str] = "place ARMY"

    def __str__(self) -> str:
        return f"place {self.army}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 1, cls.usage)
        return cls(int(words[0]))


@dataclass(frozen=True)
class Headquarters(Action):
    """Setup, victory-points variant: choose one of your start numbers as headquarters."""

    number: int
    verb: ClassVar[str] = "hq"
    usage: ClassVar[str] = "hq NUMBER"

    def __str__(self) -> str:
        return f"hq {self.number}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 1, cls.usage)
        return cls(int(words[0]))


@dataclass(frozen=True)
class Move(Action):
    """Move a unit to a free hex (the cheapest legal path is taken)."""

    unit: str
    to: Hex
    verb: ClassVar[str] = "move"
    usage: ClassVar[str] = "move UNIT Q,R"

    def __str__(self) -> str:
        return f"move {self.unit} {_hex_text(self.to)}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 2, cls.usage)
        return cls(_ident(words[0], "unit id"), parse_hex(words[1]))


@dataclass(frozen=True)
class Enter(Action):
    """Move a unit into one of its own forts through an entrance."""

    unit: str
    fort: str
    verb: ClassVar[str] = "enter"
    usage: ClassVar[str] = "enter UNIT FORT"

    def __str__(self) -> str:
        return f"enter {self.unit} {self.fort}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 2, cls.usage)
        return cls(_ident(words[0], "unit id"), _ident(words[1], "fort id"))


@dataclass(frozen=True)
class Capture(Action):
    """A foot soldier next to an entrance captures a neutral or enemy fort (whole move)."""

    unit: str
    fort: str
    verb: ClassVar[str] = "capture"
    usage: ClassVar[str] = "capture UNIT FORT"

    def __str__(self) -> str:
        return f"capture {self.unit} {self.fort}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 2, cls.usage)
        return cls(_ident(words[0], "unit id"), _ident(words[1], "fort id"))


@dataclass(frozen=True)
class BoardTransport(Action):
    """A transportable unit moves next to an own transport and boards it (0.5)."""

    unit: str
    transport: str
    verb: ClassVar[str] = "board"
    usage: ClassVar[str] = "board UNIT TRANSPORT"

    def __str__(self) -> str:
        return f"board {self.unit} {self.transport}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 2, cls.usage)
        return cls(_ident(words[0], "unit id"), _ident(words[1], "unit id"))


@dataclass(frozen=True)
class Unload(Action):
    """A transport puts all carried units onto adjacent free hexes: `to` names one hex per
    passenger in boarding order (the player's choice); empty lets the engine choose."""

    transport: str
    to: tuple[Hex, ...] = ()
    verb: ClassVar[str] = "unload"
    usage: ClassVar[str] = "unload TRANSPORT [Q,R ...]"

    def __str__(self) -> str:
        return " ".join([f"unload {self.transport}", *(_hex_text(h) for h in self.to)])

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        if not words:
            raise ActionParseError(f"expected '{cls.usage}'")
        return cls(_ident(words[0], "unit id"), tuple(parse_hex(w) for w in words[1:]))


@dataclass(frozen=True)
class Attack(Action):
    """Declare an attack; declarations are resolved in order in the combat phase."""

    attacker: str
    defender: str
    verb: ClassVar[str] = "attack"
    usage: ClassVar[str] = "attack ATTACKER DEFENDER"

    def __str__(self) -> str:
        return f"attack {self.attacker} {self.defender}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 2, cls.usage)
        return cls(_ident(words[0], "unit id"), _ident(words[1], "unit id"))


@dataclass(frozen=True)
class Fight(Action):
    """Combat phase: resolve the next declared attack.

    Plain `fight` rolls the state's seeded dice. `fight A/D[/S]` forces the dice instead:
    A are the attacker's faces, D the defender's (empty without return fire) and S Big
    Bertha's scatter die: `fight 2,8,6/1,2`, `fight 2,8,6/` (no return fire), `fight 4,9//5`.
    A checked apply refuses faces that do not match the dice each side rolls.
    """

    attacker_faces: tuple[int, ...] | None = None  # None: roll the state's dice
    defender_faces: tuple[int, ...] = ()
    scatter: int | None = None
    verb: ClassVar[str] = "fight"
    usage: ClassVar[str] = "fight [ATTACKER_FACES/DEFENDER_FACES[/SCATTER_FACE]]"

    def __post_init__(self) -> None:
        # Accept any sequence from code but keep tuples, so equal dice compare equal.
        if self.attacker_faces is not None:
            object.__setattr__(self, "attacker_faces", tuple(self.attacker_faces))
        elif self.defender_faces or self.scatter is not None:
            raise ValueError("forced defender or scatter faces need attacker_faces (maybe ())")
        object.__setattr__(self, "defender_faces", tuple(self.defender_faces))

    @property
    def forced(self) -> bool:
        """Whether this fight uses the given faces instead of the state's dice."""
        return self.attacker_faces is not None

    def __str__(self) -> str:
        if self.attacker_faces is None:
            return "fight"
        parts = [_faces_text(self.attacker_faces), _faces_text(self.defender_faces)]
        if self.scatter is not None:
            parts.append(str(self.scatter))
        return "fight " + "/".join(parts)

    def __repr__(self) -> str:
        if self.attacker_faces is None:
            return "Fight()"
        extra = "" if self.scatter is None else f", scatter={self.scatter!r}"
        return (f"Fight(attacker_faces={self.attacker_faces!r}, "
                f"defender_faces={self.defender_faces!r}{extra})")

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        if not words:
            return cls()
        cls._expect(words, 1, cls.usage)
        parts = words[0].split("/")
        if len(parts) not in (2, 3):
            raise ActionParseError(
                f"'{words[0]}' is not forced dice (hint: attacker faces/defender faces, e.g. "
                "fight 2,8,6/1,2 or fight 2,8,6/ without return fire; "
                "a third part /N is the scatter die)")
        scatter = None
        if len(parts) == 3:
            if not re.fullmatch(r"-?\d+", parts[2]):
                raise ActionParseError(f"scatter die '{parts[2]}' is not a number")
            scatter = int(parts[2])
        return cls(_parse_faces(parts[0]), _parse_faces(parts[1]), scatter)


def _faces_text(faces: tuple[int, ...]) -> str:
    return ",".join(str(f) for f in faces)


def _parse_faces(text: str) -> tuple[int, ...]:
    if not text:
        return ()
    if not re.fullmatch(r"-?\d+(,-?\d+)*", text):
        raise ActionParseError(
            f"'{text}' is not a list of die faces (hint: numbers 1..12 separated by commas)")
    return tuple(int(w) for w in text.split(","))


@dataclass(frozen=True)
class EndPhase(Action):
    """End the current phase (move → declare → combat → money → next player's turn)."""

    verb: ClassVar[str] = "end_phase"
    usage: ClassVar[str] = "end_phase"

    def __str__(self) -> str:
        return "end_phase"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 0, cls.usage)
        return cls()


@dataclass(frozen=True)
class Buy(Action):
    """Buy a unit type into an own fort (or, for `buy_on_water` units, onto a water hex)."""

    unit_type: str
    where: str  # a fort id, or an axial hex "q,r" for units bought onto water
    verb: ClassVar[str] = "buy"
    usage: ClassVar[str] = "buy TYPE FORT|Q,R"

    def __str__(self) -> str:
        return f"buy {self.unit_type} {self.where}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 2, cls.usage)
        where = words[1]
        if not _HEX.match(where):
            _ident(where, "fort id")
        return cls(_ident(words[0], "unit type"), where)


@dataclass(frozen=True)
class Repair(Action):
    """Repair a unit that has been in a fort since the start of the turn."""

    unit: str
    verb: ClassVar[str] = "repair"
    usage: ClassVar[str] = "repair UNIT"

    def __str__(self) -> str:
        return f"repair {self.unit}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 1, cls.usage)
        return cls(_ident(words[0], "unit id"))


@dataclass(frozen=True)
class Gift(Action):
    """Give money to an allied nation; the ruleset's gift fee goes to the bank."""

    nation: str
    amount: int
    verb: ClassVar[str] = "gift"
    usage: ClassVar[str] = "gift NATION AMOUNT"

    def __str__(self) -> str:
        return f"gift {self.nation} {self.amount}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 2, cls.usage)
        return cls(_ident(words[0], "nation"), int(words[1]))


@dataclass(frozen=True)
class Surrender(Action):
    """The current player's team gives up; the other team wins."""

    verb: ClassVar[str] = "surrender"
    usage: ClassVar[str] = "surrender"

    def __str__(self) -> str:
        return "surrender"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 0, cls.usage)
        return cls()
