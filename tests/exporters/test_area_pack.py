"""Packs of Der Erste Weltkrieg (area map) scenarios: build, export, import round trips."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import zipfile
from pathlib import Path

import pytest

from engine.content import load_file
from engine.content.convert_area import (
    area_map_to_dict,
    area_ruleset_to_dict,
    army_catalog_to_dict,
)
from exporters.area_pack import build_area_pack, load_area_scenario
from exporters.pipeline import build
from packs.errors import PackError
from packs.format import AREA_CONTENT_FILES, AREA_GAME, AREA_MANIFEST_SCHEMA
from packs.reader import import_pack, read_pack, validate_extracted
from packs.safezip import write_zip
from tcstudio.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "content" / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml"


@pytest.fixture(scope="module")
def built():
    return build_area_pack(load_area_scenario(SCENARIO))


def test_builtin_area_pack_loads_back_equal(built, tmp_path):
    source = load_area_scenario(SCENARIO)
    (tmp_path / "p.tcpack").write_bytes(built.data)
    manifest = import_pack(tmp_path / "p.tcpack", tmp_path / "out")
    assert manifest["game"] == AREA_GAME
    assert manifest["$schema"] == AREA_MANIFEST_SCHEMA
    back = load_file(tmp_path / "out" / "area-scenario.json", "area-scenario")
    assert back.ok, [p.format() for p in back.problems]
    scen = back.model
    assert (scen.map_ref, scen.armies_ref, scen.ruleset_ref) == (
        "area-map.json", "army-catalog.json", "area-ruleset.json")
    assert area_map_to_dict(scen.map) == area_map_to_dict(source.map)
    assert army_catalog_to_dict(scen.catalog) == army_catalog_to_dict(source.catalog)
    assert area_ruleset_to_dict(scen.ruleset) == area_ruleset_to_dict(source.ruleset)
    assert (scen.id, scen.name, scen.players, scen.variants, scen.historical_setup) == (
        source.id, source.name, source.players, source.variants, source.historical_setup)
    assert validate_extracted(tmp_path / "out", content=AREA_CONTENT_FILES) == []


def test_area_pack_lists_every_file_and_is_reproducible(built):
    names = set(zipfile.ZipFile(io.BytesIO(built.data)).namelist())
    listed = {f["path"] for f in built.manifest["files"]}
    assert names == listed | {"manifest.json"}
    assert {*AREA_CONTENT_FILES, "board.svg", "preview.png",
            "schemas/area-pack-manifest.schema.json"} <= listed
    again = build_area_pack(load_area_scenario(SCENARIO), built.manifest["pack"]["version"])
    assert again.data == built.data


def test_tampered_area_pack_is_refused(built):
    manifest, entries = read_pack(built.data)
    scen = json.loads(entries["area-scenario.json"])
    scen["map"] = "../elsewhere.area-map.yaml"
    entries["area-scenario.json"] = json.dumps(scen).encode()
    for f in manifest["files"]:  # a consistent manifest: only the reference check can refuse
        if f["path"] == "area-scenario.json":
            f["sha256"] = hashlib.sha256(entries["area-scenario.json"]).hexdigest()
            f["size"] = len(entries["area-scenario.json"])
    entries["manifest.json"] = json.dumps(manifest).encode()
    with pytest.raises(PackError, match="'map' refers to"):
        read_pack(write_zip(entries))


def test_area_pack_without_game_is_refused(built):
    manifest, entries = read_pack(built.data)
    del manifest["game"]
    entries["manifest.json"] = json.dumps(manifest).encode()
    with pytest.raises(PackError, match="game"):
        read_pack(write_zip(entries))


def test_cli_export_pack_then_import_and_validate(tmp_path, capsys):
    out = tmp_path / "w.tcpack"
    assert main(["export", str(SCENARIO), "--format", "pack", "--out", str(out)]) == 0
    assert main(["import", str(out), "--out", str(tmp_path / "x")]) == 0
    files = [str(tmp_path / "x" / name) for name in AREA_CONTENT_FILES]
    assert main(["validate", *files]) == 0
    # a second export of unchanged content keeps revision 0
    assert main(["export", str(SCENARIO), "--format", "pack", "--out", str(out)]) == 0
    assert read_pack(out)[0]["pack"]["revision"] == 0


def test_cli_export_pack_of_an_area_map_is_refused(tmp_path, capsys):
    area_map = SCENARIO.parent / "europe.area-map.yaml"
    assert main(["export", str(area_map), "--format", "pack", "--out",
                 str(tmp_path / "m.tcpack")]) == 1
    assert "needs a scenario" in capsys.readouterr().err
    assert not (tmp_path / "m.tcpack").exists()


def test_build_writes_the_area_pack_beside_the_hex_packs(tmp_path):
    result = build(ROOT / "content", tmp_path)
    assert result.ok, [p.format() for p in result.problems]
    ids = {e["id"]: e for e in result.index["packs"]}
    assert "weltkrieg-1914" in ids and "default_4p" in ids
    entry = ids["weltkrieg-1914"]
    assert entry["ruleset_version"] == "weltkrieg@1"
    manifest, _ = read_pack(tmp_path / entry["file"])
    assert manifest["game"] == AREA_GAME
    again = build(ROOT / "content", tmp_path)
    assert "weltkrieg-1914.tcpack" in again.skipped


def test_export_refuses_an_area_map_with_a_background_picture(tmp_path, capsys):
    folder = tmp_path / "weltkrieg"
    shutil.copytree(SCENARIO.parent, folder)
    map_file = folder / "europe.area-map.yaml"
    map_file.write_text(map_file.read_text(encoding="utf-8")
                        + "background: {file: europe.png}\n", encoding="utf-8")
    out = tmp_path / "w.tcpack"
    assert main(["export", str(folder / SCENARIO.name), "--format", "pack",
                 "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "background picture" in err and "hint" in err
    assert not out.exists()


def test_export_refuses_an_area_map_that_links_a_battlefield(tmp_path, capsys):
    folder = tmp_path / "weltkrieg"
    shutil.copytree(SCENARIO.parent, folder)
    map_file = folder / "europe.area-map.yaml"
    text = map_file.read_text(encoding="utf-8")
    battlefield = ROOT / "content" / "scenarios" / "default-2p.scenario.yaml"
    first = text.index("  - number: 1\n")
    map_file.write_text(text[:first] + f"  - battlefield: {battlefield}\n    number: 1\n"
                        + text[first + len("  - number: 1\n"):], encoding="utf-8")
    assert load_file(folder / SCENARIO.name).errors == []  # a valid link
    out = tmp_path / "w.tcpack"
    assert main(["export", str(folder / SCENARIO.name), "--format", "pack",
                 "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "Trench Club battlefield" in err and "hint" in err and "Traceback" not in err
    assert not out.exists()
