"""Grabenkampf (RULES §11.1) from 002/003 "Grabenkampf – Expertenregeln": each test plays the
same position with and without the variant and shows the difference the rule text names."""

from __future__ import annotations

from engine.content import load_scenario
from engine.geometry import unit_layout
from engine.hexes import Hex
from engine.model import MapPath
from engine.paths import CONTENT_DIR
from engine.rules.actions import Capture
from engine.rules.game import Game
from engine.rules.trenches import Trenches, holder
from engine.rules.variants import Grabenkampf
from tests.engine.rules.fixtures import empty_state, fort, game_map, put

R = 4
TRENCH = [Hex(q, R) for q in range(2, 9)]  # one straight trench of 7 hexes


def row(q: int) -> Hex:
    return Hex(q, R)


def _state(on: bool, forts=None):
    m = game_map(terrain={h: "trench" for h in TRENCH}, forts=forts)
    return empty_state(m, variants=("grabenkampf",) if on else ())


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
    from engine.rules.actions import Attack, EndPhase
    from engine.rules.odds import attack_odds

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
