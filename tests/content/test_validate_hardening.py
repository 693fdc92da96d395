"""`tcstudio validate` on hostile input (issue 15 finding 6): surrogates, NUL and symlink-loop
references, symlink loops in folders, floods of unknown keys, repeated missing keys."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import engine.content.loaders as loaders
from engine.content import dump_canonical, file_head, validate_report
from engine.paths import PROJECT_ROOT
from engine.rules.area.savefile import is_area_save
from engine.rules.savefile import is_save
from tests.content.fixtures import valid_map, valid_ruleset, valid_scenario, write_set


def run_cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tcstudio", "validate", *map(str, args)],
        cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=120,
    )


def _map_json_with_surrogate_key(path: Path) -> None:
    text = json.dumps(valid_map(), indent=1)
    path.write_text(text.replace('"width"', '"\\ud800bad": 1,\n "width"', 1),
                    encoding="utf-8")


@pytest.mark.parametrize("fmt", ["human", "json"])
def test_a_key_with_a_lone_surrogate_is_refused_where_it_is(tmp_path, fmt):
    """It was reported as an unknown key (printed escaped); no UTF-8 file can hold it, so
    the reader now refuses it first, located."""
    f = tmp_path / "m.json"
    _map_json_with_surrogate_key(f)
    r = run_cli(f, "--format", fmt)
    assert r.returncode == 1, r.stderr
    assert "Traceback" not in r.stderr
    if fmt == "json":
        problem = json.loads(r.stdout)["problems"][0]
        assert (problem["code"], problem["line"], problem["col"]) == ("json.lone_surrogate", 15, 2)
    else:
        assert "m.json:15:2: error json.lone_surrogate" in r.stdout


def _scenario_with_map_ref(tmp_path: Path, ref: str) -> Path:
    paths = write_set(tmp_path, fmt="json")
    data = valid_scenario(fmt="json")
    data["map"] = ref
    paths["scenario"].write_text(dump_canonical(data, "json"), encoding="utf-8")
    return paths["scenario"]


def test_a_reference_with_nul_is_a_located_schema_error(tmp_path):
    scenario = _scenario_with_map_ref(tmp_path, "map\x00.json")
    _, problems = validate_report([scenario])
    assert [(p.code, p.pointer) for p in problems] == [("schema.bad_pattern", "/map")]
    assert problems[0].line is not None


def test_a_reference_into_a_symlink_loop_is_located(tmp_path):
    os.symlink("b.json", tmp_path / "a.json")
    os.symlink("a.json", tmp_path / "b.json")
    scenario = _scenario_with_map_ref(tmp_path, "a.json")
    _, problems = validate_report([scenario])
    mine = [p for p in problems if p.file == str(scenario)]
    assert [(p.code, p.pointer) for p in mine] == [("scenario.missing_map", "/map")]
    assert mine[0].line is not None and "symlink loop" in mine[0].message


def test_a_symlink_loop_in_a_folder_is_skipped_and_the_rest_checked(tmp_path):
    (tmp_path / "good.yaml").write_text(dump_canonical(valid_map(), "yaml"), encoding="utf-8")
    bad = valid_map()
    bad["width"] = "wide"
    (tmp_path / "bad.yaml").write_text(dump_canonical(bad, "yaml"), encoding="utf-8")
    os.symlink("loop2.yaml", tmp_path / "loop1.yaml")
    os.symlink("loop1.yaml", tmp_path / "loop2.yaml")
    r = run_cli(tmp_path)
    assert r.returncode == 1, r.stderr
    assert "bad.yaml" in r.stdout and "schema.wrong_type" in r.stdout
    assert r.stdout.count("file.unreadable") == 2 and "symlink loop" in r.stdout
    assert "checked 2 files" in r.stdout


def test_a_flood_of_unknown_keys_lists_only_the_cap(tmp_path):
    data = valid_map()
    data.update({f"k{i}": i for i in range(5000)})
    f = tmp_path / "m.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    _, problems = validate_report([f])
    codes = [p.code for p in problems]
    assert codes.count("schema.unknown_key") == 100 and codes.count("schema.too_many") == 1
    assert len(problems) == 101


def test_exactly_the_cap_gives_no_too_many(tmp_path):
    data = valid_map()
    data.update({f"k{i}": i for i in range(100)})
    f = tmp_path / "m.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    _, problems = validate_report([f])
    assert [p.code for p in problems] == ["schema.unknown_key"] * 100


def test_missing_keys_are_reported_once(tmp_path):
    data = valid_ruleset()
    data["name"] = {}
    f = tmp_path / "r.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    _, problems = validate_report([f])
    assert [(p.code, p.pointer) for p in problems] == [("schema.missing_key", "/name")]
    assert "'de', 'en'" in problems[0].message


@pytest.mark.parametrize("fmt", ["json", "yaml"])
def test_a_mapping_with_too_many_keys_is_refused_while_parsing(tmp_path, fmt):
    data = valid_map()
    data.update({f"k{i}": i for i in range(10_001)})
    f = tmp_path / f"m.{fmt}"
    f.write_text(json.dumps(data) if fmt == "json" else dump_canonical(data, "yaml"),
                 encoding="utf-8")
    _, problems = validate_report([f])
    assert [(p.code, p.pointer) for p in problems] == [(f"{fmt}.too_many_keys", "")]
    assert problems[0].line is not None


@pytest.mark.parametrize("fmt", ["human", "json"])
def test_a_key_with_control_characters_is_printed_escaped(tmp_path, fmt):
    """Found re-trying issue 15: a key holding an escape sequence reached the terminal raw
    (ESC [2J clears the screen; a newline forges an output line)."""
    f = tmp_path / "m.json"
    text = json.dumps(valid_map(), indent=1)
    f.write_text(text.replace('"width"', '"\\u001b[2J\\nerror\\u009b": 1,\n "width"', 1),
                 encoding="utf-8")
    r = run_cli(f, "--format", fmt)
    assert r.returncode == 1, r.stderr
    assert not any(c in r.stdout for c in "\x1b\x9b")
    if fmt == "json":
        problem = json.loads(r.stdout)["problems"][0]
        assert problem["pointer"] == "/\x1b[2J\nerror\x9b"  # the escapes decode to the same key
    else:
        assert "unknown key '\\u001b[2J\\u000aerror\\u009b'" in r.stdout
        assert len(r.stdout.splitlines()) == 2  # the problem and the summary


def test_a_folder_far_above_the_content_is_walked_only_so_far(tmp_path, monkeypatch):
    """`tcstudio validate /tmp` parsed 6,680 files for 85 s, and the editor's project
    window did the same on the GUI thread."""
    for i in range(7):
        (tmp_path / f"m{i}.map.yaml").write_text("a: 1\n", encoding="utf-8")
    monkeypatch.setattr(loaders, "MAX_CONTENT_FILES", 5)
    files, problems = loaders.collect_files([tmp_path])
    assert [f.name for f in files] == [f"m{i}.map.yaml" for i in range(5)]
    assert [(p.code, p.file) for p in problems] == [("file.too_many", str(tmp_path))]
    monkeypatch.setattr(loaders, "MAX_CONTENT_FILES", 100)
    deep = tmp_path
    for i in range(5):
        deep = deep / f"d{i}"
        deep.mkdir()
    monkeypatch.setattr(loaders, "MAX_FOLDERS", 3)
    files, problems = loaders.collect_files([tmp_path])
    assert len(files) == 7 and [p.code for p in problems] == ["file.too_many"]
    monkeypatch.setattr(loaders, "MAX_FOLDERS", 10)
    assert loaders.collect_files([tmp_path])[1] == []


def test_telling_a_fifo_s_kind_does_not_block(tmp_path):
    """`tcstudio edit pipe.map.yaml` hung reading the head of a FIFO to tell its kind."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    assert file_head(fifo) == b"" and not is_save(fifo) and not is_area_save(fifo)
    r = run_cli(fifo)
    assert r.returncode == 1 and "not a regular file" in r.stdout
