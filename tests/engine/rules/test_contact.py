"""`State.contact_enemies` / `contact_hexes`: the one answer to "who gives this unit enemy
contact here" (RULES §5.1), used by movement and by the play-test's explanations."""

from __future__ import annotations

from engine.hexes import Hex
from engine.play.explain import enemies_next_to
from engine.rules.game import Game
from engine.rules.playout import play_random
from tests.engine.rules.fixtures import empty_state, game_map, put, scenario

R = 4


def row(q: int) -> Hex:
    return Hex(q, R)


def test_only_enemies_that_could_melee_and_stand_on_land_give_contact():
    s = empty_state(game_map(terrain={Hex(6, R): "water"}))
    me = put(s, "infantry", "DE", row(2))
    put(s, "infantry", "FR", row(4))       # melee: contact on row(3)
    put(s, "heavy_mortar", "FR", Hex(3, R - 1))  # range 2..5: no melee, no contact
    put(s, "infantry", "FR", Hex(6, R))    # on water: no contact
    put(s, "infantry", "DE", Hex(4, R - 1))  # a friend: no contact
    assert [e.id for e in s.contact_enemies(me, row(3))] == ["FR-infantry-1"]
    assert s.contact_enemies(me, Hex(7, R)) == []
    assert s.contact_enemies(me, Hex(-50, 50)) == []  # off the map
    assert enemies_next_to(s, me.id, row(3)) == ["FR-infantry-1"]
    assert s.contact_hexes(me) == set(row(4).neighbors()) & set(s.game.board.index_of)


def test_contact_enemies_agree_with_the_contact_map_in_random_games():
    for seed in range(3):
        s = Game(scenario(players=2), seed=seed, setup="quick").new_initial_state()
        play_random(s, seed=seed, max_rounds=3)
        for u in list(s.units.values())[:6]:
            contact = s.contact_hexes(u)
            for h in s.game.board.hexes:
                enemies = s.contact_enemies(u, h)
                assert bool(enemies) == (h in contact)
                assert all(e.team != u.team and s.hex_of(e).distance(h) == 1
                           for e in enemies)
