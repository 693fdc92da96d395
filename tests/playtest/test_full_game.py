"""A complete 2-player hot-seat game played through the play-test UI (pytest-qt, offscreen):
the F5 dialog, full setup with the panel, moves and fort captures by clicks on the map,
attacks planned by clicks and fought with the panel, purchases in the money dialog, until the
game ends. The engine state is checked after every phase."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer

from editor.playtest.words import reason_text
from engine.content import load_scenario
from engine.hexes import Hex
from tests.playtest.conftest import DEFAULT_2P, click_hex

MAX_ROUNDS = 14  # with seed 17 the fort race ends in round 7; later, one side surrenders
MOVERS_PER_TURN = 6


def goal_hexes(st, nation: str) -> list[Hex]:
    """Hexes next to an entrance of a fort the nation does not hold."""
    index_of = st.game.board.index_of
    out = []
    for f in st.game.map.forts:
        if st.fort_owner.get(f.id) == nation:
            continue
        for e in f.entrances:
            out += [n for n in e.neighbors() if n in index_of and n not in f.hexes
                    and n not in f.entrances]
    return out


def select_by_click(w, c, uid: str) -> bool:
    """Click the unit's hex (a fort's hex cycles through the units inside) until selected."""
    st = c.session.state
    u = st.units[uid]
    if u.pos >= 0:
        click_hex(w, st.hex_of(u))
    else:
        fort = st.game.map.fort(u.fort)
        for _ in range(12):
            click_hex(w, fort.hexes[0])
            if c.interaction.selected == uid:
                break
    return c.interaction.selected == uid


def play_move_phase(w, c) -> int:
    """Move up to MOVERS_PER_TURN units by clicks: captures first, else toward enemy or
    neutral forts. Returns the number of captures; checks each move in the engine state."""
    s = c.session
    captures = 0
    moved = 0
    st = s.state
    nation = st.nation
    order = sorted((u for u in st.units.values() if u.nation == nation and st.can_move(u)),
                   key=lambda u: (u.type.unit_class != "foot", u.id))
    for u in order:
        st = s.state
        if moved >= MOVERS_PER_TURN or st.phase != "move" or u.id not in st.units:
            break
        if not st.can_move(st.units[u.id]) or not select_by_click(w, c, u.id):
            continue
        reach = dict(c.interaction.reachable)
        capture = next((h for h, o in reach.items() if o.kind == "capture"), None)
        if capture is not None:
            fort = reach[capture].fort
            owners = sum(1 for o in st.fort_owner.values() if o == nation)
            click_hex(w, capture)
            st = s.state
            assert st.fort_owner[fort] == nation, "the capture click takes the fort"
            assert sum(1 for o in st.fort_owner.values() if o == nation) == owners + 1
            captures += 1
            moved += 1
            continue
        goals = goal_hexes(st, nation)
        options = [h for h, o in reach.items() if o.kind == "move"]
        if not options or not goals:
            c.deselect()
            continue
        here = st.hex_of(u) or options[0]
        best = min(options, key=lambda h: (min(h.distance(g) for g in goals), -h.distance(here)))
        click_hex(w, best)
        st = s.state
        assert st.hex_of(st.units[u.id]) == best and st.units[u.id].moved
        moved += 1
    return captures


def play_declare_phase(w, c) -> int:
    """Plan attacks by clicking attacker then target; start the combat with the panel."""
    s = c.session
    st = s.state
    for a in [u for u in st.occ.values() if u.nation == st.nation]:
        if not s.targets(a.id):
            continue
        click_hex(w, st.hex_of(a))
        assert c.interaction.selected == a.id and c.interaction.targets
        target = sorted(c.interaction.targets)[0]
        click_hex(w, st.hex_of(st.units[target]))
        assert s.plan[-1] == (a.id, target)
    plan = list(s.plan)
    c.panel.end_phase.click()  # the declare phase ends by starting the combat
    st = s.state
    assert [tuple(d) for d in st.declarations] == plan
    assert st.phase == ("combat" if plan else "money") or st.is_terminal()
    return len(plan)


def play_combat_phase(c) -> int:
    """Fight every declared attack with the panel; check damage against the logged dice."""
    s = c.session
    fought = 0
    while s.state.phase == "combat":
        n = len(s.state.log)
        before = {uid: u.damage for uid, u in s.state.units.items()}
        c.panel.fight.click()
        for e in s.state.log[n:]:
            if e.kind != "combat":
                continue
            fought += 1
            for side, key in (("defender", "damage_to_defender"),
                              ("attacker", "damage_to_attacker")):
                uid = getattr(e, side)
                if uid in s.state.units:
                    assert s.state.units[uid].damage == before[uid] + getattr(e, key)
                else:
                    assert getattr(e, f"{side}_destroyed")
    return fought


def play_money_phase(c, money_before: int) -> int:
    """Income is paid; buy the first unit the engine allows into a fort with the dialog."""
    s = c.session
    st = s.state
    nation = st.nation
    held = sum(1 for o in st.fort_owner.values() if o == nation)
    assert st.money[nation] == money_before + held * s.game.ruleset.income_per_fort
    c.panel.money.click()
    d = c.money_dialog
    bought = 0
    table = d.buy_table
    for r in range(table.rowCount()):
        type_id = table.item(r, 0).data(Qt.ItemDataRole.UserRole)
        if table.item(r, 3).text() == "" and type_id != "special":
            table.setCurrentCell(r, 0)
            if d.fort.currentData() is None:
                break
            money, count = st.money[nation], len(st.units)
            fort = d.fort.currentData()
            inside = sum(1 for u in st.units.values() if u.fort == fort)
            d.buy_button.click()
            assert len(s.state.units) == count + 1 and s.state.money[nation] < money
            assert sum(1 for u in s.state.units.values() if u.fort == fort) == inside + 1
            assert any(u.fort == fort and u.type.id == type_id and u.nation == nation
                       for u in s.state.units.values())
            bought += 1
            break
    d.close()
    c.panel.end_phase.click()
    assert s.state.nation != nation or s.state.is_terminal()
    return bought


def test_a_complete_hot_seat_game_through_the_ui(make_window, qtbot, tmp_path):
    w = make_window()
    scenario = load_scenario(DEFAULT_2P)

    def accept():
        dialog = w.playtest_dialog
        dialog.seed.setText("17")
        dialog.setup.setCurrentIndex(dialog.setup.findData("full"))
        dialog.accept()

    QTimer.singleShot(0, accept)
    w.act_playtest.trigger()
    c = w.playtest
    s = c.session
    assert [(seat.nation, seat.team) for seat in s.scenario.seats] == \
        [(seat.nation, seat.team) for seat in scenario.seats]
    assert s.scenario.half == scenario.half and s.game.forts_to_win == 5
    # Setup with the panel: suggested groups, then each start chip placed.
    while s.state.phase == "setup":
        st = s.state
        if st.setup_step == "assign":
            nation = st.nation
            c.panel.suggest.click()
            assert all(u.army for u in s.state.units.values() if u.nation == nation)
        else:
            placed = sum(1 for u in st.units.values() if u.pos >= 0 or u.fort)
            c.panel.place.click()
            assert sum(1 for u in s.state.units.values() if u.pos >= 0 or u.fort) > placed
    assert all(u.pos >= 0 for u in s.state.units.values())
    totals = {"captures": 0, "attacks": 0, "fights": 0, "bought": 0}
    while not s.state.is_terminal() and s.state.round <= MAX_ROUNDS:
        st = s.state
        assert st.phase == "move"
        nation, rnd = st.nation, st.round
        totals["captures"] += play_move_phase(w, c)
        if s.state.is_terminal():
            break
        c.panel.end_phase.click()
        assert s.state.phase == "declare" and s.state.nation == nation
        money_before = s.state.money[nation]
        totals["attacks"] += play_declare_phase(w, c)
        totals["fights"] += play_combat_phase(c)
        if s.state.is_terminal():
            break
        assert s.state.phase == "money" and s.state.nation == nation
        totals["bought"] += play_money_phase(c, money_before)
        assert s.state.is_terminal() or s.state.round >= rnd
    assert totals["captures"] >= 1, totals
    assert totals["fights"] >= 1 and totals["bought"] >= 1, totals
    if not s.state.is_terminal():
        loser = s.state.game.team_of[s.state.nation]
        c.panel.surrender.click()
        assert s.state.is_terminal() and s.state.winner_team != loser
    st = s.state
    assert st.winner_team in ("central", "entente") and st.reason
    qtbot.waitUntil(lambda: c.end_dialog is not None and c.end_dialog.isVisible())
    title = c.end_dialog.title.text()
    assert f"<h2>{st.winner_team.capitalize()} (" in title and reason_text(st.reason) in title
    summary = s.summary()
    lost = sum(sum(v.values()) for v in summary.losses.values())
    assert (c.end_dialog.table.isHidden() and "No unit" in c.end_dialog.losses_label.text()
            if lost == 0 else c.end_dialog.table.rowCount() > 0)
    assert summary.forts[-1][2] == {t: st.forts_of(t) for t in ("central", "entente")}
    assert c.save(tmp_path / "full.json")
