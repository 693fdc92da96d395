"""Audit of money, victory and the shipped edition rulesets against 002 "Geldgeschäfte",
"Siegbedingung" and 003 "Kriegsanleihen", "Gewonnen hat das Team ...".
"""

from __future__ import annotations

import pytest

from engine.content import load_scenario
from engine.hexes import Hex
from engine.paths import PROJECT_ROOT
from engine.rules.actions import Buy, Capture, EndPhase, Enter, Gift, Repair
from engine.rules.errors import IllegalActionError
from engine.rules.game import Game
from tests.engine.rules.fixtures import empty_state, fort, game_map, put, ruleset

R = 4


def row(q: int) -> Hex:
    return Hex(q, R)


def _to_money(s) -> None:
    s.apply_action(EndPhase())
    s.apply_action(EndPhase())
    assert s.phase == "money"


@pytest.mark.parametrize(("scenario", "income", "ah_start", "repair_mode"), [
    ("default-4p.scenario.yaml", 1, 0, "flat"),
    ("default-4p-earlier.scenario.yaml", 3, 3, "card"),
])
def test_shipped_editions_income_start_money_and_repair(scenario, income, ah_start,
                                                        repair_mode):
    # 002: "Für jedes besetzte Fort gibt es am Ende des Zuges 1 🪙"; "pauschalen 2 🪙".
    # 003: "3 Kriegsanleihen" per fort; "Österreich-Ungarn nimmt sich als einziger Spieler 3
    # Kriegsanleihen"; "Die pauschalen Reparaturkosten (Kosten siehe Truppenkarte)".
    sc = load_scenario(PROJECT_ROOT / "content" / "scenarios" / scenario)
    rs = sc.ruleset
    assert rs.income_per_fort == income and rs.gift_fee == 1
    assert rs.repair_mode == repair_mode
    s = Game(sc, seed=3, setup="quick").new_initial_state()
    assert s.money["AH"] == ah_start and s.money["DE"] == s.money["FR"] == s.money["GB"] == 0
    assert rs.forts_to_win[2] == 5 and rs.forts_to_win[4] == 9
    assert rs.elimination_victory is (rs.edition == "earlier")
    infantry = sc.catalog.units["infantry"]
    assert infantry.cost[rs.currency] == (2 if rs.edition == "current" else 7)
    assert sc.catalog.units["mounted_infantry"].cost[rs.currency] == (
        3 if rs.edition == "current" else 9)


@pytest.mark.parametrize("per_fort", [1, 3])
def test_income_per_held_fort_by_edition(per_fort):
    forts = [fort(f"f{k}", [Hex(2 * k, 1)], [Hex(2 * k - 1, 1), Hex(2 * k + 1, 1)],
                  owner=o) for k, o in enumerate(("DE", "DE", "AH", "FR"), start=1)]
    s = empty_state(game_map(forts=forts), players=4, rs=ruleset(income_per_fort=per_fort))
    before = s.money["DE"]
    _to_money(s)
    assert s.money["DE"] - before == 2 * per_fort  # own forts only, not the ally's


def test_repair_only_for_a_unit_in_the_fort_since_the_start_of_the_turn():
    # 002: "Die Einheiten müssen sich dazu bereits zu Beginn des Zuges im Fort befunden
    # haben. Die pauschalen 2 🪙 ... Die Erfahrungspunkte bleiben erhalten."
    s = empty_state(game_map(forts=[fort("f1", [row(4)], [row(3), row(5)], owner="DE")]))
    s.money["DE"] = 10
    car = put(s, "armoured_car", "DE", row(2), damage=3, xp=4)
    s.apply_action(Enter(car.id, "f1"))
    _to_money(s)
    with pytest.raises(IllegalActionError, match="since the start of the turn"):
        s.apply_action(Repair(car.id))
    s.apply_action(EndPhase())  # FR's turn
    s.apply_action(EndPhase())
    s.apply_action(EndPhase())
    s.apply_action(EndPhase())
    assert s.nation == "DE" and car.fort == "f1"
    _to_money(s)
    money = s.money["DE"]
    s.apply_action(Repair(car.id))
    assert car.damage == 0 and car.xp == 4 and s.money["DE"] == money - 2


def test_buying_into_any_own_fort_only():
    # 002: "werden die neuen Einheiten in ein beliebiges eigenes Fort gesetzt"
    forts = [fort("own", [Hex(2, 1)], [Hex(1, 1), Hex(3, 1)], owner="DE"),
             fort("ally", [Hex(6, 1)], [Hex(5, 1), Hex(7, 1)], owner="AH"),
             fort("free", [Hex(10, 1)], [Hex(9, 1), Hex(11, 1)], owner="neutral")]
    s = empty_state(game_map(forts=forts), players=4)
    s.money["DE"] = 20
    _to_money(s)
    for where in ("ally", "free"):
        with pytest.raises(IllegalActionError, match="not one of your forts"):
            s.apply_action(Buy("infantry", where))
    s.apply_action(Buy("infantry", "own"))
    bought = [u for u in s.units.values() if u.nation == "DE"][-1]
    assert bought.fort == "own" and s.money["DE"] == 20 + 1 - 2
    assert bought.moved and bought.done  # a bought unit waits for the next turn


def test_gifts_only_to_an_ally_and_each_costs_one_to_the_bank():
    # 002: "bei jeder Schenkung geht allerdings pauschal 1 🪙 an die Bank"
    s = empty_state(game_map(), players=4)
    s.money.update(DE=5, AH=0, FR=0)
    s.apply_action(Gift("AH", 3))
    assert s.money["DE"] == 1 and s.money["AH"] == 3
    with pytest.raises(IllegalActionError):
        s.apply_action(Gift("AH", 1))  # 1 + fee 1 > 1
    with pytest.raises(IllegalActionError, match="not your ally"):
        s.apply_action(Gift("FR", 0 + 1))


def _forts(n: int, owner: str):
    return [fort(f"f{k}", [Hex(2 * k, 1)], [Hex(2 * k - 1, 1), Hex(2 * k + 1, 1)],
                 owner=owner) for k in range(1, n + 1)]


@pytest.mark.parametrize(("players", "need"), [(2, 5), (4, 9)])
def test_forts_to_win_by_player_count(players, need):
    # 002: "das 9 der 14 Forts durch das eigene Team besetzt (bzw. 5 von 7 bei 2 Spielern)"
    last = fort("last", [Hex(4, 6)], [Hex(3, 6), Hex(5, 6)], owner="neutral")
    forts = [*_forts(need - 1, "DE"), last]
    s = empty_state(game_map(width=24, forts=forts), players=players)
    assert not s.is_terminal()
    s.check_victory()
    assert not s.is_terminal()  # need - 1 forts are not enough
    inf = put(s, "infantry", "DE", Hex(3, 7))
    s.apply_action(Capture(inf.id, "last"))
    assert s.is_terminal() and s.winner() == "central" and s.reason == "forts"


def test_four_player_team_count_includes_the_allys_forts():
    forts = _forts(4, "DE")
    forts += [fort(f"a{k}", [Hex(2 * k, 9)], [Hex(2 * k - 1, 9), Hex(2 * k + 1, 9)],
                   owner="AH") for k in range(1, 5)]
    forts.append(fort("last", [Hex(4, 6)], [Hex(3, 6), Hex(5, 6)], owner="FR"))
    s = empty_state(game_map(width=24, forts=forts), players=4)
    inf = put(s, "infantry", "DE", Hex(3, 7))
    s.apply_action(Capture(inf.id, "last"))
    assert s.winner() == "central"


@pytest.mark.parametrize("earlier", [True, False])
def test_elimination_victory_only_in_the_earlier_edition(earlier):
    # 003: "oder alle kampfähigen Einheiten des gegnerischen Teams vernichtet hat"
    s = empty_state(game_map(), rs=ruleset(elimination_victory=earlier))
    car = put(s, "armoured_car", "DE", row(1))
    last = put(s, "infantry", "FR", row(2), damage=5)
    put(s, "transport", "FR", row(8))  # cannot fight: does not keep FR in the game

    class AllHit:
        def roll(self, n: int) -> tuple[int, ...]:
            return (1,) * n

    s.dice = AllHit()
    from engine.rules.actions import Attack, Fight

    s.apply_action(EndPhase())
    s.apply_action(Attack(car.id, last.id))
    s.apply_action(EndPhase())
    s.apply_action(Fight())
    assert last.id not in s.units
    assert s.is_terminal() is earlier
    if earlier:
        assert s.winner() == "central" and s.reason == "elimination"


def test_units_in_a_fort_keep_a_team_from_elimination():
    s = empty_state(game_map(forts=[fort("f1", [row(9)], [row(8), row(10)], owner="FR")]),
                    rs=ruleset(elimination_victory=True))
    put(s, "infantry", "FR", "f1")
    put(s, "armoured_car", "DE", row(1))
    s.check_victory()
    assert not s.is_terminal()
