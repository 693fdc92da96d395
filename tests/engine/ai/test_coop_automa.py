"""Full co-op games against the Automa and the enemy action table (RULES §9.1/§9.2): seeded and
deterministic, played to the end; saved, loaded and replayed. The humans' joint seat FR+GB is
played by the heuristic bot (it asks the engine for the seat's units, both nations')."""

from __future__ import annotations

import pytest

from engine.ai.registry import make_bot
from engine.content import load_scenario
from engine.paths import CONTENT_DIR
from engine.rules.actions import Attack, Move
from engine.rules.events import CombatResolved
from engine.rules.game import Game
from engine.rules.savefile import load_save, write_save
from engine.rules.serialize import state_hash
from engine.rules.state import State

SCENARIO = CONTENT_DIR / "scenarios" / "coop-vs-automa.scenario.yaml"


def play(game: Game, seed: str, stop_after: int | None = None) -> State:
    """Play `game` with its seats' bots (heuristic for the humans) to the end, or stop."""
    s = game.new_initial_state()
    kinds = [seat.controller if seat.controller != "human" else "heuristic"
             for seat in game.seats]
    bots = [make_bot(kind, f"{seed}:{i}") for i, kind in enumerate(kinds)]
    n = 0
    while not s.is_terminal() and (stop_after is None or n < stop_after):
        s.apply_action(bots[s.current].choose(s))
        n += 1
    return s


@pytest.mark.parametrize("enemy", ["automa:standard", "enemy_table:normal"])
def test_a_full_coop_game_ends_and_replays(enemy):
    sc = load_scenario(SCENARIO)
    game = Game(sc, seed=7, setup="quick", controllers={"DE": enemy})
    s = play(game, "7")
    assert s.is_terminal() and s.winner_team in ("central", "entente")
    assert s.reason in ("forts", "elimination", "surrender")
    again = play(Game(sc, seed=7, setup="quick", controllers={"DE": enemy}), "7")
    assert again.history == s.history  # same seed, same game
    moved = {a.unit.split("-")[0] for a in s.history if isinstance(a, Move)}
    assert {"FR", "GB", "DE"} <= moved  # both human nations moved in their joint turns
    replay = game.new_initial_state()
    for a in s.history:
        replay.apply_action(a)
    assert state_hash(replay) == state_hash(s)


def test_the_automa_targets_both_human_nations():
    """002: the Automa's priority lists aim at "den Feind" (the players): with two human
    nations it attacks units of both."""
    sc = load_scenario(SCENARIO)
    hit: set[str] = set()
    for seed in range(3):
        s = play(Game(sc, seed=seed, setup="quick"), str(seed))
        declared = [a for a in s.history if isinstance(a, Attack)
                    and a.attacker.startswith("DE-")]
        hit |= {a.defender.split("-")[0] for a in declared}
        fought = [e for e in s.log if isinstance(e, CombatResolved)
                  and e.attacker.startswith("DE-")]
        assert fought and all(set(e.attacker_dice) <= {1, 12}
                              for e in fought)  # the Automa's fixed hits, logged as 1/12
    assert hit == {"FR", "GB"}


def test_save_and_load_a_coop_game_mid_way(tmp_path):
    sc = load_scenario(SCENARIO)
    game = Game(sc, seed=3, setup="quick", coop="FR+GB", controllers={"DE": "automa:easy"})
    game.source = SCENARIO
    s = play(game, "3", stop_after=120)
    path = tmp_path / "coop.save.json"
    write_save(s, path)
    loaded = load_save(path)
    assert loaded.game.partner_of == {"FR": "GB"}
    assert loaded.game.options() == game.options()
    assert state_hash(loaded) == state_hash(s)
    flags = {u.id: u.flag for u in loaded.units.values()}
    assert {k: v for k, v in flags.items() if v == "GB"} and all(
        flags[k] == u.flag for k, u in s.units.items())
