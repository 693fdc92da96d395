"""Gifts are one parameterised action family: listing them never enumerates amounts."""

from __future__ import annotations

import pytest

from engine.rules.actions import Gift
from engine.rules.errors import IllegalActionError
from tests.engine.rules.fixtures import empty_state, game_map


def _gifts(s) -> list[Gift]:
    return [a for a in s.legal_actions() if isinstance(a, Gift)]


def test_huge_money_lists_two_gifts_per_ally_and_any_amount_is_legal():
    s = empty_state(game_map(), players=4)
    s.money["DE"] = 10**6  # issue 15 finding 3: one action per amount (9.9 GB for 10**12)
    assert _gifts(s) == [Gift("AH", 1), Gift("AH", 10**6 - s.game.ruleset.gift_fee)]
    s.money["DE"] = 10**12
    most = 10**12 - s.game.ruleset.gift_fee
    assert Gift("AH", most) in _gifts(s)
    before = s.money["AH"]
    assert s.problem(Gift("AH", 123_456_789)) is None
    assert s.problem(Gift("AH", most + 1)) is not None
    s.apply_action(Gift("AH", 123_456_789))
    assert s.money["AH"] == before + 123_456_789


def test_no_gift_listed_when_the_fee_eats_the_money():
    s = empty_state(game_map(), players=4)
    s.money["DE"] = s.game.ruleset.gift_fee
    assert _gifts(s) == []
    with pytest.raises(IllegalActionError):
        s.apply_action(Gift("AH", 1))


def test_exactly_one_affordable_amount_is_listed_once():
    s = empty_state(game_map(), players=4)
    s.money["DE"] = s.game.ruleset.gift_fee + 1
    assert _gifts(s) == [Gift("AH", 1)]
