"""The phases of a game (RULES §5): setup, then move, declare, combat and money per turn."""

from __future__ import annotations

from enum import StrEnum

from engine.i18n import _


class Phase(StrEnum):
    """The phase of a game; a `str`, so it compares equal to its name and saves as one."""

    SETUP = "setup"
    MOVE = "move"
    DECLARE = "declare"
    COMBAT = "combat"
    MONEY = "money"
    OVER = "over"


PHASES = tuple(p.value for p in Phase)


def phase_words(phase: str) -> str:
    """"the move phase" and so on in the current language (the rulebook's names in German);
    an unknown phase as "the {phase} phase"."""
    words = {"setup": _("the setup phase"), "move": _("the move phase"),
             "declare": _("the declare phase"), "combat": _("the combat phase"),
             "money": _("the money phase"), "over": _("the end of the game")}
    return words.get(phase) or _("the {phase} phase", phase=phase)


def end_reason_words(reason: str) -> str:
    """Why a game ended (`State.reason`: forts, elimination, …) in the current language; a
    trigger or objective keeps its id, an unknown reason comes back unchanged."""
    kind, _space, rest = reason.partition(" ")
    if kind == "trigger" and rest:
        return _("trigger {id}", id=rest)
    if kind == "objective" and rest:
        return _("objective {id}", id=rest)
    words = {"forts": _("forts"), "elimination": _("elimination"),
             "victory_points": _("victory points"), "mutual_destruction": _("mutual destruction"),
             "surrender": _("surrender"), "draw": _("draw")}
    return words.get(reason, reason)
