"""Qt-free status-bar texts that explain the rules while hovering the map: what stands on a
hex, why enemy contact stops a move (RULES §5.1: two contact hexes in a row, the start
counting as the first, end the move), and why a target cannot be attacked."""

from __future__ import annotations

from collections.abc import Mapping, Set
from typing import TYPE_CHECKING

from engine.hexes import Hex
from engine.i18n import _, localized, rule_word
from engine.rules.actions import Move
from engine.rules.movement import MoveOption
from engine.rules.state import State

if TYPE_CHECKING:
    from engine.play.session import PlaytestSession


def class_word(unit_class: str) -> str:
    """A unit class (foot, tank, …) in the current language; an unknown class unchanged."""
    words = {"foot": _("foot"), "vehicle": _("vehicle"), "tank": _("tank"), "air": _("air"),
             "artillery": _("artillery"), "transport": _("transport"), "ship": _("ship"),
             "static": _("static")}
    return words.get(unit_class, unit_class)


def move_word(kind: str) -> str:
    """A kind of move option (move, enter, capture, board) in the current language."""
    words = {"move": _("move"), "enter": _("enter"), "capture": _("capture"),
             "board": _("board")}
    return words.get(kind, kind)


def selection_note(session: PlaytestSession, uid: str, reachable: Mapping[Hex, MoveOption],
                   targets: Set[str]) -> str:
    """The status text on selecting unit `uid`: where it can go (move phase), what it can
    attack (declare phase), or why neither."""
    st = session.state
    u = st.units[uid]
    if st.phase == "move":
        if not reachable:
            return st.problem(Move(uid, st.hex_of(u) or Hex(0, 0))) or \
                _("{uid} has nowhere to go", uid=uid)
        return _("{uid} ({type}): {n} hexes in reach", uid=uid,
                 type=localized(u.type.name, u.type.id), n=len(reachable))
    if st.phase == "declare":
        if any(a == uid for a, _d in session.plan):
            return _("{uid} is already in the plan (remove it there to change it)", uid=uid)
        if targets:
            return _("{uid}: {n} target(s), ringed red", uid=uid, n=len(targets))
        return _("{uid} has no target in range", uid=uid)
    return f"{uid} ({localized(u.type.name, u.type.id)})"


def move_note(st: State, uid: str, h: Hex, opt: MoveOption) -> str:
    """The status text on choosing move option `opt` of unit `uid` to hex `h`."""
    col, row = st.game.map.to_offset(h)
    return _("{unit}: {kind} to [{col}, {row}] (cost {cost:g})", unit=uid,
             kind=move_word(opt.kind), col=col, row=row, cost=opt.cost)


def enemies_next_to(st: State, uid: str, h: Hex) -> list[str]:
    """Ids of the enemy units next to `h` that give unit `uid` enemy contact there (the
    engine's answer, `State.contact_enemies`)."""
    return [e.id for e in st.contact_enemies(st.units[uid], h)]


def stop_note(st: State, uid: str, path: tuple[Hex, ...], contact: Set[Hex]) -> str:
    """Why a move along `path` ends where it does when enemy contact is involved, else ""."""
    if not path or path[-1] not in contact:
        if any(x in contact for x in path[1:]):
            return _(" — passes through enemy contact (one contact hex does not stop it)")
        return ""
    near = ", ".join(enemies_next_to(st, uid, path[-1]))
    if len(path) >= 2 and path[-2] in contact:
        col, row = st.game.map.to_offset(path[-1])
        if len(path) == 2:
            return _(" — enemy contact stops the move here: the unit starts in contact and "
                     "[{col}, {row}] is next to {near} (two contact hexes in a row end a move)",
                     col=col, row=row, near=near)
        return _(" — enemy contact stops the move here: the unit is already in contact and "
                 "[{col}, {row}] is next to {near} (two contact hexes in a row end a move)",
                 col=col, row=row, near=near)
    return _(" — ends in enemy contact next to {near}", near=near)


def contact_note(st: State, uid: str, h: Hex, contact: Set[Hex],
                 reachable: Mapping[Hex, MoveOption]) -> str:
    """Why enemy contact keeps hex `h` out of reach of unit `uid`, when it does, else ""."""
    here = st.hex_of(st.units[uid])
    if here is not None and here in contact:
        return _(" ({uid} starts in enemy contact next to {near}: the next contact hex on "
                 "its way ends the move)", uid=uid, near=", ".join(enemies_next_to(st, uid, here)))
    stops = {o.path[-1] for o in reachable.values()
             if len(o.path) >= 2 and o.path[-1] in contact and o.path[-2] in contact}
    if stops and (h in contact or any(n in stops for n in h.neighbors())):
        return _(" (enemy contact: two contact hexes in a row end a move, so the unit "
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
        marks.append(_("mine of {nation}", nation=mine))
    if i is not None and i in st.powers.built:
        marks.append(_("built {terrain}", terrain=rule_word(st.powers.built[i])))
    note = f" [{'; '.join(marks)}]" if marks else ""
    if u is not None:
        extra = _(", carries {units}", units=", ".join(u.cargo)) if u.cargo else ""
        return _("{uid}: {type} ({unit_class}), damage {damage}, XP {xp}, army {army}"
                 "{extra}{note}", uid=u.id, type=localized(u.type.name, u.type.id),
                 unit_class=class_word(u.type.unit_class), damage=u.damage, xp=u.xp,
                 army=u.army or "–", extra=extra, note=note)
    if marks:
        return note.strip(" []")
    fort = st.game.map.fort_at().get(h)
    if fort is not None:
        inside = [v.id for v in st.units.values() if v.fort == fort.id]
        owner = st.fort_owner.get(fort.id) or _("neutral")
        if inside:
            return _("{fort} ({owner}): {units}", fort=fort.name, owner=owner,
                     units=", ".join(inside))
        return _("{fort} ({owner}), empty", fort=fort.name, owner=owner)
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
        return _("{attacker} cannot attack {defender}: {why}", attacker=attacker,
                 defender=d.id, why=why)
    return f"{attacker} → {d.id}: {session.odds_of(attacker, d.id).text()}"
