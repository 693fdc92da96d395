"""The seat controllers a content file may name: "human" or an AI kind of the registry.

Content validation (a lower layer than `engine.ai`) reads this list; a test keeps it equal to
`engine.ai.registry.kind_names()` so the two cannot drift. "ai" is the controller name of
older scenarios and saves (the random bot).
"""

from __future__ import annotations

HUMAN = "human"
LEGACY_AI = "ai"
AI_KINDS: tuple[str, ...] = (
    "random", "heuristic",
    "automa:easy", "automa:standard", "automa:hard", "automa:overkill",
    "enemy_table:easy", "enemy_table:normal", "enemy_table:hard",
    "enemy_table:harder", "enemy_table:hardest",
)
CONTROLLERS: tuple[str, ...] = (HUMAN, LEGACY_AI, *AI_KINDS)


def controller_problem(name: str) -> str | None:
    """Why `name` is not a seat controller (with the known names), or None."""
    if name in CONTROLLERS:
        return None
    return f"unknown controller {name!r} (known: {', '.join(CONTROLLERS)})"
