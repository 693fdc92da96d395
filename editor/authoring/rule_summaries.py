"""One sentence per ruleset variant and unit ability, for tooltips and the ruleset editor, in
the language of the installed translators (the classes' docstrings are for programmers and
stay English).

Each sentence is marked for pyside6-lupdate (context "RuleSummaries") so the German catalog
(editor/translations/authoring_de.ts) carries it; an id without a sentence here falls back to
the first sentence of its class docstring.
"""

from __future__ import annotations

import inspect

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from engine.rules import abilities, variants

VARIANTS: dict[str, str] = {
    "grabenkampf": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Trench fighting: vehicles stay out of trenches, a trench is held and "
        "left as one long hex, foot soldiers in it defend like a tank in forest"),
    "victory_points": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Victory points: headquarters, points for enemy headquarters, forts, "
        "destroyed units and payments to the bank"),
    "shorter_game": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Shorter game: fewer forts to win, and anti-tank units may not capture"),
    "start_with_special_unit": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Each player starts with a special unit of their choice"),
    "start_with_nation_units": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Each nation starts with the units only it fields"),
    "early_destruction": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Units are destroyed at less damage than the ruleset says"),
    "second_full_set": QT_TRANSLATE_NOOP(
        "RuleSummaries", "A second full set of units: every nation's roster twice"),
    "dice_free": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Dice-free combat: each side draws a card instead of rolling"),
    "dice_free_per_player": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Dice-free per player: the chosen nations draw cards, the others roll "
        "dice"),
    "stopwatch": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Stopwatch: a time limit for the move and declare phases of a turn"),
}

ABILITIES: dict[str, str] = {
    "scatter": QT_TRANSLATE_NOOP(
        "RuleSummaries", "The shot may land on a neighbour of the target"),
    "cannot_damage_air": QT_TRANSLATE_NOOP("RuleSummaries", "Never attacks air units"),
    "indestructible": QT_TRANSLATE_NOOP("RuleSummaries", "Takes no damage at all"),
    "water_only": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Belongs on water: attacks and fires back from water"),
    "buy_on_water": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Bought onto a free water hex instead of into a fort"),
    "anti_tank": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Anti-tank value: its own hit value against tanks"),
    "foot_value": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Its own hit value against foot soldiers"),
    "anti_air": QT_TRANSLATE_NOOP("RuleSummaries", "Attacks air units (the cloud symbol)"),
    "unlimited_range": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Unlimited range: any hex on the map can be hit"),
    "area_attack": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Attacks every hex of a pattern with one roll"),
    "gas": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Gas: an area attack that harms friend and foe, except gas-immune "
        "units"),
    "gas_immune": QT_TRANSLATE_NOOP("RuleSummaries", "Immune to gas"),
    "field_repair": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Repairs own units on the board, without a fort, for money"),
    "lay_mines": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Lays mines that destroy an enemy unit entering their hex"),
    "air_value": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Its own hit value against air units"),
    "close_combat": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Close-combat weapons: a bonus to its hit value in melee"),
    "builder": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Builds a trench or a road/bridge over 2 hexes once per round instead "
        "of attacking"),
    "fort_mounted": QT_TRANSLATE_NOOP(
        "RuleSummaries", "Fort turret: bought into a fort, fires from it in melee and at range"),
}


def _first_sentence(cls: type | None) -> str:
    text = " ".join((inspect.getdoc(cls) or "").split()) if cls is not None else ""
    return text.split(". ")[0].rstrip(".")


def variant_summary(variant_id: str) -> str:
    """What a ruleset variant does, in one sentence of the current language ("" if unknown)."""
    english = VARIANTS.get(variant_id)
    if english is None:
        return _first_sentence(variants.VARIANTS.get(variant_id))
    return QCoreApplication.translate("RuleSummaries", english)


def ability_summary(ability_id: str) -> str:
    """What a unit ability does, in one sentence of the current language ("" if unknown)."""
    english = ABILITIES.get(ability_id)
    if english is None:
        return _first_sentence(abilities.ABILITIES.get(ability_id))
    return QCoreApplication.translate("RuleSummaries", english)
