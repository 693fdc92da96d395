"""`tcstudio build`, `export` and `import` end to end (in-process)."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from engine.paths import CONTENT_DIR
from tcstudio.cli import main


@pytest.fixture
def content(tmp_path):
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    return target


def _files(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_build_writes_packs_and_index_deterministically(tmp_path, content, capsys):
    assert main(["build", str(content), "--out", str(tmp_path / "a"), "--quiet"]) == 0
    assert main(["build", str(content), "--out", str(tmp_path / "b"), "--quiet"]) == 0
    a, b = _files(tmp_path / "a"), _files(tmp_path / "b")
    assert a == b
    index = json.loads(a["index.json"])
    scenarios = [*content.glob("scenarios/*.yaml"), *content.glob("weltkrieg/*.area-scenario.yaml")]
    assert len(index["packs"]) == len(scenarios) >= 1
    for entry in index["packs"]:
        assert entry["file"] in a and len(a[entry["file"]]) == entry["size"]
    assert capsys.readouterr().out == ""


def test_rebuild_skips_unchanged_and_rebuilds_changed(tmp_path, content, capsys):
    out = tmp_path / "dist"
    assert main(["build", str(content), "--out", str(out), "--format", "json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["ok"] and first["built"] and not first["skipped"]
    assert main(["build", str(content), "--out", str(out), "--format", "json"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert second["built"] == [] and sorted(second["skipped"]) == sorted(first["built"])
    # a damaged output is rebuilt even though its inputs did not change
    victim = out / first["built"][0]
    victim.write_bytes(b"junk")
    # an edit to the map changes every pack that uses it
    map_file = content / "maps" / "default.map.yaml"
    map_file.write_text(map_file.read_text(encoding="utf-8").replace(
        "en: Argonne Crossing", "en: Argonne Crossing II", 1), encoding="utf-8")
    assert main(["build", str(content), "--out", str(out), "--format", "json"]) == 0
    third = json.loads(capsys.readouterr().out)
    # ...and only those: the Der Erste Weltkrieg pack does not use the hex map
    assert sorted(third["built"]) == sorted(set(first["built"]) - {"weltkrieg-1914.tcpack"})
    assert victim.read_bytes()[:2] == b"PK"


def test_removed_scenario_removes_its_pack(tmp_path, content, capsys):
    out = tmp_path / "dist"
    assert main(["build", str(content), "--out", str(out), "--quiet"]) == 0
    gone = sorted(content.glob("scenarios/*.yaml"))[0]
    ident = next(line.split(":", 1)[1].strip() for line in gone.read_text().splitlines()
                 if line.startswith("id:"))
    gone.unlink()
    assert main(["build", str(content), "--out", str(out), "--quiet"]) == 0
    assert not (out / f"{ident}.tcpack").exists()
    assert ident not in (out / "index.json").read_text()


def test_invalid_content_stops_the_build_with_every_problem(tmp_path, content, capsys):
    map_file = content / "maps" / "default.map.yaml"
    map_file.write_text(map_file.read_text(encoding="utf-8").replace("width:", "widht:", 1),
                        encoding="utf-8")
    (content / "rulesets" / "broken.ruleset.yaml").write_text("$schema: nonsense\n")
    out = tmp_path / "dist"
    assert main(["build", str(content), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "default.map.yaml" in err and "broken.ruleset.yaml" in err
    assert not out.exists()
    assert main(["build", str(content), "--out", str(out), "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False and len(report["problems"]) >= 2


def test_build_of_missing_folder_cannot_run(tmp_path, capsys):
    assert main(["build", str(tmp_path / "nope"), "--out", str(tmp_path / "d")]) == 2
    assert "not a folder" in capsys.readouterr().err


@pytest.mark.parametrize(("fmt", "suffix"), [("svg", ".svg"), ("png", ".png"), ("pdf", ".pdf"),
                                             ("tiled", ".tmx"), ("tmj", ".tmj"),
                                             ("pack", ".tcpack")])
def test_export_each_format(tmp_path, fmt, suffix, capsys):
    scenario = CONTENT_DIR / "scenarios" / "default-4p.scenario.yaml"
    out = tmp_path / f"board{suffix}"
    args = ["export", str(scenario), "--format", fmt, "--out", str(out), "--dpi", "20"]
    assert main(args) == 0
    assert out.stat().st_size > 0 and "wrote" in capsys.readouterr().out


def test_export_default_out_is_the_id_in_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["export", str(CONTENT_DIR / "maps" / "default.map.yaml"), "--format",
                 "svg"]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["default.svg"]


def test_export_into_a_folder_names_the_file_by_id(tmp_path):
    assert main(["export", str(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml"),
                 "--format", "tmj", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["default_2p.terrain.png",
                                                          "default_2p.tmj"]


def test_export_into_a_new_folder_named_with_a_trailing_slash(tmp_path):
    target = tmp_path / "newdir"
    assert main(["export", str(CONTENT_DIR / "maps" / "default.map.yaml"), "--format", "tiled",
                 "--out", f"{target}/"]) == 0
    assert sorted(p.name for p in target.iterdir()) == ["default.terrain.png", "default.tmx"]


def test_export_of_invalid_map_reports_problem(tmp_path, capsys):
    bad = tmp_path / "bad.map.yaml"
    bad.write_text((CONTENT_DIR / "maps" / "default.map.yaml").read_text(
        encoding="utf-8").replace("width:", "widht:", 1), encoding="utf-8")
    assert main(["export", str(bad), "--format", "svg", "--out", str(tmp_path / "x.svg")]) == 1
    assert "bad.map.yaml" in capsys.readouterr().err
    assert not (tmp_path / "x.svg").exists()


def test_export_pack_of_a_map_is_refused(tmp_path, capsys):
    path = CONTENT_DIR / "maps" / "default.map.yaml"
    assert main(["export", str(path), "--format", "pack", "--out", str(tmp_path / "p")]) == 1
    assert "scenario" in capsys.readouterr().err


def test_import_round_trip_and_refusals(tmp_path, capsys):
    scenario = CONTENT_DIR / "scenarios" / "default-4p.scenario.yaml"
    pack = tmp_path / "p.tcpack"
    assert main(["export", str(scenario), "--format", "pack", "--out", str(pack)]) == 0
    assert main(["import", str(pack), "--out", str(tmp_path / "x")]) == 0
    assert (tmp_path / "x" / "map.json").is_file()
    assert main(["import", str(pack), "--out", str(tmp_path / "x")]) == 1
    assert "not empty" in capsys.readouterr().err
    broken = tmp_path / "broken.tcpack"
    broken.write_bytes(pack.read_bytes()[:500])
    assert main(["import", str(broken), "--out", str(tmp_path / "y")]) == 1
    assert "not a readable zip" in capsys.readouterr().err
    assert not (tmp_path / "y").exists()
    assert main(["import", str(tmp_path / "missing.tcpack")]) == 2


def test_duplicate_scenario_ids_stop_the_build(tmp_path, content, capsys):
    src = content / "scenarios" / "default-4p.scenario.yaml"
    shutil.copy(src, content / "scenarios" / "copy.scenario.yaml")
    assert main(["build", str(content), "--out", str(tmp_path / "d")]) == 1
    err = capsys.readouterr().err
    assert "build.duplicate_scenario_id" in err and "copy.scenario.yaml" in err


def test_progress_bar_only_on_a_terminal():
    import io

    from tcstudio.cli_support import ProgressBar

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty, pipe = Tty(), io.StringIO()
    for stream in (tty, pipe):
        bar = ProgressBar(stream=stream)
        bar(0, 2, "a.tcpack")
        bar(2, 2, "index")
    assert "[" + "#" * 30 + "] 2/2" in tty.getvalue() and tty.getvalue().endswith("\n")
    assert pipe.getvalue() == ""


@pytest.mark.parametrize(("argv", "name"), [
    (["export", "{}", "--format", "svg"], "p.map.yaml"),
    (["import-tiled", "{}", "--out", "q.map.yaml"], "p.tmx"),
    (["import", "{}"], "p.tcpack"),
])
def test_a_fifo_or_a_folder_is_named_for_what_it_is(tmp_path, capsys, argv, name):
    """They said 'no such file' for a FIFO and a folder, which do exist."""
    fifo = tmp_path / name
    os.mkfifo(fifo)
    assert main([a.format(fifo) for a in argv]) == 2
    assert "not a regular file" in capsys.readouterr().err
    assert main([a.format(tmp_path) for a in argv]) == 2
    assert "a folder, not a file" in capsys.readouterr().err
    assert main([a.format(tmp_path / "gone") for a in argv]) == 2
    assert "no such file" in capsys.readouterr().err
