"""The fast action listings against their rules: every purchase and attack `legal_actions`
lists is exactly what the checked predicates (`buy_problem`, `attack_problem`) allow, in the
same order, in every money and declare phase of seeded random games (2 and 4 players, the
earlier edition, co-op, the unit limit on)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from engine.content import load_scenario
from engine.paths import CONTENT_DIR
from engine.rules import battle, coop, declare, money
from engine.rules.abilities import powers
from engine.rules.actions import SPECIAL, Action, Attack, Buy, Repair
from engine.rules.dice import Dice, seed_state
from engine.rules.game import Game
from engine.rules.playout import random_action
from engine.rules.state import State

SCENARIOS = CONTENT_DIR / "scenarios"


def _game(name: str, seed: int, *, coop_pair: str | None = None, limit: bool = False,
          variants: tuple[str, ...] = ()) -> Game:
    sc = load_scenario(SCENARIOS / f"{name}.scenario.yaml")
    if limit:
        sc = dataclasses.replace(sc, ruleset=dataclasses.replace(
            sc.ruleset, unit_limit_enabled=True, unit_limit_max=2))
    return Game(sc, seed=seed, setup="quick", coop=coop_pair, variants=variants)


def _states(game: Game, seed: int, max_rounds: int = 12) -> Iterator[State]:
    """Every state of a seeded random game (the same moves `play_random` makes), each player
    starting with 40 coins and a fort (a neutral one when it holds none) so that purchases,
    unit limits and special units come up."""
    s = game.new_initial_state()
    for nation in s.money:
        s.money[nation] = 40
        neutral = sorted(f for f, o in s.fort_owner.items() if o == "neutral")
        if nation not in s.fort_owner.values() and neutral:
            s.fort_owner[neutral[0]] = nation
    rng = Dice(seed_state(f"player:{seed}"))
    while not s.is_terminal() and s.round <= max_rounds:
        yield s
        s.apply_unchecked(random_action(s, rng))


def _money_reference(s: State) -> list[Action]:
    """The purchases and repairs as the rules say them: each one `buy_problem` (or
    `repair_problem`) lets through."""
    nation = s.nation
    out: list[Action] = [Repair(u.id) for u in s.units.values()
                         if money.repair_problem(s, u) is None]
    forts = sorted(f for f, o in s.fort_owner.items() if o == nation)
    partner = s.game.partner_of.get(nation)
    for utype in s.game.catalog.units.values():
        if coop.flag_for(s.game, nation, utype, None) is None:
            continue
        if money.buy_problem(s, utype.id, None) is not None:
            continue
        if powers(utype).bought_on_water:
            board = s.game.board
            out.extend(Buy(utype.id, f"{board.hexes[i].q},{board.hexes[i].r}")
                       for i in board.open_water if i not in s.occ)
        else:
            out.extend(Buy(utype.id, f) for f in forts)
            if partner in utype.nations and nation in utype.nations \
                    and money.buy_problem(s, utype.id, None, partner) is None:
                out.extend(Buy(utype.id, f, flag=partner) for f in forts)
    if forts and money.buy_problem(s, SPECIAL, None) is None:
        out.extend(Buy(SPECIAL, f) for f in forts)
    return out


def _attack_reference(s: State) -> list[Action]:
    """Every (own unit, enemy in id order) pair `attack_problem` lets through."""
    nation = s.nation
    targets = sorted((u for u in s.units.values()), key=lambda u: u.id)
    return [Attack(a.id, d.id) for a in s.units.values() if a.nation == nation
            for d in targets if battle.attack_problem(s, a, d) is None]


CASES = [
    ("default-2p", 38, None, False, ()),  # fort turrets firing from their forts too
    ("default-2p", 7, None, True, ()),
    ("default-4p", 3, None, False, ()), ("default-4p-earlier", 4, None, True, ()),
    ("default-2p", 5, "france+britain", True, ()), ("default-4p", 6, None, True, ()),
    # Grabenkampf: attack distances over trenches (long hexes)
    ("default-4p-earlier", 8, None, False, ("grabenkampf",)),
]


@pytest.mark.parametrize(("name", "seed", "pair", "limit", "variants"), CASES)
def test_listings_match_the_predicates(name, seed, pair, limit, variants):
    seen = {"money": 0, "declare": 0, "buys": 0, "attacks": 0, "repairs": 0}
    game = _game(name, seed, coop_pair=pair, limit=limit, variants=variants)
    for s in _states(game, seed):
        if s.phase == "money":
            listed = money.money_actions(s)
            assert listed == _money_reference(s), (s.round, s.nation)
            seen["money"] += 1
            seen["buys"] += sum(isinstance(a, Buy) for a in listed)
            seen["repairs"] += sum(isinstance(a, Repair) for a in listed)
        elif s.phase == "declare" and s.pending_unload is None:
            listed = declare.attack_actions(s)
            assert listed == _attack_reference(s), (s.round, s.nation)
            seen["declare"] += 1
            seen["attacks"] += len(listed)
    # the games must reach the listings, or the comparison proves nothing
    assert min(seen.values()) > 0, seen


def test_money_actions_outside_the_money_phase_is_empty():
    s = _game("default-2p", 1).new_initial_state()
    assert s.phase == "move"
    assert money.money_actions(s) == []
