"""Play-testing inside a real editor MainWindow (pytest-qt, offscreen)."""

from __future__ import annotations

import copy

from PySide6.QtCore import Qt

from engine.content import load_map
from engine.i18n import localized
from engine.play.setup import PlaytestOptions, SeatChoice
from engine.rules.actions import Attack, Buy, EndPhase
from engine.rules.savefile import load_save
from engine.rules.serialize import state_hash
from tests.playtest.conftest import DEFAULT_MAP, click_hex, hover_hex


def start(window, seed=3, setup="quick", controllers=("human", "human")):
    opts = PlaytestOptions(seed=seed, setup=setup,
                           seats=[SeatChoice("DE", controllers[0]),
                                  SeatChoice("FR", controllers[1])])
    window.playtest.start(opts)
    return window.playtest


def test_install_adds_f5_action_to_map_menu_and_toolbar(make_window):
    w = make_window()
    assert w.act_playtest.shortcut().toString() == "F5"
    menus = {a.text().replace("&", ""): a.menu() for a in w.menuBar().actions()}
    assert w.act_playtest in menus["Map"].actions()
    from PySide6.QtWidgets import QToolBar

    assert w.act_playtest in w.findChild(QToolBar, "mainToolBar").actions()


def test_dialog_lists_blocking_problems_and_jumps_to_them(make_window):
    broken = copy.deepcopy(load_map(DEFAULT_MAP))
    broken.start_markers = broken.start_markers[:4]  # too few start numbers: an error
    w = make_window(broken)
    dialog = w.new_playtest_dialog()
    assert dialog.errors, "the broken map must have blocking problems"
    assert not dialog.start_button.isEnabled()
    assert "cannot be played" in dialog.problem_label.text()
    assert dialog.problem_list.count() >= len(dialog.errors)
    located = next((i for i in range(dialog.problem_list.count())
                    if dialog.problem_list.item(i).data(Qt.ItemDataRole.UserRole).hex), None)
    if located is not None:
        item = dialog.problem_list.item(located)
        dialog.problem_list.itemClicked.emit(item)
        p = item.data(Qt.ItemDataRole.UserRole)
        assert w.document.selection == {w.document.map.to_axial(*p.hex)}


def test_dialog_on_a_good_map_gives_the_options(make_window):
    w = make_window()
    dialog = w.new_playtest_dialog()
    assert dialog.errors == [] and dialog.start_button.isEnabled()
    dialog.players.setCurrentIndex(1)
    opts = dialog.options()
    assert opts.players == 4 and opts.half is None and len(opts.seats) == 4
    assert opts.problems() == []
    dialog.seat_rows[1][0].setCurrentIndex(dialog.seat_rows[1][0].findData("DE"))
    assert not dialog.start_button.isEnabled() and "different nation" in dialog.status.text()
    dialog.seed.setText("abc")
    assert dialog.options().seed == "abc"


def test_scripted_two_player_game_through_the_ui(make_window, qtbot, tmp_path):
    w = make_window()
    c = start(w, seed=3, setup="full")
    s = c.session
    st = s.state
    # Setup: suggested groups and placing, for each seat in turn.
    while st.phase == "setup":
        if st.setup_step == "assign":
            nation = st.nation
            c.panel.suggest.click()
            assert all(u.army is not None for u in st.units.values() if u.nation == nation)
        else:
            nation = st.nation
            unplaced = {u.id for u in st.units.values() if u.nation == nation and u.pos < 0
                        and u.fort is None}
            c.panel.place.click()
            placed = {uid for uid in unplaced if s.state.units[uid].pos >= 0}
            assert c.layer.flash == placed != set()  # the army just placed pulses
            assert c.flash_anim.state() == c.flash_anim.State.Running
        st = s.state
    assert st.phase == "move" and all(u.pos >= 0 or u.fort for u in st.units.values())
    # Move: click a unit, then its farthest reachable hex.
    unit = next(u for u in st.units.values()
                if u.nation == st.nation and st.can_move(u) and u.pos >= 0
                and any(o.kind == "move" for o in st.legal_moves(u).values()))
    hover_hex(w, st.hex_of(unit))
    name = localized(unit.type.name, unit.type.id)  # the catalog's name, not the id
    assert w.statusBar().currentMessage().startswith(f"{unit.id}: {name}")
    click_hex(w, st.hex_of(unit))
    assert c.interaction.selected == unit.id and c.interaction.reachable
    target = max((h for h, o in c.interaction.reachable.items() if o.kind == "move"),
                 key=lambda h: c.interaction.reachable[h].cost)
    hover_hex(w, target)
    assert c.interaction.path[-1] == target and c.interaction.path[0] == st.hex_of(unit)
    assert "cost" in w.statusBar().currentMessage()
    click_hex(w, target)
    assert st.hex_of(unit) == target and unit.moved
    # An illegal second move of the same unit is explained in the status bar.
    click_hex(w, target)
    other = next(h for h in st.game.board.hexes if st.game.board.index_of[h] not in st.occ
                 and h.distance(target) > 20)
    click_hex(w, other)
    assert "cannot" in w.statusBar().currentMessage()
    # Undo the move, then redo it.
    c.panel.undo.click()
    assert st is not s.state or not unit.moved
    st = s.state
    assert st.units[unit.id].moved is False
    click_hex(w, st.hex_of(st.units[unit.id]))
    click_hex(w, target)
    assert st.units[unit.id].moved
    # Play on (bot-free: end phases) until a declare phase offers an attack.
    for _ in range(80):
        st = s.state
        if st.phase == "declare" and any(isinstance(a, Attack) for a in st.legal_actions()):
            break
        if st.phase == "move":
            movers = [u for u in st.units.values() if u.nation == st.nation and st.can_move(u)
                      and u.pos >= 0]
            for u in movers[:4]:
                opts = [h for h, o in st.legal_moves(u).items() if o.kind == "move"]
                if opts:
                    # Head for the enemy: the reachable hex nearest to any enemy unit.
                    enemies = [st.hex_of(e) for e in st.occ.values() if e.team != u.team]
                    best = min(opts, key=lambda h: min(h.distance(e) for e in enemies))
                    c.select(u.id)
                    click_hex(w, best)
        c.panel.end_phase.click() if st.phase != "combat" else c.panel.fight.click()
    st = s.state
    assert st.phase == "declare"
    attack = next(a for a in st.legal_actions() if isinstance(a, Attack))
    click_hex(w, st.hex_of(st.units[attack.attacker]))
    assert attack.defender in c.interaction.targets
    click_hex(w, st.hex_of(st.units[attack.defender]))
    assert s.plan == [(attack.attacker, attack.defender)]
    assert "dealt" in c.panel.plan.item(0).text()
    damage_before = {u.id: u.damage for u in st.units.values()}
    c.panel.start_combat.click()
    assert s.state.phase == "combat"
    n_log = len(s.state.log)
    c.panel.fight.click()
    st = s.state
    event = next(e for e in st.log[n_log:] if e.kind in ("combat", "attack_lost", "scatter"))
    assert event.kind == "combat"
    if attack.defender in st.units:
        assert st.units[attack.defender].damage == (damage_before[attack.defender]
                                                     + event.damage_to_defender)
    assert "dice" in c.panel.log.toPlainText()
    assert c.panel.dice.isVisible() and c.panel.dice.rows()[0][1] == list(event.attacker_dice)
    assert c.panel.dice.rows()[0][3] == event.attacker_hits  # the engine's hits, not recounted
    assert c.export_log(tmp_path / "log.txt")
    assert "attacks" in (tmp_path / "log.txt").read_text(encoding="utf-8")
    # Money: income was paid; buy something affordable into an own fort if possible.
    assert st.phase in ("money", "over")
    if st.phase == "money":
        c.open_money()
        nation = st.nation
        money = st.money[nation]
        forts = [f for f, o in st.fort_owner.items() if o == nation]
        cheap = [u for u in s.game.rosters[nation] if st.buy_problem(u.id, None) is None]
        if forts and cheap:
            assert c.money_dialog.buy(cheap[0].id, forts[0])
            assert st.money[nation] < money
        else:
            why = st.problem(Buy(s.game.rosters[nation][0].id, "nowhere"))
            assert not c.money_dialog.buy(s.game.rosters[nation][0].id, "nowhere")
            assert why and w.statusBar().currentMessage() == why  # the reason, no prefix
        seat = st.current
        c.panel.end_phase.click()
        assert s.state.current != seat and s.state.phase == "move"
    # Save, load elsewhere, continue.
    assert c.save(tmp_path / "pt.json")
    saved = load_save(tmp_path / "pt.json")
    assert state_hash(saved) == state_hash(s.state)


def test_load_a_playtest_save_and_continue(make_window, tmp_path):
    w = make_window()
    c = start(w, seed=8)
    assert c.apply(EndPhase())
    c.apply(EndPhase())
    assert c.save(tmp_path / "a.json")
    w2 = make_window()
    assert w2.playtest.load(tmp_path / "a.json")
    s2 = w2.playtest.session
    assert s2.cursor == 2 and state_hash(s2.state) == state_hash(c.session.state)
    assert s2.state.phase == "money"  # declare without attacks skips the combat phase
    seat = s2.state.current
    assert w2.playtest.apply(EndPhase())
    assert s2.state.phase == "move" and s2.state.current != seat
    assert not w2.playtest.load(tmp_path / "missing.json")
    assert "Could not load" in w2.statusBar().currentMessage()


def test_buy_is_refused_with_the_engine_reason(make_window):
    w = make_window()
    c = start(w)
    assert not c.apply(Buy("infantry", "nowhere"))
    assert "money phase" in w.statusBar().currentMessage()


def test_two_random_ai_seats_play_to_the_end(make_window, qtbot):
    w = make_window()
    c = start(w, seed=21, controllers=("ai", "ai"))
    c.set_ai_delay(0)
    qtbot.waitUntil(lambda: c.session.state.is_terminal(), timeout=120_000)
    assert c.session.state.winner_team in ("central", "entente")
    assert c.end_dialog is not None and c.end_dialog.isVisible()
    assert c.session.summary().winner in c.end_dialog.title.text().lower()


def test_back_to_editing_keeps_the_game_and_editing_ends_it(make_window, qtbot):
    w = make_window()
    c = start(w)
    c.apply(EndPhase())
    c.back_to_editing()
    assert not c.active and c.session is not None and w.view.tool is w.current_tool
    w.act_playtest.trigger()  # F5 resumes the kept game
    assert c.active and c.session.cursor == 1
    c.back_to_editing()
    from editor.commands.objects import AddObject
    from engine.model import Label

    asked = []
    c.ask_end_for_edit = lambda: asked.append(1) or False
    labels = len(w.document.map.labels)
    w.document.undo_stack.push(AddObject(w.document, Label("Test", (1.0, 1.0))))
    qtbot.waitUntil(lambda: len(w.document.map.labels) == labels)  # "No" undid the edit
    assert asked == [1] and c.session is not None  # asked once, the game stays
    c.ask_end_for_edit = lambda: True
    w.document.undo_stack.push(AddObject(w.document, Label("Test", (1.0, 1.0))))
    assert c.session is None and c.layer is None


def test_f5_opens_the_dialog_and_starts_a_game(make_window, qtbot):
    from PySide6.QtCore import QTimer

    w = make_window()

    def accept():
        dialog = w.playtest_dialog
        dialog.seed.setText("42")
        dialog.accept()

    QTimer.singleShot(0, accept)
    w.act_playtest.trigger()
    c = w.playtest
    assert c.active and c.session is not None and c.session.game.seed == 42
    assert w.view.tool is c.tool and c.dock.isVisible()
    assert not w.tools_dock.isVisible()  # editing panels make room for the game
    c.back_to_editing()
    assert w.tools_dock.isVisible()


def test_f5_start_asks_before_it_replaces_a_game_with_moves(make_window, qtbot):
    """F5 while a play-test ran opened the dialog, and Start threw the game away unasked."""
    from PySide6.QtCore import QTimer

    w = make_window()
    asked = []
    answer = [False]
    w.ask_replace_game = lambda game_round: asked.append(game_round) or answer[0]

    def start_from_dialog(seed: str) -> None:
        def accept():
            w.playtest_dialog.seed.setText(seed)
            w.playtest_dialog.accept()

        QTimer.singleShot(0, accept)
        w.act_playtest.trigger()

    start_from_dialog("42")
    assert asked == []  # nothing running: no question
    c = w.playtest
    assert c.apply(EndPhase())
    game = c.session
    start_from_dialog("43")
    assert asked == [game.state.round]
    assert c.session is game and game.game.seed == 42  # "No" keeps the game
    answer[0] = True
    start_from_dialog("44")
    assert c.session is not game and c.session.game.seed == 44


def test_play_layer_draws_counters_in_nation_colours(make_window, qtbot):
    from editor.playtest.counters import nation_colour

    w = make_window()
    c = start(w, seed=3)
    st = c.session.state
    unit = next(u for u in st.occ.values() if u.nation == "FR")
    w.view.set_zoom(1.5)
    w.view.center_on_hex(st.hex_of(unit))
    qtbot.wait(50)
    image = w.view.viewport().grab().toImage()
    want = nation_colour("FR")
    hits = sum(1 for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)
               if image.pixelColor(x, y).rgb() == want.rgb())
    assert hits > 20, "FR counters must be visible in horizon blue"
    c.back_to_editing()
    qtbot.wait(50)
    image = w.view.viewport().grab().toImage()
    hits = sum(1 for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)
               if image.pixelColor(x, y).rgb() == want.rgb())
    assert hits == 0, "back to editing hides the counters"


def test_full_setup_with_the_armies_dialog(make_window):
    w = make_window()
    c = start(w, seed=6, setup="full")
    st = c.session.state
    nation = st.nation
    c.panel.assign.click()
    d = c.armies_dialog
    mine = sum(1 for u in st.units.values() if u.nation == nation)
    assert d.unassigned.count() == mine
    assert not d.confirm()  # units still unassigned
    first = d.unassigned.item(0).data(Qt.ItemDataRole.UserRole)
    d.move_unit(first, 3)
    d.suggest()
    wanted = d.assignment()
    assert wanted[first] == 3 and len(wanted) == mine and d.unassigned.count() == 0
    assert d.confirm()
    assert {u.id: u.army for u in st.units.values() if u.nation == nation} == wanted
    assert st.nation != nation or st.setup_step == "place"


def test_human_against_the_ai_gets_the_turn_back(make_window, qtbot):
    w = make_window()
    c = start(w, seed=4, controllers=("human", "ai"))
    c.set_ai_delay(0)
    st = c.session.state
    if st.current == 1:  # the AI moves first: wait for the human's turn
        qtbot.waitUntil(lambda: c.session.state.current == 0, timeout=20_000)
    rnd = c.session.state.round
    for _ in range(3):
        c.panel.end_phase.click()
    assert c.session.state.current == 1 or c.session.state.is_terminal()
    assert not c.panel.end_phase.isEnabled() or c.session.state.current == 0
    qtbot.waitUntil(lambda: c.session.state.current == 0 or c.session.state.is_terminal(),
                    timeout=20_000)
    assert c.session.state.phase in ("move", "over")
    assert c.session.state.round > rnd or c.session.state.is_terminal()
    assert len(c.session.timeline) > 3  # the AI seat acted in between


def test_game_log_jump_step_and_restart_from_the_panel(make_window):
    w = make_window()
    c = start(w, seed=7)
    for _ in range(3):
        assert c.apply(EndPhase())
    hashes = state_hash(c.session.state)
    history = c.panel.history
    assert history.count() == 4
    history.itemActivated.emit(history.item(1))
    assert c.session.cursor == 1 and c.session.state.phase == "declare"
    c.step(1)
    c.step(1)
    assert c.session.cursor == 3 and state_hash(c.session.state) == hashes
    c.restart()
    assert c.session.cursor == 0 and c.session.timeline == []
    assert c.session.state.phase == "move"


def test_gift_to_the_ally_in_a_four_player_game(make_window):
    w = make_window()
    opts = PlaytestOptions(players=4, half=None, seed=3,
                           seats=[SeatChoice(n) for n in ("DE", "GB", "AH", "FR")])
    w.playtest.start(opts)
    c = w.playtest
    st = c.session.state
    giver = st.nation
    st.money[giver] = 5  # a stand-in for income earned in earlier turns
    c.open_money()
    d = c.money_dialog
    ally = d.ally.currentData()
    assert ally is not None and st.game.team_of[ally] == st.game.team_of[giver]
    before = st.money[ally]
    d.amount.setValue(2)
    d.give()
    fee = st.game.ruleset.gift_fee
    assert st.money[ally] == before + 2 and st.money[giver] == 5 - 2 - fee
    d.amount.setValue(50)
    d.give()
    assert "the gift costs" in w.statusBar().currentMessage()


def test_documentation_screenshots_render(qtbot, tmp_path):
    from PySide6.QtGui import QImage

    from editor.playtest.screenshots import main

    assert main([str(tmp_path)]) == 0
    shot, end = QImage(str(tmp_path / "playtest.png")), QImage(str(tmp_path / "playtest-end.png"))
    assert (shot.width(), shot.height()) == (1600, 1000)
    board = QImage(str(tmp_path / "playtest-map.png"))
    assert (board.width(), board.height()) == (1280, 720)
    assert end.width() == 720 and end.height() >= 400
