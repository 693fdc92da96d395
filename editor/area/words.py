"""Readable words for the area play-test's action list and log, in the current language.

The engine names area actions and events by id (`place de-1 12`, `battle_rolled`) and logs
events as fields; the play-test keeps the action's command text (what `tcstudio rules apply`
takes) and adds what it means, and writes log lines with translated event and field names.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from engine import i18n
from engine.rules.area.actions import AreaAction

CONTEXT = "AreaWords"

ACTION_WORDS = {
    "place": QT_TRANSLATE_NOOP("AreaWords", "place an army"),
    "place_dummy": QT_TRANSLATE_NOOP("AreaWords", "place a dummy"),
    "end_setup": QT_TRANSLATE_NOOP("AreaWords", "end the setup"),
    "pick_order": QT_TRANSLATE_NOOP("AreaWords", "pick the turn order"),
    "battle": QT_TRANSLATE_NOOP("AreaWords", "battle"),
    "move": QT_TRANSLATE_NOOP("AreaWords", "move"),
    "move_army": QT_TRANSLATE_NOOP("AreaWords", "move an army"),
    "move_dummy": QT_TRANSLATE_NOOP("AreaWords", "move a dummy"),
    "end_move": QT_TRANSLATE_NOOP("AreaWords", "end the move"),
    "transfer": QT_TRANSLATE_NOOP("AreaWords", "strategic transfer"),
    "transfer_more": QT_TRANSLATE_NOOP("AreaWords", "transfer another army"),
    "end_transfer": QT_TRANSLATE_NOOP("AreaWords", "end the transfer"),
    "pass": QT_TRANSLATE_NOOP("AreaWords", "pass"),
    "play_marker": QT_TRANSLATE_NOOP("AreaWords", "play a battle marker"),
    "no_marker": QT_TRANSLATE_NOOP("AreaWords", "play no marker"),
    "lead": QT_TRANSLATE_NOOP("AreaWords", "lead army"),
    "draw": QT_TRANSLATE_NOOP("AreaWords", "draw a marker"),
    "no_draw": QT_TRANSLATE_NOOP("AreaWords", "draw no marker"),
    "discard": QT_TRANSLATE_NOOP("AreaWords", "discard a marker"),
    "keep_drawn": QT_TRANSLATE_NOOP("AreaWords", "keep the drawn marker"),
    "return_drawn": QT_TRANSLATE_NOOP("AreaWords", "return the drawn marker"),
    "capture": QT_TRANSLATE_NOOP("AreaWords", "capture a city"),
    "roll_battle": QT_TRANSLATE_NOOP("AreaWords", "roll the battle"),
    "resolve_battle": QT_TRANSLATE_NOOP("AreaWords", "enter the battle's result"),
    "offer_treaty": QT_TRANSLATE_NOOP("AreaWords", "offer a treaty"),
    "no_treaty": QT_TRANSLATE_NOOP("AreaWords", "offer no treaty"),
    "accept_treaty": QT_TRANSLATE_NOOP("AreaWords", "accept the treaty"),
    "refuse_treaty": QT_TRANSLATE_NOOP("AreaWords", "refuse the treaty"),
    "replace": QT_TRANSLATE_NOOP("AreaWords", "replace an army"),
    "end_replacements": QT_TRANSLATE_NOOP("AreaWords", "end the replacements"),
}

EVENT_WORDS = {
    "battle": QT_TRANSLATE_NOOP("AreaWords", "battle declared"),
    "battle_result": QT_TRANSLATE_NOOP("AreaWords", "battle result"),
    "battle_rolled": QT_TRANSLATE_NOOP("AreaWords", "battle rolled"),
    "capitulation_point": QT_TRANSLATE_NOOP("AreaWords", "capitulation point"),
    "city_taken": QT_TRANSLATE_NOOP("AreaWords", "city taken"),
    "dummies_revealed": QT_TRANSLATE_NOOP("AreaWords", "dummies revealed"),
    "dummy_moved": QT_TRANSLATE_NOOP("AreaWords", "dummy moved"),
    "dummy_placed": QT_TRANSLATE_NOOP("AreaWords", "dummy placed"),
    "eliminated": QT_TRANSLATE_NOOP("AreaWords", "eliminated"),
    "game_over": QT_TRANSLATE_NOOP("AreaWords", "game over"),
    "garrison_broken": QT_TRANSLATE_NOOP("AreaWords", "garrison broken"),
    "historical_setup": QT_TRANSLATE_NOOP("AreaWords", "historical setup"),
    "marker_discarded": QT_TRANSLATE_NOOP("AreaWords", "marker discarded"),
    "marker_drawn": QT_TRANSLATE_NOOP("AreaWords", "marker drawn"),
    "marker_returned": QT_TRANSLATE_NOOP("AreaWords", "marker returned"),
    "move": QT_TRANSLATE_NOOP("AreaWords", "move"),
    "moved": QT_TRANSLATE_NOOP("AreaWords", "moved"),
    "order_picked": QT_TRANSLATE_NOOP("AreaWords", "turn order picked"),
    "order_roll": QT_TRANSLATE_NOOP("AreaWords", "turn order roll"),
    "pass": QT_TRANSLATE_NOOP("AreaWords", "pass"),
    "placed": QT_TRANSLATE_NOOP("AreaWords", "placed"),
    "replaced": QT_TRANSLATE_NOOP("AreaWords", "replaced"),
    "transferred": QT_TRANSLATE_NOOP("AreaWords", "transferred"),
    "treaty_accepted": QT_TRANSLATE_NOOP("AreaWords", "treaty accepted"),
    "treaty_offered": QT_TRANSLATE_NOOP("AreaWords", "treaty offered"),
    "treaty_refused": QT_TRANSLATE_NOOP("AreaWords", "treaty refused"),
}

FIELD_WORDS = {
    "army": QT_TRANSLATE_NOOP("AreaWords", "army"),
    "front": QT_TRANSLATE_NOOP("AreaWords", "front"),
    "target": QT_TRANSLATE_NOOP("AreaWords", "target"),
    "setup_slot": QT_TRANSLATE_NOOP("AreaWords", "setup slot"),
    "turn_slot": QT_TRANSLATE_NOOP("AreaWords", "turn slot"),
    "faction": QT_TRANSLATE_NOOP("AreaWords", "faction"),
    "attacker": QT_TRANSLATE_NOOP("AreaWords", "attacker"),
    "defender": QT_TRANSLATE_NOOP("AreaWords", "defender"),
    "attackers": QT_TRANSLATE_NOOP("AreaWords", "attackers"),
    "defenders": QT_TRANSLATE_NOOP("AreaWords", "defenders"),
    "winner": QT_TRANSLATE_NOOP("AreaWords", "winner"),
    "value": QT_TRANSLATE_NOOP("AreaWords", "value"),
    "turn": QT_TRANSLATE_NOOP("AreaWords", "turn"),
    "setup": QT_TRANSLATE_NOOP("AreaWords", "setup"),
    "points": QT_TRANSLATE_NOOP("AreaWords", "points"),
    "markers": QT_TRANSLATE_NOOP("AreaWords", "markers"),
    "lost_by": QT_TRANSLATE_NOOP("AreaWords", "lost by"),
    "leads": QT_TRANSLATE_NOOP("AreaWords", "lead armies"),
    "how": QT_TRANSLATE_NOOP("AreaWords", "how"),
    "fallen": QT_TRANSLATE_NOOP("AreaWords", "fallen"),
    "faces": QT_TRANSLATE_NOOP("AreaWords", "faces"),
    "face": QT_TRANSLATE_NOOP("AreaWords", "face"),
    "city": QT_TRANSLATE_NOOP("AreaWords", "city"),
    "capitulates": QT_TRANSLATE_NOOP("AreaWords", "capitulates"),
    "armies": QT_TRANSLATE_NOOP("AreaWords", "armies"),
    "reason": QT_TRANSLATE_NOOP("AreaWords", "reason"),
}
# The two sides of a battle, as the keys of its per-side fields (markers, lead armies).
SIDE_WORDS = {
    "att": QT_TRANSLATE_NOOP("AreaWords", "attacker"),
    "dfd": QT_TRANSLATE_NOOP("AreaWords", "defender"),
}
_ACTION_FIELDS = ("army", "front", "target", "setup_slot", "turn_slot")


def _word(table: dict[str, str], key: str) -> str:
    english = table.get(key)
    return QCoreApplication.translate(CONTEXT, english) if english else key.replace("_", " ")


def _value(value: Any, factions: dict[str, str]) -> str:
    if value is None or (isinstance(value, dict | list | tuple) and not value):
        return QCoreApplication.translate("AreaWords", "none")
    if isinstance(value, str):
        return factions.get(value, value)
    if isinstance(value, list | tuple):
        return ", ".join(_value(v, factions) for v in value)
    if isinstance(value, dict):  # per side or per faction, e.g. the markers played
        keys = {**factions, **{k: _word(SIDE_WORDS, k) for k in SIDE_WORDS}}
        return ", ".join(f"{keys.get(str(k), str(k))} {_value(v, factions)}"
                         for k, v in value.items())
    return str(value)


def action_meaning(action: AreaAction) -> str:
    """What an action does, in words: `place an army: army de-1, setup slot 12` (German:
    `Armee aufstellen: Armee de-1, Aufstellungsplatz 12`)."""
    fields = [f"{_word(FIELD_WORDS, f)} {getattr(action, f)}" for f in _ACTION_FIELDS
              if getattr(action, f) is not None]
    return _word(ACTION_WORDS, action.kind) + (": " + ", ".join(fields) if fields else "")


def action_label(action: AreaAction) -> str:
    """An action as the play-test lists it. In English the command text (what `tcstudio rules
    apply` takes) and its meaning, `place de-1 12 — place an army: …`; in any other language
    only the meaning, since the command words are English (the item's tooltip keeps them)."""
    if i18n.current_language() != i18n.DEFAULT:
        return action_meaning(action)
    return f"{action.text()} — {action_meaning(action)}"


def event_text(event: dict[str, Any], factions: dict[str, str]) -> str:
    """A log event's name and fields in words, faction ids as the factions' names."""
    details = ", ".join(f"{_word(FIELD_WORDS, k)} {_value(v, factions)}"
                        for k, v in event.items() if k not in ("event", "round"))
    name = _word(EVENT_WORDS, str(event.get("event", "")))
    return f"{name}: {details}" if details else name
