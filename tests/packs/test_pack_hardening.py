"""Issue 15 finding 4: crafted packs that crashed `tcstudio import` are refused with a
message naming the pack and the entry, exit 1, and nothing is left on disk."""

from __future__ import annotations

import errno
import json
import zipfile
from pathlib import Path

import pytest

from packs.errors import PackError
from packs.reader import check_manifest, import_pack, read_pack
from tcstudio.cli import main
from tests.packs.crafted import CONTENT, CRASHERS, invalid_content, manifest_dict, pack_of


def _tree(folder) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.mark.parametrize("case", sorted(CRASHERS))
def test_crafted_pack_is_refused_by_the_reader(case):
    make, message = CRASHERS[case]
    with pytest.raises(PackError, match=message):
        read_pack(make())


@pytest.mark.parametrize("case", sorted(CRASHERS))
def test_import_of_crafted_pack_exits_1_with_a_located_message(tmp_path, capsys, case):
    make, message = CRASHERS[case]
    pack = tmp_path / "evil.tcpack"
    pack.write_bytes(make())
    before = _tree(tmp_path)
    assert main(["import", str(pack), "--out", str(tmp_path / "new" / "deeper" / "out")]) == 1
    err = capsys.readouterr().err
    assert f"{pack}: " in err and message in err
    assert "Traceback" not in err
    assert _tree(tmp_path) == before


def test_refused_content_leaves_no_parent_folders_and_names_the_pack(tmp_path, capsys):
    pack = tmp_path / "bad.tcpack"
    pack.write_bytes(invalid_content())
    out = tmp_path / "a" / "b" / "out"
    assert main(["import", str(pack), "--out", str(out)]) == 1
    assert not (tmp_path / "a").exists()
    err = capsys.readouterr().err
    assert "bad.tcpack!scenario.json" in err
    assert ".import-" not in err and str(tmp_path / "a") not in err


def test_refused_pack_keeps_existing_parent_folders(tmp_path):
    (tmp_path / "keep").mkdir()
    pack = tmp_path / "bad.tcpack"
    pack.write_bytes(invalid_content())
    with pytest.raises(PackError):
        import_pack(pack, tmp_path / "keep" / "new" / "out")
    assert _tree(tmp_path) == ["bad.tcpack", "keep"]


@pytest.mark.parametrize("path", ["dir/./x.json", "x\x01.json", "a" * 300])
def test_manifest_path_the_schema_allows_but_no_folder_should_is_refused(path):
    files = dict(CONTENT)
    manifest = manifest_dict(files)
    manifest["files"].append({"path": path, "kind": "other",
                              "sha256": "0" * 64, "size": 1})
    entries = {**files, "manifest.json": json.dumps(manifest).encode()}
    with pytest.raises(PackError, match="manifest lists") as info:
        check_manifest(entries)
    assert info.value.entry == "manifest.json"


def test_write_failure_names_the_target_not_the_temp_folder(tmp_path, capsys, monkeypatch):
    pack = tmp_path / "good.tcpack"
    pack.write_bytes(pack_of(CONTENT))

    def disk_full(self, data):
        raise OSError(errno.ENOSPC, "No space left on device", str(self))

    monkeypatch.setattr(Path, "write_bytes", disk_full)
    out = tmp_path / "new" / "out"
    assert main(["import", str(pack), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"cannot write {out}: No space left on device" in err and ".import-" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["good.tcpack"]


@pytest.mark.parametrize(("name", "shown"), [
    ("a\x1b[2Jb\nc.json", "a\\x1b[2Jb\\nc.json"),
    ("b" * 65000, "b" * 60 + "…[65,000 characters]…" + "b" * 40),
])
def test_a_hostile_entry_name_is_printed_escaped_and_short(tmp_path, capsys, name, shown):
    """Found re-trying issue 15: the message printed a refused entry name raw (a terminal
    escape sequence ran; a 65,000-character name flooded the terminal)."""
    pack = tmp_path / "evil.tcpack"
    with zipfile.ZipFile(pack, "w") as z:
        z.writestr(name, b"x")
    assert main(["import", str(pack), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert f"{pack}: {shown}: " in err
    assert "\x1b" not in err and len(err) < 1000
