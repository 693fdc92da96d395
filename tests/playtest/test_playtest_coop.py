"""A co-op play-test against the Automa through the real editor window (RULES §9): the dialog's
preset seats France + Britain together (hot-seat) against the Automa; the panel shows one
shared money pool; both nations' units move in one turn; undo and the money dialog work."""

from __future__ import annotations

from PySide6.QtCore import Qt

from engine.ai.registry import make_bot
from engine.play.session import PlaytestSession
from engine.play.setup import SeatChoice
from engine.rules import coop
from engine.rules.actions import EndPhase, Fight, Move
from engine.rules.money import price


def test_dialog_preset_seats_france_and_britain_against_the_automa(make_window):
    w = make_window()
    dialog = w.new_playtest_dialog()
    labels = [dialog.coop_preset.itemText(i) for i in range(dialog.coop_preset.count())]
    assert "Co-op: France + Britain (together, hot-seat) vs Automa (Germany)" in labels
    dialog.coop_preset.setCurrentIndex(labels.index(
        "Co-op: France + Britain (together, hot-seat) vs Automa (Germany)"))
    opts = dialog.options()
    assert opts.players == 2
    assert opts.seats == [SeatChoice("DE", "automa:standard"), SeatChoice("FR", "human", "GB")]
    assert opts.problems() == [] and dialog.start_button.isEnabled()
    # Back to one nation per seat: no partner left behind.
    dialog.coop_preset.setCurrentIndex(0)
    assert all(s.partner is None for s in dialog.options().seats)


def test_a_partner_that_is_no_ally_is_refused_before_start(make_window):
    w = make_window()
    dialog = w.new_playtest_dialog()
    combo = dialog.partner_combos[1]
    assert [combo.itemData(i) for i in range(combo.count())] == [None, "GB"]  # FR's ally
    opts = dialog.options()
    opts.seats[1] = SeatChoice("FR", "human", "AH")
    assert any("co-op partner" in p for p in opts.problems())
    opts.seats[1] = SeatChoice("FR", "automa:easy", "GB")
    assert any("plays one nation" in p for p in opts.problems())


def to_human_move(c) -> None:
    s = c.session
    while not s.state.is_terminal() and (s.is_ai_turn() or s.state.phase != "move"):
        if s.is_ai_turn():
            s.ai_step()
        else:
            s.apply(Fight() if s.state.phase == "combat" else EndPhase())


def test_coop_playtest_against_the_automa(make_window, tmp_path):
    w = make_window()
    dialog = w.new_playtest_dialog()
    dialog.coop_preset.setCurrentIndex(1)
    c = w.playtest
    c.start(dialog.options())
    c.ai_timer.stop()
    s = c.session
    to_human_move(c)
    st = s.state
    assert st.nation == "FR" and s.game.partner_of == {"FR": "GB"}
    c.refresh()
    text = c.panel.header.text()
    assert "France + Britain" in text and "FR+GB" in text and "(shared)" in text
    # One joint turn: a British and a French unit move; undo takes the last one back.
    mover = {}
    for flag in ("GB", "FR"):
        u = next(u for u in st.units.values() if u.flag == flag and st.can_move(u)
                 and st.legal_moves(u))
        to = min(st.legal_moves(u), key=lambda h: (st.legal_moves(u)[h].cost, h))
        assert c.apply(Move(u.id, to))
        mover[flag] = u.id
    assert s.state.units[mover["GB"]].moved and s.state.units[mover["FR"]].moved
    s.undo()
    assert not s.state.units[mover["FR"]].moved and s.state.units[mover["GB"]].moved
    # Save and load the co-op play-test: the partner and the timeline come back.
    path = tmp_path / "coop.json"
    s.save(path)
    again = PlaytestSession.load(path)
    assert again.game.partner_of == {"FR": "GB"} and again.cursor == s.cursor
    assert {u.id: u.flag for u in again.state.units.values()} == {
        u.id: u.flag for u in s.state.units.values()}
    # The money dialog buys for either nation from the one pool.
    while s.state.phase != "money":
        s.apply(Fight() if s.state.phase == "combat" else EndPhase())
    # A test position: the joint seat holds a fort and money (round 1 has neither yet).
    fort = sorted(s.state.fort_owner)[0]
    s.state.fort_owner[fort] = "FR"
    s.state.money["FR"] = 40
    c.open_money()
    dlg = c.money_dialog
    assert "FR+GB" in dlg.summary.text() and "shared pool" in dlg.summary.text()
    assert not dlg.for_nation.isHidden()
    assert [dlg.for_nation.itemData(i) for i in range(dlg.for_nation.count())] == ["FR", "GB"]
    dlg.for_nation.setCurrentIndex(1)
    rows = {dlg.buy_table.item(r, 0).data(Qt.ItemDataRole.UserRole): r
            for r in range(dlg.buy_table.rowCount())}
    assert "mark_i_female" in rows and "renault_ft17" not in rows  # Britain's own types
    dlg.buy_table.setCurrentCell(rows["infantry"], 0)
    dlg.fort.setCurrentIndex(dlg.fort.findData(fort))
    dlg.buy_selected()
    bought = [u for u in s.state.units.values() if u.id.startswith("GB-infantry-")
              and u.fort == fort]
    assert bought and bought[0].nation == "FR"
    assert s.state.money["FR"] == 40 - price(s.state, s.game.catalog.units["infantry"])
    dlg.close()


def test_the_summary_lists_each_nations_losses(make_window):
    w = make_window()
    dialog = w.new_playtest_dialog()
    dialog.coop_preset.setCurrentIndex(1)
    c = w.playtest
    c.start(dialog.options())
    c.ai_timer.stop()
    s = c.session
    assert set(s.summary().losses) == {"DE", "FR", "GB"}
    for _ in range(400):  # the Automa and the joint seat (as the heuristic bot) fight
        if s.state.is_terminal():
            break
        if s.is_ai_turn():
            s.ai_step()
        else:
            s.apply(make_bot("heuristic", "t").choose(s.state))
    lost = s.summary().losses
    for flag in ("GB", "FR"):
        made = sum(k for key, k in s.state.counters.items() if key.startswith(f"{flag}-"))
        alive = sum(1 for u in s.state.units.values() if u.flag == flag)
        assert sum(lost[flag].values()) == made - alive, flag
    assert sum(lost["GB"].values()) > 0  # this seed's game destroys British units


def test_full_setup_suggestions_keep_each_nation_on_its_start_markers(make_window):
    """Full setup of the joint seat: the panel's *Suggested groups* and the army dialog's
    *Suggest* put French units on markers 1/3 and British on 2/3 (002/004)."""
    w = make_window()
    dialog = w.new_playtest_dialog()
    dialog.coop_preset.setCurrentIndex(1)
    dialog.setup.setCurrentIndex(dialog.setup.findData("full"))
    c = w.playtest
    c.start(dialog.options())
    c.ai_timer.stop()
    s = c.session
    while s.state.setup_step == "assign" and s.is_ai_turn():
        s.ai_step()
    assert s.state.nation == "FR" and s.state.setup_step == "assign"
    c.open_armies()
    armies = c.armies_dialog
    armies.suggest()
    for k, lw in enumerate(armies.armies, start=1):
        flags = {s.state.units[lw.item(i).data(Qt.ItemDataRole.UserRole)].flag
                 for i in range(lw.count())}
        assert flags <= {1: {"FR"}, 2: {"GB"}, 3: {"FR", "GB"}}[k], (k, flags)
    armies.reject()
    c.refresh()  # the panel follows the AI steps taken above without the timer
    c.panel.suggest.click()
    mine = [u for u in s.state.units.values() if u.nation == "FR"]
    assert [(u.id, u.army) for u in mine if u.army not in coop.allowed_armies(s.game, u)] \
        == [], c.panel.suggest.isEnabled()
    assert {u.army for u in mine if u.flag == "GB"} <= {2, 3}
