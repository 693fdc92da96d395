"""Where the project's schemas and built-in content live."""

from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SCHEMA_DIR = PROJECT_ROOT / "schema"
CONTENT_DIR = PROJECT_ROOT / "content"
DEFAULT_SCENARIO = CONTENT_DIR / "scenarios" / "default-4p.scenario.yaml"
# The ruleset a map is checked and play-tested with when no scenario names one.
DEFAULT_RULESET = CONTENT_DIR / "rulesets" / "current.ruleset.yaml"
