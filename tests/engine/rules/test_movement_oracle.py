"""legal_moves against a brute-force oracle: every simple path checked step by step.

The oracle follows the rules text directly (RULES §2, §5.1) and knows nothing of the search's
state encoding, so agreement on random small boards is strong evidence that the bucketed
Dijkstra with its contact state is right.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.hexes import Hex
from engine.rules import combat
from tests.engine.rules.fixtures import empty_state, game_map, put

W, H = 10, 10
TERRAIN = ["meadow", "meadow", "meadow", "forest", "road", "road", "water"]
MOVERS = ["infantry", "mounted_infantry", "armoured_car", "fighter"]
ENEMIES = ["infantry", "heavy_infantry", "heavy_mortar", "transport", "armoured_car"]


def oracle(s, u) -> dict[Hex, float]:
    board = s.game.board
    rs = s.game.ruleset
    budget = u.type.speed
    table = rs.terrain_costs[u.mclass if u.mclass != "tank" else "vehicle"]
    start = board.hexes[u.pos]

    def cost(h: Hex):
        return table.get(board.terrain_name(board.index_of[h]))

    def enemy_at(h: Hex):
        other = s.occ.get(board.index_of[h])
        return other is not None and other.team != u.team

    def contact(h: Hex) -> bool:
        for nb in h.neighbors():
            i = board.index_of.get(nb)
            e = s.occ.get(i) if i is not None else None
            if (e is not None and e.team != u.team and not s.is_on_water(e)
                    and combat.can_melee(e.type, u.type)):
                return True
        return False

    best: dict[Hex, float] = {}

    def walk(path: list[Hex], spent: float, in_contact: bool) -> None:
        here = path[-1]
        for nb in here.neighbors():
            i = board.index_of.get(nb)
            if i is None or nb in path or board.blocked[i] or enemy_at(nb):
                continue
            c = cost(nb)
            if c is None:
                continue
            if c == "whole_move":
                if len(path) == 1 and i not in s.occ:
                    best[nb] = min(best.get(nb, 99), budget)
                continue
            total = spent + c
            last = False
            if total > budget:
                remaining = budget - spent
                if not (remaining >= rs.last_step_to_meadow
                        and board.terrain_name(i) == "meadow"):
                    continue
                total, last = budget, True
            nb_contact = contact(nb)
            if in_contact and nb_contact:
                last = True
            if i not in s.occ:
                best[nb] = min(best.get(nb, 99), total)
            if not last:
                walk([*path, nb], total, nb_contact)

    walk([start], 0.0, contact(start))
    return best


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_legal_moves_match_the_brute_force_oracle(data):
    terrain = {}
    m = game_map(W, H, markers=6)
    for h in m.hexes():
        terrain[h] = data.draw(st.sampled_from(TERRAIN))
    m = game_map(W, H, terrain=terrain, markers=6)
    s = empty_state(m, players=2)
    hexes = list(m.hexes())
    spots = data.draw(st.lists(st.sampled_from(hexes), min_size=2, max_size=8, unique=True))
    mover_type = data.draw(st.sampled_from(MOVERS))
    mover = put(s, mover_type, "DE", spots[0])
    for h in spots[1:]:
        if data.draw(st.booleans()):
            put(s, data.draw(st.sampled_from(ENEMIES)), "FR", h)
        else:
            put(s, "armoured_car", "DE", h)
    got = {h: o.cost for h, o in s.legal_moves(mover).items() if o.kind == "move"}
    assert got == oracle(s, mover)
