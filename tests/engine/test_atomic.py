"""The one atomic writer: old or new file, temp removed on error, stale temps cleaned."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from engine import filelock
from engine.content import atomic
from engine.content.atomic import (
    NEW_FILE_MODE,
    atomic_write,
    atomic_write_bytes,
    clean_stale_temps,
    temp_files_beside,
    temp_path_for,
)
from exporters import base

ROOT = Path(__file__).resolve().parents[2]


def test_write_replaces_the_file_and_leaves_no_temp(tmp_path):
    target = tmp_path / "m.map.yaml"
    atomic_write_bytes(target, b"old")
    assert atomic_write_bytes(target, b"new") == target
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["m.map.yaml"]


@pytest.mark.parametrize("error", [OSError("disk full"), KeyboardInterrupt()])
def test_any_exception_keeps_the_old_file_and_removes_the_temp(tmp_path, error):
    target = tmp_path / "x.bin"
    atomic_write_bytes(target, b"old")

    def boom(fh):
        fh.write(b"half")
        raise error

    with pytest.raises(type(error)):
        atomic_write(target, boom)
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.bin"]


def test_temp_name_is_recognisable_and_beside_the_target(tmp_path):
    tmp = temp_path_for(tmp_path / "a.map.yaml")
    assert tmp.parent == tmp_path
    assert tmp.name.startswith(".a.map.yaml.") and tmp.name.endswith(".tcs-tmp")
    long_name = "x" * 250
    assert len(temp_path_for(tmp_path / long_name).name) <= 255


def test_stale_temps_are_removed_by_the_next_write_but_not_other_files(tmp_path):
    target = tmp_path / "m.map.yaml"
    stale = temp_path_for(target)
    stale.write_bytes(b"half a map")  # what a writer killed mid-write leaves
    other_target = temp_path_for(tmp_path / "other.map.yaml")
    other_target.write_bytes(b"x")
    user_files = [tmp_path / ".m.map.yaml.notes", tmp_path / "m.map.yaml.tcs-tmp"]
    for f in user_files:
        f.write_bytes(b"mine")
    atomic_write_bytes(target, b"new")
    assert not stale.exists()
    assert other_target.exists()  # belongs to another target; its own next write cleans it
    assert all(f.read_bytes() == b"mine" for f in user_files)


def test_a_temp_held_by_a_live_writer_is_not_removed(tmp_path):
    target = tmp_path / "m.map.yaml"
    live = temp_path_for(target)
    live.write_bytes(b"being written")
    fd = os.open(live, os.O_RDWR)
    try:
        assert filelock.try_lock(fd)
        assert clean_stale_temps(target) == []
        assert live.exists()
    finally:
        os.close(fd)
    assert clean_stale_temps(target) == [live]
    assert not live.exists()


def test_a_temp_locked_by_another_process_is_kept_until_it_dies(tmp_path):
    target = tmp_path / "m.map.yaml"
    live = temp_path_for(target)
    live.write_bytes(b"x")
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import os, sys; from engine import filelock\n"
         "fd = os.open(sys.argv[1], os.O_RDWR); filelock.try_lock(fd)\n"
         "print('held', flush=True); sys.stdin.read()",
         str(live)],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        assert filelock.is_locked(live)
        assert clean_stale_temps(target) == []
    finally:
        holder.kill()
        holder.wait()
    assert not filelock.is_locked(live)  # the OS released it with the process
    assert clean_stale_temps(target) == [live]


def test_legacy_temps_are_removed_only_once_abandoned(tmp_path):
    target = tmp_path / "m.map.yaml"
    legacy = tmp_path / ".m.map.yaml.ab_cd123.tmp"  # a version 0.1 mkstemp name
    legacy.write_bytes(b"x")
    assert temp_files_beside(target) == [legacy]
    assert clean_stale_temps(target) == []  # could be an old editor saving right now
    old = legacy.stat().st_mtime - atomic.LEGACY_STALE_SECONDS - 1
    os.utime(legacy, (old, old))
    assert clean_stale_temps(target) == [legacy]


def test_writer_retries_when_a_cleaner_takes_its_fresh_temp(tmp_path, monkeypatch):
    target = tmp_path / "m.map.yaml"
    real_wait = filelock.wait_lock
    calls = []

    def cleaner_got_there_first(fd):
        if not calls:
            for p in temp_files_beside(target):
                p.unlink()
        calls.append(fd)
        real_wait(fd)

    monkeypatch.setattr(filelock, "wait_lock", cleaner_got_there_first)
    atomic_write_bytes(target, b"new")
    assert len(calls) == 2
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["m.map.yaml"]


def test_permissions_are_kept_and_new_files_get_the_usual_mode(tmp_path):
    fresh = tmp_path / "fresh.txt"
    atomic_write_bytes(fresh, b"1")
    assert stat.S_IMODE(fresh.stat().st_mode) == NEW_FILE_MODE
    kept = tmp_path / "kept.txt"
    kept.write_bytes(b"0")
    kept.chmod(0o640)
    atomic_write_bytes(kept, b"1")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640


def test_a_symlink_is_written_through(tmp_path):
    real = tmp_path / "real.map.yaml"
    real.write_bytes(b"old")
    link = tmp_path / "link.map.yaml"
    link.symlink_to(real)
    atomic_write_bytes(link, b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"


def test_exporters_write_through_the_same_writer(tmp_path):
    target = tmp_path / "out" / "board.svg"
    target.parent.mkdir()
    stale = temp_path_for(target)
    stale.write_bytes(b"half an svg")
    base.atomic_write_bytes(target, b"<svg/>")
    assert not stale.exists() and target.read_bytes() == b"<svg/>"
    deep = tmp_path / "new" / "folder" / "x.png"
    assert base.atomic_write_bytes(deep, b"png") == deep  # exporters make missing folders


def test_a_missing_folder_or_a_folder_as_target_is_reported_at_the_target(tmp_path):
    """The error names the file the caller asked for, never the hidden temp file beside it."""
    missing = tmp_path / "nowhere" / "game.json"
    with pytest.raises(FileNotFoundError) as caught:
        atomic_write_bytes(missing, b"x")
    assert caught.value.filename == str(missing)
    with pytest.raises(IsADirectoryError) as caught:
        atomic_write_bytes(tmp_path, b"x")
    assert caught.value.filename == str(tmp_path)
    assert temp_files_beside(tmp_path) == [] and not missing.parent.exists()


def test_a_device_pipe_or_socket_is_never_replaced(tmp_path):
    """The rename over the target replaced whatever was there: run as root, a save to
    /dev/full (or /dev/null) turned the device into a plain file."""
    fifo = tmp_path / "pipe.map.yaml"
    os.mkfifo(fifo)
    with pytest.raises(OSError) as caught:
        atomic_write_bytes(fifo, b"id: x\n")
    assert caught.value.filename == str(fifo)
    assert "not a regular file" in caught.value.strerror
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["pipe.map.yaml"]  # no temp file left
