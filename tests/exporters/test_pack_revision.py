"""Pack revisions: monotonic per output place, unchanged while the content is; schemas ride
along in every pack."""

from __future__ import annotations

import json
import shutil

import pytest

from engine.paths import CONTENT_DIR, SCHEMA_DIR
from exporters.base import ExportOptions, get
from exporters.pack import build_pack_from_file, next_revision, pack_version
from exporters.packcontent import content_digest
from exporters.pipeline import build
from packs.errors import PackError
from packs.format import PACK_SCHEMAS
from packs.reader import check_manifest, read_pack
from packs.safezip import read_zip, write_zip

AREA_PACK = "weltkrieg-1914"
FOUR = CONTENT_DIR / "scenarios" / "default-4p.scenario.yaml"


def test_next_revision_rule():
    assert next_revision(None, "abc") == 0
    assert next_revision("1.0.0+abc", "abc") == 0
    assert next_revision("1.0.0+abc", "def") == 1
    assert next_revision("1.7.0+abc", "def") == 8
    assert next_revision("not a version", "def") == 0
    assert pack_version(3, "abc") == "1.3.0+abc"


def _versions(out) -> dict[str, tuple[str, int]]:
    index = json.loads((out / "index.json").read_text(encoding="utf-8"))
    result = {}
    for entry in index["packs"]:
        manifest, _ = read_pack(out / entry["file"])
        assert manifest["pack"]["version"] == entry["version"]
        result[entry["id"]] = (entry["version"], manifest["pack"]["revision"])
    return result


def test_build_counts_revisions_up_only_when_content_changes(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, content)
    out = tmp_path / "packs"
    assert build(content, out).ok
    first = _versions(out)
    assert {rev for _, rev in first.values()} == {0}
    (out / ".tcbuild-cache.json").unlink()  # forces a rebuild: same content, same revision
    assert build(content, out).ok
    assert _versions(out) == first
    map_file = content / "maps" / "default.map.yaml"
    map_file.write_text(map_file.read_text(encoding="utf-8").replace(
        "en: Argonne Crossing", "en: Argonne Crossing II", 1), encoding="utf-8")
    assert build(content, out).ok
    second = _versions(out)
    # The Der Erste Weltkrieg pack does not use the hex map: it keeps its version.
    assert second.pop(AREA_PACK) == first[AREA_PACK]
    for pack_id, (version, revision) in second.items():
        assert revision == first[pack_id][1] + 1, pack_id
        assert version.startswith(f"1.{revision}.0+") and version != first[pack_id][0]
    (out / ".tcbuild-cache.json").unlink()  # without the cache the pack file carries it on
    map_file.write_text(map_file.read_text(encoding="utf-8").replace(
        "Argonne Crossing II", "Argonne Crossing III", 1), encoding="utf-8")
    assert build(content, out).ok
    assert {k: rev for k, (_, rev) in _versions(out).items()} == {
        **{k: 2 for k in second}, AREA_PACK: 0}


def test_export_continues_the_revision_of_the_pack_it_replaces(tmp_path):
    target = tmp_path / "p.tcpack"
    exporter = get("pack")
    exporter.export(FOUR, target, ExportOptions())
    assert read_pack(target)[0]["pack"]["revision"] == 0
    entries = read_zip(target)
    manifest = json.loads(entries["manifest.json"])
    manifest["pack"]["version"], manifest["pack"]["revision"] = "1.4.0+000000000000", 4
    entries["manifest.json"] = json.dumps(manifest).encode()
    target.write_bytes(write_zip(entries))
    exporter.export(FOUR, target, ExportOptions())
    assert read_pack(target)[0]["pack"]["revision"] == 5


def test_reader_refuses_a_revision_that_contradicts_the_version():
    entries = read_zip(build_pack_from_file(FOUR).data)
    manifest = json.loads(entries["manifest.json"])
    manifest["pack"]["revision"] = 3
    entries["manifest.json"] = json.dumps(manifest).encode()
    with pytest.raises(PackError, match="revision 3"):
        check_manifest(entries)


def test_every_pack_carries_the_schemas_and_the_version_digest_is_documented():
    pack = build_pack_from_file(FOUR)
    entries = read_zip(pack.data)
    for name in PACK_SCHEMAS:
        assert entries[f"schemas/{name}"] == (SCHEMA_DIR / name).read_bytes()
    for path in ("scenario.json", "map.json", "ruleset.json", "catalog.json",
                 "manifest.json"):
        address = json.loads(entries[path])["$schema"]
        assert f"schemas/{address.rsplit('/', 1)[1]}" in entries
    assert pack.manifest["pack"]["version"] == f"1.0.0+{content_digest(entries)}"
