"""Chance nodes (OpenSpiel style) with `Game(explicit_chance=True)`: every kind of chance
(dice, scatter die, dice-free cards, special draw) lists exact outcomes summing to 1, each
outcome applies, and sampling by the seeded dice reproduces the automatic roll."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from engine.content import load_scenario
from engine.hexes import Hex
from engine.model import Scenario
from engine.paths import CONTENT_DIR
from engine.rules.actions import Action, Attack, Buy, Deal, EndPhase, Fight, Surrender
from engine.rules.chance import (
    CardOutcome,
    ChanceOutcome,
    DealOutcome,
    DrawOutcome,
    RollOffOutcome,
    rolls_off,
)
from engine.rules.dice import Dice
from engine.rules.errors import IllegalActionError, SaveError
from engine.rules.game import Game
from engine.rules.playout import play_random, random_action
from engine.rules.savefile import load_save, write_save
from engine.rules.state import State
from tests.engine.rules.fixtures import empty_state, fort, game_map, put, ruleset, scenario

R = 4


def row(q: int) -> Hex:
    return Hex(q, R)


def _dice_free(cards: int = 10, *more: str) -> dict[str, Any]:
    rs = ruleset()
    rs.variants["dice_free"] = {"enabled": False, "cards": cards, "quantile": "midpoint"}
    return {"rs": rs, "variants": ("dice_free", *more)}


def _trench(explicit: bool, **opts: Any) -> State:
    """Grabenkampf: a damaged car attacks infantry in a trench; a second infantry elsewhere
    in the trench fires back too (engine.rules.trench_fire)."""
    opts.setdefault("variants", ("grabenkampf",))
    m = game_map(terrain={row(q): "trench" for q in range(2, 9)})
    s = empty_state(m, explicit_chance=explicit, **opts)
    car = put(s, "armoured_car", "DE", row(2) + Hex(0, -1), damage=4)
    inf = put(s, "infantry", "FR", row(2), damage=4)
    put(s, "infantry", "FR", row(7), damage=3)
    s.apply_action(EndPhase())
    s.apply_action(Attack(car.id, inf.id))
    s.apply_action(EndPhase())
    return s


def _fight(explicit: bool, **opts: Any) -> State:
    """Armoured car attacks infantry that fires back."""
    s = empty_state(game_map(), explicit_chance=explicit, **opts)
    car = put(s, "armoured_car", "DE", row(1), damage=1)
    inf = put(s, "infantry", "FR", row(2))
    s.apply_action(EndPhase())
    s.apply_action(Attack(car.id, inf.id))
    s.apply_action(EndPhase())
    return s


def _scatter(explicit: bool, **opts: Any) -> State:
    """Big Bertha shoots at infantry with a friendly car and an enemy tank next to it."""
    s = empty_state(game_map(), explicit_chance=explicit, **opts)
    bertha = put(s, "big_bertha", "DE", row(0))
    target = put(s, "infantry", "FR", row(5))
    put(s, "armoured_car", "DE", row(5).neighbor(2))
    put(s, "tank", "FR", row(5).neighbor(4))
    s.apply_action(EndPhase())
    s.apply_action(Attack(bertha.id, target.id))
    s.apply_action(EndPhase())
    return s


def _draw(explicit: bool, **_opts: Any) -> State:
    """DE in its money phase with a fort, money, and water for a gunboat: two specials."""
    forts = [fort("own", [row(3)], [row(2), row(4)], owner="DE")]
    m = game_map(terrain={Hex(8, 8): "water", Hex(9, 8): "water"}, forts=forts)
    s = empty_state(m, explicit_chance=explicit)
    s.money["DE"] = 40
    s.apply_action(EndPhase())
    s.apply_action(EndPhase())
    assert s.phase == "money"
    if explicit:
        s.apply_action(Buy("special", "own"))
    return s


def _setup_step(s: State) -> Action:
    """The first legal setup action (a deterministic full setup)."""
    return next(a for a in s.legal_actions() if not isinstance(a, Surrender))


def _roll_off(explicit: bool, which: int, players: int = 2) -> State:
    """Full setup up to the `which`-th roll-off (1: who places first, 2: who begins)."""
    game = Game(scenario(players=players), seed=4, setup="full", explicit_chance=explicit)
    s = game.new_initial_state()
    while s.is_chance_node():  # the chip deal, sampled like the automatic shuffle
        s.apply_chance(s.sample_chance())
    seen = 0
    while True:
        a = _setup_step(s)
        if rolls_off(s, a):
            seen += 1
            if seen == which:
                if explicit:
                    s.apply_action(a)
                return s
        s.apply_action(a)
        if s.is_chance_node():  # an earlier roll-off: sampled like the automatic roll
            s.apply_chance(s.sample_chance())


def _first_placer(explicit: bool, **_opts: Any) -> State:
    return _roll_off(explicit, 1)


def _first_player(explicit: bool, **_opts: Any) -> State:
    return _roll_off(explicit, 2, players=4)


def _auto_chance(s: State) -> None:
    """What the automatic game does at the same point."""
    if s.phase == "setup":
        s.apply_action(_setup_step(s))
    else:
        s.apply_action(Buy("special", "own") if s.phase == "money" else Fight())


KINDS: dict[str, tuple[Callable[..., State], dict[str, Any], type]] = {
    "dice": (_fight, {}, ChanceOutcome),
    "scatter": (_scatter, {}, ChanceOutcome),
    "cards": (_fight, _dice_free(), CardOutcome),
    "cards_scatter": (_scatter, _dice_free(), CardOutcome),
    "trench": (_trench, {}, ChanceOutcome),
    "trench_cards": (_trench, _dice_free(4, "grabenkampf"), CardOutcome),
    "draw": (_draw, {}, DrawOutcome),
    "first_placer": (_first_placer, {}, RollOffOutcome),
    "first_player": (_first_player, {}, RollOffOutcome),
}


def _facts(s: State) -> dict[str, Any]:
    """Everything of a state except the history and the log (forced actions write
    canonical faces there)."""
    data = s.to_json()
    for key in ("history", "log", "options"):
        del data[key]
    return data


@pytest.mark.parametrize("kind", KINDS)
def test_outcomes_are_exact_and_sum_to_one(kind):
    make, opts, outcome_type = KINDS[kind]
    s = make(True, **opts)
    assert s.is_chance_node() and s.legal_actions() == []
    outcomes = s.chance_outcomes()
    assert len(outcomes) > 1
    assert sum(p for _, p in outcomes) == 1
    assert all(isinstance(o, outcome_type) and isinstance(p, Fraction) and p > 0
               for o, p in outcomes)
    assert len({o for o, _ in outcomes}) == len(outcomes)


@pytest.mark.parametrize("kind", KINDS)
def test_every_outcome_applies_and_its_action_replays(kind):
    make, opts, _ = KINDS[kind]
    s = make(True, **opts)
    for outcome, _p in s.chance_outcomes():
        c = s.clone()
        c.apply_chance(outcome)
        assert not c.is_chance_node()
        if isinstance(outcome, RollOffOutcome):
            rolled = next(e for e in reversed(c.log) if e.kind == "roll")
            assert rolled.winner == outcome.winner
        forced = c.history[-1]
        assert forced == s.chance_action(outcome)
        assert Action.parse(str(forced)) == forced  # the forced form round-trips
        auto = make(False, **opts)  # the forced action replays in an automatic game
        auto.apply_action(forced)
        assert _facts(auto) == _facts(c)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seed", range(12))
def test_sampling_by_the_seeded_dice_reproduces_the_automatic_roll(kind, seed):
    make, opts, _ = KINDS[kind]
    auto, explicit = make(False, **opts), make(True, **opts)
    auto.dice.state = explicit.dice.state = seed * 7919
    _auto_chance(auto)
    outcome = explicit.sample_chance()
    assert outcome in dict(explicit.chance_outcomes())
    explicit.apply_chance(outcome)
    assert _facts(explicit) == _facts(auto)  # same units, money, dice state, phase …
    kinds = [e.kind for e in explicit.log]
    assert kinds == [e.kind for e in auto.log]
    if "combat" in kinds:
        a = next(e for e in auto.log if e.kind == "combat")
        b = next(e for e in explicit.log if e.kind == "combat")
        assert (a.attacker_hits, a.defender_hits, a.cards) == \
               (b.attacker_hits, b.defender_hits, b.cards)


def test_sampling_with_other_dice_leaves_the_state_dice_alone():
    s = _fight(True)
    before = s.dice.state
    s.sample_chance(Dice(5))
    assert s.dice.state == before


def test_no_chance_node_without_the_option():
    for make, opts, _ in KINDS.values():
        s = make(False, **opts)
        assert not s.is_chance_node()
    s = _fight(False)
    assert s.legal_actions() == [Fight(), Surrender()]
    assert sum(p for _, p in s.chance_outcomes()) == 1  # search may still branch on fights


def test_a_player_action_at_a_chance_node_is_refused():
    s = _fight(True)
    with pytest.raises(IllegalActionError, match="chance decides next"):
        s.apply_action(Surrender())
    s.apply_action(Fight())  # plain fight: the seeded dice roll it, as in automatic play
    assert not s.is_chance_node()


def test_a_pending_draw_waits_for_its_outcome():
    s = _draw(True)
    assert s.history[-1] == EndPhase() and isinstance(s.chance_pending, Buy)
    money = s.money["DE"]
    with pytest.raises(IllegalActionError, match="waits for its chance outcome"):
        s.apply_action(EndPhase())
    with pytest.raises(SaveError, match="apply_chance before saving"):
        s.to_json()
    with pytest.raises(IllegalActionError, match="not a possible outcome"):
        s.apply_chance(DrawOutcome("tank"))
    assert s.is_chance_node() and s.money["DE"] == money
    s.apply_chance(DrawOutcome("medic"))
    assert str(s.history[-1]) == "buy special own medic"
    assert any(u.type.id == "medic" for u in s.units.values())
    assert not s.is_chance_node() and s.chance_pending is None


def test_a_forced_draw_outside_the_pool_is_refused_with_a_hint():
    s = _draw(False)
    with pytest.raises(IllegalActionError, match=r"cannot be drawn.*medic"):
        s.apply_action(Action.parse("buy special own tank"))


def test_forced_cards_are_checked():
    s = _fight(False, **_dice_free())
    for text, why in [("fight c11/c1", "cards 1..10, got 11"),
                      ("fight c1/", "draws one of cards 1..10, got None"),
                      ("fight 1,1/1", "dice-free variant draws cards")]:
        with pytest.raises(IllegalActionError, match=why):
            s.apply_action(Action.parse(text))
    plain = _fight(False)
    with pytest.raises(IllegalActionError, match="only with the dice-free variant"):
        plain.apply_action(Action.parse("fight c1/c1"))


def _load_default() -> Scenario:
    return load_scenario(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")


@pytest.mark.parametrize("seed, setup", [(3, "quick"), (8, "full")])
def test_explicit_play_follows_the_automatic_game(seed, setup):
    """A whole random game: the explicit game sampling its own dice at every chance node
    ends exactly where the automatic game ends; its history replays in an automatic game."""
    scen = _load_default()
    games = [Game(scen, seed=seed, setup=setup, explicit_chance=e) for e in (False, True)]
    auto, explicit = (g.new_initial_state() for g in games)
    rngs = [Dice(seed), Dice(seed)]
    nodes = 0
    while explicit.is_chance_node():  # a full setup starts with the chip deal
        nodes += 1
        explicit.apply_chance(explicit.sample_chance())
    while not auto.is_terminal() and len(auto.history) < 800:
        if auto.chance_outcomes():
            auto.apply_action(Fight())
        else:
            auto.apply_action(random_action(auto, rngs[0]))
        if explicit.is_chance_node():
            nodes += 1
            explicit.apply_chance(explicit.sample_chance())
        else:
            explicit.apply_action(random_action(explicit, rngs[1]))
        while explicit.is_chance_node() and explicit.chance_pending is not None:
            nodes += 1
            explicit.apply_chance(explicit.sample_chance())
        assert _facts(explicit) == _facts(auto)
    assert nodes > 0
    if setup == "full":
        assert any(getattr(a, "first", None) for a in explicit.history)  # roll-offs forced
        assert isinstance(explicit.history[0], Deal)  # the chip deal forced
    replay = Game(scen, seed=seed, setup=setup).new_initial_state()
    for action in explicit.history:
        replay.apply_action(Action.parse(str(action)))
    # Forced actions leave the dice alone: only the generator state differs.
    assert _facts(replay) | {"dice_state": ""} == _facts(explicit) | {"dice_state": ""}


def test_forced_roll_off_is_checked():
    s = _first_placer(False)
    last = _setup_step(s)
    with pytest.raises(IllegalActionError, match="no such nation"):
        s.apply_action(replace(last, first="GB"))
    early = _roll_off(False, 1)
    early.apply_action(replace(last, first="FR"))
    assert early.nation == "FR" and early.setup_step == "place"
    s2 = Game(scenario(players=2), seed=4, setup="full").new_initial_state()
    with pytest.raises(IllegalActionError, match="no roll-off follows"):
        s2.apply_action(replace(_setup_step(s2), first="DE"))
    assert Action.parse("assign DE-infantry-1 2 first=FR").first == "FR"
    assert str(Action.parse("place 3 first=DE")) == "place 3 first=DE"


def test_an_explicit_chance_game_saves_and_loads_with_its_option(tmp_path):
    path = CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml"
    s = Game(load_scenario(path), seed=2, setup="quick", explicit_chance=True).new_initial_state()
    s.game.source = path
    write_save(s, tmp_path / "game.json")
    loaded = load_save(tmp_path / "game.json")
    assert loaded.game.explicit_chance and loaded.to_json() == s.to_json()
    plain = Game(load_scenario(path), seed=2, setup="quick").new_initial_state()
    assert "explicit_chance" not in plain.to_json()["options"]  # old saves stay byte-identical


def test_random_playout_resolves_chance_nodes_and_replays():
    scen = _load_default()
    s = Game(scen, seed=5, setup="full", explicit_chance=True).new_initial_state()
    play_random(s, seed=5, max_rounds=6)
    assert s.is_terminal()
    assert any(isinstance(a, Fight) and a.forced for a in s.history)
    replay = Game(scen, seed=5, setup="full").new_initial_state()
    for action in s.history:
        replay.apply_action(action)
    assert replay.is_terminal() and replay.winner() == s.winner()


@pytest.mark.parametrize("players", [2, 4])
def test_the_chip_deal_is_a_chance_node_step_by_step(players):
    game = Game(scenario(players=players), seed=6, setup="full", explicit_chance=True)
    s = game.new_initial_state()
    auto = Game(scenario(players=players), seed=6, setup="full").new_initial_state()
    n = len(game.start_numbers)
    assert s.is_chance_node() and s.chips == {} and s.legal_actions() == []
    with pytest.raises(IllegalActionError, match="chips are being dealt"):
        s.apply_action(_setup_step(auto))
    with pytest.raises(SaveError, match="being dealt"):
        s.to_json()
    steps = 0
    while s.is_chance_node():
        outcomes = s.chance_outcomes()
        assert len(outcomes) == n - steps and sum(p for _, p in outcomes) == 1
        for outcome, _p in outcomes:  # every step applies
            s.clone().apply_chance(outcome)
        s.apply_chance(s.sample_chance())
        steps += 1
    assert steps == n - 1
    # Sampling by the seeded dice deals exactly what the automatic shuffle dealt.
    assert s.chips == auto.chips and s.dice.state == auto.dice.state
    assert s.history == [Deal(tuple(c for nation in game.nations for c in auto.chips[nation]))]
    with pytest.raises(IllegalActionError, match="not a possible outcome"):
        Game(scenario(players=players), seed=6, setup="full",
             explicit_chance=True).new_initial_state().apply_chance(DealOutcome(n))


def test_a_forced_deal_replays_and_is_checked():
    auto = Game(scenario(players=2), seed=6, setup="full").new_initial_state()
    order = tuple(sorted(auto.game.start_numbers, reverse=True))
    with pytest.raises(IllegalActionError, match="each start number of the game once"):
        auto.apply_action(Deal((*order[:-1], 99)))
    auto.apply_action(Action.parse("deal " + ",".join(map(str, order))))
    assert auto.chips[auto.game.nations[0]] == list(order[:3])
    with pytest.raises(IllegalActionError, match="dealt once"):
        auto.apply_action(Deal(order))


def test_trench_outcomes_carry_each_comrades_roll():
    dice = _trench(True).chance_outcomes()
    assert all(len(o.comrade_hits) == 1 for o, _p in dice)
    assert len({o.comrade_hits for o, _p in dice}) > 1  # grouped by the damage they deal
    cards = _trench(True, **_dice_free(4, "grabenkampf")).chance_outcomes()
    assert {o.comrade_cards for o, _p in cards} == {(1,), (2,), (3,), (4,)}
