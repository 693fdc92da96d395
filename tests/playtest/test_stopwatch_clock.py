"""The play-test shows the stopwatch variant's clock and ends the timed phases at zero."""

from __future__ import annotations

from engine.play.setup import PlaytestOptions, SeatChoice


def _start(window, variants):
    opts = PlaytestOptions(seed=3, setup="quick", variants=variants,
                           seats=[SeatChoice("DE"), SeatChoice("FR")])
    window.playtest.start(opts)
    window.playtest.panel.clock_timer.stop()  # the test drives the clock with its own times
    return window.playtest


def test_no_clock_without_the_stopwatch(make_window):
    mode = _start(make_window(), ())
    mode.panel.tick(0.0)
    assert mode.panel.clock.isHidden()


def test_the_clock_counts_down_and_time_up_ends_the_phases(make_window):
    mode = _start(make_window(), ("stopwatch",))
    s = mode.session
    assert s.state.phase == "move"
    mode.panel.tick(1000.0)
    assert not mode.panel.clock.isHidden() and "5:00" in mode.panel.clock.text()
    mode.panel.tick(1060.0)
    assert "4:00" in mode.panel.clock.text() and s.state.phase == "move"
    mode.panel.tick(1300.0)  # 5 minutes gone
    assert s.state.phase in ("combat", "money")


def test_the_dialog_offers_each_seat_its_special_units(make_window):
    w = make_window()
    dialog = w.new_playtest_dialog()
    combo = dialog.special_combos[1]  # seat 2, FR by default
    assert not combo.isEnabled() and dialog.options().special_units == {}
    dialog.variant_checks["start_with_special_unit"].setChecked(True)
    assert combo.isEnabled() and combo.count() > 2 and combo.itemData(0) is None
    combo.setCurrentIndex(combo.count() - 1)
    pick = combo.currentData()
    opts = dialog.options()
    assert opts.special_units == {"FR": pick}
    w.playtest.start(opts)
    w.playtest.panel.clock_timer.stop()
    assert [u.id for u in w.playtest.session.game.rosters["FR"] if u.special] == [pick]
