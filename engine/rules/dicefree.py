"""Dice-free combat (RULES §8, Legacy): draw one of 10 cards instead of rolling.

Each card reads the hits from a table by hit value (rows) and dice count (columns: damage plus
pincer/encirclement). The printed tables are unknown (a GAP); the proposal implemented here
makes card k show a quantile of the exact hit distribution of the equivalent dice roll, so
the ten cards, drawn uniformly, stand in for the dice:

- `quantile: midpoint` (default): card k shows the smallest h with P(hits <= h) >= (k - ½)/10,
  the middle of the k-th tenth of the distribution. Card 1 is bad luck, card 10 good luck, and
  the ten cards average close to the expected hits.
- `quantile: upper`: the literal k-th decile, P(hits <= h) >= k/10; card 10 then always shows
  the most hits the dice could ever give.

The parameters are content: a ruleset's `variants.dice_free` mapping (`cards`, `quantile`),
or that mapping passed directly. Missing keys take the RULES proposal (10 cards, midpoint).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.model import Ruleset
from engine.rules.combat import hit_weights

QUANTILE_RULES = ("midpoint", "upper")
PROPOSAL: dict[str, Any] = {"cards": 10, "quantile": "midpoint"}


def dice_free_params(ruleset_or_params: Ruleset | Mapping[str, Any]) -> tuple[int, str]:
    """The (number of cards, quantile rule) from a ruleset's `variants.dice_free` or a mapping.

    Raises ValueError naming the bad key for a card count below 1 or an unknown rule.
    """
    if isinstance(ruleset_or_params, Ruleset):
        raw = ruleset_or_params.variants.get("dice_free") or {}
        where = f"ruleset {ruleset_or_params.id!r} variants.dice_free"
    else:
        raw, where = ruleset_or_params, "dice-free parameters"
    cards, rule = raw.get("cards", PROPOSAL["cards"]), raw.get("quantile", PROPOSAL["quantile"])
    if not isinstance(cards, int) or isinstance(cards, bool) or cards < 1:
        raise ValueError(f"{where}: cards must be a whole number >= 1, got {cards!r}")
    if rule not in QUANTILE_RULES:
        raise ValueError(f"{where}: quantile must be one of {QUANTILE_RULES}, got {rule!r}")
    return cards, rule


def _quantile(weights: tuple[int, ...], num: int, den: int) -> int:
    """Smallest h with P(hits <= h) >= num/den, on integer weights (no rounding at ties)."""
    total = sum(weights)
    cumulative = 0
    for hits, w in enumerate(weights):
        cumulative += w
        if cumulative * den >= num * total:
            return hits
    raise AssertionError("unreachable: the cumulative weight reaches the total")


def _target(card: int, cards: int, rule: str) -> tuple[int, int]:
    return (2 * card - 1, 2 * cards) if rule == "midpoint" else (card, cards)


def card_hits(
    ruleset_or_params: Ruleset | Mapping[str, Any], hit_value: int, dice: int, card: int
) -> int:
    """Hits shown on dice-free card `card` (1..cards) for `dice` dice hitting on <= `hit_value`.

    Exact: the quantile is found on integer counts of face tuples, so a probability that lands
    exactly on a card's boundary is decided without rounding.
    """
    cards, rule = dice_free_params(ruleset_or_params)
    if not 1 <= card <= cards:
        raise ValueError(f"card must be 1..{cards}, got {card}")
    return _quantile(hit_weights(dice, hit_value), *_target(card, cards, rule))


def card_table(
    ruleset_or_params: Ruleset | Mapping[str, Any], hit_value: int, dice: int
) -> tuple[int, ...]:
    """Hits on every card 1..cards for one (hit value, dice) cell, lowest card first."""
    cards, rule = dice_free_params(ruleset_or_params)
    weights = hit_weights(dice, hit_value)
    return tuple(_quantile(weights, *_target(k, cards, rule)) for k in range(1, cards + 1))
