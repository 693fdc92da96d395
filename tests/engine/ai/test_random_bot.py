"""The random AI's fast move choice picks exactly what the plain one did: every unit's move
search for the captures on offer, then a uniform unit and a uniform one of its legal moves."""

from __future__ import annotations

import pytest

from engine.ai.random_bot import RandomBot
from engine.paths import CONTENT_DIR
from engine.rules.actions import Action, EndPhase, Unload
from engine.rules.movement import CAPTURE
from engine.rules.savefile import new_game
from engine.rules.state import State

DEFAULT_2P = CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml"


class PlainRandomBot(RandomBot):
    """The move phase as first written: a move search for every movable unit."""

    def _move(self, s: State) -> Action:
        if s.pending_unload is not None:
            return Unload(s.pending_unload)
        unloads = [Unload(u.id) for u in s.units.values()
                   if u.nation == s.nation and u.cargo and u.pos >= 0 and not u.done
                   and s.unload_spots(u, u.pos)]
        movable = [u for u in s.units.values() if u.nation == s.nation and s.can_move(u)]
        if self._ends() or not (movable or unloads):
            return EndPhase()
        captures = sorted((o.action() for u in movable for o in s.legal_moves(u).values()
                           if o.kind == CAPTURE), key=str)
        if captures and self.rng.below(1_000_000) < int(self.capture_bias * 1_000_000):
            return self._pick(captures)
        if unloads and (not movable or self.rng.below(len(movable) + 1) == 0):
            return self._pick(unloads)
        for _ in range(len(movable)):
            u = self._pick(movable)
            options = s.legal_moves(u)
            if options:
                h = self._pick(sorted(options, key=lambda x: (x.q, x.r)))
                return options[h].action()
        return EndPhase()


def _history(bot_type: type[RandomBot], seed: int,
             variants: tuple[str, ...] = ()) -> list[str]:
    s = new_game(DEFAULT_2P, seed=seed, setup="quick", variants=variants)
    bots = [bot_type(f"{seed}:{i}", capture_bias=0.9) for i in range(2)]
    while not s.is_terminal():
        s.apply_unchecked(bots[s.current].choose(s))
    return [str(a) for a in s.history]


@pytest.mark.parametrize("variants", [(), ("grabenkampf",)])  # with trenches: long hexes
def test_the_random_bot_plays_the_same_games_as_the_plain_move_choice(variants):
    captured = 0
    for seed in (1, 2, 3):
        fast = _history(RandomBot, seed, variants)
        assert fast == _history(PlainRandomBot, seed, variants)
        captured += sum(1 for a in fast if a.startswith("capture"))
    assert captured > 0  # the capture branch was exercised
