"""Battles (6.0-6.5): declaring, battle markers (defender first, then attacker), lead armies
(attacker first), the +1 for outnumbering, the special dice ('S' = 0, may draw a marker),
eliminations, capturing a city along an attack line or giving a capitulation point.

Interpretations (docs/der-erste-weltkrieg.md): every real army of the attacker in the front
takes part (6.1 lets him hold some back, but only the lead army is at risk and more armies
only add the +1, so holding back never helps); the defending faction is the one whose base is
in the front, and every real army of its alliance there defends.

A battle on a front that names a Trench Club battlefield (the campaign link, issue 17 item 7)
stops first at the stage "how": `roll_battle` fights it as above, `resolve_battle WINNER`
takes the result of the battlefield game instead (WINNER: the alliance `central` or `allies`,
or `draw`). Then the loser (both sides in a draw) chooses its lead army, which is eliminated
as in 6.1, and a winning attacker takes a city as in 6.4/6.5; no marker is played and no die
is rolled, so nothing is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules.area.actions import AreaAction

if TYPE_CHECKING:
    from engine.rules.area.state import AreaState

A = AreaAction
KINDS = ("battle",)
RESULTS = ("allies", "central", "draw")  # what `resolve_battle` may name


def _neutral(s: AreaState, army: str) -> bool:
    """After Brest-Litovsk, Russian and Romanian armies neither attack nor are attacked."""
    return (s.treaty == "accepted"
            and s.game.armies[army].nation in s.game.ruleset.brest_litovsk.neutral_nations)


def battle_fronts(s: AreaState, controlled: list[str]) -> list[int]:
    """Fronts where the acting faction may declare a battle (4.2, 9.1, 8.1)."""
    g = s.game
    assert s.actor is not None
    fronts = sorted({s.location[a] for a in controlled if not _neutral(s, a)})
    var = g.ruleset.variants.get("schlieffen_plan")
    if ("schlieffen_plan" in g.variants and var and s.actor == var["faction"]
            and s.round == var["round"]):
        fronts = [n for n in fronts if n in var["fronts"]]
    enemy = g.other(g.alliance[s.actor])
    out = []
    for n in fronts:
        if any(_neutral(s, a) for a in s.alliance_armies(enemy, n)):
            continue
        if _defender(s, n, enemy) is None:
            continue
        out.append(n)
    return out


def linked(s: AreaState, front: int) -> bool:
    """Whether a front names a Trench Club battlefield for its battles."""
    return s.game.map.front(front).battlefield is not None


def resolve_problem(s: AreaState) -> str | None:
    """Why `resolve_battle` is not legal now, or None when it is."""
    b = s.step.get("battle") if s.phase == "turns" and s.step else None
    if b is None:
        return "no battle is under way (hint: declare one with 'battle FRONT' first)"
    if not linked(s, b["front"]):
        return (f"front {b['front']} names no Trench Club battlefield, so its battles are "
                "rolled (hint: link a battlefield scenario to the front in the area map)")
    if b["stage"] != "how":
        return ("the battle is already being fought here (hint: resolve_battle comes right "
                "after the battle is declared)")
    return None


def _defender(s: AreaState, front: int, alliance: str) -> str | None:
    g = s.game
    for b in g.map.bases:
        if b.front == front and g.alliance[b.owner] == alliance:
            return b.owner
    return None


def capturable(s: AreaState, faction: str, front: int, exempt_battle: bool = False) -> list[str]:
    """Cities of the other alliance in a front that `faction` may take now: joined by an
    attack line open this round (6.6) to a city or base its alliance holds (6.4), and not
    frozen by the Treaty of Brest-Litovsk (8.1)."""
    g = s.game
    bl = g.ruleset.brest_litovsk
    if s.treaty == "accepted":
        if front in bl.frozen_fronts:
            return []
        if front in bl.exempt_fronts and not exempt_battle:
            return []
    mine = g.alliance[faction]
    held = {c for c, f in s.owner.items() if g.alliance[f] == mine}
    held |= {b for b, f in g.place_owner.items() if g.alliance[f] == mine}
    out = []
    for c in g.map.cities:
        if c.front != front or g.alliance[s.owner[c.id]] == mine:
            continue
        for other in g.links.get(c.id, ()):
            if other in held and g.line_round[frozenset((c.id, other))] <= s.round:
                out.append(c.id)
                break
    return sorted(out)


def all_taken(s: AreaState, faction: str, front: int) -> bool:
    """Whether every city of the front is held by the faction's alliance (6.5)."""
    g = s.game
    mine = g.alliance[faction]
    return all(g.alliance[s.owner[c.id]] == mine for c in g.map.cities if c.front == front)


def take_city(s: AreaState, faction: str, city: str) -> None:
    """Change a city's owner: +1 VP to the taker, -1 to the loser, never below 0 (8.0)."""
    old = s.owner[city]
    s.owner[city] = faction
    s.vp[faction] += 1
    s.vp[old] = max(0, s.vp[old] - 1)
    s.note("city_taken", faction=faction, city=city, lost_by=old)


def capitulation_point(s: AreaState, faction: str, front: int) -> None:
    """One capitulation point for `faction`, at most one per front and round (6.5.2)."""
    if [faction, front] in s.capitulation_fronts:
        return
    s.capitulation_fronts.append([faction, front])
    s.capitulation[faction] += 1
    s.note("capitulation_point", faction=faction, front=front)


def _exempt(s: AreaState, armies: list[str]) -> bool:
    names = set(s.game.ruleset.brest_litovsk.exempt_designations)
    return any(s.game.armies[a].designation in names for a in armies)


# ---------------------------------------------------------------------- steps
def done(s: AreaState) -> bool:
    """Whether the battle under way has been fought to its end."""
    return bool(s.step and "battle" in s.step and s.step["battle"]["stage"] == "done")


def legal(s: AreaState) -> list[AreaAction]:
    """The legal steps of the battle under way."""
    assert s.step is not None
    b = s.step["battle"]
    stage = b["stage"]
    if stage == "how":
        return [A("roll_battle")] + [A("resolve_battle", target=w) for w in RESULTS]
    if stage in ("def_marker", "att_marker"):
        side = "dfd" if stage == "def_marker" else "att"
        return _marker_actions(s, b, side)
    if stage in ("att_lead", "def_lead"):
        side = "att" if stage == "att_lead" else "dfd"
        marker = b["markers"].get(side)
        nation = s.game.markers[marker].nation if marker else None
        return [A("lead", army=a) for a in b[side] if nation is None
                or nation in (s.game.armies[a].nation, s.game.armies[a].designation)]
    if stage == "capture":
        return [A("capture", target=c) for c in b["choices"]]
    if stage == "draw":
        return [A("draw"), A("no_draw")]
    if stage == "drawn":
        return [A("keep_drawn"), A("return_drawn")]
    if stage == "discard":
        faction = b["draws"][0]
        return [A("discard", target=m) for m in s.hands[faction] if m != b["drawn"]]
    raise AssertionError(stage)


def _usable(s: AreaState, marker: str, armies: list[str], use: str) -> bool:
    m = s.game.markers[marker]
    if m.use not in (use, "both"):
        return False
    return m.nation is None or any(
        m.nation in (s.game.armies[a].nation, s.game.armies[a].designation) for a in armies)


def _marker_actions(s: AreaState, b: dict[str, Any], side: str) -> list[AreaAction]:
    faction = b["attacker"] if side == "att" else b["defender"]
    use = "attack" if side == "att" else "defence"
    usable = sorted({m for m in s.hands[faction] if _usable(s, m, b[side], use)})
    mandatory = [m for m in usable if s.game.markers[m].mandatory]
    if mandatory:  # 6.2.2: must be played in the next battle where it can be
        return [A("play_marker", target=m) for m in mandatory]
    return [A("play_marker", target=m) for m in usable] + [A("no_marker")]


def sides(s: AreaState, front: int) -> tuple[list[str], list[str]]:
    """The armies that would fight if the acting faction declared a battle in `front` now:
    its acting armies there (neutral ones stay out) and every real army of the other
    alliance there."""
    g = s.game
    assert s.actor is not None and s.step is not None
    enemy = g.other(g.alliance[s.actor])
    att = [a for a in s.step["controlled"] if s.location[a] == front and not _neutral(s, a)]
    return att, s.alliance_armies(enemy, front)


def declare(s: AreaState, front: int) -> None:
    """Declare a battle: defending dummies are revealed and removed (6.0); with no real
    defender the attacker takes a city at once."""
    g = s.game
    attacker = s.actor
    assert attacker is not None and s.step is not None
    enemy = g.other(g.alliance[attacker])
    defender = _defender(s, front, enemy)
    assert defender is not None
    for f, counts in s.dummies.items():
        if g.alliance[f] == enemy and counts.get(front):
            s.dummies_off[f] += counts.pop(front)
            s.note("dummies_revealed", faction=f, front=front)
    att, dfd = sides(s, front)
    s.note("battle", faction=attacker, front=front, attackers=att, defenders=dfd)
    b = {"front": front, "attacker": attacker, "defender": defender, "att": att, "dfd": dfd,
         "markers": {}, "leads": {}, "rolls": [], "draws": [], "exempt": _exempt(s, att + dfd)}
    s.step["battle"] = b
    if not dfd:
        _win(s, b)
        return
    if linked(s, front):
        b["stage"] = "how"
        s.actor = attacker
        return
    _to_stage(s, b, "def_marker")


def _to_stage(s: AreaState, b: dict[str, Any], stage: str) -> None:
    b["stage"] = stage
    if stage in ("def_marker", "def_lead"):
        s.actor = b["defender"]
    elif stage in ("att_marker", "att_lead"):
        s.actor = b["attacker"]
    if stage in ("def_marker", "att_marker"):
        side = "dfd" if stage == "def_marker" else "att"
        options = _marker_actions(s, b, side)
        if options == [A("no_marker")]:
            _next_after_marker(s, b, stage)


def _next_after_marker(s: AreaState, b: dict[str, Any], stage: str) -> None:
    _to_stage(s, b, "att_marker" if stage == "def_marker" else "att_lead")


def apply(s: AreaState, a: AreaAction) -> None:
    """Apply a battle step (or declare a battle)."""
    if a.kind == "battle":
        assert a.front is not None
        declare(s, a.front)
        return
    assert s.step is not None
    b = s.step["battle"]
    stage = b["stage"]
    if a.kind == "roll_battle":
        s.note("battle_rolled", front=b["front"])
        _to_stage(s, b, "def_marker")
    elif a.kind == "resolve_battle":
        _resolve(s, b, a.target or "")
    elif a.kind in ("play_marker", "no_marker"):
        side = "dfd" if stage == "def_marker" else "att"
        faction = b["defender"] if side == "dfd" else b["attacker"]
        if a.kind == "play_marker":
            assert a.target is not None
            s.hands[faction].remove(a.target)
            b["markers"][side] = a.target
        _next_after_marker(s, b, stage)
    elif a.kind == "lead":
        side = "att" if stage == "att_lead" else "dfd"
        b["leads"][side] = a.army
        if "resolved" in b:
            _next_casualty(s, b)
        elif side == "att":
            _to_stage(s, b, "def_lead")
        else:
            b["stage"] = "dice"
            s.chance = {"kind": "battle_dice"}
    elif a.kind == "capture":
        assert a.target is not None
        take_city(s, b["attacker"], a.target)
        _after_result(s, b)
    else:
        _apply_draw_step(s, b, a)


def _resolve(s: AreaState, b: dict[str, Any], winner: str) -> None:
    """Take the battlefield game's result: the losing side(s) then name their lead army."""
    attacking = s.game.alliance[b["attacker"]]
    b["resolved"] = winner
    b["casualties"] = (["att", "dfd"] if winner == "draw"
                       else ["dfd"] if winner == attacking else ["att"])
    s.note("battle_resolved", front=b["front"], winner=winner, attacker=b["attacker"],
           defender=b["defender"], how="battlefield")
    _next_casualty(s, b)


def _next_casualty(s: AreaState, b: dict[str, Any]) -> None:
    """The next losing side names its lead army; once all have, the result takes effect."""
    waiting = [side for side in b["casualties"] if side not in b["leads"]]
    if waiting:
        _to_stage(s, b, "att_lead" if waiting[0] == "att" else "def_lead")
        return
    for side in b["casualties"]:
        _eliminate(s, b["leads"][side])
    if b["resolved"] == s.game.alliance[b["attacker"]]:
        _win(s, b)
    else:
        _after_result(s, b)


def apply_dice(s: AreaState, faces: tuple[int, int]) -> None:
    """Resolve the battle with the attacker's and defender's die faces (6.1)."""
    assert s.step is not None
    b = s.step["battle"]
    g = s.game
    r = g.ruleset
    totals = battle_totals(s, b, faces)
    b["rolls"] = list(faces)
    b["totals"] = totals
    s.note("battle_result", front=b["front"], faces=list(faces), attacker=totals["att"],
           defender=totals["dfd"], markers=dict(b["markers"]), leads=dict(b["leads"]))
    for side in ("att", "dfd"):
        marker = b["markers"].get(side)
        if marker:
            m = g.markers[marker]
            (s.removed_markers if m.mandatory else s.cups[m.alliance]).append(marker)
    b["draws"] = [f for f, face in ((b["attacker"], faces[0]), (b["defender"], faces[1]))
                  if face == r.draw_face]
    if totals["att"] >= totals["dfd"]:
        _eliminate(s, b["leads"]["dfd"])
    if totals["dfd"] >= totals["att"]:
        _eliminate(s, b["leads"]["att"])
    if totals["att"] > totals["dfd"]:
        _win(s, b)
    else:
        _after_result(s, b)


def battle_totals(s: AreaState, b: dict[str, Any], faces: tuple[int, int]) -> dict[str, int]:
    """Each side's sum (6.1): lead army's value, +1 for more armies, the die ('S' = 0) and
    the marker's value. `b` names the armies, leads and markers of both sides."""
    g = s.game
    r = g.ruleset
    totals = {}
    for side, face in zip(("att", "dfd"), faces, strict=True):
        mine, theirs = (b["att"], b["dfd"]) if side == "att" else (b["dfd"], b["att"])
        bonus = r.outnumber_bonus if len(mine) > len(theirs) else 0
        marker = b["markers"].get(side)
        mvalue = g.markers[marker].value if marker else 0
        value = 0 if face == r.draw_face else face
        totals[side] = g.armies[b["leads"][side]].value + bonus + value + mvalue
    return totals


def _eliminate(s: AreaState, army: str) -> None:
    del s.location[army]
    s.eliminated.append(army)
    s.note("eliminated", army=army)


def _win(s: AreaState, b: dict[str, Any]) -> None:
    choices = capturable(s, b["attacker"], b["front"], b["exempt"])
    if choices:
        b["choices"] = choices
        b["stage"] = "capture"
        s.actor = b["attacker"]
        return
    if all_taken(s, b["attacker"], b["front"]):
        capitulation_point(s, b["defender"], b["front"])
    _after_result(s, b)


def _after_result(s: AreaState, b: dict[str, Any]) -> None:
    _next_draw(s, b)


def _next_draw(s: AreaState, b: dict[str, Any]) -> None:
    while b["draws"]:
        faction = b["draws"][0]
        if s.cups[s.game.alliance[faction]]:
            b["stage"] = "draw"
            s.actor = faction
            return
        b["draws"].pop(0)
    b["stage"] = "done"  # the turn ends (engine.rules.area.flow)


def _apply_draw_step(s: AreaState, b: dict[str, Any], a: AreaAction) -> None:
    faction = b["draws"][0]
    if a.kind == "no_draw":
        b["draws"].pop(0)
        _next_draw(s, b)
    elif a.kind == "draw":
        s.chance = {"kind": "draw", "faction": faction, "alliance": s.game.alliance[faction]}
    elif a.kind in ("keep_drawn", "return_drawn"):
        if a.kind == "return_drawn":
            s.hands[faction].remove(b["drawn"])
            s.cups[s.game.alliance[faction]].append(b["drawn"])
            s.note("marker_returned", faction=faction)
        _after_keep(s, b, faction)
    elif a.kind == "discard":
        assert a.target is not None
        s.hands[faction].remove(a.target)
        s.cups[s.game.alliance[faction]].append(a.target)
        s.note("marker_discarded", faction=faction)
        b["draws"].pop(0)
        _next_draw(s, b)


def apply_draw(s: AreaState, faction: str, marker: str) -> None:
    """A marker drawn from the alliance's cup after an 'S' (6.2)."""
    assert s.step is not None
    b = s.step["battle"]
    s.cups[s.game.alliance[faction]].remove(marker)
    s.hands[faction].append(marker)
    b["drawn"] = marker
    s.note("marker_drawn", faction=faction)
    m = s.game.markers[marker]
    if m.nation is not None and m.nation not in s.game.catalog.factions[faction].nations:
        b["stage"] = "drawn"  # 6.2.1: a marker it cannot use may go straight back
        s.actor = faction
        return
    _after_keep(s, b, faction)


def _after_keep(s: AreaState, b: dict[str, Any], faction: str) -> None:
    if len(s.hands[faction]) > s.game.ruleset.max_markers_held:
        b["stage"] = "discard"  # 6.2.1: give back an old one, not the one just drawn
        s.actor = faction
        return
    b["draws"].pop(0)
    _next_draw(s, b)
