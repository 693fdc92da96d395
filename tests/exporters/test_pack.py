"""Map packs from the built-in content: determinism, round trip, catalog subset, bad content."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile

import pytest

from engine.content import (
    catalog_to_dict,
    load_scenario,
    map_to_dict,
    ruleset_to_dict,
    scenario_to_dict,
)
from engine.paths import CONTENT_DIR
from exporters.pack import build_pack, build_pack_from_file
from exporters.packcontent import catalog_subset
from packs.reader import InvalidPackContent, check_manifest, import_pack
from packs.safezip import read_zip, write_zip

SCENARIOS = sorted((CONTENT_DIR / "scenarios").glob("*.scenario.yaml"))
FOUR = CONTENT_DIR / "scenarios" / "default-4p.scenario.yaml"
TWO = CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml"


def test_building_twice_gives_identical_bytes():
    first = build_pack_from_file(FOUR)
    second = build_pack_from_file(FOUR)
    assert first.data == second.data
    with zipfile.ZipFile(io.BytesIO(first.data)) as zf:
        names = zf.namelist()
        assert names == sorted(names)
        assert {i.date_time for i in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_manifest_lists_every_file_with_checksum():
    pack = build_pack_from_file(FOUR)
    entries = read_zip(pack.data)
    manifest = check_manifest(entries)  # schema-valid, checksums match
    assert sorted(f["path"] for f in manifest["files"]) == sorted(set(entries) - {
        "manifest.json"})
    assert {"map.json", "scenario.json", "ruleset.json", "catalog.json", "board.svg",
            "preview.png"} <= set(entries)
    scen = load_scenario(FOUR)
    assert manifest["pack"]["id"] == scen.id
    assert manifest["pack"]["name"] == scen.name
    assert manifest["ruleset_version"] == f"{scen.ruleset.id}@1"
    assert manifest["pack"]["version"].startswith("1.0.0+")
    assert entries["preview.png"].startswith(b"\x89PNG")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_pack_round_trip_matches_source(tmp_path, path):
    pack_file = tmp_path / "p.tcpack"
    pack_file.write_bytes(build_pack_from_file(path).data)
    import_pack(pack_file, tmp_path / "out")
    source = load_scenario(path)
    back = load_scenario(tmp_path / "out" / "scenario.json")
    assert map_to_dict(back.map) == map_to_dict(source.map)
    assert ruleset_to_dict(back.ruleset) == ruleset_to_dict(source.ruleset)
    # a co-op partner's units are in the pack too (exporters/packcontent.py)
    nations = {n for s in source.seats for n in (s.nation, s.partner) if n}
    assert catalog_to_dict(back.catalog) == catalog_to_dict(catalog_subset(source.catalog,
                                                                           nations))
    a, b = scenario_to_dict(source), scenario_to_dict(back)
    assert (b["map"], b["ruleset"], b["catalog"]) == ("map.json", "ruleset.json",
                                                       "catalog.json")
    for key in ("map", "ruleset", "catalog"):
        a.pop(key), b.pop(key)
    assert a == b


def test_catalog_subset_keeps_only_the_scenarios_nations():
    scen = load_scenario(TWO)
    nations = {s.nation for s in scen.seats}
    sub = catalog_subset(scen.catalog, nations)
    assert sub.units and len(sub.units) < len(scen.catalog.units)
    assert all(nations & set(u.nations) for u in sub.units.values())
    dropped = set(scen.catalog.units) - set(sub.units)
    assert all(not nations & set(scen.catalog.units[u].nations) for u in dropped)
    assert any(u.special for u in sub.units.values())


def _repack(data: bytes, change) -> bytes:
    """The pack with one entry changed and the manifest checksums updated to match."""
    entries = read_zip(data)
    change(entries)
    manifest = json.loads(entries["manifest.json"])
    for f in manifest["files"]:
        f["sha256"] = hashlib.sha256(entries[f["path"]]).hexdigest()
        f["size"] = len(entries[f["path"]])
    entries["manifest.json"] = json.dumps(manifest).encode()
    return write_zip(entries)


def test_pack_with_invalid_content_is_refused_and_nothing_written(tmp_path):
    def break_map(entries):
        m = json.loads(entries["map.json"])
        m["width"] = "wide"
        m["forts"][0]["entrances"] = [[0, 0]]
        entries["map.json"] = json.dumps(m).encode()

    pack = tmp_path / "bad.tcpack"
    pack.write_bytes(_repack(build_pack_from_file(FOUR).data, break_map))
    with pytest.raises(InvalidPackContent) as err:
        import_pack(pack, tmp_path / "out")
    assert any(p.file and p.file.endswith("map.json") for p in err.value.problems)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.tcpack"]


def test_pack_version_changes_with_content():
    scen = load_scenario(FOUR)
    before = build_pack(scen).manifest["pack"]["version"]
    scen.map.labels[0].text = "Neuer Name"
    assert build_pack(scen).manifest["pack"]["version"] != before
    assert build_pack(scen, "2.0.0").manifest["pack"]["version"] == "2.0.0"
