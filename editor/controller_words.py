"""The words for who plays a seat: "human" or an AI kind of the registry, with its level,
in the language of the installed translators. Shared by the play-test and the scenario
properties (which cannot import editor.playtest)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from engine.ai.registry import LEGACY_AI
from engine.ai.registry import kinds as ai_kinds

AI_ALIASES = {LEGACY_AI: "random"}

# Marked for extraction only; looked up by their English text below.
_LEVEL_WORDS = (
    QT_TRANSLATE_NOOP("AILevels", "easy"),
    QT_TRANSLATE_NOOP("AILevels", "standard"),
    QT_TRANSLATE_NOOP("AILevels", "hard"),
    QT_TRANSLATE_NOOP("AILevels", "overkill"),
    QT_TRANSLATE_NOOP("AILevels", "normal"),
    QT_TRANSLATE_NOOP("AILevels", "harder"),
    QT_TRANSLATE_NOOP("AILevels", "hardest"),
)


def controller_label(kind: str) -> str:
    """The seat combo's label of a controller: "human" or an AI kind of the registry."""
    if kind == "human":
        return QCoreApplication.translate("Controllers", "Human")
    family, _, level = (AI_ALIASES.get(kind, kind)).partition(":")
    word = QCoreApplication.translate("AILevels", level) if level else ""
    if family == "random":
        return QCoreApplication.translate("Controllers", "AI (random)")
    if family == "heuristic":
        return QCoreApplication.translate("Controllers", "AI (heuristic)")
    if family == "automa":
        return QCoreApplication.translate("Controllers", "Automa (%1)").replace("%1", word)
    if family == "enemy_table":
        return QCoreApplication.translate(
            "Controllers", "Enemy action table (%1)").replace("%1", word)
    labels = {k.name: k.label for k in ai_kinds()}
    return labels.get(kind, kind)


def controller_labels() -> dict[str, str]:
    """Every seat controller (human first, then the AI registry's kinds) with its label."""
    return {"human": controller_label("human"),
            **{k.name: controller_label(k.name) for k in ai_kinds()}}
