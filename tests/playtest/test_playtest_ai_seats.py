"""The play-test dialog's seat list offers every AI kind of the registry."""

from __future__ import annotations

from engine.ai.registry import kind_names


def test_seat_combo_lists_human_and_every_registered_ai(make_window):
    w = make_window()
    dialog = w.new_playtest_dialog()
    _nation, ctl = dialog.seat_rows[1]
    keys = [ctl.itemData(i) for i in range(ctl.count())]
    assert keys == ["human", *kind_names()]
    ctl.setCurrentIndex(ctl.findData("automa:hard"))
    opts = dialog.options()
    assert opts.seats[1].controller == "automa:hard" and opts.problems() == []
