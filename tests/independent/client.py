"""The independent client's entry: which conformance cases it answers and its answers.

Standard library only, nothing from the Studio: `conformance_consumer` (movement, victory),
`consumer_apply` (what actions do, docs/rules-apply.md), `consumer_actions` (legal actions).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from . import conformance_consumer as moves
from . import consumer_actions as actions
from . import consumer_apply as applying

Rules = moves.Rules


def case_rules(rules: Rules, case: dict[str, Any]) -> Rules:
    """The rules a case plays by: the pack's, with the case's `game.unit_types` added to the
    catalog and the terrain its state's `powers.built` lists (rules-apply.md "build")."""
    extra = case["game"].get("unit_types") or []
    built = (case["state"].get("powers") or {}).get("built") or []
    if not extra and not built:
        return rules
    units = {**rules.units, **{u["id"]: u for u in extra}}
    terrain = {**rules.terrain, **{(q, r): t for q, r, t in built}}
    return dataclasses.replace(rules, units=units, terrain=terrain)


def variants_of(rules: Rules, case: dict[str, Any]) -> set[str]:
    """The variants a case's game plays: its `game.variants` and those the ruleset enables."""
    return set(case["game"]["variants"]) | {
        vid for vid, v in rules.ruleset["variants"].items() if v.get("enabled")}


def supported(rules: Rules, case: dict[str, Any]) -> str | None:
    """None when this client answers the case, else why it does not."""
    rules = case_rules(rules, case)
    if case["kind"] == "apply":
        return applying.apply_supported(rules, case)
    if case["kind"] == "legal_actions":
        return actions.actions_supported(rules, case)
    return moves.supported(case)


def answer(rules: Rules, files: dict[str, Any], case: dict[str, Any]) -> dict[str, Any]:
    """This client's answer to a supported case."""
    rules = case_rules(rules, case)
    if case["kind"] == "apply":
        return applying.apply_case(rules, files, case, variants_of(rules, case))
    if case["kind"] == "legal_actions":
        return actions.actions_case(rules, files, case, variants_of(rules, case))
    return moves.answer(rules, case)
