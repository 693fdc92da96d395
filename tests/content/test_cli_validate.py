"""`tcstudio validate` on good and bad input, through the real command line."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from engine.content import dump_canonical, map_from_dict, validate_report
from engine.content.problems import ContentError
from engine.paths import PROJECT_ROOT
from tests.content.fixtures import valid_map, valid_scenario, write_set

MAP_URL = "https://trenchclub.studio/schema/map.schema.json"


def run_cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tcstudio", "validate", *map(str, args)],
        cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=120,
    )


def snapshot(root: Path) -> dict[str, tuple[int, int]]:
    return {str(p): (p.stat().st_size, p.stat().st_mtime_ns) for p in root.rglob("*")}


def _billion_laughs() -> str:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        refs = ", ".join([f"*a{i - 1}"] * 10)
        lines.append(f"a{i}: &a{i} [{refs}]")
    return "\n".join(lines) + "\n"


def _map_text(**changes: object) -> str:
    data = valid_map()
    data.update(changes)
    return dump_canonical(data, "yaml")


# (name, file name, content (str or bytes), expected code, expected line or None)
BAD_INPUTS = [
    ("malformed_yaml", "m.yaml", _map_text().replace("width: 28", "width: [28"),
     "yaml.syntax", None),
    ("malformed_json", "m.json", dump_canonical(valid_map(), "json").replace('"width": 28,',
                                                                             '"width": 28,,'),
     "json.syntax", 11),
    ("wrong_type", "m.yaml", _map_text(width="ten"), "schema.wrong_type", 10),
    ("unknown_key", "m.yaml", _map_text(colour="green"), "schema.unknown_key", None),
    ("duplicate_key_yaml", "m.yaml", _map_text().replace("height: 16", "height: 16\nheight: 17"),
     "yaml.duplicate_key", 12),
    ("duplicate_key_json", "m.json", dump_canonical(valid_map(), "json").replace(
        '"width": 28,', '"width": 28,\n  "width": 29,'), "json.duplicate_key", 12),
    ("non_utf8", "m.yaml", _map_text().encode("utf-8").replace(b"Test Map", b"Test \xff Map"),
     "file.not_utf8", 4),
    ("alias_bomb", "m.yaml", _billion_laughs(), "yaml.anchor", 1),
    ("huge_map", "m.yaml", _map_text(width=10_000, height=10_000, terrain=["."]),
     "schema.out_of_range", None),
]


@pytest.mark.parametrize(("name", "filename", "content", "code", "line"), BAD_INPUTS,
                         ids=[b[0] for b in BAD_INPUTS])
def test_bad_input_exits_1_with_located_message(tmp_path, name, filename, content, code, line):
    path = tmp_path / filename
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    before = snapshot(tmp_path)
    result = run_cli(path)
    assert result.returncode == 1, result.stdout + result.stderr
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    located = re.compile(rf"^{re.escape(str(path))}:(\d+):(\d+): error {re.escape(code)}: .+\(.+\)",
                         re.M)
    match = located.search(result.stdout)
    assert match, result.stdout
    if line is not None:
        assert int(match.group(1)) == line
    assert re.search(r"^checked 1 file: [1-9]\d* errors?, \d+ warnings?$", result.stdout, re.M)
    assert snapshot(tmp_path) == before


def test_fifty_megabyte_file_is_refused_by_size(tmp_path):
    path = tmp_path / "big.map.yaml"
    with open(path, "wb") as fh:
        fh.write(f"$schema: {MAP_URL}\nschema_version: 1\ndescription: '".encode())
        fh.truncate(50 * 1024 * 1024)
    before = snapshot(tmp_path)
    result = run_cli(path)
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    assert re.search(rf"^{re.escape(str(path))}: error file.too_large: .*16 MiB.*\(", result.stdout,
                     re.M)
    assert snapshot(tmp_path) == before


def test_fifty_megabyte_file_is_not_read_into_memory(tmp_path):
    path = tmp_path / "big.yaml"
    with open(path, "wb") as fh:
        fh.truncate(50 * 1024 * 1024)
    tracemalloc.start()
    _, problems = validate_report([path])
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert [p.code for p in problems] == ["file.too_large"]
    assert peak < 2 * 1024 * 1024


def test_alias_bomb_is_refused_without_expanding(tmp_path):
    path = tmp_path / "bomb.yaml"
    path.write_text(_billion_laughs(), encoding="utf-8")
    (tmp_path / "warm").mkdir()
    write_set(tmp_path / "warm")
    validate_report([tmp_path / "warm"])  # imports and schema loading are not the bomb's doing
    tracemalloc.start()
    _, problems = validate_report([path])
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert [p.code for p in problems] == ["yaml.anchor"]
    assert peak < 5 * 1024 * 1024


def test_huge_map_is_refused_before_allocating():
    data = valid_map()
    data.update(width=10_000, height=10_000, terrain=["."])
    tracemalloc.start()
    with pytest.raises(ContentError) as exc:
        map_from_dict(data)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert [p.code for p in exc.value.problems] == ["map.too_large"]
    assert peak < 1024 * 1024


def test_scenario_with_missing_map_file(tmp_path):
    paths = write_set(tmp_path)
    scenario = valid_scenario()
    scenario["map"] = "nowhere/missing.map.yaml"
    paths["scenario"].write_text(dump_canonical(scenario, "yaml"), encoding="utf-8")
    line = next(i for i, t in enumerate(paths["scenario"].read_text().splitlines(), 1)
                if t.startswith("map:"))
    before = snapshot(tmp_path)
    result = run_cli(paths["scenario"])
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    assert f"{paths['scenario']}:{line}:6: error scenario.missing_map: " in result.stdout
    assert snapshot(tmp_path) == before


def test_valid_set_exits_0_and_json_format(tmp_path):
    write_set(tmp_path)
    (tmp_path / "sub").mkdir()
    write_set(tmp_path / "sub", fmt="json")
    human = run_cli(tmp_path)
    assert human.returncode == 0, human.stdout
    assert human.stdout.strip().splitlines()[-1] == "checked 8 files: 0 errors, 0 warnings"
    result = run_cli(tmp_path, "--format", "json")
    assert result.returncode == 0
    report = json.loads(result.stdout)
    assert report["summary"] == {"files": 8, "errors": 0, "warnings": 0}
    assert report["problems"] == []


def test_json_format_lists_located_problems(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text(_map_text(colour="green"), encoding="utf-8")
    result = run_cli(path, "--format", "json")
    assert result.returncode == 1
    report = json.loads(result.stdout)
    (problem,) = report["problems"]
    assert problem["code"] == "schema.unknown_key"
    assert problem["file"] == str(path) and problem["line"] and problem["col"]
    assert problem["pointer"] == "/colour"
    assert report["summary"]["errors"] == 1


def test_all_problems_are_collected_across_files(tmp_path):
    (tmp_path / "a.yaml").write_text(_map_text(colour="x", season="autumn"), encoding="utf-8")
    (tmp_path / "b.json").write_text("{", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("ignored", encoding="utf-8")
    result = run_cli(tmp_path)
    assert result.returncode == 1
    codes = re.findall(r" error ([a-z_.]+):", result.stdout)
    assert sorted(codes) == ["json.syntax", "schema.bad_value", "schema.unknown_key"]
    assert "checked 2 files: 3 errors, 0 warnings" in result.stdout


@pytest.mark.parametrize("args", [[], ["--format", "xml", "."], ["/no/such/path"]])
def test_could_not_run_exits_2(args):
    result = run_cli(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "hint" in result.stderr


def test_unreadable_path_exits_2(tmp_path, monkeypatch, capsys):
    from tcstudio.cli import main

    path = tmp_path / "secret.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    # Tests may run as root, who can read anything: simulate the missing permission.
    monkeypatch.setattr(os, "access", lambda p, mode: Path(p) != path)
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: permission denied" in err
