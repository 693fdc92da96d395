"""The play-test's words for values the engine names in English: nations, seat controllers
(human or an AI kind) and a problem's severity, in the language of the installed translators.

The engine's tables stay the one source of ids; each English name is marked here for
pyside6-lupdate so the German catalog (editor/translations/playtest_de.ts) carries it.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from engine.i18n import RULE_WORDS, rule_word
from engine.play.setup import NATION_NAMES

# Marked for extraction only; looked up by their English text below.
_NATION_WORDS = (
    QT_TRANSLATE_NOOP("Nations", "Germany"),
    QT_TRANSLATE_NOOP("Nations", "Austria-Hungary"),
    QT_TRANSLATE_NOOP("Nations", "France"),
    QT_TRANSLATE_NOOP("Nations", "Britain"),
)


def nation_name(code: str) -> str:
    """The name of nation `code` (DE, AH, FR, GB) in the current language; unknown: the code."""
    english = NATION_NAMES.get(code)
    return QCoreApplication.translate("Nations", english) if english else code


def severity_word(severity: str) -> str:
    """ "error" or "warning" as the problem lists show it."""
    if severity == "error":
        return QCoreApplication.translate("Problems", "error")
    if severity == "warning":
        return QCoreApplication.translate("Problems", "warning")
    return severity


def phase_name(phase: str) -> str:
    """A phase of the turn as the rulebook names it ("Einheiten bewegen", "Kämpfe" …)."""
    names = {
        "setup": QCoreApplication.translate("Phases", "setup"),
        "move": QCoreApplication.translate("Phases", "move"),
        "declare": QCoreApplication.translate("Phases", "declare"),
        "combat": QCoreApplication.translate("Phases", "combat"),
        "money": QCoreApplication.translate("Phases", "money"),
        "over": QCoreApplication.translate("Phases", "over"),
    }
    return names.get(phase, phase)


def setup_step_name(step: str) -> str:
    """A step of the full setup (assign, place, hq) as the play-test shows it."""
    names = {
        "assign": QCoreApplication.translate("Phases", "assign"),
        "place": QCoreApplication.translate("Phases", "place"),
        "hq": QCoreApplication.translate("Phases", "hq"),
        "done": QCoreApplication.translate("Phases", "done"),
    }
    return names.get(step, step)


def reason_text(reason: str) -> str:
    """Why a game ended (the engine's `State.reason`), in words; a trigger or objective keeps
    its id."""
    kind, _, rest = reason.partition(" ")
    if kind == "trigger" and rest:
        return QCoreApplication.translate("GameOver", "trigger %1").replace("%1", rest)
    if kind == "objective" and rest:
        return QCoreApplication.translate("GameOver", "objective %1").replace("%1", rest)
    names = {
        "forts": QCoreApplication.translate("GameOver", "forts"),
        "elimination": QCoreApplication.translate("GameOver", "elimination"),
        "victory_points": QCoreApplication.translate("GameOver", "victory points"),
        "mutual_destruction": QCoreApplication.translate("GameOver", "mutual destruction"),
        "surrender": QCoreApplication.translate("GameOver", "surrender"),
        "draw": QCoreApplication.translate("GameOver", "draw"),
    }
    return names.get(reason, reason)


def currency_word(currency: str) -> str:
    """The ruleset's currency (war_bonds, coins) as the rulebooks name it."""
    if currency in RULE_WORDS:
        return rule_word(currency)
    if currency == "coins":
        return QCoreApplication.translate("Currency", "coins")
    return currency.replace("_", " ")


def team_name(team: str) -> str:
    """A team (central, entente) as the play-test shows it."""
    names = {"central": QCoreApplication.translate("Teams", "Central"),
             "entente": QCoreApplication.translate("Teams", "Entente")}
    return names.get(team, team)


# The rulebooks' names of the variants (002/003 "Grabenkampf", "Siegpunkte", "Stoppuhr" …),
# by the engine's variant id; the scenario form looks them up by the same context.
_VARIANT_WORDS = {
    "grabenkampf": QT_TRANSLATE_NOOP("Variants", "grabenkampf"),
    "victory_points": QT_TRANSLATE_NOOP("Variants", "victory points"),
    "shorter_game": QT_TRANSLATE_NOOP("Variants", "shorter game"),
    "start_with_special_unit": QT_TRANSLATE_NOOP("Variants", "start with special unit"),
    "start_with_nation_units": QT_TRANSLATE_NOOP("Variants", "start with nation units"),
    "early_destruction": QT_TRANSLATE_NOOP("Variants", "early destruction"),
    "second_full_set": QT_TRANSLATE_NOOP("Variants", "second full set"),
    "dice_free": QT_TRANSLATE_NOOP("Variants", "dice free"),
    "dice_free_per_player": QT_TRANSLATE_NOOP("Variants", "dice free per player"),
    "stopwatch": QT_TRANSLATE_NOOP("Variants", "stopwatch"),
}


def variant_name(variant_id: str) -> str:
    """A ruleset variant's name in the current language (an unknown id: its words)."""
    return QCoreApplication.translate("Variants", variant_id.replace("_", " "))
