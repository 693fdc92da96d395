"""Record and replay golden games (tests/engine/rules/golden/*.json).

The games run on a frozen copy of the built-in content (tests/engine/rules/golden/content), so
edits to content/ do not change them; a change of the rules does.

Regenerate after a deliberate rules or content change with
`.venv/bin/python -m tests.engine.rules.golden_games` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.content import load_scenario
from engine.paths import PROJECT_ROOT
from engine.rules.actions import Action
from engine.rules.game import Game
from engine.rules.playout import play_random
from engine.rules.serialize import state_hash
from engine.rules.state import State

GOLDEN_DIR = Path(__file__).parent / "golden"

FROZEN = "tests/engine/rules/golden/content/scenarios/"
GAMES = [
    {"name": "default-2p-quick", "scenario": FROZEN + "default-2p.scenario.yaml",
     "seed": 1914, "setup": "quick", "player_seed": 1, "max_rounds": 6},
    {"name": "default-4p-quick", "scenario": FROZEN + "default-4p.scenario.yaml",
     "seed": 1916, "setup": "quick", "player_seed": 2, "max_rounds": 4},
    {"name": "default-4p-earlier-full", "scenario": FROZEN + "default-4p-earlier.scenario.yaml",
     "seed": 1918, "setup": "full", "player_seed": 3, "max_rounds": 3},
]


def new_state(record: dict[str, Any]) -> State:
    """The initial state of a recorded game."""
    scenario = load_scenario(PROJECT_ROOT / record["scenario"])
    return Game(scenario, seed=record["seed"], setup=record["setup"]).new_initial_state()


def replay(record: dict[str, Any]) -> State:
    """Apply a record's actions (checked) to its initial state."""
    s = new_state(record)
    for text in record["actions"]:
        s.apply_action(Action.parse(text))
    return s


def record_game(spec: dict[str, Any]) -> dict[str, Any]:
    """Play a spec's game with the random player and return its golden record."""
    s = play_random(new_state(spec), seed=spec["player_seed"], max_rounds=spec["max_rounds"],
                    checked=True)
    return {
        "scenario": spec["scenario"], "seed": spec["seed"], "setup": spec["setup"],
        "actions": [str(a) for a in s.history], "winner": s.winner(), "reason": s.reason,
        "final_state_sha256": state_hash(s),
    }


def main() -> None:
    """Rewrite every golden file."""
    GOLDEN_DIR.mkdir(exist_ok=True)
    for spec in GAMES:
        rec = record_game(spec)
        path = GOLDEN_DIR / f"{spec['name']}.json"
        path.write_text(json.dumps(rec, indent=1) + "\n", encoding="utf-8")
        print(f"{path}: {len(rec['actions'])} actions, {rec['winner']} by {rec['reason']}")


if __name__ == "__main__":
    main()
