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
from engine.i18n import _
from engine.rules.errors import ActionParseError
from engine.rules.quickinit import quick_init

_ID = re.compile(r"^[A-Za-z0-9_.\-]+$")
_HEX = re.compile(r"^(-?\d+),(-?\d+)$")
_NATION = re.compile(r"^[A-Z]{2}$")
SPECIAL = "special"  # `buy special FORT`: a random special unit


def _hex_text(h: Hex) -> str:
    return f"{h.q},{h.r}"


def parse_hex(text: str) -> Hex:
    """Read an axial hex written as `q,r`."""
    m = _HEX.match(text)
    if not m:
        raise ActionParseError(_("'{text}' is not a hex (hint: write axial coordinates as q,r)",
                                 text=text))
    return Hex(int(m.group(1)), int(m.group(2)))


def _ident(text: str, what: str) -> str:
    if not _ID.match(text):
        raise ActionParseError(_("'{text}' is not a valid {what}", text=text, what=what))
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
            raise ActionParseError(_("empty action text"))
        cls = Action._by_verb.get(words[0])
        if cls is None:
            verbs = ", ".join(sorted(Action._by_verb))
            raise ActionParseError(_("unknown action '{words:.40}' (hint: one of {verbs})",
                                     words=words[0], verbs=verbs))
        try:
            return cls._from_words(words[1:])
        except ActionParseError:
            raise
        except (ValueError, IndexError) as exc:
            raise ActionParseError(_("cannot read '{text}': {exc} (hint: {usage})", text=text,
                                     exc=exc, usage=cls.usage)) from None

    usage: ClassVar[str] = ""

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        """The action from the words after its verb; each action class reads its own."""
        raise ActionParseError(_("'{verb}' has no text form (hint: {value})", verb=cls.verb,
                                 value=cls.usage or 'none'))

    @staticmethod
    def _expect(words: list[str], n: int, usage: str) -> None:
        if len(words) != n:
            raise ActionParseError(_("expected '{usage}'", usage=usage))


def _first_text(first: str | None) -> str:
    return "" if first is None else f" first={first}"


def _first_word(words: list[str]) -> tuple[list[str], str | None]:
    """Split off a trailing `first=NATION`: the forced winner of the roll-off this setup
    action ends with (who places first, who begins), a chance outcome."""
    if words and words[-1].startswith("first="):
        return words[:-1], _ident(words[-1].removeprefix("first="), "nation")
    return words, None


@dataclass(frozen=True)
class Deal(Action):
    """Setup, before anything else: deal the start chips in this order (seat k gets the
    numbers 3k+1..3k+3 of the list, army j the j-th of them). The forced outcome of the chip
    deal (a chance node of an explicit-chance game); an automatic game deals by itself."""

    numbers: tuple[int, ...]
    verb: ClassVar[str] = "deal"
    usage: ClassVar[str] = "deal N,N,..."

    def __post_init__(self) -> None:
        object.__setattr__(self, "numbers", tuple(self.numbers))

    def __str__(self) -> str:
        return f"deal {_faces_text(self.numbers)}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        cls._expect(words, 1, cls.usage)
        if not re.fullmatch(r"\d+(,\d+)*", words[0]):
            raise ActionParseError(
                _("'{words}' is not a list of start numbers (hint: deal 4,1,9,2,7,5)",
                  words=words[0]))
        return cls(tuple(int(w) for w in words[0].split(",")))


@dataclass(frozen=True)
class Assign(Action):
    """Setup: put a unit into army 1..3 (the army of the player's k-th start chip)."""

    unit: str
    army: int
    first: str | None = None  # forced roll-off winner (see `first=`)
    verb: ClassVar[str] = "assign"
    usage: ClassVar[str] = "assign UNIT ARMY [first=NATION]"

    def __str__(self) -> str:
        return f"assign {self.unit} {self.army}{_first_text(self.first)}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        words, first = _first_word(words)
        cls._expect(words, 2, cls.usage)
        return cls(_ident(words[0], "unit id"), int(words[1]), first)


@dataclass(frozen=True)
class Place(Action):
    """Setup: reveal the start chip of army 1..3 and place that army around its number."""

    army: int
    first: str | None = None  # forced roll-off winner (see `first=`)
    verb: ClassVar[str] = "place"
    usage: ClassVar[str] = "place ARMY [first=NATION]"

    def __str__(self) -> str:
        return f"place {self.army}{_first_text(self.first)}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        words, first = _first_word(words)
        cls._expect(words, 1, cls.usage)
        return cls(int(words[0]), first)


@dataclass(frozen=True)
class Headquarters(Action):
    """Setup, victory-points variant: choose one of your start numbers as headquarters."""

    number: int
    first: str | None = None  # forced roll-off winner (see `first=`)
    verb: ClassVar[str] = "hq"
    usage: ClassVar[str] = "hq NUMBER [first=NATION]"

    def __str__(self) -> str:
        return f"hq {self.number}{_first_text(self.first)}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        words, first = _first_word(words)
        cls._expect(words, 1, cls.usage)
        return cls(int(words[0]), first)


@quick_init  # built for every move a play-out makes
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


@quick_init
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


@quick_init
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


@quick_init
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


@quick_init
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
            raise ActionParseError(_("expected '{usage}'", usage=cls.usage))
        return cls(_ident(words[0], "unit id"), tuple(parse_hex(w) for w in words[1:]))


@quick_init  # listed for every pair in range on every declare-phase choice
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
    With the dice-free variant `fight cA/cD[/S]` forces the cards drawn: `fight c3/c7`,
    `fight c3/` (no return fire). Under Grabenkampf the other foot soldiers in an attacked
    trench fire back too (engine.rules.trench_fire): their faces follow the defender's in D,
    their cards follow the defender's card: `fight c3/c7,c2`, `fight c3/,c2` (the defender
    itself does not fire back). A checked apply refuses faces or cards that do not match
    what each side rolls or draws.
    """

    attacker_faces: tuple[int, ...] | None = None  # None: roll the state's dice
    defender_faces: tuple[int, ...] = ()
    scatter: int | None = None
    attacker_card: int | None = None  # dice-free: the forced cards
    defender_card: int | None = None
    comrade_cards: tuple[int, ...] = ()  # dice-free Grabenkampf: cards of trench comrades
    verb: ClassVar[str] = "fight"
    usage: ClassVar[str] = ("fight [ATTACKER_FACES/DEFENDER_FACES[/SCATTER_FACE]] | "
                            "fight cCARD/[cCARD][/SCATTER_FACE]")

    def __post_init__(self) -> None:
        # Accept any sequence from code but keep tuples, so equal dice compare equal.
        if self.attacker_faces is not None:
            object.__setattr__(self, "attacker_faces", tuple(self.attacker_faces))
            if self.attacker_card is not None or self.defender_card is not None:
                raise ValueError("a forced fight gives faces or cards, not both")
        elif self.defender_card is not None and self.attacker_card is None:
            raise ValueError("a forced defender card needs attacker_card")
        elif self.attacker_card is None and (self.defender_faces or self.scatter is not None):
            raise ValueError("forced defender or scatter faces need attacker_faces (maybe ())")
        object.__setattr__(self, "defender_faces", tuple(self.defender_faces))
        object.__setattr__(self, "comrade_cards", tuple(self.comrade_cards))
        if self.comrade_cards and self.attacker_card is None:
            raise ValueError("comrade cards belong to a forced dice-free fight")

    @property
    def forced(self) -> bool:
        """Whether this fight uses the given faces or cards instead of the state's dice."""
        return self.attacker_faces is not None or self.attacker_card is not None

    @property
    def forced_cards(self) -> bool:
        """Whether this fight forces dice-free cards (`fight cA/cD`)."""
        return self.attacker_card is not None

    def __str__(self) -> str:
        if self.attacker_card is not None:
            defender = "" if self.defender_card is None else f"c{self.defender_card}"
            parts = [f"c{self.attacker_card}",
                     ",".join([defender, *(f"c{c}" for c in self.comrade_cards)])]
        elif self.attacker_faces is not None:
            parts = [_faces_text(self.attacker_faces), _faces_text(self.defender_faces)]
        else:
            return "fight"
        if self.scatter is not None:
            parts.append(str(self.scatter))
        return "fight " + "/".join(parts)

    def __repr__(self) -> str:
        if not self.forced:
            return "Fight()"
        extra = "" if self.scatter is None else f", scatter={self.scatter!r}"
        if self.comrade_cards:
            extra += f", comrade_cards={self.comrade_cards!r}"
        if self.attacker_card is not None:
            return (f"Fight(attacker_card={self.attacker_card!r}, "
                    f"defender_card={self.defender_card!r}{extra})")
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
                _("'{words}' is not forced dice (hint: attacker faces/defender faces, e.g. fight "
                  "2,8,6/1,2 or fight 2,8,6/ without return fire; a third part /N is the scatter "
                  "die; cards: fight c3/c7)", words=words[0]))
        scatter = None
        if len(parts) == 3:
            if not re.fullmatch(r"-?\d+", parts[2]):
                raise ActionParseError(_("scatter die '{parts}' is not a number", parts=parts[2]))
            scatter = int(parts[2])
        if parts[0].startswith("c"):
            first, *more = parts[1].split(",")
            defender = _parse_card(first) if first else None
            return cls(scatter=scatter, attacker_card=_parse_card(parts[0]),
                       defender_card=defender, comrade_cards=tuple(_parse_card(c) for c in more))
        return cls(_parse_faces(parts[0]), _parse_faces(parts[1]), scatter)


def _parse_card(text: str) -> int:
    if not re.fullmatch(r"c\d+", text):
        raise ActionParseError(
            _("'{text}' is not a card (hint: c and the card number, e.g. c3)", text=text))
    return int(text[1:])


def _faces_text(faces: tuple[int, ...]) -> str:
    return ",".join(str(f) for f in faces)


def _parse_faces(text: str) -> tuple[int, ...]:
    if not text:
        return ()
    if not re.fullmatch(r"-?\d+(,-?\d+)*", text):
        raise ActionParseError(
            _("'{text}' is not a list of die faces (hint: numbers 1..12 separated by commas)",
              text=text))
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
    """Buy a unit type into an own fort (or, for `buy_on_water` units, onto a water hex).

    `buy special FORT` draws a random special unit with the state's dice; `buy special FORT
    TYPE` forces the draw (a chance outcome, see engine.rules.chance).
    """

    unit_type: str
    where: str  # a fort id, or an axial hex "q,r" for units bought onto water
    drawn: str | None = None  # a forced special draw
    flag: str | None = None  # co-op: which nation of the joint seat gets the unit
    verb: ClassVar[str] = "buy"
    usage: ClassVar[str] = ("buy TYPE FORT|Q,R [NATION]  or  buy special FORT [DRAWN_TYPE]"
                            "  (NATION: co-op, e.g. GB)")

    def __post_init__(self) -> None:
        if self.drawn is not None and self.unit_type != SPECIAL:
            raise ValueError(f"only a special unit is drawn, not {self.unit_type!r}")
        if self.flag is not None and not _NATION.match(self.flag):
            raise ValueError(f"{self.flag!r} is not a nation code such as GB")

    def __str__(self) -> str:
        tail = "".join(f" {x}" for x in (self.drawn, self.flag) if x is not None)
        return f"buy {self.unit_type} {self.where}{tail}"

    @classmethod
    def _from_words(cls, words: list[str]) -> Action:
        special = bool(words) and words[0] == SPECIAL
        flag = words[2] if len(words) == 3 and not special else None
        if len(words) != 3:
            cls._expect(words, 2, cls.usage)
        where = words[1]
        if not _HEX.match(where):
            _ident(where, "fort id")
        if flag is not None and not _NATION.match(flag):
            raise ActionParseError(_("'{flag}' is not a nation code such as GB ({usage})",
                                     flag=flag, usage=cls.usage))
        drawn = _ident(words[2], "unit type") if special and len(words) == 3 else None
        return cls(_ident(words[0], "unit type"), where, drawn, flag)


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
