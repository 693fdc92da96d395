"""Grabenkampf (RULES §11.1) from 002/003 "Grabenkampf – Expertenregeln": each test plays the
same position with and without the variant and shows the difference the rule text names."""

from __future__ import annotations

import pytest

from engine.content import load_scenario
from engine.content.schemas import schema_messages
from engine.geometry import unit_layout
from engine.hexes import Hex
from engine.model import MapPath
from engine.paths import CONTENT_DIR
from engine.rules import battle
from engine.rules.actions import Attack, Capture, EndPhase, Fight
from engine.rules.errors import IllegalActionError
from engine.rules.events import TrenchReturnFire
from engine.rules.game import Game
from engine.rules.odds import attack_odds
from engine.rules.serialize import SAVE_SCHEMA_ID, canonical
from engine.rules.state import State
from engine.rules.trenches import Trenches, holder
from engine.rules.variants import Grabenkampf
from tests.engine.rules.fixtures import empty_state, fort, game_map, put

R = 4
TRENCH = [Hex(q, R) for q in range(2, 9)]  # one straight trench of 7 hexes


def row(q: int) -> Hex:
    return Hex(q, R)


def _state(on: bool, forts=None, **opts):
    m = game_map(terrain={h: "trench" for h in TRENCH}, forts=forts)
    return empty_state(m, variants=("grabenkampf",) if on else (), **opts)


def test_a_trench_is_held_by_a_team_and_closed_to_the_other():
    # "Zwei gegnerische Teams können nicht denselben Graben besetzen"
    for on in (False, True):
        s = _state(on)
        put(s, "infantry", "FR", row(8))
        inf = put(s, "infantry", "DE", row(2) + Hex(0, -1))
        reach = s.legal_moves(inf)
        assert (row(2) in reach) is not on
        assert (row(2) + Hex(0, 1) in reach)  # the hex beside the trench stays open
        if on:
            assert holder(s, s.game.board.index_of[row(3)]) == "entente"


def test_tanks_and_planes_only_cross_a_trench():
    # "Wenn ein Panzer oder eine Lufteinheit ihren Zug auf einem Graben-Feld beenden, zählen
    # [sie] nicht als im Graben, sondern nur als überquerend."
    s = _state(True)
    put(s, "tank", "FR", row(8))
    inf = put(s, "infantry", "DE", row(2) + Hex(0, -1))
    assert row(2) in s.legal_moves(inf)
    assert holder(s, s.game.board.index_of[row(8)]) is None


def test_allies_share_a_trench():
    s = _state(True)
    put(s, "infantry", "DE", row(8))
    inf = put(s, "infantry", "DE", row(2) + Hex(0, -1))
    assert row(2) in s.legal_moves(inf)


def test_a_foot_soldier_leaves_the_trench_as_one_long_hex():
    # "kann den Graben auf jedes angrenzende Feld verlassen, ganz so, als wäre der Graben ein
    # einziges, langes Feld"
    far = row(9) + Hex(0, -1)  # next to the far end, 7 hexes away from row(2)
    for on in (False, True):
        s = _state(on)
        inf = put(s, "infantry", "DE", row(2))
        reach = s.legal_moves(inf)
        assert (far in reach) is on
        if on:
            assert reach[far].cost == 1 and reach[far].path[0] == row(8)
            assert row(5) not in reach  # moving inside the long hex is no move


def test_not_in_the_turn_it_entered():
    # "Allerdings nicht im selben Zug!": a move into the trench does not run along it.
    s = _state(True)
    inf = put(s, "infantry", "DE", row(2) + Hex(0, -1))
    reach = s.legal_moves(inf)
    assert row(2) in reach and row(5) not in reach and row(9) + Hex(0, -1) not in reach


def test_capture_a_fort_connected_to_any_trench_hex():
    # "von einem beliebigen Graben-Feld aus in verbundene Forts einmarschieren"
    entrance = row(9)
    forts = [fort("f1", [row(10)], [entrance, row(11)])]
    for on in (False, True):
        s = _state(on, forts)
        inf = put(s, "infantry", "DE", row(2))
        options = s.legal_moves(inf)
        assert (entrance in options and options[entrance].kind == "capture") is on
        if on:
            s.apply_action(Capture(inf.id, "f1"))
            assert s.fort_owner["f1"] == "DE"


def test_gas_on_a_trench_hex_hits_the_whole_trench():
    # 003: "Wenn der Giftgaswerfer ein beliebiges Graben-Feld trifft, erleiden alle
    # Einheiten im Graben die Treffer."
    s = _state(True)
    gas = put(s, "infantry", "DE", row(2) + Hex(0, -3))
    variant = s.game.variant("grabenkampf")
    assert isinstance(variant, Grabenkampf)
    hit = variant.expand_area(s, gas, (row(4), row(4) + Hex(0, -1)))
    assert set(hit) == {*TRENCH, row(4) + Hex(0, -1)}
    assert hit[:2] == (row(4), row(4) + Hex(0, -1))
    off = row(4) + Hex(0, -2)
    assert variant.expand_area(s, gas, (off,)) == (off,)
    plain = _state(False)
    assert plain.game.trenches is None


def test_a_road_across_a_trench_does_not_split_it():
    # "Auch Straßen über Gräben teilen den Graben nicht auf."
    terrain = {h: "trench" for h in TRENCH}
    terrain[row(5)] = "road"
    m = game_map(terrain=terrain)
    s = empty_state(m, variants=("grabenkampf",))
    assert len(s.game.trenches.members) == 2  # terrain alone: the road splits it
    layout = unit_layout(m.layout.orientation)
    m.paths = [MapPath("t1", "trench", [layout.hex_to_pixel(row(2)),
                                        layout.hex_to_pixel(row(8))], "trench", 0.5)]
    t = Trenches.build(m, s.game.board)
    assert len(t.members) == 1 and s.game.board.index_of[row(5)] in t.members[0]


def test_austria_hungary_without_its_starting_money_in_the_earlier_edition():
    # 003: "Österreich-Ungarn startet das Spiel nicht mit den extra 3 Kriegsanleihen"
    path = CONTENT_DIR / "scenarios" / "default-4p-earlier.scenario.yaml"
    sc = load_scenario(path)
    assert Game(sc, setup="quick").new_initial_state().money["AH"] == 3
    s = Game(sc, setup="quick", variants=("grabenkampf",)).new_initial_state()
    assert s.money["AH"] == 0


def test_any_hex_of_the_trench_may_be_attacked():
    # "Feindeinheiten können ein beliebiges Grabenfeld angreifen, um mit einem Fußsoldaten
    # im Graben zu kämpfen"; "Sind mehrere Fußsoldaten im Graben, muss der Angreifer
    # entscheiden wen davon er angreifen will (unabhängig davon wo im Graben dieser Gegner ist)"
    for on in (False, True):
        s = _state(on)
        near, far = put(s, "infantry", "FR", row(2)), put(s, "infantry", "FR", row(8))
        car = put(s, "armoured_car", "DE", row(8) + Hex(0, -1))  # next to `far` only
        s.apply_action(EndPhase())
        listed = s.legal_actions()
        assert Attack(car.id, far.id) in listed
        assert (Attack(car.id, near.id) in listed) is on
        if on:
            assert attack_odds(s, car.id, near.id).distance == 1  # melee on the long hex


def test_pincer_and_encirclement_on_the_long_hex():
    # "Flanke und Kessel werden gewertet, als sei der Graben ein einziges, langes Feld."
    s = _state(True)
    target = put(s, "infantry", "FR", row(2))
    car = put(s, "armoured_car", "DE", row(5) + Hex(0, -1))  # above the trench's middle
    helper = put(s, "infantry", "DE", row(8) + Hex(1, -1))  # next to its far end
    assert s.melee_support(car, target) == (1, False)
    s.remove_unit(helper)
    put(s, "infantry", "DE", row(5) + Hex(0, 1))  # below, straight across trench hex row(5)
    assert s.melee_support(car, target) == (1, True)
    plain = _state(False)
    t2 = put(plain, "infantry", "FR", row(2))
    c2 = put(plain, "armoured_car", "DE", row(2) + Hex(0, -1))
    put(plain, "infantry", "DE", row(8) + Hex(1, -1))
    assert plain.melee_support(c2, t2) == (0, False)


# --- "Unabhängig davon, wer angegriffen wird, schießen alle Fußsoldaten (im Nahkampf) zurück."


def _trench_fight(on: bool, comrade: str = "infantry", attacker: str = "armoured_car",
                  damage: int = 0, **opts):
    """DE attacks FR infantry at the trench's west end from next to it; a second FR foot
    soldier stands at the trench's far end (not next to the attacker)."""
    s = _state(on, **opts)
    target = put(s, "infantry", "FR", row(2), damage=damage)
    other = put(s, comrade, "FR", row(7), damage=damage)
    car = put(s, attacker, "DE", row(2) + Hex(0, -1), damage=damage)
    s.apply_action(EndPhase())
    s.apply_action(Attack(car.id, target.id))
    s.apply_action(EndPhase())
    return s, car, target, other


def test_every_foot_soldier_in_the_trench_fires_back():
    # 002 example: "In jedem Fall würden immer beide Infanteristen zurückschießen."
    for on in (False, True):
        s, car, _target, other = _trench_fight(on)
        n = s.game.ruleset.dice_by_damage[0]
        hit, miss = (1,) * n, (12,) * n
        faces = miss + hit if on else miss  # the defender's dice, then the comrade's
        s.apply_action(Fight(miss, faces))
        fired = [e for e in s.log if isinstance(e, TrenchReturnFire)]
        if not on:
            assert fired == [] and car.damage == 0
            continue
        assert [e.shooter for e in fired] == [other.id]
        e = fired[0]
        assert e.attacker == car.id and e.hits == n and e.hit_value == 2
        assert e.attacker_destroyed and car.id not in s.units
        assert other.xp == s.game.ruleset.xp_for_destroy
        assert "fires back from the trench" in e.text()


def test_comrades_add_their_damage_and_are_capped_at_destruction():
    s, car, _target, other = _trench_fight(True)
    n = s.game.ruleset.dice_by_damage[0]
    two = (1, 1) + (12,) * (n - 2)  # 2 hits against armour [2, 4, …]: 1 damage each
    s.apply_action(Fight((12,) * n, two + two))
    assert car.damage == 2
    fire = next(e for e in s.log if isinstance(e, TrenchReturnFire))
    assert (fire.damage, fire.xp, fire.attacker_destroyed) == (1, 1, False)
    assert other.xp == 1
    data = s.to_json()  # the new event is saved, valid, and loads back equal
    assert schema_messages(data, SAVE_SCHEMA_ID) == []
    back = State.from_json(s.game, data)
    assert canonical(back.to_json()) == canonical(data) and fire in back.log


def test_a_comrade_that_cannot_hit_the_attacker_does_not_fire():
    # return fire needs a unit that could attack the attacker in melee (RULES §5.4 step 2):
    # infantry cannot shoot at a plane, heavy infantry (cloud symbol) can.
    s, _plane, _t, _other = _trench_fight(True, attacker="fighter")
    assert battle_target_comrades(s) == ()
    s2, _p, _t2, heavy = _trench_fight(True, comrade="heavy_infantry", attacker="fighter")
    assert [c.unit.id for c in battle_target_comrades(s2)] == [heavy.id]


def battle_target_comrades(s):
    e = battle.target(s, None)
    assert not isinstance(e, str)
    return e.comrades


def test_forced_faces_must_cover_the_comrades_and_range_attacks_get_no_return_fire():
    s, _car, _t, _o = _trench_fight(True)
    n = s.game.ruleset.dice_by_damage[0]
    with pytest.raises(IllegalActionError, match=r"defender rolls 24 dice.*from the trench"):
        s.apply_action(Fight((12,) * n, (12,) * n))
    s2 = _state(True)
    target = put(s2, "infantry", "FR", row(2))
    put(s2, "infantry", "FR", row(7))
    gun = put(s2, "howitzer", "DE", row(2) + Hex(0, -3))  # range 2-4: no melee
    s2.apply_action(EndPhase())
    s2.apply_action(Attack(gun.id, target.id))
    s2.apply_action(EndPhase())
    assert battle_target_comrades(s2) == ()


def test_odds_count_the_comrades_exactly():
    s, car, target, other = _trench_fight(True, damage=4, explicit_chance=True)
    full = attack_odds(s, car.id, target.id)
    with_comrade = full.odds
    assert full.trench_fire == (other.id,) and "+1 from the trench" in full.text()
    assert full.to_json()["trench_fire"] == [other.id]
    lone, car2, target2, other2 = _trench_fight(True, damage=4)
    lone.remove_unit(other2)
    alone = attack_odds(lone, car2.id, target2.id).odds
    assert with_comrade.expected_taken > alone.expected_taken
    assert with_comrade.hits_taken == alone.hits_taken  # the defender's own dice
    # the exact distribution: every chance outcome applied and weighed
    weights = [0.0] * len(with_comrade.damage_taken)
    for outcome, p in s.chance_outcomes():
        c = s.clone()
        c.apply_chance(outcome)
        dmg = c.units[car.id].damage - 4 if car.id in c.units else len(weights) - 1
        weights[dmg] += float(p)
    assert weights == pytest.approx(list(with_comrade.damage_taken))
