"""Issue 15 finding 1: `tcstudio build` trusts nothing it reads from `--out`: a tampered or
corrupt cache never deletes a file the build did not write and never gives a traceback, and
index.json never names a checksum that is not its file's."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from engine.paths import CONTENT_DIR
from exporters import pipeline
from exporters.base import ExportError
from exporters.buildcache import CACHE_FILE, INDEX_FILE
from tcstudio.cli import main


@pytest.fixture(scope="module")
def first_build(tmp_path_factory):
    """Content and its output after one good build, made once for the module."""
    root = tmp_path_factory.mktemp("first")
    shutil.copytree(CONTENT_DIR, root / "content")
    assert main(["build", str(root / "content"), "--out", str(root / "dist"), "--quiet"]) == 0
    return root


@pytest.fixture
def content(tmp_path, first_build):
    """A copy of the content whose output `tmp_path / "dist"` is already built."""
    for name in ("content", "dist"):
        shutil.copytree(first_build / name, tmp_path / name)
    return tmp_path / "content"


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def assert_index_consistent(out: Path) -> None:
    """Every pack the index names exists with the size and SHA-256 the index gives."""
    index = json.loads((out / INDEX_FILE).read_text(encoding="utf-8"))
    for entry in index["packs"]:
        pack = out / entry["file"]
        assert pack.parent == out
        assert sha(pack) == entry["sha256"] and pack.stat().st_size == entry["size"]


def tamper_cache(out: Path, change) -> None:
    cache = json.loads((out / CACHE_FILE).read_text(encoding="utf-8"))
    change(cache)
    (out / CACHE_FILE).write_text(json.dumps(cache), encoding="utf-8")


def fake_record(victim: Path) -> dict:
    digest = sha(victim)
    return {"inputs": "x", "sha256": digest, "entry": {
        "file": "x", "id": "x", "version": "1", "name": {}, "ruleset_version": "x",
        "sha256": digest, "size": 1, "source": "x"}}


@pytest.mark.parametrize("where", ["parent", "absolute", "inside, not a pack", "nested"])
def test_cache_cannot_make_the_build_delete_other_files(tmp_path, content, capsys, where):
    out = tmp_path / "dist"
    victims = {"parent": tmp_path / "victim.txt", "absolute": tmp_path / "abs.txt",
               "inside, not a pack": out / "notes.txt", "nested": content / "maps" / "x.tcpack"}
    victim = victims[where]
    victim.write_text("precious", encoding="utf-8")
    name = {"parent": "../victim.txt", "absolute": str(victim),
            "inside, not a pack": "notes.txt", "nested": "../content/maps/x.tcpack"}[where]
    record = fake_record(victim)
    record["entry"]["file"] = name
    tamper_cache(out, lambda c: c["packs"].__setitem__(name, record))
    assert main(["build", str(content), "--out", str(out)]) == 0
    assert victim.read_text(encoding="utf-8") == "precious"
    assert "build.cache_ignored" in capsys.readouterr().err
    assert_index_consistent(out)


def test_a_pack_changed_by_the_user_is_not_removed(tmp_path, content, capsys):
    out = tmp_path / "dist"
    gone = content / "scenarios" / "default-2p.scenario.yaml"
    gone.unlink()
    (out / "default_2p.tcpack").write_bytes(b"my own file now")
    assert main(["build", str(content), "--out", str(out)]) == 0
    assert (out / "default_2p.tcpack").read_bytes() == b"my own file now"
    assert "build.pack_kept" in capsys.readouterr().err
    assert "default_2p" not in (out / INDEX_FILE).read_text(encoding="utf-8")


# every hex scenario and area scenario of content/ (the co-op scenario made it five)
PACKS = len([*(CONTENT_DIR / "scenarios").glob("*.scenario.yaml"),
             *(CONTENT_DIR / "weltkrieg").glob("*.area-scenario.yaml")])
CORRUPT_CACHES = {
    "not json": b"{nope",
    "deeply nested": b"[" * 100_000 + b"]" * 100_000,
    "packs is a list": b'{"packs": []}',
    "record is a string": b'{"packs": {"default_2p.tcpack": "x"}}',
    "entry lacks keys": b'{"packs": {"default_2p.tcpack": {"inputs": "x", "sha256": "'
                        + b"0" * 64 + b'", "entry": {}}}}',
    "huge integer": b'{"packs": {"a.tcpack": ' + b"9" * 5000 + b"}}",
    "not utf-8": b'{"packs": {"\xff": 1}}',
    "top level is a list": b"[1, 2]",
}


@pytest.mark.parametrize("case", sorted(CORRUPT_CACHES))
def test_corrupt_cache_is_ignored_with_a_warning_and_rebuilt(tmp_path, content, capsys, case):
    out = tmp_path / "dist"
    (out / CACHE_FILE).write_bytes(CORRUPT_CACHES[case])
    assert main(["build", str(content), "--out", str(out), "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["built"]) == PACKS
    codes = [w["code"] for w in report["warnings"]]
    assert [c for c in codes if c.startswith("build.")] == ["build.cache_ignored"]
    assert_index_consistent(out)
    assert json.loads((out / CACHE_FILE).read_text(encoding="utf-8"))["packs"]


def test_tampered_cache_entry_never_reaches_the_index(tmp_path, content, capsys):
    out = tmp_path / "dist"
    tamper_cache(out, lambda c: c["packs"]["default_2p.tcpack"]["entry"].__setitem__(
        "file", "../../etc/passwd"))
    assert main(["build", str(content), "--out", str(out), "--quiet"]) == 0
    index = json.loads((out / INDEX_FILE).read_text(encoding="utf-8"))
    assert sorted(e["file"] for e in index["packs"]) == [
        "coop_vs_automa.tcpack", "default_2p.tcpack", "default_4p.tcpack",
        "default_4p_earlier.tcpack", "weltkrieg-1914.tcpack"]
    assert_index_consistent(out)


def test_index_never_names_a_stale_checksum_when_the_build_dies(tmp_path, content,
                                                                 monkeypatch):
    out = tmp_path / "dist"
    map_file = content / "maps" / "default.map.yaml"
    map_file.write_text(map_file.read_text(encoding="utf-8").replace(
        "en: Argonne Crossing", "en: Argonne Crossing II", 1), encoding="utf-8")
    real_write = pipeline.atomic_write_bytes

    def die_after_first_pack(path, data):
        real_write(path, data)
        if Path(path).suffix == ".tcpack":
            raise SystemExit("killed")

    monkeypatch.setattr(pipeline, "atomic_write_bytes", die_after_first_pack)
    with pytest.raises(SystemExit):
        pipeline.build(content, out)
    assert_index_consistent(out)
    monkeypatch.undo()
    assert main(["build", str(content), "--out", str(out), "--quiet"]) == 0
    assert_index_consistent(out)
    assert len(json.loads((out / INDEX_FILE).read_text(encoding="utf-8"))["packs"]) == PACKS


def test_a_pack_that_cannot_be_drawn_stops_the_build_before_writing(tmp_path, content, capsys,
                                                                     monkeypatch):
    out = tmp_path / "dist"
    before = {p.name: sha(p) for p in out.iterdir()}
    (content / "scenarios" / "default-2p.scenario.yaml").write_text(
        (content / "scenarios" / "default-2p.scenario.yaml").read_text(encoding="utf-8")
        + "\n", encoding="utf-8")

    def refuse(path, version=None, previous_version=None, cache=None, drawn=None):
        raise ExportError("the PNG would be 0×0 pixels", hint="lower --dpi or --hex-mm")

    monkeypatch.setattr(pipeline, "build_pack_from_file", refuse)
    assert main(["build", str(content), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "build.export_failed" in err and "default-2p.scenario.yaml" in err
    assert {p.name: sha(p) for p in out.iterdir()} == before


def test_a_content_problem_is_printed_with_control_characters_escaped(tmp_path, content,
                                                                      capsys):
    """Found re-trying issue 15: a key holding an escape sequence reached the terminal raw."""
    map_file = content / "maps" / "default.map.yaml"
    map_file.write_text(map_file.read_text(encoding="utf-8") + '"\\e[2J\\nx": 1\n',
                        encoding="utf-8")
    assert main(["build", str(content), "--out", str(tmp_path / "dist")]) == 1
    err = capsys.readouterr().err
    assert "\x1b" not in err
    assert "unknown key '\\u001b[2J\\u000ax'" in err
