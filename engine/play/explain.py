"""Qt-free status-bar texts that explain the rules while hovering the map: what stands on a
hex, why enemy contact stops a move (RULES §5.1: two contact hexes in a row, the start
counting as the first, end the move), and why a target cannot be attacked."""

from __future__ import annotations

from collections.abc import Mapping, Set
from typing import TYPE_CHECKING

from engine.hexes import Hex
from engine.rules.movement import MoveOption
from engine.rules.state import State

if TYPE_CHECKING:
    from engine.play.session import PlaytestSession


def enemies_next_to(st: State, uid: str, h: Hex) -> list[str]:
    """Ids of the enemy units next to `h` that give unit `uid` enemy contact there (the
    engine's answer, `State.contact_enemies`)."""
    return [e.id for e in st.contact_enemies(st.units[uid], h)]


def stop_note(st: State, uid: str, path: tuple[Hex, ...], contact: Set[Hex]) -> str:
    """Why a move along `path` ends where it does when enemy contact is involved, else ""."""
    if not path or path[-1] not in contact:
        if any(x in contact for x in path[1:]):
            return " — passes through enemy contact (one contact hex does not stop it)"
        return ""
    near = ", ".join(enemies_next_to(st, uid, path[-1]))
    if len(path) >= 2 and path[-2] in contact:
        col, row = st.game.map.to_offset(path[-1])
        first = "starts" if len(path) == 2 else "is already"
        return (f" — enemy contact stops the move here: the unit {first} in contact and "
                f"[{col}, {row}] is next to {near} (two contact hexes in a row end a move)")
    return f" — ends in enemy contact next to {near}"


def contact_note(st: State, uid: str, h: Hex, contact: Set[Hex],
                 reachable: Mapping[Hex, MoveOption]) -> str:
    """Why enemy contact keeps hex `h` out of reach of unit `uid`, when it does, else ""."""
    here = st.hex_of(st.units[uid])
    if here is not None and here in contact:
        return (f" ({uid} starts in enemy contact next to "
                f"{', '.join(enemies_next_to(st, uid, here))}: the next contact hex on its "
                "way ends the move)")
    stops = {o.path[-1] for o in reachable.values()
             if len(o.path) >= 2 and o.path[-1] in contact and o.path[-2] in contact}
    if stops and (h in contact or any(n in stops for n in h.neighbors())):
        return (" (enemy contact: two contact hexes in a row end a move, so the unit "
                "cannot pass the enemy line here)")
    return ""


def describe_hex(st: State, h: Hex, teams: Set[str] | None = None) -> str:
    """The unit on a hex (or the garrison of a fort) for the status bar, with a mine or
    terrain built in play on it. Only mines laid by a nation of `teams` are named (the
    play-test passes the viewer's team, engine.play.seat_view); None names every mine."""
    i = st.game.board.index_of.get(h)
    u = st.unit_at(h)
    marks = []
    mine = st.powers.mines.get(i) if i is not None else None
    if mine is not None and (teams is None or st.game.team_of[mine] in teams):
        marks.append(f"mine of {mine}")
    if i is not None and i in st.powers.built:
        marks.append(f"built {st.powers.built[i]}")
    note = f" [{'; '.join(marks)}]" if marks else ""
    if u is not None:
        extra = f", carries {', '.join(u.cargo)}" if u.cargo else ""
        return (f"{u.id}: {u.type.id} ({u.type.unit_class}), damage {u.damage}, "
                f"XP {u.xp}, army {u.army or '–'}{extra}{note}")
    if marks:
        return note.strip(" []")
    fort = st.game.map.fort_at().get(h)
    if fort is not None:
        inside = [v.id for v in st.units.values() if v.fort == fort.id]
        owner = st.fort_owner.get(fort.id, "neutral")
        return f"{fort.name} ({owner})" + (f": {', '.join(inside)}" if inside else ", empty")
    return ""


def target_note(session: PlaytestSession, attacker: str, h: Hex,
                teams: Set[str] | None = None) -> str:
    """Declare phase: the odds of `attacker` against the enemy on `h`, or why it cannot
    attack it (the engine's reason); other hexes are described (mines of `teams` only)."""
    st = session.state
    d = st.unit_at(h)
    if d is None or d.team == st.units[attacker].team:
        return describe_hex(st, h, teams)
    why = session.plan_problem(attacker, d.id)
    if why:
        return f"{attacker} cannot attack {d.id}: {why}"
    return f"{attacker} → {d.id}: {session.odds_of(attacker, d.id).text()}"
