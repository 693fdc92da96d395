"""Play-test speed (make bench): what undo and "jump back" cost, beside a baseline.

Undo and jumping back replay the session's timeline from the seeded initial state. The
baseline replays the same actions straight on a fresh engine State with `apply_unchecked`,
with none of the session's bookkeeping (losses, forts per turn, hit values). A game of two
random AI seats to the end (about 500 actions) is the workload. Medians and the ratio are
printed at the end.
"""

from __future__ import annotations

import pytest

from engine.content import load_map
from engine.paths import CONTENT_DIR
from engine.play.session import PlaytestSession
from engine.play.setup import PlaytestOptions, SeatChoice, build_scenario

_medians: dict[str, float] = {}


@pytest.fixture(scope="module")
def finished():
    m = load_map(CONTENT_DIR / "maps" / "default.map.yaml")
    opts = PlaytestOptions(seed=11, seats=[SeatChoice("DE", "ai"), SeatChoice("FR", "ai")])
    s = PlaytestSession(build_scenario(m, opts), seed=11, setup="quick")
    while s.is_ai_turn():
        s.ai_step()
    return s


def test_jump_to_end_replay(benchmark, finished):
    n = len(finished.timeline)
    benchmark(finished.jump_to, n)
    assert finished.state.is_terminal()
    _medians["session jump_to(end)"] = benchmark.stats.stats.median


def test_baseline_plain_engine_replay(benchmark, finished):
    actions = list(finished.timeline)

    def replay():
        st = finished.game.new_initial_state()
        for a in actions:
            st.apply_unchecked(a)
        return st

    st = benchmark(replay)
    assert st.is_terminal()
    _medians["baseline engine replay"] = benchmark.stats.stats.median
    ours = _medians.get("session jump_to(end)")
    if ours is not None:
        base = _medians["baseline engine replay"]
        print(f"\nplay-test replay of {len(actions)} actions: median {ours * 1000:.1f} ms, "
              f"baseline {base * 1000:.1f} ms, ratio {ours / base:.2f}")
