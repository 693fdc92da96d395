"""Scenario references that cannot name a file get a located problem (found by the fuzzer)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.content import ContentError, load_scenario, validate_paths
from engine.paths import CONTENT_DIR


def _scenario_with_map_ref(tmp_path: Path, ref: str) -> Path:
    shutil.copytree(CONTENT_DIR, tmp_path / "content")
    path = tmp_path / "content" / "scenarios" / "default-2p.scenario.yaml"
    text = path.read_text(encoding="utf-8")
    assert "map: ../maps/default.map.yaml\n" in text
    path.write_text(text.replace("map: ../maps/default.map.yaml\n", f"map: {ref}\n"),
                    encoding="utf-8")
    return path


def test_nul_in_a_reference_is_a_located_problem(tmp_path: Path) -> None:
    """A NUL in `map:` was a ValueError traceback (validate: internal.error, no location)."""
    path = _scenario_with_map_ref(tmp_path, '"../maps/\\0default.map.yaml"')
    with pytest.raises(ContentError) as caught:
        load_scenario(path)
    first = caught.value.problems[0]
    assert first.code == "scenario.bad_reference"
    assert (first.file, first.line, first.pointer) == (str(path), 5, "/map")
    assert "\\x00" in first.message and first.hint
    problems = validate_paths([path])
    assert [p.code for p in problems if p.is_error] == ["scenario.bad_reference"]
