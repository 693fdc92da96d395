"""Rules made visible in the play-test UI: water purchases picked on the map, the
victory-points headquarters, enemy contact on hover, impossible attacks and repairs, and the
first-round army allowance (pytest-qt, offscreen)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from engine.ai.random_bot import RandomBot
from engine.play.setup import PlaytestOptions, SeatChoice
from engine.rules.actions import EndPhase, Move
from tests.playtest.conftest import click_hex, hover_hex


def start(window, seed=3, setup="quick", variants=()):
    opts = PlaytestOptions(seed=seed, setup=setup, variants=variants,
                           seats=[SeatChoice("DE"), SeatChoice("FR")])
    window.playtest.start(opts)
    return window.playtest


def select_row(table, type_id):
    row = next(r for r in range(table.rowCount())
               if table.item(r, 0).data(Qt.ItemDataRole.UserRole) == type_id)
    table.setCurrentCell(row, 0)


def test_a_gunboat_is_bought_onto_a_water_hex_picked_on_the_map(make_window):
    w = make_window()
    c = start(w)
    c.apply(EndPhase())
    c.apply(EndPhase())
    st = c.session.state
    assert st.phase == "money"
    nation = st.nation
    # Stand-in for a lost battle: the buyer's team is behind in units and forts, so it may
    # choose a special unit, and has the money for it.
    enemy_team = next(t for t in set(st.game.team_of.values()) if t != st.game.team_of[nation])
    enemy = next(n for n, t in st.game.team_of.items() if t == enemy_team)
    st.fort_owner["fort_cornay"] = enemy
    st.remove_unit(next(u for u in st.units.values() if u.nation == nation))
    st.money[nation] = 40
    c.open_money()
    d = c.money_dialog
    select_row(d.buy_table, "gunboat")
    assert d.where_label.text() == "Onto water hex" and d.pick_button.isEnabled()
    assert d.fort.count() > 0 and "water" in d.fort.itemText(0)
    d.pick_button.click()
    picks = dict(c.interaction.picks)
    assert picks and all(st.game.board.water[st.game.board.index_of[h]] for h in picks)
    land = next(h for h in st.game.board.hexes
                if not st.game.board.water[st.game.board.index_of[h]]
                and st.game.board.index_of[h] not in st.occ)
    click_hex(w, land)
    assert "Not there" in w.statusBar().currentMessage()
    assert "water" in w.statusBar().currentMessage()
    target = next(iter(picks))
    money = st.money[nation]
    click_hex(w, target)
    boat = [u for u in st.units.values() if u.nation == nation and u.type.id == "gunboat"]
    assert len(boat) == 1 and st.hex_of(boat[0]) == target
    assert st.money[nation] < money and not c.interaction.picks
    # A fort unit bought from the same dialog still goes into a fort.
    select_row(d.buy_table, "infantry")
    assert d.where_label.text() == "Into fort" and not d.pick_button.isEnabled()


def test_headquarters_are_picked_on_the_map_and_in_the_panel(make_window):
    w = make_window()
    c = start(w, seed=6, setup="full", variants=("victory_points",))
    s = c.session
    while s.state.phase == "setup" and s.state.setup_step != "hq":
        (c.panel.suggest if s.state.setup_step == "assign" else c.panel.place).click()
    st = s.state
    assert st.setup_step == "hq" and c.panel.hq_button.isEnabled()
    first = st.nation
    assert c.panel.hq_combo.count() == 3
    picks = dict(c.interaction.picks)
    assert sorted(picks.values()) == sorted(f"HQ {n}" for n in st.chips[first])
    h, label = next(iter(picks.items()))
    click_hex(w, h)
    assert st.hq[first] == int(label.split()[1])
    if st.phase == "setup":  # the other seat uses the panel
        second = st.nation
        assert second != first and c.panel.hq_combo.count() == 3
        c.panel.hq_combo.setCurrentIndex(2)
        want = c.panel.hq_combo.currentData()
        c.panel.hq_button.click()
        assert s.state.hq[second] == want
    assert s.state.phase == "move" and not c.interaction.picks and not c.panel.hq_button.isEnabled()


def test_first_round_allowance_is_shown_and_explained(make_window):
    w = make_window()
    c = start(w, seed=3)
    st = c.session.state
    assert "Round 1: you may use 1 of your 3 armies" in c.panel.header.text()
    unit = next(u for u in st.units.values() if u.nation == st.nation and st.can_move(u)
                and u.pos >= 0 and st.legal_moves(u))
    c.select(unit.id)
    click_hex(w, next(h for h, o in c.interaction.reachable.items() if o.kind == "move"))
    assert f"in use: army {unit.army}" in c.panel.header.text()
    other = next(u for u in st.units.values() if u.nation == st.nation and u.pos >= 0
                 and u.army not in (None, unit.army))
    click_hex(w, st.hex_of(other))
    assert "you may use only 1 of your armies" in w.statusBar().currentMessage()


def play_until(c, predicate, limit=4000):
    """Drive the session with a random bot until `predicate(state)` holds."""
    bot = RandomBot(11)
    s = c.session
    for _ in range(limit):
        if predicate(s.state):
            c.refresh()
            return s.state
        s.apply(bot.choose(s.state))
    raise AssertionError("the situation did not come up")


def contact_stop(st):
    """(unit, hex) where the unit's move would be stopped by enemy contact, or None."""
    from engine.rules.movement import contact_map

    if st.phase != "move":
        return None
    for u in st.units.values():
        if u.nation != st.nation or not st.can_move(u) or u.pos < 0:
            continue
        contact = contact_map(st, u)
        for h, o in st.legal_moves(u).items():
            p = o.path
            idx = [st.game.board.index_of[x] for x in p]
            if o.kind == "move" and len(p) >= 3 and contact[idx[-1]] and contact[idx[-2]]:
                return u, h
    return None


def test_hover_explains_a_move_stopped_by_enemy_contact(make_window):
    w = make_window()
    c = start(w, seed=5)
    st = play_until(c, contact_stop)
    unit, h = contact_stop(st)
    c.select(unit.id)
    hover_hex(w, h)
    msg = w.statusBar().currentMessage()
    assert "enemy contact stops the move here" in msg
    assert "two contact hexes in a row" in msg
    enemies = [e.id for e in st.occ.values() if e.team != unit.team
               and st.hex_of(e).distance(h) == 1]
    assert any(e in msg for e in enemies)
    # Beyond the stop the engine's reason is shown.
    beyond = next(x for x in h.neighbors() if x in st.game.board.index_of
                  and x not in c.interaction.reachable and st.game.board.index_of[x] not in st.occ)
    hover_hex(w, beyond)
    msg = w.statusBar().currentMessage()
    assert msg.startswith("[") and st.problem(Move(unit.id, beyond)) in msg
    assert "enemy contact" in msg


def test_impossible_attack_shows_the_engine_reason(make_window):
    w = make_window()
    c = start(w, seed=5)

    def has_bad_target(st):
        if st.phase != "declare":
            return False
        return any(st.attack_problem(a, d) for a in st.occ.values() if a.nation == st.nation
                   for d in st.occ.values() if d.team != a.team)

    st = play_until(c, has_bad_target)
    a, d = next((a, d) for a in st.occ.values() if a.nation == st.nation
                for d in st.occ.values() if d.team != a.team and st.attack_problem(a, d))
    click_hex(w, st.hex_of(a))
    assert c.interaction.selected == a.id
    hover_hex(w, st.hex_of(d))
    why = st.attack_problem(a, d)
    assert w.statusBar().currentMessage() == f"{a.id} cannot attack {d.id}: {why}"
    click_hex(w, st.hex_of(d))
    assert w.statusBar().currentMessage() == f"{a.id} cannot attack {d.id}: {why}"
    assert c.session.plan == []


def test_money_dialog_says_why_a_unit_cannot_be_repaired(make_window):
    w = make_window()
    c = start(w, seed=3)
    c.apply(EndPhase())
    c.apply(EndPhase())
    st = c.session.state
    assert st.phase == "money"
    unit = next(u for u in st.units.values() if u.nation == st.nation and u.pos >= 0)
    unit.damage = 1  # stand-in for a hit taken in an earlier combat
    st.money[st.nation] = 10
    c.open_money()
    d = c.money_dialog
    assert "has not been in a fort since the start of the turn" in d.repair_note.text()
    d.repair_table.setCurrentCell(0, 0)
    d.repair_button.click()
    assert "has not been in a fort since the start of the turn" in \
        w.statusBar().currentMessage()
    assert unit.damage == 1


def boarding(st):
    """(passenger, transport hex) where a unit of the player to act can board, or None."""
    if st.phase != "move":
        return None
    for u in st.units.values():
        if u.nation == st.nation and st.can_move(u) and u.pos >= 0:
            for h, o in st.legal_moves(u).items():
                if o.kind == "board":
                    return u, h
    return None


def test_unloading_lets_the_player_click_each_passengers_hex(make_window):
    w = make_window()
    c = start(w, seed=5)
    st = play_until(c, boarding)
    unit, th = boarding(st)
    transport = st.occ[st.game.board.index_of[th]]
    click_hex(w, st.hex_of(unit))
    assert c.interaction.reachable[th].kind == "board"
    click_hex(w, th)
    assert unit.carrier == transport.id and transport.cargo == [unit.id]
    st = c.session.state
    transport = st.units[transport.id]
    choices = st.unload_choices(transport, transport.pos)
    click_hex(w, th)  # select the transport
    assert c.interaction.selected == transport.id and c.panel.unload.isEnabled()
    c.panel.unload.click()
    picks = dict(c.interaction.picks)
    assert {st.game.board.index_of[h] for h in picks} == {ch[0] for ch in choices}
    assert set(picks.values()) == {unit.type.id}
    assert len(picks) > 1  # a real choice for this seed
    wrong = next(n for n in th.neighbors() if n not in picks)
    click_hex(w, wrong)
    assert "must go onto a free land hex" in w.statusBar().currentMessage()
    target = sorted(picks, key=lambda h: (h.q, h.r))[-1]
    click_hex(w, target)
    st = c.session.state
    assert st.units[unit.id].carrier is None and st.hex_of(st.units[unit.id]) == target
    assert str(c.session.timeline[-1]) == f"unload {transport.id} {target.q},{target.r}"
