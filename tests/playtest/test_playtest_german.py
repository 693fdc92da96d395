"""Issue 18: a German play-test shows no English. After placement, a move, a hover over an
enemy and a declared attack, the visible texts of the play-test panel, log, status bar and
dialogs are collected and checked against English words a designer would spot at once."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import (
    QAbstractButton,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QTableWidget,
    QWidget,
)

from editor import i18n
from engine.play.setup import PlaytestOptions
from engine.rules.actions import EndPhase

pytestmark = pytest.mark.qt

# Whole words only: "Fort", "Start" and unit ids are the same in both languages.
ENGLISH = ("Round", "round", "phase", "Money", "money", "move", "moves", "attack",
           "attacks", "wins", "Hover", "hover", "damage", "army", "cannot", "the", "and",
           "turn", "Turn", "Setup", "setup", "place", "placed", "enemy", "contact", "range",
           "destroy", "dealt", "taken", "return fire", "neutral", "empty", "carries",
           "Objective", "objective", "held", "none", "game over", "End", "Undo", "over")


def visible_texts(top: QWidget) -> list[str]:
    """The texts a person sees in `top`: labels, buttons, list and table items."""
    out: list[str] = []
    for w in top.findChildren(QWidget):
        if not w.isVisible():
            continue
        if isinstance(w, (QLabel, QAbstractButton)):
            out.append(w.text())
        elif isinstance(w, QPlainTextEdit):
            out += w.toPlainText().splitlines()
        elif isinstance(w, QListWidget):
            out += [w.item(i).text() for i in range(w.count())]
        elif isinstance(w, QTableWidget):
            out += [w.item(r, c).text() for r in range(w.rowCount())
                    for c in range(w.columnCount()) if w.item(r, c) is not None]
    return [t for t in out if t]


def english_in(texts: list[str]) -> list[tuple[str, str]]:
    """(word, text) for every known English word found in `texts`."""
    found = []
    for t in texts:
        plain = re.sub(r"<[^>]+>", " ", t)
        for word in ENGLISH:
            if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", plain):
                found.append((word, t))
    return found


@pytest.fixture
def german(qapp):
    """German for the test's windows; English again afterwards."""
    i18n.install_translators(qapp, "de")
    yield
    i18n.install_translators(qapp, "en")


def test_a_german_play_test_shows_no_english(german, make_window, qtbot):
    from tests.playtest.conftest import hover_hex

    w = make_window()
    assert w.enter_play_mode(PlaytestOptions(seed=17))
    c = w.playtest
    s = c.session
    seen: list[str] = []

    def look() -> None:
        seen.extend(visible_texts(w))
        seen.append(w.statusBar().currentMessage())

    look()
    while s.state.phase != "move":
        c.apply(s.state.legal_actions()[0])
        look()
    unit = next(u for u in s.state.units.values() if u.nation == s.state.nation
                and u.pos >= 0 and any(o.kind == "move"
                                       for o in s.state.legal_moves(u).values()))
    c.select(unit.id)
    look()
    h = next(h for h, o in c.interaction.reachable.items() if o.kind == "move")
    hover_hex(w, h)
    look()
    c.click(h)
    look()
    for other in s.state.units.values():
        here = s.state.hex_of(other)
        if here is not None:
            c.hover(here)
            look()
    c.apply(EndPhase())
    look()
    assert s.state.phase == "declare"
    st = s.state
    for u in list(st.units.values()):
        if u.nation == st.nation and st.hex_of(u) is not None and c.interaction is not None:
            c.select(u.id)
            look()
            for e in st.units.values():
                if e.team != u.team and st.hex_of(e) is not None:
                    c.hover(st.hex_of(e))
                    look()
            break
    while s.state.phase != "money":
        c.apply(EndPhase())
    look()
    c.open_money()
    assert c.money_dialog is not None and c.money_dialog.isVisible()
    seen.extend(visible_texts(c.money_dialog))
    found = sorted({text for _word, text in english_in(seen)})
    print("\n".join(found))
    assert found == []
