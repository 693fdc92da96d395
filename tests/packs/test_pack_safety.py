"""Malicious and damaged packs are refused before anything is written."""

from __future__ import annotations

import io
import os
import stat
import zipfile

import pytest

from packs.errors import PackError
from packs.reader import check_manifest, import_pack
from packs.safezip import Limits, read_zip, write_zip
from tests.packs.crafted import CONTENT, manifest_for, raw_zip

OUTSIDE = {**CONTENT, "scenario.json": b'{"map": "../../secret.map.yaml", "ruleset": '
           b'"ruleset.json", "catalog": "catalog.json"}'}


def listed_zip(extra: list[tuple[str | zipfile.ZipInfo, bytes]]) -> bytes:
    """A zip whose manifest lists the extra entries too (so only the zip checks can refuse)."""
    files = dict(CONTENT)
    for name, data in extra:
        files[name if isinstance(name, str) else name.filename] = data
    return raw_zip([*CONTENT.items(), *extra, ("manifest.json", manifest_for(files))])


def _symlink() -> zipfile.ZipInfo:
    info = zipfile.ZipInfo("link.json")
    info.create_system = 3
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    return info


MALICIOUS = {
    "path traversal": (listed_zip([("../../evil.json", b"{}")]), ".."),
    "nested traversal": (listed_zip([("maps/../../evil.json", b"{}")]), ".."),
    "absolute path": (listed_zip([("/tmp/evil.json", b"{}")]), "absolute"),
    "backslash path": (listed_zip([("..\\evil.json", b"{}")]), "backslash"),
    "drive letter": (listed_zip([("C:evil.json", b"{}")]), "drive letter"),
    "directory entry": (listed_zip([("dir/", b"")]), "directory"),
    "symlink": (listed_zip([(_symlink(), b"/etc/passwd")]), "symbolic link"),
    "zip bomb by ratio": (listed_zip([("bomb.bin", bytes(4 * 1024 * 1024))]), "ratio"),
    "too many entries": (listed_zip([(f"f{i}.txt", b"x") for i in range(120)]), "entries"),
    "not a zip": (b"PK\x03\x04 this is not a zip file at all", "not a readable zip"),
    "bad checksum": (raw_zip([*CONTENT.items(), ("manifest.json", manifest_for(
        {**CONTENT, "map.json": b"{}"}))]), "checksum"),
    "unlisted file": (raw_zip([*CONTENT.items(), ("extra.json", b"{}"),
                               ("manifest.json", manifest_for(CONTENT))]), "not listed"),
    "missing manifest": (raw_zip(list(CONTENT.items())), "no manifest"),
    "scenario refers outside the pack": (raw_zip([*OUTSIDE.items(), ("manifest.json",
                                                  manifest_for(OUTSIDE))]), "only use the files"),
    "manifest not json": (raw_zip([*CONTENT.items(), ("manifest.json", b"{nope")]),
                          "not valid JSON"),
    "manifest off schema": (raw_zip([*CONTENT.items(), ("manifest.json", b'{"a": 1}')]),
                            "pack-manifest.schema.json"),
    "listed file missing": (raw_zip([("map.json", CONTENT["map.json"]),
                                     ("manifest.json", manifest_for(CONTENT))]), "missing"),
}


def _tree(folder) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.mark.parametrize("case", sorted(MALICIOUS))
def test_malicious_pack_is_refused_and_nothing_is_written(tmp_path, case):
    data, message = MALICIOUS[case]
    pack = tmp_path / "in" / "evil.tcpack"
    pack.parent.mkdir()
    pack.write_bytes(data)
    before = _tree(tmp_path)
    with pytest.raises(PackError, match=message):
        import_pack(pack, tmp_path / "work" / "out")
    assert _tree(tmp_path) == before
    assert not (tmp_path.parent / "evil.json").exists()


def test_size_bomb_is_refused_by_total_limit():
    # Random bytes do not compress, so the ratio check cannot catch this: the total must.
    chunk = os.urandom(400_000)
    data = listed_zip([(f"part{i}.bin", chunk) for i in range(4)])
    with pytest.raises(PackError, match="total"):
        read_zip(data, Limits(max_total_bytes=1_000_000))
    with pytest.raises(PackError, match="above the limit"):
        read_zip(data, Limits(max_entry_bytes=100_000))


def test_declared_size_smaller_than_data_is_caught():
    good = raw_zip([("map.json", b"A" * 1000)])
    # Shrink the sizes in both headers: the reader must not trust them.
    bad = good.replace((1000).to_bytes(4, "little"), (10).to_bytes(4, "little"))
    with pytest.raises(PackError):
        read_zip(bad)


def test_duplicate_names_are_refused():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        data = raw_zip([("map.json", b"{}"), ("map.json", b"{}")])
    with pytest.raises(PackError, match="duplicate"):
        read_zip(data)


def test_deterministic_zip_round_trips_and_is_stable():
    files = {"b.json": b"2", "a.json": b"1", "dir/c.svg": b"<svg/>"}
    data = write_zip(files)
    assert data == write_zip(dict(reversed(list(files.items()))))
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert zf.namelist() == ["a.json", "b.json", "dir/c.svg"]
        assert {i.date_time for i in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    assert read_zip(data) == files


def test_valid_manifest_passes_the_checks():
    entries = {**CONTENT, "manifest.json": manifest_for(CONTENT)}
    assert check_manifest(entries)["pack"]["id"] == "evil"


def test_existing_non_empty_target_is_refused(tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "keep.txt").write_text("mine")
    pack = tmp_path / "p.tcpack"
    pack.write_bytes(raw_zip([*CONTENT.items(), ("manifest.json", manifest_for(CONTENT))]))
    with pytest.raises(PackError, match="not empty"):
        import_pack(pack, tmp_path / "out")
    assert (tmp_path / "out" / "keep.txt").read_text() == "mine"
