"""What the play-test map shows of special-unit powers, seen through one seat's eyes.

Mines are hidden from the other side (RULES §10 FAQ: the minelayer's mines are secret; the
engine keeps them in `State.powers.mines`). In hot-seat play the screen belongs to the human
seat to act, so after the handover the other seat's mines disappear from the map, the hover
texts, the log and the history. Gas areas (the pattern an area attack strikes, and the area
struck this turn) and terrain built in play are public.

Everything here asks the engine (`area.affected_hexes`, the state's record and log); nothing
computes a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hexes import Hex
from engine.i18n import DEFAULT, _, current_language
from engine.play.action_words import action_words
from engine.play.session import PlaytestSession
from engine.rules.abilities import powers
from engine.rules.actions import Action
from engine.rules.events import Event, PhaseStarted
from engine.rules.powers import area
from engine.rules.powers.actions import LayMine
from engine.rules.powers.events import AreaStruck, MineLaid
from engine.rules.state import State


def viewer_teams(session: PlaytestSession) -> frozenset[str]:
    """The teams whose secrets the screen may show now: the team of the human seat to act;
    while an AI seat acts, the human seats' team when they all play one team (none when
    humans play both teams: the screen could be either's); every team when no seat is human
    (a game watched) or the game is over."""
    st = session.state
    teams = frozenset(st.game.team_of.values())
    if st.is_terminal():
        return teams
    human = [st.game.team_of[n] for n, c in zip(st.game.nations, session.controllers,
                                                strict=True) if c == "human"]
    if not human:
        return teams
    if not session.is_ai_turn():
        return frozenset({st.game.team_of[st.nation]})
    return frozenset(human) if len(set(human)) == 1 else frozenset()


def visible_mines(st: State, teams: frozenset[str]) -> dict[Hex, str]:
    """Mines on the board laid by a nation of `teams`: hex -> nation."""
    hexes = st.game.board.hexes
    return {hexes[i]: n for i, n in st.powers.mines.items() if st.game.team_of[n] in teams}


def built_terrain(st: State) -> dict[Hex, str]:
    """Terrain built in play (builder): hex -> "trench", "road" or "bridge"."""
    hexes = st.game.board.hexes
    return {hexes[i]: t for i, t in st.powers.built.items()}


def area_of(st: State, attacker: str, defender: str) -> tuple[Hex, ...]:
    """The hexes an area attack (gas) of `attacker` on `defender` would strike now, the
    variants' widening included (Grabenkampf: a whole trench); () for an ordinary attack or
    units not on the board."""
    a, d = st.units.get(attacker), st.units.get(defender)
    if a is None or d is None or d.pos < 0 or powers(a.type).area is None:
        return ()
    return tuple(area.affected_hexes(st, a, st.game.board.hexes[d.pos]))


def struck_this_turn(st: State) -> list[AreaStruck]:
    """The area attacks fought since the current turn's move phase began (drawn as gas
    clouds until the next turn starts)."""
    out: list[AreaStruck] = []
    for e in reversed(st.log):
        if isinstance(e, PhaseStarted) and e.phase == "move":
            break
        if isinstance(e, AreaStruck):
            out.append(e)
    out.reverse()
    return out


@dataclass(frozen=True)
class GasArea:
    """One area to draw: its hexes, whether it is gas, and whether it is only a preview
    (planned or hovered) rather than an attack already fought."""

    hexes: tuple[Hex, ...]
    gas: bool
    preview: bool


def gas_areas(session: PlaytestSession, hovered: tuple[str, str] | None = None
              ) -> list[GasArea]:
    """Areas to draw: those struck this turn, then each planned area attack and the hovered
    one (`hovered`: attacker, defender) as previews."""
    st = session.state
    out = [GasArea(tuple(Hex(q, r) for q, r in e.hexes), e.gas, False)
           for e in struck_this_turn(st)]
    pairs = list(session.plan)
    if hovered is not None and session.plan_problem(*hovered) is None:
        pairs.append(hovered)
    for a, d in pairs:
        hexes = area_of(st, a, d)
        if hexes:
            out.append(GasArea(hexes, powers(st.units[a].type).gas, True))
    return out


def _hidden_mine(st: State, nation: str, teams: frozenset[str]) -> bool:
    return st.game.team_of.get(nation) not in teams


def event_line(st: State, e: Event, teams: frozenset[str]) -> str:
    """The log line of event `e` as the viewer may read it: a mine laid by the other side
    says that a mine was laid, not where."""
    if isinstance(e, MineLaid) and _hidden_mine(st, e.nation, teams):
        return _("{unit} lays a mine (hidden from you)", unit=e.unit)
    return e.text()


def _hidden_action(st: State, a: Action, teams: frozenset[str]) -> bool:
    if not isinstance(a, LayMine):
        return False
    u = st.units.get(a.unit)
    nation = u.nation if u is not None else a.unit.split("-", 1)[0]
    return _hidden_mine(st, nation, teams)


def action_line(st: State, a: Action, teams: frozenset[str]) -> str:
    """The history line of action `a` as the viewer may read it (mines of the other side
    without their hex): its text form in English, what it did in words in another language
    (the text form's command words are English)."""
    if isinstance(a, LayMine) and _hidden_action(st, a, teams):
        return _("lay_mine {unit} (hidden from you)", unit=a.unit)
    return str(a) if current_language() == DEFAULT else action_words(a)


def action_command(st: State, a: Action, teams: frozenset[str]) -> str | None:
    """The text form of action `a` when the viewer may see it (None: a hidden mine)."""
    return None if _hidden_action(st, a, teams) else str(a)
