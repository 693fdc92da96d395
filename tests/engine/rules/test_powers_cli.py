"""The `tcstudio rules` JSON commands show the special-unit powers: the area a gas attack
strikes with its per-unit odds, and the enemy mine a move's path runs onto."""

from __future__ import annotations

from engine.rules.savefile import load_save, write_save
from tests.engine.rules.test_cli import run, save  # noqa: F401  (the fixture)


def _with_powers(path) -> dict[str, str]:
    """Put a gas mortar of the player to act into the save, with an enemy infantry 3 hexes
    away, both off the map's edge so the whole pattern lies on the board."""
    s = load_save(path)
    board = s.game.board
    nation = s.nation
    enemy = next(n for n in s.game.nations if s.game.team_of[n] != s.game.team_of[nation])
    free = [i for i in range(len(board.hexes)) if i not in s.occ and not board.blocked[i]
            and not board.water[i] and board.terrain_name(i) in ("meadow", "open", "road")]
    inner = [i for i in free if all(n in board.index_of for n in board.hexes[i].neighbors())]
    here = inner[0]
    there = next(i for i in inner if board.hexes[here].distance(board.hexes[i]) == 3)
    ids = {}
    for tid, who, at in (("gas_mortar", nation, here), ("infantry", enemy, there)):
        u = s.add_unit(s.game.catalog.units[tid], who)
        u.pos = at
        s.occ[at] = u
        ids[tid] = u.id
    write_save(s, path)
    return ids


def test_targets_show_the_area_a_gas_attack_strikes(save, capsys):  # noqa: F811
    ids = _with_powers(save)
    code, out, _ = run(capsys, "targets", str(save), "--unit", ids["gas_mortar"])
    assert code == 0
    target = next(t for t in out["targets"] if t["unit"] == ids["infantry"])
    assert len(target["area_hexes"]) == 7 and ids["infantry"] in target["area_units"]
    assert target["return_fire"] is False
    code, odds, _ = run(capsys, "odds", str(save), "--attacker", ids["gas_mortar"],
                        "--defender", ids["infantry"])
    assert code == 0 and [u["unit"] for u in odds["area"]] == target["area_units"]


def test_moves_name_the_mine_a_path_runs_onto(save, capsys):  # noqa: F811
    s = load_save(save)
    mover = next(u for u in s.units.values() if u.nation == s.nation and u.pos >= 0
                 and u.mclass != "air" and s.legal_moves(u))
    enemy = next(n for n in s.game.nations if s.game.team_of[n] != mover.team)
    far = max(s.legal_moves(mover).items(), key=lambda kv: len(kv[1].path))
    step = far[1].path[1]
    s.powers.mines[s.game.board.index_of[step]] = enemy
    write_save(s, save)
    code, out, _ = run(capsys, "moves", str(save), "--unit", mover.id)
    assert code == 0
    to = next(m for m in out["moves"] if m["hex"] == [far[0].q, far[0].r])
    assert to["mine"] == [step.q, step.r]
