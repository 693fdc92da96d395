"""One odds API: `tcstudio rules odds` and the play-test plan give the same answer for the same
attack, under every variant the built-in rulesets know (the CLI once ignored dice_free)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.ai.random_bot import RandomBot
from engine.content import load_map, load_ruleset
from engine.paths import CONTENT_DIR
from engine.play.session import PlaytestSession
from engine.play.setup import PlaytestOptions, SeatChoice, available_rulesets, build_scenario
from engine.rules.actions import Attack
from engine.rules.game import ScenarioError
from engine.rules.variants import variant_class
from tcstudio.cli import main

DEFAULT_MAP = CONTENT_DIR / "maps" / "default.map.yaml"
CASES = [(path, variant) for path in available_rulesets()
         for variant in [None, *sorted(load_ruleset(path).variants)]]


def _session(ruleset: Path, variant: str | None, seed: int) -> PlaytestSession:
    opts = PlaytestOptions(seed=seed, ruleset=ruleset,
                           seats=[SeatChoice("DE"), SeatChoice("FR")])
    scenario = build_scenario(load_map(DEFAULT_MAP), opts)
    variants = (variant,) if variant else ()
    return PlaytestSession(scenario, seed=seed, variants=variants)


def _attacks(s: PlaytestSession, bot: RandomBot, limit: int = 3000) -> list[Attack]:
    """Drive the game until a declare phase offers attacks (melee among them if it can)."""
    found: list[Attack] = []
    for _ in range(limit):
        if s.state.phase == "declare":
            found = [a for a in s.state.legal_actions() if isinstance(a, Attack)]
            if found:
                return found
        s.apply(bot.choose(s.state))
    raise AssertionError("no attack came up")


def _cli_odds(capsys, save: Path, attacker: str, defender: str) -> dict:
    code = main(["rules", "odds", str(save), "--attacker", attacker, "--defender", defender])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize(("ruleset", "variant"), CASES,
                         ids=[f"{p.stem.split('.')[0]}-{v}" for p, v in CASES])
def test_cli_and_playtest_odds_agree(ruleset, variant, tmp_path, capsys):
    if variant is not None and not variant_class(variant).implemented:
        with pytest.raises(ScenarioError, match="no effect"):
            _session(ruleset, variant, seed=5)
        return
    s = _session(ruleset, variant, seed=5)
    attacks = _attacks(s, RandomBot(1))
    save = tmp_path / "game.json"
    s.save(save)
    for attack in attacks[:6]:
        mine = s.odds_of(attack.attacker, attack.defender)
        cli = _cli_odds(capsys, save, attack.attacker, attack.defender)
        assert cli == json.loads(json.dumps(mine.to_json()))
        assert cli["draw"] == ("cards" if variant == "dice_free" else "dice")


def test_dice_free_cli_odds_come_from_the_cards(tmp_path, capsys):
    """Regression: the CLI used the dice's binomial under dice_free (0.2 % vs 0 % destroy)."""
    ruleset = CONTENT_DIR / "rulesets" / "current.ruleset.yaml"
    s = _session(ruleset, "dice_free", seed=5)
    attacks = _attacks(s, RandomBot(1))
    save = tmp_path / "game.json"
    s.save(save)
    dice = _session(ruleset, None, seed=5)
    for a in s.timeline:
        dice.apply(a)
    differs = 0
    for attack in attacks:
        cli = _cli_odds(capsys, save, attack.attacker, attack.defender)
        assert cli["cards_dealt"] and len(cli["cards_dealt"]) == 10
        with_dice = dice.odds_of(attack.attacker, attack.defender).odds
        differs += cli["damage_dealt"] != list(with_dice.damage_dealt)
    assert differs, "the card odds should differ from the dice odds for some attack"
