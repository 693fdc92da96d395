"""The play-test panel's header (round, nation, seat, phase, money, forts, army allowance)
and the phase's help line, in the language of the installed translators."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from editor.controller_words import controller_label
from editor.playtest.words import (
    nation_name,
    phase_name,
    reason_text,
    setup_step_name,
    team_name,
)
from engine.play.session import PlaytestSession
from engine.rules import coop

translate = QCoreApplication.translate

# English texts marked for pyside6-lupdate; `phase_help` translates them.
PHASE_HELP = {
    "setup": QT_TRANSLATE_NOOP(
        "PlayPanel", "Assign each unit to one of your 3 armies, then place the armies (with "
        "victory points, then pick a headquarters: click a cyan start number on the map or "
        "use Set headquarters)."),
    "move": QT_TRANSLATE_NOOP(
        "PlayPanel",
        "Click a unit, then a highlighted hex (cost shown). Right-click drops the selection."),
    "declare": QT_TRANSLATE_NOOP(
        "PlayPanel",
        "Click one of your units, then a target ringed red. Order the plan, then fight."),
    "combat": QT_TRANSLATE_NOOP("PlayPanel", "Resolve the declared attacks one by one."),
    "money": QT_TRANSLATE_NOOP(
        "PlayPanel",
        "Income is paid. Repair units in forts, buy units into forts, or end the turn."),
    "over": QT_TRANSLATE_NOOP("PlayPanel", "The game is over."),
}


def phase_help(phase: str) -> str:
    """What the player does in `phase`, one line."""
    text = PHASE_HELP.get(phase)
    return translate("PlayPanel", text) if text else ""


def header_html(s: PlaytestSession) -> str:
    """The panel's header: who acts in which phase, money, forts, victory points, armies."""
    st = s.state
    g = s.game
    seat = st.current
    who = controller_label(s.controllers[seat])
    shared = translate("PlayPanel", " (shared)")
    money = " · ".join(f"{coop.seat_label(g, n)} {st.money.get(n, 0)}"
                       + (shared if n in g.partner_of else "") for n in g.nations)
    forts = " · ".join(f"{team_name(t)} {st.forts_of(t)}"
                       for t in sorted(set(g.team_of.values())))
    if st.is_terminal():
        title = (translate("PlayPanel", "<b>Game over</b>: a draw") if st.winner_team is None
                 else translate("PlayPanel", "<b>Game over</b>: %1 wins by %2").replace(
                     "%1", team_name(st.winner_team)).replace("%2", reason_text(st.reason)))
    else:
        names = " + ".join(nation_name(n) for n in coop.seat_label(g, st.nation).split("+"))
        if st.nation in g.partner_of:
            who = translate("PlayPanel", "%1, together").replace("%1", who)
        title = ("<b>" + translate("PlayPanel", "Round %1 · %2 (%3, %4) · %5 phase")
                 .replace("%1", str(st.round)).replace("%2", names)
                 .replace("%3", coop.seat_label(g, st.nation)).replace("%4", who)
                 .replace("%5", phase_name(st.phase)) + "</b>")
        if st.phase == "setup":
            title += f" — {setup_step_name(st.setup_step)}"
    text = (title + "<br>" + translate("PlayPanel", "Money: %1").replace("%1", money) + "<br>"
            + translate("PlayPanel", "Forts: %1 (win at %2)").replace("%1", forts)
            .replace("%2", str(g.forts_to_win)))
    vp = getattr(st, "vp", None)
    if g.victory_points and vp is not None:
        text += "<br>" + translate("PlayPanel", "Victory points: %1").replace(
            "%1", " · ".join(f"{n} {vp.get(n, 0)}" for n in g.nations))
    limit, excluded = st.army_allowance() if st.phase in ("move", "declare") else (None, [])
    if limit is not None and not st.is_terminal():
        moved = sorted(st.armies_moved)
        text += ("<br><span style='color:#8a1c1c'>"
                 + translate("PlayPanel", "Round %1: you may use %2 of your 3 armies")
                 .replace("%1", str(st.round)).replace("%2", str(limit))
                 + (translate("PlayPanel", " (not army %1, used last round)").replace(
                     "%1", ", ".join(map(str, excluded))) if excluded else "")
                 + (translate("PlayPanel", "; in use: army %1").replace(
                     "%1", ", ".join(map(str, moved))) if moved else "")
                 + "</span>")
    return text
