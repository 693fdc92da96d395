"""Co-op (RULES §9.1 from seed 002, §9.2 from seed 004): two allied nations play one seat.

Each test names the sentence of the German original it checks. 004 "Kooperativ spielen":
"Die Spieler machen beide ihre gesamte Bewegung und kämpfen zusammen in einer Runde … So
können beispielsweise verbündete Einheiten einer Nationalität flankierende oder einkesselnde
Einheiten für die Angriffe der anderen Nationalität bereitstellen, Truppentransporte einer
Nationalität können alliierte Einheiten der anderen Nationalität befördern"; "Kriegsanleihen
… gemeinsamen verbündeten Pool"; "eroberte Forts werden miteinander kombiniert". 002: "Forts
und Münzen gehören beiden zugleich"; "jeder Spieler erhält nur 1 verdeckten Startmarker …
Der dritte … kann geteilt werden".
"""

from __future__ import annotations

import dataclasses

import pytest

from engine.content import load_scenario
from engine.hexes import Hex
from engine.paths import CONTENT_DIR
from engine.rules import coop
from engine.rules.actions import (
    Action,
    Assign,
    Attack,
    BoardTransport,
    Buy,
    Capture,
    EndPhase,
    Move,
)
from engine.rules.battle import melee_support
from engine.rules.events import MoneyGiven
from engine.rules.game import Game, ScenarioError
from engine.rules.phase import Phase
from engine.rules.state import State, Unit
from tests.engine.rules.fixtures import empty_state, fort, game_map, ruleset
from tests.engine.rules.fixtures import scenario as fixture_scenario

SCENARIOS = CONTENT_DIR / "scenarios"
R = 4


def joint(**options) -> State:
    """An empty test board in round 5, FR+GB's joint seat to move."""
    return empty_state(to_act="FR", coop="FR+GB", **options)


def add(s: State, type_id: str, flag: str, at: Hex, **fields) -> Unit:
    """A unit of `flag` (DE, FR or the partner GB of FR's seat) on hex `at`."""
    seat = s.game.seat_of[flag]
    u = s.add_unit(s.game.catalog.units[type_id], seat, None if flag == seat else flag)
    i = s.game.board.index_of[at]
    u.pos = i
    s.occ[i] = u
    for k, v in fields.items():
        setattr(u, k, v)
    return u


# --- the joint seat ---------------------------------------------------------------------------


def test_the_partner_plays_the_leads_seat_and_keeps_its_nationality():
    s = joint()
    gb = add(s, "infantry", "GB", Hex(3, R))
    assert s.game.nations == ["DE", "FR"]  # still two seats
    assert (gb.id, gb.nation, gb.flag, gb.team) == ("GB-infantry-1", "FR", "GB", "entente")
    assert s.game.partner_of == {"FR": "GB"}


def test_one_joint_turn_moves_units_of_both_nations():
    """004: "Die Spieler machen beide ihre gesamte Bewegung … zusammen in einer Runde"."""
    s = joint()
    fr = add(s, "tank", "FR", Hex(2, R))
    gb = add(s, "infantry", "GB", Hex(6, R))
    add(s, "infantry", "DE", Hex(11, R))
    movers = {a.unit for a in s.legal_actions() if isinstance(a, Move)}
    assert {fr.id, gb.id} <= movers
    s.apply_action(Move(gb.id, Hex(7, R)))
    s.apply_action(Move(fr.id, Hex(4, R)))  # the same turn: still FR+GB to act
    assert s.nation == "FR" and s.phase == Phase.MOVE
    for _ in range(3):
        s.apply_action(EndPhase())
    assert s.nation == "DE"  # one turn for both, then the enemy's


def test_outside_co_op_an_allys_units_are_not_yours():
    """The same position without the joint seat: GB units belong to nobody's turn here."""
    s = empty_state(to_act="FR")
    fr = s.add_unit(s.game.catalog.units["infantry"], "FR")
    fr.pos = s.game.board.index_of[Hex(2, R)]
    s.occ[fr.pos] = fr
    assert "partner" not in str(s.game.options()) and s.game.partner_of == {}
    assert fr.flag == "FR" and "flag" not in s.to_json()["units"][0]


def test_pincer_across_the_two_nations():
    """004: "verbündete Einheiten einer Nationalität [können] flankierende oder einkesselnde
    Einheiten für die Angriffe der anderen Nationalität bereitstellen"."""
    s = joint()
    attacker = add(s, "tank", "FR", Hex(4, R))
    target = add(s, "infantry", "DE", Hex(5, R))
    add(s, "infantry", "GB", Hex(6, R))  # directly opposite the attacker
    supporters, opposite = melee_support(s, attacker, target)
    assert (supporters, opposite) == (1, True)
    s.phase = Phase.DECLARE
    assert Attack(attacker.id, target.id) in s.legal_actions()


def test_a_transport_of_one_nation_carries_the_allys_units():
    """004: "Truppentransporte einer Nationalität können alliierte Einheiten der anderen
    Nationalität befördern"."""
    s = joint()
    truck = add(s, "transport", "FR", Hex(4, R))
    gb = add(s, "infantry", "GB", Hex(3, R))
    assert BoardTransport(gb.id, truck.id) in s.legal_actions()
    s.apply_action(BoardTransport(gb.id, truck.id))
    assert gb.carrier == truck.id


# --- money and forts --------------------------------------------------------------------------


def test_one_pool_buys_for_either_nation():
    """004: "Kriegsanleihen … werden zu einem gemeinsamen verbündeten Pool zusammengefasst";
    002: "Münzen gehören beiden zugleich"."""
    m = game_map(forts=[fort("F", [Hex(2, 2)], [Hex(2, 3)], owner="FR")])
    s = empty_state(m, to_act="FR", coop="FR+GB")
    assert set(s.money) == {"DE", "FR"}  # no purse of GB's own
    s.money["FR"] = 20
    s.phase = Phase.MONEY
    listed = s.legal_actions()
    assert Buy("infantry", "F", flag="GB") in listed and Buy("infantry", "F") in listed
    s.apply_action(Buy("infantry", "F", flag="GB"))
    s.apply_action(Buy("tank", "F"))
    units = {u.id: u for u in s.units.values()}
    assert units["GB-infantry-1"].nation == "FR" and units["GB-infantry-1"].flag == "GB"
    assert units["FR-tank-1"].flag == "FR"
    assert s.money["FR"] == 20 - 2 - 6  # both paid from the one pool
    assert s.problem(Buy("tank", "F", flag="DE")) == "DE does not play in FR+GB's seat"


def test_buy_names_the_nation_in_its_text_form():
    a = Buy("infantry", "F", flag="GB")
    assert str(a) == "buy infantry F GB"
    assert Action.parse(str(a)) == a
    assert Action.parse("buy special F medic") == Buy("special", "F", "medic")


def test_the_unit_limit_counts_each_nations_miniatures():
    m = game_map(forts=[fort("F", [Hex(2, 2)], [Hex(2, 3)], owner="FR")])
    s = empty_state(m, to_act="FR", coop="FR+GB", rs=ruleset(unit_limit_enabled=True))
    s.money["FR"] = 50
    s.phase = Phase.MONEY
    for _ in range(2):
        s.apply_action(Buy("infantry", "F"))
    assert "limit 2" in (s.problem(Buy("infantry", "F")) or "")
    assert s.problem(Buy("infantry", "F", flag="GB")) is None


def test_forts_captured_by_either_nation_count_for_both():
    """004: "Von jedem Spieler eroberte Forts werden miteinander kombiniert"."""
    forts = [fort(f"F{k}", [Hex(2 * k, 1)], [Hex(2 * k, 2)]) for k in range(1, 3)]
    s = empty_state(game_map(forts=forts), to_act="FR", coop="FR+GB",
                    rs=ruleset(forts_to_win={2: 2, 4: 9}))
    fr = add(s, "infantry", "FR", Hex(2, 3))
    gb = add(s, "infantry", "GB", Hex(4, 3))
    add(s, "infantry", "DE", Hex(9, 8))
    s.apply_action(Capture(gb.id, "F2"))
    assert s.fort_owner["F2"] == "FR" and s.income("FR") == 1
    s.apply_action(Capture(fr.id, "F1"))
    assert s.is_terminal() and s.winner_team == "entente" and s.reason == "forts"
    assert s.returns() == [-1.0, 1.0]


# --- set-up: the split of 004 and the start markers -------------------------------------------


def coop_game(**options) -> Game:
    return Game(load_scenario(SCENARIOS / "coop-vs-automa.scenario.yaml"), **options)


def test_units_are_split_as_004_says():
    """004: one player: transport, heavy infantry, heavy mortar, armoured car, fighter and his
    nation unit; the other: AA, infantry, mounted infantry, howitzer/assault gun, tank and
    his nation unit."""
    s = coop_game(seed=1).new_initial_state()
    by_flag: dict[str, set[str]] = {}
    for u in s.units.values():
        if u.nation == "FR":
            by_flag.setdefault(u.flag, set()).add(u.type.id)
    assert by_flag == {
        "FR": {"transport", "heavy_infantry", "heavy_mortar", "armoured_car", "fighter",
               "renault_ft17"},
        "GB": {"anti_aircraft", "infantry", "mounted_infantry", "assault_gun", "tank",
               "mark_i_female"},
    }


def test_start_markers_one_each_and_one_shared():
    """002/004: each player gets 1 start marker of his own, the 3rd is shared."""
    s = coop_game(seed=1, setup="full").new_initial_state()
    while s.nation != "FR":
        u = next(u for u in s.units.values() if u.nation == s.nation and u.army is None)
        s.apply_action(Assign(u.id, 1))
    fr = s.units["FR-transport-1"]
    gb = s.units["GB-tank-1"]
    listed = {(a.unit, a.army) for a in s.legal_actions() if isinstance(a, Assign)}
    assert {(fr.id, 1), (fr.id, 3), (gb.id, 2), (gb.id, 3)} <= listed
    assert (fr.id, 2) not in listed and (gb.id, 1) not in listed
    assert "start marker 1 belongs to the other nation" in s.problem(Assign(gb.id, 1))
    assert s.problem(Assign(gb.id, 3)) is None


def test_quick_setup_keeps_the_split():
    for seed in range(5):
        s = coop_game(seed=seed, setup="quick").new_initial_state()
        for u in s.units.values():
            if u.nation == "FR":
                assert u.army in coop.allowed_armies(s.game, u), (seed, u.id, u.army)


def test_the_enemy_table_adds_its_allys_nation_unit_the_automa_does_not():
    """004: "Fügen Sie … den Einheiten Chip für die länderspezifische Einheit ihrer
    historisch verbündeten Nation hinzu"; 002 (Automa) says co-op works "genauso wie Solo"."""
    sc = load_scenario(SCENARIOS / "coop-vs-automa.scenario.yaml")
    automa = Game(sc, seed=1)
    solo = Game(sc, seed=1, coop=None, controllers={"DE": "automa:standard"})
    assert [u.id for u in automa.rosters["DE"]] == [u.id for u in solo.rosters["DE"]]
    table = Game(sc, seed=1, controllers={"DE": "enemy_table:easy"})
    ids = [u.id for u in table.rosters["DE"]]
    assert "anti_tank" in ids  # Austria-Hungary's nation unit


# --- scenarios and options --------------------------------------------------------------------


def test_coop_option_seats_the_pair_and_is_saved():
    sc = load_scenario(SCENARIOS / "default-2p.scenario.yaml")
    game = Game(sc, seed=2, coop="france+britain", controllers={"DE": "automa:easy"})
    assert game.partner_of == {"FR": "GB"}
    assert game.options()["coop"] == "FR+GB"
    assert game.options()["controllers"] == {"DE": "automa:easy"}
    assert "coop" not in Game(sc, seed=2).options()


@pytest.mark.parametrize(("pair", "message"), [
    ("FR+DE", "not allies"), ("FR", r"expected LEAD\+PARTNER"), ("AH+DE", None),
])
def test_coop_pairs(pair, message):
    sc = load_scenario(SCENARIOS / "default-2p.scenario.yaml")
    if message is None:  # the DE seat is taken by AH, leading, with DE
        game = Game(sc, coop=pair)
        assert (game.nations, game.partner_of) == (["AH", "FR"], {"AH": "DE"})
        return
    with pytest.raises(ScenarioError, match=message):
        Game(sc, coop=pair)


def test_coop_needs_two_players():
    sc = load_scenario(SCENARIOS / "default-4p.scenario.yaml")
    with pytest.raises(ScenarioError, match="needs a 2-player scenario"):
        Game(sc, coop="FR+GB")
    with pytest.raises(ScenarioError, match="needs a 2-player scenario"):
        seats = [dataclasses.replace(sc.seats[0], partner="AH"), *sc.seats[1:]]
        Game(dataclasses.replace(sc, seats=seats))


def test_scenario_units_and_money_for_the_partner_go_to_its_seat():
    """A scenario may pre-place units for the partner or give it money: its seat plays them
    and its pool gets the money (a nation without a seat would get nothing)."""
    sc = fixture_scenario(players=2)
    sc.units = [{"nation": "GB", "unit_type": "tank", "hex": [5, 5]}]
    sc.events = {"version": 1, "triggers": [
        {"id": "bonds", "on": "round_start", "once": True, "conditions": [],
         "actions": [{"kind": "give_money", "params": {"nation": "GB", "amount": 4}}]}]}
    s = Game(sc, seed=1, setup="quick", coop="FR+GB").new_initial_state()
    tank = next(u for u in s.units.values() if u.type.id == "tank" and u.flag == "GB"
                and u.army is None)  # the pre-placed one (the roster's has an army)
    assert (tank.nation, tank.pos >= 0) == ("FR", True)
    while s.round < 2:
        s.apply_action(EndPhase())
    given = [e for e in s.log if isinstance(e, MoneyGiven)]
    assert [(e.nation, e.amount) for e in given] == [("FR", 4)]


def test_a_solo_opponent_plays_one_nation():
    sc = load_scenario(SCENARIOS / "default-2p.scenario.yaml")
    with pytest.raises(ScenarioError, match="plays one nation"):
        Game(sc, coop="FR+GB", controllers={"FR": "automa:easy"})
    assert Game(sc, coop="FR+GB", controllers={"FR": "heuristic"}).partner_of == {"FR": "GB"}
