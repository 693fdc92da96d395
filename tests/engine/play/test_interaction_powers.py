"""Play-test interaction with special-unit powers: the hexes where a minelayer may lay a mine
or a medic may repair are offered on the map, a click gives the engine's action, and the
status bar names mines (runs with Qt blocked)."""

from __future__ import annotations

import pytest

from engine.content import load_map
from engine.paths import CONTENT_DIR
from engine.play import explain
from engine.play.interaction import Interaction
from engine.rules.powers.actions import FieldRepair, LayMine
from tests.engine.play.test_interaction import new_session

DEFAULT_MAP = CONTENT_DIR / "maps" / "default.map.yaml"


@pytest.fixture(scope="module")
def default_map():
    return load_map(DEFAULT_MAP)


def _place(s, type_id: str, near, damage: int = 0):
    st = s.state
    board = st.game.board
    spot = next(i for i in sorted(range(len(board.hexes)),
                                  key=lambda k: (board.hexes[k].distance(near), k))
                if i not in st.occ and board.standable(i, "vehicle") and not board.water[i])
    u = st.add_unit(st.game.catalog.units[type_id], st.nation)
    u.pos = spot
    u.damage = damage
    st.occ[spot] = u
    return u


def test_a_minelayer_lays_a_mine_by_clicking_an_offered_hex(default_map):
    s = new_session(default_map)
    st = s.state
    anchor = next(u for u in st.units.values() if u.nation == st.nation and u.pos >= 0)
    layer = _place(s, "minelayer", st.hex_of(anchor))
    ui = Interaction(s)
    out = ui.start_power(layer.id)
    assert out.changed and ui.picking and ui.picks
    assert set(ui.picks) == {a.at for a in ui.power_actions(layer.id)}
    h = sorted(ui.picks)[0]
    click = ui.click(h)
    assert click.action == LayMine(layer.id, h)
    s.apply(click.action)
    assert "mine of " + st.nation in explain.describe_hex(s.state, h)
    assert ui.start_power(layer.id).message.endswith("no power to use now.")


def test_a_medic_repairs_by_clicking_the_damaged_unit(default_map):
    s = new_session(default_map)
    st = s.state
    anchor = next(u for u in st.units.values() if u.nation == st.nation and u.pos >= 0)
    medic = _place(s, "medic", st.hex_of(anchor))
    hurt = _place(s, "infantry", st.hex_of(medic), damage=2)
    st.money[st.nation] = 20
    ui = Interaction(s)
    ui.start_power(medic.id)
    assert st.hex_of(hurt) in ui.picks
    out = ui.click(st.hex_of(hurt))
    assert out.action == FieldRepair(medic.id, hurt.id)
    s.apply(out.action)
    assert hurt.damage == 0
