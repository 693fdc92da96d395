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


def test_the_play_tool_is_the_views_tool_and_an_editing_tool_leaves_play_mode(make_window,
                                                                               qtbot):
    from PySide6.QtCore import Qt

    from editor.tools.base import Tool
    from editor.tools.play import PlayTool
    from tests.playtest.conftest import click_hex

    w = make_window()
    c = start(w)
    assert isinstance(w.view.tool, PlayTool) and isinstance(w.view.tool, Tool)
    assert w.current_tool is c.tool
    st = c.session.state
    unit = next(u for u in st.units.values() if u.nation == st.nation and st.can_move(u)
                and u.pos >= 0 and st.legal_moves(u))
    click_hex(w, st.hex_of(unit))
    assert c.interaction.selected == unit.id
    w.act_cancel.trigger()  # Esc goes to the current tool: the play tool drops the selection
    assert c.interaction.selected is None
    click_hex(w, st.hex_of(unit))
    assert c.interaction.selected == unit.id
    click_hex(w, st.hex_of(unit), Qt.MouseButton.RightButton)  # right click drops it too
    assert c.interaction.selected is None
    w.set_tool("eraser")  # picking an editing tool is leaving play mode
    assert not c.active and w.current_tool is w.tools["eraser"] and w.view.tool is w.tools["eraser"]
    assert c.session is not None and w.tools_dock.isVisible()
    assert w.enter_play_mode() and w.view.tool is c.tool
    w.leave_play_mode()
    assert w.current_tool is w.tools["eraser"]


def test_the_play_test_modules_stay_small_and_free_of_import_cycles():
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    files = [*sorted((root / "editor" / "playtest").glob("*.py")),
             root / "editor" / "tools" / "play.py", root / "engine" / "play" / "interaction.py"]
    modules = {".".join(p.relative_to(root).with_suffix("").parts).removesuffix(".__init__"): p
               for p in files}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 400, f"{path.name} has grown past 400 lines"
        deps = set()
        for node in ast.walk(ast.parse(text)):  # every import, also under TYPE_CHECKING
            if isinstance(node, ast.ImportFrom) and node.module:
                deps |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
            elif isinstance(node, ast.Import):
                deps |= {a.name for a in node.names}
        graph[name] = {d for d in deps if d in modules and d != name}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for d in graph[start]:
            if d == goal or (d not in seen and reaches(d, goal, seen | {d})):
                return True
        return False

    cycles = [m for m in graph if reaches(m, m, {m})]
    assert cycles == [], f"import cycle through {cycles}"
    for dialog in ("armies", "money", "panel", "layer"):
        assert "editor.playtest.mode" not in graph[f"editor.playtest.{dialog}"]
        assert "editor.playtest.commands" not in graph[f"editor.playtest.{dialog}"]


def test_bad_options_do_not_enter_play_mode_and_say_why(make_window):
    w = make_window()
    opts = PlaytestOptions(seats=[SeatChoice("FR"), SeatChoice("FR")])
    assert not w.enter_play_mode(opts)
    assert not w.playtest.active and w.playtest.session is None
    assert w.statusBar().currentMessage().startswith("Cannot start the play-test: ")
    assert "different nation" in w.statusBar().currentMessage()
    assert w.current_tool is w.tools["brush"] and w.tools_dock.isVisible()


def _units_in_view(window) -> list[str]:
    st = window.playtest.session.state
    shown = window.view.visible_scene_rect()
    geom = window.view.map_scene.terrain.geom
    return [u.id for u in st.units.values() if u.nation == st.nation and u.pos >= 0
            and shown.contains(QPointF(*geom.hex_center(st.game.board.hexes[u.pos])))]


def test_a_human_seats_phase_brings_its_units_into_view(make_window, qtbot):
    """On a map larger than the window the next seat's units may all be off screen; its
    phase starts with the view on the nearest of them, and a view already showing one
    stays put."""
    w = make_window()
    mode = start(w, players=4)
    w.view.resetTransform()
    w.view.scale(4, 4)  # a few hexes across: most of the map is off screen
    board = mode.session.state.game.board
    empty = next(i for i in range(len(board.hexes))
                 if all(u.pos != i for u in mode.session.state.units.values()))
    for _ in range(3):
        w.view.center_on_hex(board.hexes[empty])
        assert mode.apply(EndPhase())
        assert _units_in_view(w), mode.session.state.phase
    middle = w.view.visible_scene_rect().center()
    mode.refresh()  # the same phase again: no jump
    assert w.view.visible_scene_rect().center() == middle
