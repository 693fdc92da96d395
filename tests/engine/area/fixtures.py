"""The built-in Der Erste Weltkrieg scenario and states set up for one rule at a time."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from engine.area_model import FACTIONS, AreaScenario
from engine.content import load_file
from engine.paths import CONTENT_DIR
from engine.rules.area import flow
from engine.rules.area.actions import AreaAction
from engine.rules.area.game import AreaGame
from engine.rules.area.state import AreaState

SCENARIO = CONTENT_DIR / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml"


@cache
def _loaded(path: Path) -> AreaScenario:
    loaded = load_file(path)
    assert not loaded.errors, [p.format() for p in loaded.errors]
    return loaded.model


def scenario(players: int = 2) -> AreaScenario:
    """A fresh copy of the built-in scenario (loaded once), for `players` players."""
    s = load_file(SCENARIO).model if players != 2 else _loaded(SCENARIO)
    s.players = players
    return s


def game(players: int = 2, **options) -> AreaGame:
    """A game of the built-in scenario; chance nodes explicit unless told otherwise."""
    options.setdefault("explicit_chance", True)
    return AreaGame(scenario(players), **options)


def turn_state(g: AreaGame, actor: str, location: dict[str, int], round_no: int = 1,
               owner: dict[str, str] | None = None) -> AreaState:
    """A state at the start of `actor`'s first turn of a round with armies where given, no
    dummies on the board and nothing left to set up."""
    s = g.new_initial_state()
    s.round = round_no
    s.location = dict(location)
    s.pending = {f: [] for f in FACTIONS}
    s.dummies_off = {f: 0 for f in FACTIONS}
    s.owner.update(owner or {})
    s.phase = "turns"
    s.turn = s.turn_order.index(actor)
    flow._begin_turn(s)
    assert s.actor == actor
    return s


def act(s: AreaState, text: str) -> None:
    """Apply the legal action with this text."""
    by_text = {a.text(): a for a in s.legal_actions()}
    assert text in by_text, (text, sorted(by_text)[:20])
    s.apply_action(by_text[text])


def texts(s: AreaState) -> list[str]:
    """The legal actions as text."""
    return [a.text() for a in s.legal_actions()]


def A(kind: str, **kw) -> AreaAction:
    """An action."""
    return AreaAction(kind, **kw)
