"""Packs of Der Erste Weltkrieg (area map) scenarios: build, export, import round trips."""

from __future__ import annotations

import hashlib
import io
import json
import re
import zipfile
from pathlib import Path

import pytest

from engine.content import (
    load_file,
    load_scenario,
    map_to_dict,
    ruleset_to_dict,
    scenario_to_dict,
)
from engine.content.convert_area import (
    area_map_to_dict,
    area_ruleset_to_dict,
    army_catalog_to_dict,
)
from exporters.area_pack import area_content_digest, build_area_pack, load_area_scenario
from exporters.pipeline import build
from packs.errors import PackError
from packs.format import AREA_CONTENT_FILES, AREA_GAME, AREA_MANIFEST_SCHEMA
from packs.reader import InvalidPackContent, import_pack, read_pack, validate_extracted
from packs.safezip import Limits, write_zip
from tcstudio.cli import main

from .area_pack_sources import linked_copy, picture

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




# ---------------------------------------------------------------- background and battlefields
def _export(scenario: Path, out: Path) -> int:
    return main(["export", str(scenario), "--format", "pack", "--out", str(out)])


@pytest.fixture(scope="module")
def linked(tmp_path_factory):
    """An area scenario whose map has a PNG background and fronts 1 and 2 linked to the same
    2-player battlefield, front 3 to the 4-player one; its pack exported and imported."""
    root = tmp_path_factory.mktemp("linked")
    scenario = linked_copy(root / "weltkrieg", picture(), {
        1: "../scenarios/default-2p.scenario.yaml", 2: "../scenarios/default-2p.scenario.yaml",
        3: "../scenarios/default-4p.scenario.yaml"})
    pack = root / "w.tcpack"
    assert _export(scenario, pack) == 0
    assert main(["import", str(pack), "--out", str(root / "out")]) == 0
    return scenario, pack, root / "out"


def test_a_background_and_linked_battlefields_round_trip(linked):
    scenario_file, pack, out = linked
    source = load_area_scenario(scenario_file)
    back = load_file(out / "area-scenario.json", "area-scenario")
    assert back.ok, [p.format() for p in back.problems]
    packed = area_map_to_dict(back.model.map)
    expected = area_map_to_dict(source.map)
    assert packed["background"] == {"file": "background.png", "opacity": 0.5}
    assert (out / "background.png").read_bytes() == (scenario_file.parent /
                                                     "europe.png").read_bytes()
    links = {f["number"]: f.get("battlefield") for f in packed["fronts"]}
    assert links[1] == links[2] == "battlefields/default_2p/scenario.json"
    assert links[3] == "battlefields/default_4p/scenario.json"
    # apart from the rewritten references, the map is its source
    expected["background"] = packed["background"]
    for front in expected["fronts"]:
        if "battlefield" in front:
            front["battlefield"] = links[front["number"]]
    assert packed == expected
    for ident, file in (("default_2p", "default-2p"), ("default_4p", "default-4p")):
        mine = load_scenario(out / "battlefields" / ident / "scenario.json")
        theirs = load_scenario(ROOT / "content" / "scenarios" / f"{file}.scenario.yaml")
        mine_dict, theirs_dict = scenario_to_dict(mine), scenario_to_dict(theirs)
        for key in ("map", "ruleset", "catalog"):
            mine_dict.pop(key), theirs_dict.pop(key)
        assert mine_dict == theirs_dict
        assert map_to_dict(mine.map) == map_to_dict(theirs.map)
        assert ruleset_to_dict(mine.ruleset) == ruleset_to_dict(theirs.ruleset)
        assert set(mine.catalog.units) <= set(theirs.catalog.units)
        assert all(mine.catalog.units[u] == theirs.catalog.units[u] for u in mine.catalog.units)
    manifest, _entries = read_pack(pack)
    kinds = {f["path"]: f["kind"] for f in manifest["files"]}
    assert kinds["background.png"] == "image"
    assert kinds["battlefields/default_2p/map.json"] == "map"
    assert kinds["battlefields/default_2p/board.svg"] == "print"
    assert {"schemas/map.schema.json", "schemas/scenario.schema.json"} <= set(kinds)
    assert not any(p.startswith("battlefields/default_2p/conformance") for p in kinds)


def test_the_digest_covers_the_background_and_the_battlefields(linked, tmp_path):
    scenario_file, pack, _out = linked
    version = read_pack(pack)[0]["pack"]["version"]
    files = dict(read_pack(pack)[1])
    assert version.endswith("+" + area_content_digest(files))
    for changed in ("background.png", "battlefields/default_2p/map.json"):
        other = {**files, changed: files[changed] + b" "}
        assert area_content_digest(other) != area_content_digest(files)
    other = {**files, "battlefields/default_2p/preview.png": b"another drawing"}
    assert area_content_digest(other) == area_content_digest(files)  # pictures are drawn
    # a changed picture is a new revision of the pack
    (scenario_file.parent / "europe.png").write_bytes(picture((65, 40)))
    copy_pack = tmp_path / "w.tcpack"
    copy_pack.write_bytes(pack.read_bytes())
    assert _export(scenario_file, copy_pack) == 0
    assert read_pack(copy_pack)[0]["pack"]["revision"] == 1


def test_a_jpeg_background_is_packed_as_background_jpg(tmp_path):
    scenario = linked_copy(tmp_path / "weltkrieg", picture(fmt="JPEG"), picture_name="e.jpeg")
    pack = tmp_path / "w.tcpack"
    assert _export(scenario, pack) == 0
    _manifest, entries = read_pack(pack)
    assert entries["background.jpg"] == (scenario.parent / "e.jpeg").read_bytes()
    assert json.loads(entries["area-map.json"])["background"]["file"] == "background.jpg"


@pytest.mark.parametrize(("data", "message"), [
    (b"GIF89a not allowed", "not a PNG or JPEG"),
    (picture((8193, 2)), "8193 × 2 pixels"),
    (None, "cannot be read"),
])
def test_export_refuses_a_background_it_may_not_pack(tmp_path, capsys, data, message):
    scenario = linked_copy(tmp_path / "weltkrieg", data or b"x")
    if data is None:
        (scenario.parent / "europe.png").unlink()
    out = tmp_path / "w.tcpack"
    assert _export(scenario, out) == 1
    err = capsys.readouterr().err
    assert message in err and "hint" in err and "/background/file" in err
    assert "Traceback" not in err and not out.exists()


def test_export_refuses_a_picture_above_the_byte_limit_before_reading_it(tmp_path, capsys,
                                                                         monkeypatch):
    monkeypatch.setattr("packs.picture.MAX_BACKGROUND_BYTES", 100)
    scenario = linked_copy(tmp_path / "weltkrieg", picture((200, 200)))
    assert _export(scenario, tmp_path / "w.tcpack") == 1
    assert "more than 100 " in capsys.readouterr().err


def test_export_refuses_two_battlefields_with_one_id(tmp_path, capsys):
    scenario = linked_copy(tmp_path / "weltkrieg", None, {
        1: "../scenarios/default-2p.scenario.yaml", 2: "../other/default-2p.scenario.yaml"})
    other = tmp_path / "other"
    other.mkdir()
    text = (tmp_path / "scenarios" / "default-2p.scenario.yaml").read_text(encoding="utf-8")
    (other / "default-2p.scenario.yaml").write_text(
        text.replace("half: half_1_6", "half: half_7_12"), encoding="utf-8")
    assert "half: half_7_12" in (other / "default-2p.scenario.yaml").read_text(encoding="utf-8")
    assert _export(scenario, tmp_path / "w.tcpack") == 1
    err = capsys.readouterr().err
    assert "same id 'default_2p'" in err and "hint" in err


def test_build_refuses_a_pack_with_more_entries_than_a_reader_takes(tmp_path, monkeypatch):
    from exporters import area_pack
    from exporters.base import ExportError

    monkeypatch.setattr(area_pack, "DEFAULT_LIMITS", Limits(max_entries=20))
    scenario = linked_copy(tmp_path / "weltkrieg", None, {
        1: "../scenarios/default-2p.scenario.yaml"})
    with pytest.raises(ExportError, match="more than the 20"):
        build_area_pack(load_area_scenario(scenario), source=scenario)


def _repack(entries: dict[str, bytes], **changes: bytes | None) -> bytes:
    """The pack of `entries` with `changes` (None removes), its manifest made consistent, so
    only the area checks can refuse it."""
    entries = dict(entries)
    for name, data in changes.items():
        if data is None:
            entries.pop(name.replace("__", "/"), None)
        else:
            entries[name.replace("__", "/")] = data
    manifest = json.loads(entries["manifest.json"])
    manifest["files"] = [{"path": p, "kind": "other", "sha256": hashlib.sha256(d).hexdigest(),
                          "size": len(d)} for p, d in sorted(entries.items())
                         if p != "manifest.json"]
    entries["manifest.json"] = json.dumps(manifest).encode()
    return write_zip(entries)


def _map_with(entries: dict[str, bytes], edit) -> bytes:
    data = json.loads(entries["area-map.json"])
    edit(data)
    return json.dumps(data, ensure_ascii=False).encode()


def _front(data, number):
    return next(f for f in data["fronts"] if f["number"] == number)


@pytest.mark.parametrize(("case", "message"), [
    ("consistent", None),
    ("gif_background", "not a PNG or JPEG"),
    ("huge_background", "9000 × 40 pixels"),
    ("jpeg_named_png", "is a jpeg file"),
    ("background_elsewhere", "not one of background.jpg, background.png"),
    ("background_missing", "which the pack lacks"),
    ("background_file_a_list", "not one of background.jpg"),
    ("background_a_string", "background is not an object"),
    ("battlefield_a_number", "not battlefields/ID/scenario.json"),
    ("unnamed_background", "does not name"),
    ("battlefield_outside", "not battlefields/ID/scenario.json"),
    ("battlefield_map_missing", "lacks map.json"),
    ("orphan_battlefield_file", "no front of the map uses"),
    ("battlefield_reference_out", "'map' refers to"),
])
def test_the_reader_checks_the_background_and_the_battlefields(linked, case, message):
    _scenario, pack, _out = linked
    _manifest, entries = read_pack(pack)
    png = entries["background.png"]
    changes: dict[str, bytes | None] = {
        "consistent": {},
        "gif_background": {"background.png": b"GIF89a" + png[6:]},
        "huge_background": {"background.png": png[:16] + (9000).to_bytes(4, "big") + png[20:]},
        "jpeg_named_png": {"background.png": picture(fmt="JPEG")},
        "background_elsewhere": {"area-map.json": _map_with(
            entries, lambda d: d["background"].update(file="../europe.png"))},
        "background_missing": {"background.png": None},
        "background_file_a_list": {"area-map.json": _map_with(
            entries, lambda d: d["background"].update(file=["background.png"]))},
        "background_a_string": {"area-map.json": _map_with(
            entries, lambda d: d.update(background="background.png"))},
        "battlefield_a_number": {"area-map.json": _map_with(
            entries, lambda d: _front(d, 3).update(battlefield=7))},
        "unnamed_background": {"area-map.json": _map_with(
            entries, lambda d: d.pop("background"))},
        "battlefield_outside": {"area-map.json": _map_with(
            entries, lambda d: _front(d, 3).update(battlefield="../x/scenario.json"))},
        "battlefield_map_missing": {"battlefields__default_4p__map.json": None},
        "orphan_battlefield_file": {"battlefields__default_2p__notes.txt": b"hi"},
        "battlefield_reference_out": {"battlefields__default_2p__scenario.json": json.dumps(
            {**json.loads(entries["battlefields/default_2p/scenario.json"]),
             "map": "../../area-map.json"}).encode()},
    }[case]
    data = _repack(entries, **changes)
    if message is None:
        read_pack(data)
        return
    with pytest.raises(PackError, match=re.escape(message)) as info:
        read_pack(data)
    assert info.value.hint


def test_an_invalid_battlefield_is_refused_at_import_in_its_own_entry(linked, tmp_path):
    _scenario, pack, _out = linked
    _manifest, entries = read_pack(pack)
    scen = json.loads(entries["battlefields/default_4p/scenario.json"])
    scen["players"] = 3
    bad = tmp_path / "bad.tcpack"
    bad.write_bytes(_repack(entries, **{
        "battlefields__default_4p__scenario.json": json.dumps(scen).encode()}))
    with pytest.raises(InvalidPackContent) as info:
        import_pack(bad, tmp_path / "x")
    files = {p.file for p in info.value.problems}
    assert "bad.tcpack!battlefields/default_4p/scenario.json" in files
    assert not (tmp_path / "x").exists()


def test_build_rebuilds_when_a_background_or_a_battlefield_changes(tmp_path):
    scenario = linked_copy(tmp_path / "content" / "weltkrieg", picture(), {
        1: "../scenarios/default-2p.scenario.yaml"})
    content, out = tmp_path / "content", tmp_path / "packs"
    assert build(content, out).ok
    assert "weltkrieg-1914.tcpack" in build(content, out).skipped
    (scenario.parent / "europe.png").write_bytes(picture((66, 40)))
    again = build(content, out)
    assert "weltkrieg-1914.tcpack" not in again.skipped
    assert read_pack(out / "weltkrieg-1914.tcpack")[0]["pack"]["revision"] == 1
    battlefield = content / "scenarios" / "default-2p.scenario.yaml"
    battlefield.write_text(battlefield.read_text(encoding="utf-8") + "\n# changed\n",
                           encoding="utf-8")
    assert "weltkrieg-1914.tcpack" not in build(content, out).skipped
