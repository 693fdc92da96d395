"""The independent client's entry: which conformance cases it answers and its answers.

Standard library only, nothing from the Studio: `conformance_consumer` (movement, victory),
`consumer_apply` (what actions do, docs/rules-apply.md), `consumer_actions` (legal actions).
"""

from __future__ import annotations

from typing import Any

from . import conformance_consumer as moves
from . import consumer_actions as actions
from . import consumer_apply as applying

Rules = moves.Rules


def variants_of(rules: Rules, case: dict[str, Any]) -> set[str]:
    """The variants a case's game plays: its `game.variants` and those the ruleset enables."""
    return set(case["game"]["variants"]) | {
        vid for vid, v in rules.ruleset["variants"].items() if v.get("enabled")}


def supported(rules: Rules, case: dict[str, Any]) -> str | None:
    """None when this client answers the case, else why it does not."""
    if case["kind"] == "apply":
        return applying.apply_supported(rules, case)
    if case["kind"] == "legal_actions":
        return actions.actions_supported(rules, case)
    return moves.supported(case)


def answer(rules: Rules, files: dict[str, Any], case: dict[str, Any]) -> dict[str, Any]:
    """This client's answer to a supported case."""
    if case["kind"] == "apply":
        return applying.apply_case(rules, files, case, variants_of(rules, case))
    if case["kind"] == "legal_actions":
        return actions.actions_case(rules, files, case, variants_of(rules, case))
    return moves.answer(rules, case)
