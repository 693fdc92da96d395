"""Rule bug (b) of issue 10: one fight destroys the last combat-capable units of both teams.

003: the team wins that "alle kampfähigen Einheiten des gegnerischen Teams vernichtet hat";
when both teams are wiped out in one fight, the ruleset's `mutual_destruction` decides
(default: a draw). Before the fix the Entente always won (the order of team names).
"""

from __future__ import annotations

import json

import pytest

from engine.content import Document
from engine.hexes import Hex
from engine.rules.actions import Attack, EndPhase, Fight
from engine.rules.events import DRAW
from engine.rules.savecheck import SAVE_KIND, check_save, check_save_schema
from engine.rules.serialize import to_json
from tests.engine.rules.fixtures import empty_state, game_map, put, ruleset


class AllHit:
    """Dice on which every die hits."""

    def roll(self, n: int) -> tuple[int, ...]:
        return (1,) * n


def _both_last_units_fall(rule: str | None, attacker: str = "DE"):
    s = empty_state(game_map(), to_act=attacker,
                    rs=ruleset(elimination_victory=True, mutual_destruction=rule))
    defender = "FR" if attacker == "DE" else "DE"
    own = put(s, "infantry", attacker, Hex(1, 4), damage=5)
    other = put(s, "infantry", defender, Hex(2, 4), damage=5)
    s.dice = AllHit()
    s.apply_action(EndPhase())
    s.apply_action(Attack(own.id, other.id))
    s.apply_action(EndPhase())
    s.apply_action(Fight())
    assert own.id not in s.units and other.id not in s.units  # both fell in the one fight
    return s


@pytest.mark.parametrize("attacker", ["DE", "FR"])
def test_default_is_a_draw_whoever_attacks(attacker):
    s = _both_last_units_fall(None, attacker)
    assert s.is_terminal() and s.winner() is None and s.reason == DRAW
    assert s.returns() == [0.0, 0.0]
    assert s.log[-1].text().startswith("game over: a draw")


@pytest.mark.parametrize(("rule", "attacker", "winner"), [
    ("attacker", "DE", "central"), ("attacker", "FR", "entente"),
    ("defender", "DE", "entente"), ("defender", "FR", "central"), ("draw", "FR", None)])
def test_the_ruleset_parameter_decides(rule, attacker, winner):
    s = _both_last_units_fall(rule, attacker)
    assert s.is_terminal() and s.winner() == winner


def test_a_drawn_game_saves_and_passes_the_save_check():
    s = _both_last_units_fall(None)
    s.dice = empty_state(game_map()).dice  # a real, serialisable dice stream
    doc = Document(json.loads(json.dumps(to_json(s))), SAVE_KIND)
    assert check_save_schema(doc) + check_save(s.game, doc) == []
    back = s.from_json(s.game, to_json(s))
    assert back.is_terminal() and back.winner() is None
