"""Scenario references that cannot name a file get a located problem (found by the fuzzer)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from engine.content import ContentError, load_scenario, validate_paths
from engine.paths import CONTENT_DIR


def _scenario_with_map_ref(tmp_path: Path, ref: str, as_json: bool = False) -> Path:
    """A copy of the built-in 2-player scenario whose `map` is `ref` (YAML or JSON)."""
    shutil.copytree(CONTENT_DIR, tmp_path / "content")
    path = tmp_path / "content" / "scenarios" / "default-2p.scenario.yaml"
    text = path.read_text(encoding="utf-8")
    if as_json:
        data = yaml.safe_load(text)
        data["map"] = ref
        path.unlink()
        path = path.with_suffix(".json")
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")
        return path
    assert "map: ../maps/default.map.yaml\n" in text
    path.write_text(text.replace("map: ../maps/default.map.yaml\n",
                                 f"map: {json.dumps(ref)}\n"), encoding="utf-8")
    return path


def test_nul_in_a_reference_is_a_located_problem(tmp_path: Path) -> None:
    """A NUL in `map:` was a ValueError traceback (validate: internal.error, no location).
    The schema's reference pattern now refuses it first, located."""
    path = _scenario_with_map_ref(tmp_path, "../maps/\0default.map.yaml")
    with pytest.raises(ContentError) as caught:
        load_scenario(path)
    first = caught.value.problems[0]
    assert first.code == "schema.bad_pattern"
    assert (first.file, first.line, first.pointer) == (str(path), 5, "/map")
    assert first.hint
    problems = validate_paths([path])
    assert [p.code for p in problems if p.is_error] == ["schema.bad_pattern"]


@pytest.mark.parametrize(("ref", "as_json", "shown", "code"), [
    # UnicodeEncodeError in resolve(); the reader now refuses the lone surrogate first
    ("../maps/\ud800.map.yaml", True, "surrogate", "json.lone_surrogate"),
    # OSError in is_file
    ("../maps/" + "x" * 300 + ".map.yaml", False, "File name too long",
     "scenario.bad_reference"),
])
def test_impossible_file_names_in_a_reference_are_located_problems(
        tmp_path: Path, ref: str, as_json: bool, shown: str, code: str) -> None:
    """A lone surrogate or an over-long name gave a traceback, not a problem."""
    path = _scenario_with_map_ref(tmp_path, ref, as_json)
    with pytest.raises(ContentError) as caught:
        load_scenario(path)
    first = caught.value.problems[0]
    assert first.code == code
    assert first.line is not None
    assert shown in first.message
    first.format().encode("utf-8")  # printable
