"""The fast move search (and `move_choices`, its bare form for play-outs) gives exactly the
answers of the plain reference search (the code before the speed work): same hexes in the
same order, costs, kinds, forts, carriers, paths.

Random small boards with every terrain (trench hexes too, with and without Grabenkampf),
forts owned by either side or neutral, units of both teams, transports with passengers and
movers that start in a fort or aboard.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.content import load_scenario
from engine.hexes import Hex
from engine.paths import CONTENT_DIR
from engine.rules.dice import Dice
from engine.rules.game import Game
from engine.rules.movement import move_choices
from engine.rules.playout import random_action
from engine.rules.state import State
from tests.engine.rules.fixtures import empty_state, fort, game_map, put
from tests.engine.rules.movement_reference import Option, reference_moves

W, H = 9, 8
TERRAIN = ["meadow", "meadow", "meadow", "forest", "road", "road", "water", "trench", "trench"]
TYPES = ["infantry", "mounted_infantry", "heavy_infantry", "armoured_car", "tank", "fighter",
         "transport", "anti_tank", "heavy_mortar", "gunboat"]
FORTS = [("f1", [Hex(2, 1)], [Hex(2, 2)]), ("f2", [Hex(4, 4)], [Hex(3, 5), Hex(5, 4)])]


def fast_moves(s: State, uid: str) -> dict[Hex, Option]:
    return {h: (o.cost, o.kind, o.fort, o.carrier, o.path)
            for h, o in s.legal_moves(uid).items()}


@st.composite
def positions(draw: st.DrawFn) -> State:
    m = game_map(W, H, markers=6)
    terrain = {h: draw(st.sampled_from(TERRAIN)) for h in m.hexes()}
    owners = ["neutral", "DE", "FR"]
    forts = [fort(fid, hexes, ents, draw(st.sampled_from(owners)))
             for fid, hexes, ents in FORTS]
    for f in forts:
        for h in (*f.hexes, *f.entrances):
            terrain[h] = "meadow"
    m = game_map(W, H, terrain=terrain, forts=forts, markers=6)
    variants = ("grabenkampf",) if draw(st.booleans()) else ()
    s = empty_state(m, players=2, variants=variants)
    nations = s.game.nations
    free = [h for h in m.hexes() if s.game.board.standable(s.game.board.index_of[h], "air")]
    spots = draw(st.lists(st.sampled_from(free), min_size=1, max_size=12, unique=True))
    for h in spots:
        kind = draw(st.sampled_from(TYPES))
        u = put(s, kind, draw(st.sampled_from(nations)), h)
        if kind == "transport" and draw(st.booleans()):
            rider = put(s, "infantry", u.nation, "f1")
            rider.fort, rider.carrier, rider.done = None, u.id, True
            u.cargo.append(rider.id)
    for fid, owner in s.fort_owner.items():
        if owner in nations and draw(st.booleans()):
            put(s, draw(st.sampled_from(["infantry", "armoured_car"])), owner, fid)
    return s


@settings(max_examples=150, deadline=None)
@given(s=positions())
def test_fast_search_matches_the_reference_for_every_unit(s: State) -> None:
    for uid, u in s.units.items():
        want = reference_moves(s, u)
        got = fast_moves(s, uid)
        assert list(got.items()) == list(want.items()), uid
        # the random players' listing (its own output path) is legal_moves split by kind
        options = s.legal_moves(u)
        assert move_choices(s, u) == ([h for h, o in options.items() if o.kind == "move"],
                                      [o for o in options.values() if o.kind != "move"]), uid


def test_the_reference_sees_a_difference() -> None:
    # the comparison is not vacuous: forts, contact ends and boarding all show up
    m = game_map(W, H, forts=[fort("f1", [Hex(2, 1)], [Hex(2, 2)], "DE")], markers=6)
    s = empty_state(m, players=2)
    de, fr = s.game.nations
    car = put(s, "transport", de, Hex(3, 3))
    inf = put(s, "infantry", de, Hex(2, 3))
    put(s, "infantry", fr, Hex(4, 2))
    want = reference_moves(s, inf)
    kinds = {o[1] for o in want.values()}
    assert {"move", "enter", "board"} <= kinds
    assert want[Hex(3, 3)][3] == car.id
    assert fast_moves(s, inf.id) == want


def test_a_contact_end_on_another_hex_of_the_own_trench_is_a_move() -> None:
    # Grabenkampf: the soldier starts from every hex of its trench (cost 0, no options), but
    # stepping from one contact hex of it to another is a move-ending arrival, an option.
    m = game_map(W, H, terrain={Hex(2, 3): "trench", Hex(3, 3): "trench"}, markers=6)
    s = empty_state(m, players=2, variants=("grabenkampf",))
    de, fr = s.game.nations
    me = put(s, "infantry", de, Hex(2, 3))
    put(s, "infantry", fr, Hex(3, 2))
    want = reference_moves(s, me)
    assert want[Hex(3, 3)] == (1.0, "move", None, None, (Hex(2, 3), Hex(3, 3)))
    assert fast_moves(s, me.id) == want


@pytest.mark.parametrize("variants", [(), ("grabenkampf",)])
def test_fast_search_matches_the_reference_in_random_games(variants) -> None:
    sc = load_scenario(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")
    s = Game(sc, seed=5, setup="quick", variants=variants).new_initial_state()
    rng = Dice(5)
    compared = 0
    while not s.is_terminal() and s.round <= 8:
        if s.phase == "move":
            for uid, u in s.units.items():
                if s.can_move(u):
                    assert list(fast_moves(s, uid).items()) == list(
                        reference_moves(s, u).items()), (uid, len(s.history))
                    options = s.legal_moves(u)
                    assert move_choices(s, u) == (
                        [h for h, o in options.items() if o.kind == "move"],
                        [o for o in options.values() if o.kind != "move"])
                    compared += 1
        s.apply_action(random_action(s, rng))
    assert compared > 100
