"""Dice as chance outcomes: forced `fight` faces, `chance_outcomes` and `apply_chance`."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.hexes import Hex
from engine.paths import CONTENT_DIR
from engine.rules import combat
from engine.rules.actions import (
    Action,
    Assign,
    Attack,
    Buy,
    EndPhase,
    Fight,
    Headquarters,
    Place,
)
from engine.rules.chance import CardOutcome, ChanceOutcome
from engine.rules.dice import Dice
from engine.rules.errors import ActionParseError, IllegalActionError
from engine.rules.game import Game
from engine.rules.odds import hit_distribution, odds
from engine.rules.playout import random_action
from engine.rules.serialize import state_hash
from engine.rules.state import State
from tests.engine.rules.fixtures import empty_state, game_map, put

R = 4
CAR = (2, 8, 6, 9, 7, 11, 3, 12, 2, 4)
INFANTRY = (1, 2, 3, 6, 8, 8, 5, 4, 12, 11, 7)


def row(q: int) -> Hex:
    return Hex(q, R)


def _worked_example() -> tuple[State, str, str]:
    """RULES §5.4 through the whole engine: a German armoured car (3 damage, veteran with
    3 XP, pincer) attacks British infantry in forest (1 damage, recruit, fires back)."""
    s = empty_state(game_map(terrain={row(2): "forest"}), players=4)
    car = put(s, "armoured_car", "DE", row(1), damage=3, xp=3)
    inf = put(s, "infantry", "GB", row(2), damage=1)
    put(s, "infantry", "DE", Hex(2, R - 1))  # touches the target, not opposite: pincer
    s.apply_action(EndPhase())
    s.apply_action(Attack(car.id, inf.id))
    s.apply_action(EndPhase())
    assert s.phase == "combat"
    return s, car.id, inf.id


def _bertha() -> tuple[State, str, str]:
    s = empty_state(game_map())
    bertha = put(s, "big_bertha", "DE", row(0))
    target = put(s, "infantry", "FR", row(5))
    s.apply_action(EndPhase())
    s.apply_action(Attack(bertha.id, target.id))
    s.apply_action(EndPhase())
    return s, bertha.id, target.id


# --- the text form ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "fight", "fight 2,8,6,9,7,11,3,12,2,4/1,2,3,6,8,8,5,4,12,11,7", "fight 3,12/",
    "fight /", "fight 4,9//5", "fight //2", "fight c3/c7", "fight c3/", "fight c1/c10/4",
    "buy special f1 medic", "assign DE-infantry-1 2 first=FR", "place 3 first=DE",
    "hq 7 first=AH",
])
def test_fight_text_round_trips(text):
    a = Action.parse(text)
    assert str(a) == text
    assert Action.parse(str(a)) == a
    names = {"Fight": Fight, "Buy": Buy, "Assign": Assign, "Place": Place,
             "Headquarters": Headquarters}
    assert eval(repr(a), names) == a  # repr rebuilds the action


def test_plain_fight_is_unchanged():
    assert Action.parse("fight") == Fight() and repr(Fight()) == "Fight()"
    assert not Fight().forced and Fight((), ()).forced
    assert Fight([1, 2], [3]) == Fight((1, 2), (3,))


@pytest.mark.parametrize("text", ["fight 1,2", "fight 1/2/3/4", "fight 1,,2/", "fight a/1",
                                  "fight 1/2/x", "fight 1/ 2", "fight c3/7", "fight 3/c7",
                                  "fight cx/c1", "fight c/c1", "buy tank f1 medic",
                                  "place 3 first=", "assign U 2 first=x y"])
def test_bad_fight_text_is_refused_with_a_hint(text):
    with pytest.raises(ActionParseError):
        Action.parse(text)


# --- forced dice through the engine ----------------------------------------------------------


def test_worked_example_with_forced_dice():
    s, car, inf = _worked_example()
    dice_state = s.dice.state
    s.apply_action(Action.parse(f"fight {','.join(map(str, CAR))}/"
                                f"{','.join(map(str, INFANTRY))}"))
    event = next(e for e in s.log if e.kind == "combat")
    assert event.attacker_dice == CAR and event.defender_dice == INFANTRY
    assert event.bonus == "pincer" and event.bonus_dice == 2
    # 5 hits on <= 6 against infantry in forest: 2 damage; 2 hits on <= 2: 1 damage.
    assert (event.damage_to_defender, event.damage_to_attacker) == (2, 1)
    assert (s.units[inf].damage, s.units[car].damage) == (1 + 2, 3 + 1)
    assert (s.units[car].xp, s.units[inf].xp) == (4, 1)
    assert s.dice.state == dice_state  # forced faces leave the seeded dice untouched
    assert s.phase == "money"


@pytest.mark.parametrize("attacker, defender, why", [
    (CAR[:-1], INFANTRY, "the attacker rolls 10 dice, 9 faces given"),
    (CAR, (*INFANTRY, 3), "the defender rolls 11 dice, 12 faces given"),
    (CAR, (), "the defender rolls 11 dice, 0 faces given"),
    ((13, *CAR[1:]), INFANTRY, "attacker face 13 is not a d12 face 1..12"),
    (CAR, (0, *INFANTRY[1:]), "defender face 0 is not a d12 face 1..12"),
])
def test_wrong_forced_faces_are_refused_with_a_reason(attacker, defender, why):
    s, _, _ = _worked_example()
    before = state_hash(s)
    with pytest.raises(IllegalActionError) as exc:
        s.apply_action(Fight(attacker, defender))
    assert why in exc.value.reason
    assert state_hash(s) == before


def test_reason_explains_the_dice_count():
    s, car, inf = _worked_example()
    with pytest.raises(IllegalActionError) as exc:
        s.apply_action(Fight((1,), ()))
    assert (f"{car} rolls 8 dice for damage 3 + 2 pincer dice; "
            f"{inf} fires back with 11 dice") in exc.value.reason


def test_no_return_fire_needs_empty_defender_faces():
    s = empty_state(game_map())
    mortar = put(s, "heavy_mortar", "DE", row(0))
    target = put(s, "infantry", "FR", row(3))
    s.apply_action(EndPhase())
    s.apply_action(Attack(mortar.id, target.id))
    s.apply_action(EndPhase())
    n = combat.dice_count(s.game.ruleset, 0)
    outcomes = s.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1 and all(o.defender_hits == 0 for o, _ in outcomes)
    assert len(outcomes) == n + 1  # heavy mortar's hit value is below 12: 0..n hits
    with pytest.raises(IllegalActionError, match="does not fire back"):
        s.apply_action(Fight((12,) * n, (1,)))
    s.apply_action(Fight((12,) * n, ()))
    assert next(e for e in s.log if e.kind == "combat").defender_dice == ()


def test_scatter_die_is_forced_as_a_third_part():
    s, _, _ = _bertha()
    with pytest.raises(IllegalActionError, match="scatter die first"):
        s.apply_action(Fight((1,), ()))
    with pytest.raises(IllegalActionError, match="scatter die face 13"):
        s.apply_action(Fight((1,), (), 13))
    # Face 1 sends the shot to direction 0, an empty hex: no combat dice at all.
    with pytest.raises(IllegalActionError, match="empty hex"):
        s.apply_action(Fight((1,), (), 1))
    s.apply_action(Action.parse("fight //1"))
    assert next(e for e in s.log if e.kind == "scatter").lands_on is None
    assert not any(e.kind == "combat" for e in s.log)


def test_scatter_on_target_then_forced_dice():
    s, _, target = _bertha()
    n = combat.dice_count(s.game.ruleset, 0)
    s.apply_action(Fight((1,) * n, (), 9))
    fought = next(e for e in s.log if e.kind == "combat")
    assert fought.defender == target and fought.attacker_dice == (1,) * n


def test_no_scatter_part_for_a_unit_that_does_not_scatter():
    s, _, _ = _worked_example()
    with pytest.raises(IllegalActionError, match="no scatter die"):
        s.apply_action(Fight(CAR, INFANTRY, 4))


def test_lost_attack_takes_no_faces():
    s, _, inf = _worked_example()
    s.remove_unit(s.units[inf])
    with pytest.raises(IllegalActionError, match="attack is lost"):
        s.apply_action(Fight(CAR, INFANTRY))
    s.apply_action(Action.parse("fight /"))
    assert any(e.kind == "attack_lost" for e in s.log)
    assert not any(e.kind == "combat" for e in s.log) and s.phase == "money"


def test_dice_free_refuses_forced_dice():
    s = empty_state(game_map(), rs=_dice_free_ruleset(), variants=("dice_free",))
    car = put(s, "armoured_car", "DE", row(1))
    inf = put(s, "infantry", "FR", row(2))
    s.apply_action(EndPhase())
    s.apply_action(Attack(car.id, inf.id))
    s.apply_action(EndPhase())
    with pytest.raises(IllegalActionError, match="dice-free"):
        s.apply_action(Fight((1,) * 12, (1,) * 12))
    # Cards are chance outcomes of their own (tests/engine/rules/test_chance_nodes.py).
    assert all(isinstance(o, CardOutcome) for o, _ in s.chance_outcomes())


def _dice_free_ruleset():
    from tests.engine.rules.fixtures import ruleset

    rs = ruleset()
    rs.variants["dice_free"] = {"enabled": False, "cards": 10, "quantile": "midpoint"}
    return rs


# --- chance outcomes -------------------------------------------------------------------------


def test_no_chance_outcomes_outside_a_fight():
    s = empty_state(game_map())
    assert not s.is_chance_node() and s.chance_outcomes() == []
    with pytest.raises(IllegalActionError, match="not a possible outcome"):
        s.apply_chance(ChanceOutcome(0, 0))


def test_worked_example_outcomes_match_the_odds():
    s, car, inf = _worked_example()
    outcomes = s.chance_outcomes()
    assert not s.is_chance_node()
    assert sum(p for _, p in outcomes) == 1
    assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
    # Marginals are the exact binomials of odds.hit_distribution: 10 dice at 6, 11 at 2.
    dealt = [sum(p for o, p in outcomes if o.attacker_hits == h) for h in range(11)]
    taken = [sum(p for o, p in outcomes if o.defender_hits == h) for h in range(12)]
    assert tuple(dealt) == hit_distribution(10, 6)
    assert tuple(taken) == hit_distribution(11, 2)
    # Independent sides: each joint probability is the product of the marginals.
    assert dict(outcomes)[ChanceOutcome(5, 2)] == dealt[5] * taken[2]
    # The damage odds the engine reports for the same attack agree.
    fa, fd = s.fighter(s.units[car]), s.fighter(s.units[inf])
    expected = odds(s.game.ruleset, fa, fd, 1, 2)
    for k, p in enumerate(expected.damage_dealt):
        mine = sum(q for o, q in outcomes
                   if min(combat.damage_from_hits(fd, o.attacker_hits),
                          combat.damage_room(s.game.ruleset, fd)) == k)
        assert float(mine) == pytest.approx(p, abs=1e-15)


@pytest.mark.parametrize("pick", [ChanceOutcome(0, 0), ChanceOutcome(5, 2),
                                  ChanceOutcome(10, 11), ChanceOutcome(3, 0)])
def test_applying_an_outcome_gives_its_damage(pick):
    s, car, inf = _worked_example()
    rs = s.game.ruleset
    fa, fd = s.fighter(s.units[car]), s.fighter(s.units[inf])
    to_def = min(combat.damage_from_hits(fd, pick.attacker_hits), combat.damage_room(rs, fd))
    to_att = min(combat.damage_from_hits(combat.as_attacker(fa), pick.defender_hits),
                 combat.damage_room(rs, fa))
    s.apply_chance(pick)
    event = next(e for e in s.log if e.kind == "combat")
    assert (event.damage_to_defender, event.damage_to_attacker) == (to_def, to_att)
    assert event.attacker_dice.count(1) == pick.attacker_hits
    assert event.defender_dice.count(1) == pick.defender_hits
    assert isinstance(s.history[-1], Fight) and s.history[-1].forced


def test_every_outcome_applies_and_hits_count():
    s, _, _ = _worked_example()
    for outcome, _p in s.chance_outcomes():
        c = s.clone()
        c.apply_chance(outcome)
        event = next(e for e in c.log if e.kind == "combat")
        assert event.attacker_dice.count(1) == outcome.attacker_hits
        assert event.defender_dice.count(1) == outcome.defender_hits


def test_impossible_outcome_is_refused():
    s, _, _ = _worked_example()
    with pytest.raises(IllegalActionError, match="not a possible outcome"):
        s.apply_chance(ChanceOutcome(11, 0))


def test_big_bertha_outcomes_include_the_landing():
    s, bertha, _ = _bertha()
    friend = put(s, "armoured_car", "DE", row(5).neighbor(2))
    outcomes = s.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1
    by_landing: dict[int | None, Fraction] = {}
    for o, p in outcomes:
        by_landing[o.landing] = by_landing.get(o.landing, 0) + p
    # Recruit: faces 1..6 send the shot to direction face-1, 7..12 hit the target.
    assert by_landing == {None: Fraction(6, 12), **{d: Fraction(1, 12) for d in range(6)}}
    assert ChanceOutcome(0, 0, 0) in dict(outcomes)  # the empty hex in direction 0
    n = combat.dice_count(s.game.ruleset, 0)
    value = combat.hit_value(s.game.ruleset, s.fighter(s.units[bertha]),
                             s.fighter(friend))
    on_friend = [p * 12 for o, p in outcomes if o.landing == 2]
    assert tuple(on_friend) == tuple(q for q in hit_distribution(n, value) if q)
    for outcome, _p in outcomes:  # every outcome, including the empty hexes, applies
        c = s.clone()
        c.apply_chance(outcome)
        assert c.phase == "money" and c.history[-1].scatter is not None
    s.apply_chance(ChanceOutcome(1, 0, 2))
    assert str(s.history[-1]) == f"fight 1{',12' * (n - 1)}//3"
    assert next(e for e in s.log if e.kind == "combat").defender == friend.id


# --- replay ----------------------------------------------------------------------------------


def _play_with_forced_fights(seed: int, steps: int) -> State:
    game = Game(_scenario(), seed=seed, setup="quick")
    s = game.new_initial_state()
    rng = Dice(seed)
    fights = 0
    while not s.is_terminal() and len(s.history) < steps:
        outcomes = s.chance_outcomes()
        if outcomes:
            fights += 1
            if fights % 2:
                s.apply_chance(outcomes[rng.below(len(outcomes))][0])
            else:
                s.apply_action(Fight())
        else:
            s.apply_action(random_action(s, rng))
    assert any(isinstance(a, Fight) and a.forced for a in s.history)
    return s


def _scenario():
    from engine.content import load_scenario

    return load_scenario(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")


def test_replay_with_forced_fights_is_identical():
    s = _play_with_forced_fights(seed=11, steps=600)
    texts = [str(a) for a in s.history]
    again = Game(_scenario(), seed=11, setup="quick").new_initial_state()
    for text in texts:
        again.apply_action(Action.parse(text))
    assert state_hash(again) == state_hash(s)
    loaded = State.from_json(s.game, s.to_json())
    assert state_hash(loaded) == state_hash(s)


# --- the CLI ---------------------------------------------------------------------------------


def test_cli_applies_forced_fight(tmp_path, capsys):
    import json

    from engine.rules.savefile import new_game, write_save
    from tcstudio.cli import main

    s = new_game(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml", seed=5)
    rng = Dice(5)
    while not any(o.attacker_hits for o, _ in s.chance_outcomes()):
        assert not s.is_terminal() and len(s.history) < 2000
        s.apply_action(Fight() if s.chance_outcomes() else random_action(s, rng))
    path = tmp_path / "game.json"
    write_save(s, path)
    best = max(s.chance_outcomes(), key=lambda op: op[0].attacker_hits)[0]
    text = str(s.chance_action(best))
    assert main(["rules", "apply", str(path), text, "--out", str(tmp_path / "b.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["history"][-1] == text
    s.apply_action(Action.parse(text))
    assert out["log"] == [e.to_json() for e in s.log]
    wrong = text.split("/")[0] + ",1/" + text.split("/")[1]
    assert main(["rules", "apply", str(path), wrong]) == 1
    err = capsys.readouterr().err
    assert "is illegal" in err and "faces given" in err
