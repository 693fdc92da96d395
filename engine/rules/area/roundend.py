"""The end of a round (4.2 steps 3-6): the victory check (cities taken in fronts the other
alliance left, capitulation points, the end of the game, capitulation rolls, the Treaty of
Brest-Litovsk), replacements (7.0, 7.1, 7.2) and the next round; and who wins (8.0, 8.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.area_model import FACTIONS
from engine.rules.area import battle
from engine.rules.area.actions import AreaAction

if TYPE_CHECKING:
    from engine.rules.area.state import AreaState

A = AreaAction


def begin(s: AreaState) -> None:
    """Start the victory check: list the fronts where a faction faces no real enemy army."""
    g = s.game
    s.phase = "victory"
    s.step = {"checks": []}
    for front in g.fronts:
        for f in s.turn_order:
            enemy = g.other(g.alliance[f])
            if s.armies_of(f, front) and not s.alliance_armies(enemy, front):
                s.step["checks"].append([f, front])
    _next_check(s)


def _next_check(s: AreaState) -> None:
    g = s.game
    assert s.step is not None
    while s.step["checks"]:
        f, front = s.step["checks"][0]
        choices = battle.capturable(s, f, front)
        if len(choices) > 1:
            s.actor = f
            s.step["choices"] = choices
            return
        s.step["checks"].pop(0)
        if choices:
            battle.take_city(s, f, choices[0])
        elif battle.all_taken(s, f, front):
            enemy = g.other(g.alliance[f])
            loser = next((b.owner for b in g.map.bases
                          if b.front == front and g.alliance[b.owner] == enemy), None)
            if loser is not None:
                battle.capitulation_point(s, loser, front)
    _end_or_roll(s)


def _sudden_victory(s: AreaState) -> str | None:
    g = s.game
    for alliance in ("allies", "central"):
        held = 0
        for front in g.fronts:
            cities = [c.id for c in g.map.cities if c.front == front]
            if cities and all(g.alliance[s.owner[c]] == alliance for c in cities):
                held += 1
        if held >= g.ruleset.sudden_victory_fronts:
            return alliance
    return None


def _end_or_roll(s: AreaState) -> None:
    if s.round >= s.game.ruleset.rounds or _sudden_victory(s) is not None:
        finish(s, "victory_points" if s.round >= s.game.ruleset.rounds else "fronts")
        return
    s.step = {"to_roll": [f for f in FACTIONS if s.capitulation[f] > 0], "capitulated": []}
    _next_roll(s)


def _next_roll(s: AreaState) -> None:
    assert s.step is not None
    if s.step["to_roll"]:
        s.chance = {"kind": "capitulation_roll", "faction": s.step["to_roll"][0]}
        return
    fallen = {s.game.alliance[f] for f in s.step["capitulated"]}
    if fallen:
        finish(s, "capitulation", fallen=fallen)
        return
    _treaty(s)


def apply_capitulation_roll(s: AreaState, faction: str, face: int) -> None:
    """A faction with capitulation points rolls: at most its points capitulates; the 'S' face
    never does (6.5)."""
    assert s.step is not None
    s.step["to_roll"].remove(faction)
    fallen = face != s.game.ruleset.draw_face and face <= s.capitulation[faction]
    s.note("capitulation_roll", faction=faction, face=face, points=s.capitulation[faction],
           capitulates=fallen)
    if fallen:
        s.step["capitulated"].append(faction)
    _next_roll(s)


def _treaty(s: AreaState) -> None:
    bl = s.game.ruleset.brest_litovsk
    if s.treaty != "accepted" and s.round in bl.rounds:
        s.phase = "treaty"
        s.step = {"stage": "offer"}
        s.actor = bl.offered_by
        return
    _begin_replacements(s)


def legal(s: AreaState) -> list[AreaAction]:
    """Legal actions in the victory check, treaty and replacement phases."""
    assert s.step is not None
    if s.phase == "victory":
        return [A("capture", target=c) for c in s.step["choices"]]
    if s.phase == "treaty":
        if s.step["stage"] == "offer":
            return [A("offer_treaty"), A("no_treaty")]
        return [A("accept_treaty"), A("refuse_treaty")]
    return [A("replace", army=a) for a in _replaceable(s, s.actor)] + [A("end_replacements")]


def apply(s: AreaState, a: AreaAction) -> None:
    """Apply a victory-check, treaty or replacement decision."""
    assert s.step is not None and s.actor is not None
    g = s.game
    bl = g.ruleset.brest_litovsk
    if a.kind == "capture":
        assert a.target is not None
        s.step["checks"].pop(0)
        s.step.pop("choices")
        battle.take_city(s, s.actor, a.target)
        _next_check(s)
    elif a.kind == "no_treaty":
        _begin_replacements(s)
    elif a.kind == "offer_treaty":
        s.note("treaty_offered", faction=s.actor)
        if g.scenario.players == 4:
            s.step["stage"] = "answer"
            s.actor = bl.offered_to
        else:  # 8.1: with 2 or 3 players the offer must be accepted
            _accept(s)
    elif a.kind == "accept_treaty":
        _accept(s)
    elif a.kind == "refuse_treaty":
        s.treaty = "refused"
        s.note("treaty_refused", faction=s.actor)
        _begin_replacements(s)
    elif a.kind == "replace":
        assert a.army is not None
        s.eliminated.remove(a.army)
        s.returning.append(a.army)
        s.step["left"] -= 1
        s.note("replaced", faction=s.actor, army=a.army)
        if s.step["left"] <= 0 or not _replaceable(s, s.actor):
            _next_replacement(s)
    elif a.kind == "end_replacements":
        _next_replacement(s)


def _accept(s: AreaState) -> None:
    s.treaty = "accepted"
    s.note("treaty_accepted")
    if not garrison_lost(s):
        _begin_replacements(s)


def garrison_lost(s: AreaState) -> bool:
    """After the treaty, a faction that no longer keeps its garrisons loses at once (8.1);
    True when that ended the game."""
    if s.treaty != "accepted" or s.phase == "over":
        return False
    for duty in s.game.ruleset.brest_litovsk.garrisons:
        for front in duty.fronts:
            if len(s.armies_of(duty.faction, front)) < duty.armies:
                s.note("garrison_broken", faction=duty.faction, front=front)
                finish(s, "treaty_garrison", fallen={s.game.alliance[duty.faction]})
                return True
    return False


# ---------------------------------------------------------------------- replacements
def quota(s: AreaState, faction: str) -> int:
    """Replacements this round: the ruleset's number less one per own replacement city the
    other alliance holds (7.1); never more for enemy cities held."""
    g = s.game
    lost = sum(1 for c in g.map.cities if c.replacement and c.owner == faction
               and g.alliance[s.owner[c.id]] != g.alliance[faction])
    return max(0, g.ruleset.replacements[faction] - lost)


def _replaceable(s: AreaState, faction: str | None) -> list[str]:
    g = s.game
    return sorted({a for a in s.eliminated
                   if (g.armies[a].replaced_by or g.armies[a].faction) == faction})


def _begin_replacements(s: AreaState) -> None:
    s.phase = "replacements"
    s.step = {"queue": list(s.setup_order), "left": 0}
    _next_replacement(s, first=True)


def _next_replacement(s: AreaState, first: bool = False) -> None:
    assert s.step is not None
    if not first:
        s.step["queue"].pop(0)
    while s.step["queue"]:
        f = s.step["queue"][0]
        left = quota(s, f)
        if left > 0 and _replaceable(s, f):
            s.actor = f
            s.step["left"] = left
            return
        s.step["queue"].pop(0)
    _new_round(s)


def _new_round(s: AreaState) -> None:
    # lazy: flow imports this module; a new round starts there
    from engine.rules.area.flow import begin_round
    s.capitulation = {f: 0 for f in FACTIONS}
    s.capitulation_fronts = []
    s.round += 1
    s.step = None
    begin_round(s)


# ---------------------------------------------------------------------- winners
def finish(s: AreaState, reason: str, fallen: set[str] | None = None) -> None:
    """End the game and name the winning factions (8.0)."""
    g = s.game
    r = g.ruleset
    fallen = fallen or set()
    result: dict[str, Any] = {"reason": reason, "vp": dict(s.vp), "round": s.round}
    if len(fallen) == 2:
        result.update(alliance=None, winners=[])  # 6.5: both capitulated, all lose
    else:
        if fallen:
            alliance = g.other(next(iter(fallen)))
        else:
            allies = s.vp["western_allies"] + s.vp["eastern_allies"]
            central = s.vp["germans"] + s.vp["german_allies"]
            alliance = ("allies" if allies > central else "central" if central > allies
                        else r.tie_winner)
        result.update(alliance=alliance, winners=_winners(s, alliance))
    s.result = result
    s.phase = "over"
    s.actor = None
    s.step = None
    s.chance = None
    s.note("game_over", **{k: v for k, v in result.items() if k != "vp"})


def _winners(s: AreaState, alliance: str) -> list[str]:
    g = s.game
    r = g.ruleset
    players = g.scenario.players
    if alliance == "central":
        if players == 2:
            return ["germans", "german_allies"]
        if s.vp["germans"] >= s.vp["german_allies"] + r.german_margin_three_players:
            return ["germans"]
        return ["german_allies"]
    if players < 4:
        return ["western_allies", "eastern_allies"]
    bonus = r.brest_litovsk.refusal_bonus if s.treaty == "refused" else 0
    eastern = s.vp["eastern_allies"] + bonus
    if s.vp["western_allies"] >= eastern + r.western_margin_four_players:
        return ["western_allies"]
    return ["eastern_allies"]
