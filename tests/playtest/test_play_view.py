"""The play-test view as a designer sees it (issue 13, finding 7): the half not in play is
veiled with its start markers, counters stay readable at the fit zoom, and "Undo move" is
off while an AI seat acts (pytest-qt, offscreen, real pixels)."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from editor.canvas.style import TERRAIN_COLOR
from editor.playtest.counters import nation_colour
from editor.playtest.layer import MIN_COUNTER_PX, counter_side, veiled
from engine.play.interaction import in_play
from engine.play.setup import PlaytestOptions, SeatChoice
from engine.rules.actions import EndPhase, Move


def start(window, players=2, controllers=("human", "human"), seed=3):
    nations = ("DE", "FR") if players == 2 else ("DE", "GB", "AH", "FR")
    opts = PlaytestOptions(seed=seed, players=players,
                           half="half_1_6" if players == 2 else None,
                           seats=[SeatChoice(n, c) for n, c in
                                  zip(nations, controllers * (players // 2), strict=True)])
    assert window.enter_play_mode(opts)
    return window.playtest


def fit_and_grab(window, qtbot):
    window.view.zoom_to_fit()
    qtbot.wait(50)
    return window.view.viewport().grab().toImage()


def pixel_at(window, image, h):
    x, y = window.document.map.layout.pixel_layout().hex_to_pixel(h)
    p = window.view.mapFromScene(QPointF(x, y))
    return image.pixelColor(p.x(), p.y())


def close(a, b, tol=4) -> bool:
    return all(abs(x - y) <= tol for x, y in ((a.red(), b.red()), (a.green(), b.green()),
                                              (a.blue(), b.blue())))


def test_the_half_not_in_play_is_veiled_with_its_start_markers(make_window, qtbot):
    w = make_window()
    c = start(w)
    image = fit_and_grab(w, qtbot)
    m = w.document.map
    outside = [mk for mk in m.start_markers if not in_play(c.session, mk.hex)]
    inside = [mk for mk in m.start_markers if in_play(c.session, mk.hex)]
    assert len(outside) == 6 and len(inside) == 6
    for mk in outside:  # the marker's disc and number are gone: only the faded terrain
        want = veiled(TERRAIN_COLOR[m.terrain_at(mk.hex)])
        assert close(pixel_at(w, image, mk.hex), want), mk.number
    for mk in inside:  # the game's own start numbers are still drawn
        want = veiled(TERRAIN_COLOR[m.terrain_at(mk.hex)])
        assert not close(pixel_at(w, image, mk.hex), want), mk.number
    c.back_to_editing()
    image = fit_and_grab(w, qtbot)
    mk = outside[0]
    assert not close(pixel_at(w, image, mk.hex), veiled(TERRAIN_COLOR[m.terrain_at(mk.hex)])), \
        "editing shows the whole map again"


def test_four_players_use_the_whole_map_without_a_veil(make_window, qtbot):
    w = make_window()
    start(w, players=4)
    image = fit_and_grab(w, qtbot)
    m = w.document.map
    for mk in m.start_markers:
        assert not close(pixel_at(w, image, mk.hex), veiled(TERRAIN_COLOR[m.terrain_at(mk.hex)]))


def test_counters_are_readable_at_the_fit_zoom(make_window, qtbot):
    w = make_window()
    w.resize(1280, 720)
    c = start(w)
    image = fit_and_grab(w, qtbot)
    st = c.session.state
    fr = [u for u in st.occ.values() if u.nation == "FR"]
    want = nation_colour("FR").rgb()
    painted = sum(1 for x in range(image.width()) for y in range(image.height())
                  if image.pixelColor(x, y).rgb() == want)
    # Measured, not trusted: each counter shows a sizeable face in its nation colour.
    assert painted / len(fr) >= 0.4 * 20 * 20, painted / len(fr)
    scale = w.view.zoom()
    size = w.document.map.layout.hex_size
    spacing = size * 3 ** 0.5
    side_px = counter_side(size, spacing, scale) * scale
    # At least MIN_COUNTER_PX on screen, or as big as fits between hex centres.
    assert side_px >= min(MIN_COUNTER_PX, 0.9 * spacing * scale)
    assert side_px >= 20, f"the fit zoom {scale:.2f} leaves {side_px:.0f} px counters"


def test_undo_move_is_disabled_during_an_ai_turn(make_window, qtbot):
    w = make_window()
    c = start(w, seed=4, controllers=("ai", "human"))
    c.panel.ai_pause.setChecked(True)  # the AI acts only when the test says so
    s = c.session
    while not s.is_ai_turn():
        c.panel.end_phase.click()
    assert s.state.phase == "move"
    # The AI seat moves a unit; the rules would let that move be taken back, the human not.
    s.apply(next(a for a in s.state.legal_actions() if isinstance(a, Move)))
    c.refresh()
    assert s.undo_problem() is None and s.is_ai_turn()
    assert not c.panel.undo.isEnabled()
    steps = len(s.timeline)
    c.undo()
    assert len(s.timeline) == steps
    assert "AI seat is to act" in w.statusBar().currentMessage()
    # Back on the human's own move, Undo move is offered again.
    while s.is_ai_turn():
        s.apply(EndPhase())
    c.refresh()
    assert s.state.phase == "move"
    unit = next(u for u in s.state.units.values() if u.nation == s.state.nation
                and s.state.can_move(u) and u.pos >= 0
                and any(o.kind == "move" for o in s.state.legal_moves(u).values()))
    c.select(unit.id)
    h = next(h for h, o in c.interaction.reachable.items() if o.kind == "move")
    c.click(h)
    assert c.panel.undo.isEnabled()
    c.panel.undo.click()
    assert s.state.units[unit.id].moved is False
