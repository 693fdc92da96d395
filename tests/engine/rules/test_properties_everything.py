"""Random legal play with every special unit AND every variant switched on together (issue
10): the engine's invariants hold (one unit per hex, money never negative, no trench held by
two teams), the game is deterministic by seed, and its history and save replay it."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.rules.actions import Surrender
from engine.rules.dice import Dice, seed_state
from engine.rules.playout import random_action
from engine.rules.serialize import canonical
from engine.rules.state import State
from engine.rules.variants import VARIANTS
from tests.engine.rules.test_powers_random import LAND_SPECIALS, _with_specials
from tests.engine.rules.test_properties import check_invariants
from tests.engine.rules.test_properties_variants import ALL_BUT, _trenches_held_by_one_team

MAX_ROUNDS = 4


def _variants(cards: str) -> tuple[str, ...]:
    """Every registered variant; of the two card variants only `cards` (the first one
    registered decides how fights draw, so each is played in one of the two sets)."""
    return tuple(v for v in VARIANTS if v != ALL_BUT[cards])


def _play(seed: int, variants: tuple[str, ...]) -> State:
    s = _with_specials(seed, variants)
    rng = Dice(seed_state(seed))
    while not s.is_terminal():
        if s.round > MAX_ROUNDS:
            s.apply_action(Surrender())
            break
        check_invariants(s)
        _trenches_held_by_one_team(s)
        s.apply_action(random_action(s, rng))
    check_invariants(s)
    return s


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), cards=st.sampled_from(sorted(ALL_BUT)))
# Seed 123 once put the railway gun on a trench it may not enter (the set-up helper's fault).
@example(seed=123, cards="dice_free")
def test_random_play_with_every_special_unit_and_every_variant(seed, cards):
    variants = _variants(cards)
    s = _play(seed, variants)
    assert {v.id for v in s.game.variant_objects} == set(variants)
    fielded = {u.type.id for u in _with_specials(seed, variants).units.values()}
    assert set(LAND_SPECIALS) | {"fort_turret"} <= fielded
    # deterministic by seed: the same seed plays the same game
    assert canonical(_play(seed, variants).to_json()) == canonical(s.to_json())
    # the history replays to the same state, and the save round-trips
    replay = _with_specials(seed, variants)
    for a in s.history:
        replay.apply_action(a)
    assert canonical(replay.to_json()) == canonical(s.to_json())
    back = State.from_json(s.game, s.to_json())
    assert canonical(back.to_json()) == canonical(s.to_json())
