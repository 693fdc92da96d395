"""Powers in the play-test view (issue 10): the selected unit's power buttons, mines drawn
for their own side only (hidden from the other seat after the hot-seat handover, on the map,
in the hover text, the log and the history), the gas area previewed and struck, terrain
built in play (pytest-qt, offscreen, real pixels; PNGs in the temp folder to look at)."""

from __future__ import annotations

import copy
import dataclasses
import os
import tempfile
from pathlib import Path

from PySide6.QtCore import QPointF

from editor.playtest.powers_paint import MINE, mine_spot
from engine.model import Ability
from engine.play import seat_view
from engine.rules.actions import EndPhase
from tests.playtest.test_play_view import start

SHOTS = Path(os.environ.get("PLAYTEST_SHOTS", tempfile.gettempdir())) / "powers_view"


def _spot(st, near, taken=()):
    """The free land hex nearest `near` a vehicle may stand on."""
    board = st.game.board
    return next(board.hexes[i] for i in sorted(
        range(len(board.hexes)), key=lambda k: (board.hexes[k].distance(near), k))
        if i not in st.occ and board.standable(i, "vehicle") and not board.water[i]
        and board.hexes[i] not in taken and board.terrain_name(i) != "trench")


def _add(st, utype, nation, at):
    u = st.add_unit(utype, nation)
    u.pos = st.game.board.index_of[at]
    st.occ[u.pos] = u
    return u


def _own_anchor(st):
    return st.hex_of(next(u for u in st.units.values() if u.nation == st.nation and u.pos >= 0))


def _grab(window, qtbot, centre, name):
    window.view.set_zoom(1.6)
    window.view.center_on_hex(centre)
    qtbot.wait(30)
    image = window.view.viewport().grab().toImage()
    SHOTS.mkdir(parents=True, exist_ok=True)
    image.save(str(SHOTS / f"{name}.png"))
    return image


def _mine_pixel(window, image, h):
    """The colour inside the mine marker drawn on empty hex h (below its letter)."""
    size = window.playtest.layer.layout.size
    x, y = window.document.map.layout.pixel_layout().hex_to_pixel(h)
    c, r = mine_spot(QPointF(x, y), size, under_unit=False)
    p = window.view.mapFromScene(c + QPointF(0, r * 0.75))
    return image.pixelColor(p.x(), p.y())


def _dark(c) -> bool:
    return max(abs(c.red() - MINE.red()), abs(c.green() - MINE.green()),
               abs(c.blue() - MINE.blue())) < 40


def test_a_mine_is_laid_from_the_power_button_and_hidden_after_the_handover(make_window, qtbot):
    w = make_window()
    c = start(w)
    st = c.session.state
    me = st.nation
    layer_unit = _add(st, st.game.catalog.units["minelayer"], me, _spot(st, _own_anchor(st)))
    c.select(layer_unit.id)
    bar = c.panel.powers
    assert bar.isVisible() and bar.buttons["mine"].isVisible()
    assert not bar.buttons["road"].isVisible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    c.panel.grab().save(str(SHOTS / "0_panel_power_bar.png"))
    bar.buttons["mine"].click()
    assert c.interaction.picking
    spot = sorted(c.interaction.picks)[0]
    c.click(spot)
    assert st.powers.mines, "the mine was laid"
    image = _grab(w, qtbot, spot, "1_mine_own_side")
    assert _dark(_mine_pixel(w, image, spot)), "the own side sees its mine"
    assert f"{spot.q},{spot.r}" in c.panel.log.toPlainText()
    hover_me = c.interaction.hover(spot).message
    assert f"mine of {me}" in hover_me
    for _ in range(3):  # move -> declare -> combat/money -> the other seat's turn
        if st.nation == me:
            c.apply(EndPhase())
    st = c.session.state
    assert st.nation != me and not c.session.is_ai_turn()
    c.refresh()
    image = _grab(w, qtbot, spot, "2_mine_hidden_after_handover")
    assert not _dark(_mine_pixel(w, image, spot)), "the other seat must not see the mine"
    assert f"mine of {me}" not in c.interaction.hover(spot).message
    log = c.panel.log.toPlainText()
    assert "lays a mine (hidden from you)" in log and f"{spot.q},{spot.r}" not in log
    history = [c.panel.history.item(i).text() for i in range(c.panel.history.count())]
    assert any("(hidden from you)" in line for line in history)
    assert not any(f"{spot.q},{spot.r}" in line for line in history)
    assert seat_view.visible_mines(st, seat_view.viewer_teams(c.session)) == {}


def test_gas_attack_area_is_previewed_on_hover_and_drawn_when_struck(make_window, qtbot):
    w = make_window()
    c = start(w)
    st = c.session.state
    me = st.nation
    anchor = _own_anchor(st)
    mortar = _add(st, st.game.catalog.units["gas_mortar"], me, _spot(st, anchor))
    enemy_spot = next(h for h in sorted(st.game.board.hexes, key=lambda h: (
        h.distance(st.hex_of(mortar)), h.q, h.r)) if h.distance(st.hex_of(mortar)) == 3
        and st.game.board.index_of[h] not in st.occ
        and st.game.board.standable(st.game.board.index_of[h], "vehicle"))
    foe_nation = next(n for n in st.game.nations if st.game.team_of[n] != st.game.team_of[me])
    foe = _add(st, st.game.catalog.units["infantry"], foe_nation, enemy_spot)
    c.apply(EndPhase())  # to the declare phase
    c.select(mortar.id)
    assert foe.id in c.interaction.targets
    before = _grab(w, qtbot, enemy_spot, "3_before_hover")
    c.hover(enemy_spot)
    assert c.interaction.hovered_attack == (mortar.id, foe.id)
    area = seat_view.area_of(st, mortar.id, foe.id)
    assert len(area) == 7  # the gas mortar's disc of radius 1
    image = _grab(w, qtbot, enemy_spot, "4_gas_preview_on_hover")
    edge = next(h for h in area if h != enemy_spot and st.game.board.index_of[h] not in st.occ)
    size = c.layer.layout.size
    x, y = w.document.map.layout.pixel_layout().hex_to_pixel(edge)
    p = w.view.mapFromScene(QPointF(x + size * 0.5, y - size * 0.45))
    assert image.pixelColor(p.x(), p.y()) != before.pixelColor(p.x(), p.y())
    c.hover(None)
    assert c.interaction.hovered_attack is None
    c.session.add_attack(mortar.id, foe.id)
    assert [a.preview for a in seat_view.gas_areas(c.session)] == [True]
    c.start_combat()
    c.fight_next()
    struck = seat_view.gas_areas(c.session)
    assert struck and not struck[0].preview and struck[0].gas
    _grab(w, qtbot, enemy_spot, "5_gas_struck")


def test_built_terrain_is_drawn_and_the_builder_uses_the_buttons(make_window, qtbot):
    w = make_window()
    c = start(w)
    st = c.session.state
    inf = st.game.catalog.units["infantry"]
    pioneer_type = dataclasses.replace(inf, id="pioneer",
                                       abilities=[Ability("builder", {"per_turn": 1})])
    # No shipped unit builds (a Legacy symbol): a catalog of the designer's would add one.
    catalog = copy.copy(st.game.catalog)  # the loaded catalog may be shared: not changed
    catalog.units = {**catalog.units, "pioneer": pioneer_type}
    st.game.catalog = catalog
    st.game.acting_types = st.game.acting_types | {"pioneer"}
    pioneer = _add(st, pioneer_type, st.nation, _spot(st, _own_anchor(st)))
    c.select(pioneer.id)
    bar = c.panel.powers
    assert bar.buttons["road"].isVisible() and bar.buttons["trench"].isVisible()
    assert not bar.buttons["mine"].isVisible()
    bar.buttons["trench"].click()
    first = sorted(c.interaction.picks)[0]
    c.click(first)
    assert c.interaction.picking, "a build takes two hexes"
    second = sorted(c.interaction.picks)[0]
    c.click(second)
    built = seat_view.built_terrain(c.session.state)
    assert built == {first: "trench", second: "trench"}
    _grab(w, qtbot, first, "6_trench_built")
