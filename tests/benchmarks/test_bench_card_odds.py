"""Dice-free odds in the play-test plan (make bench): `card_odds` beside the engine's dice
`odds` for the same attacks (baseline). Each round computes the odds of every attack the
position offers, as the plan panel does on every refresh."""

from __future__ import annotations

import pytest

from engine.ai.random_bot import RandomBot
from engine.content import load_map
from engine.paths import CONTENT_DIR
from engine.play.session import PlaytestSession
from engine.play.setup import PlaytestOptions, SeatChoice, build_scenario
from engine.rules import combat
from engine.rules.actions import Attack
from engine.rules.odds import card_odds, odds


@pytest.fixture(scope="module")
def fights():
    m = load_map(CONTENT_DIR / "maps" / "default.map.yaml")
    opts = PlaytestOptions(seed=5, seats=[SeatChoice("DE"), SeatChoice("FR")])
    s = PlaytestSession(build_scenario(m, opts), seed=5)
    bot = RandomBot(1)
    for _ in range(3000):
        st = s.state
        attacks = [a for a in st.legal_actions() if isinstance(a, Attack)]
        if st.phase == "declare" and len(attacks) >= 3:
            break
        s.apply(bot.choose(st))
    st = s.state
    rs = s.game.ruleset
    out = []
    for a in attacks:
        u, d = st.units[a.attacker], st.units[a.defender]
        dist = s.game.board.hexes[u.pos].distance(s.game.board.hexes[d.pos])
        extra = 0
        if dist == 1:
            extra = combat.melee_bonus(rs, *st.melee_support(u, d))[1]
        out.append((rs, st.fighter(u), st.fighter(d), dist, extra))
    assert out
    return out


def test_baseline_dice_odds(benchmark, fights):
    benchmark(lambda: [odds(*f) for f in fights])


def test_card_odds(benchmark, fights):
    result = benchmark(lambda: [card_odds(*f) for f in fights])
    assert len(result) == len(fights)
