"""Actions in words, for the play-test's history in a language other than English.

An action's text form (`move DE-tank-1 3,4`) is a command: it round-trips and is what
`tcstudio rules apply` takes, so its words stay English. A German history line says what the
action did instead ("DE-tank-1 zieht nach 3,4"); unit and fort ids stay as they are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.i18n import _, rule_word, unit_name
from engine.rules.actions import (
    Action,
    Assign,
    Attack,
    BoardTransport,
    Buy,
    Capture,
    Deal,
    EndPhase,
    Enter,
    Fight,
    Gift,
    Headquarters,
    Move,
    Place,
    Repair,
    Surrender,
    Unload,
)
from engine.rules.bank import PayBank
from engine.rules.powers.actions import Build, FieldRepair, LayMine

SPECIAL = "special"


def _hex(h: Any) -> str:
    return f"{h.q},{h.r}"


def _buy(a: Buy) -> str:
    if a.unit_type == SPECIAL:
        return _("buy a special unit into {where}", where=a.where)
    return _("buy {unit} into {where}", unit=unit_name(a.unit_type), where=a.where)


def _fight(a: Fight) -> str:
    dice = str(a).removeprefix(a.verb).strip()
    return _("fight, dice {dice}", dice=dice) if dice else _("fight")


def _unload(a: Unload) -> str:
    if not a.to:
        return _("{transport} unloads", transport=a.transport)
    return _("{transport} unloads onto {hexes}", transport=a.transport,
             hexes=" ".join(_hex(h) for h in a.to))


_WORDS: dict[type[Action], Callable[[Any], str]] = {
    Deal: lambda a: _("start chips dealt: {chips}", chips=str(a).removeprefix("deal ")),
    Assign: lambda a: _("{unit} to army {army}", unit=a.unit, army=a.army),
    Place: lambda a: _("place army {army}", army=a.army),
    Headquarters: lambda a: _("headquarters at start marker {number}", number=a.number),
    Move: lambda a: _("{unit} moves to {hex}", unit=a.unit, hex=_hex(a.to)),
    Enter: lambda a: _("{unit} enters fort {fort}", unit=a.unit, fort=a.fort),
    Capture: lambda a: _("{unit} captures fort {fort}", unit=a.unit, fort=a.fort),
    BoardTransport: lambda a: _("{unit} boards {transport}", unit=a.unit,
                                transport=a.transport),
    Unload: _unload,
    Attack: lambda a: _("{attacker} attacks {defender}", attacker=a.attacker,
                        defender=a.defender),
    Fight: _fight,
    EndPhase: lambda a: _("end the phase"),
    Buy: _buy,
    Repair: lambda a: _("repair {unit}", unit=a.unit),
    Gift: lambda a: _("give {amount} to {nation}", amount=a.amount, nation=a.nation),
    Surrender: lambda a: _("surrender"),
    PayBank: lambda a: _("pay the bank"),
    FieldRepair: lambda a: _("{unit} repairs {target} in the field", unit=a.unit,
                             target=a.target),
    LayMine: lambda a: _("{unit} lays a mine at {hex}", unit=a.unit, hex=_hex(a.at)),
    Build: lambda a: _("{unit} builds {kind} from {first} to {second}", unit=a.unit,
                       kind=rule_word(a.kind), first=_hex(a.first), second=_hex(a.second)),
}


def action_words(a: Action) -> str:
    """What action `a` does, in the current language; its text form for an action kind
    without words here (a new variant's action still shows something)."""
    words = _WORDS.get(type(a))
    text = words(a) if words is not None else str(a)
    first = getattr(a, "first", None)
    if isinstance(first, str):  # a forced roll-off winner (Assign, Place, Headquarters)
        text += _(" (roll-off: {nation} first)", nation=first)
    return text
