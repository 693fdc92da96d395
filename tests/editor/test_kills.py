"""Kill tests (issue 15): SIGKILL during save and autosave never loses or breaks work.

100 kills each of the real save and autosave code paths run in a small forked helper
(kill_harness.py); a few kills of real offscreen editor processes (kill_editor.py) check the
same through the window, and two windows on different maps crashing in either order.
A longer run: `TCS_KILL_ROUNDS=1000 pytest tests/editor/test_kills.py -k many_times`.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from editor import files
from editor.app import restore_recovery
from editor.recovery import RecoveryStore
from engine.content.atomic import temp_files_beside
from tests.editor.conftest import DEFAULT_MAP, ROOT

pytestmark = pytest.mark.qt

HERE = ROOT / "tests" / "editor"
KILL_ROUNDS = int(os.environ.get("TCS_KILL_ROUNDS", "100"))
ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}


@pytest.mark.parametrize("mode", ["save", "autosave"])
def test_killed_many_times_work_is_old_or_new_loadable_and_no_temp_is_left(tmp_path, mode):
    result = subprocess.run(
        [sys.executable, str(HERE / "kill_harness.py"), mode, str(KILL_ROUNDS), str(tmp_path),
         str(random.randrange(10**6))],
        cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["rounds"] == KILL_ROUNDS
    assert summary["failures"] == []
    # Some kills must have landed inside a write, or the test proved nothing (1 in 10 to 1 in 3
    # of them do; with 50 rounds or more, none would be a broken test, not bad luck).
    if KILL_ROUNDS >= 50:
        assert summary["temps_left_by_kills"] > 0


def _start_editor(mode: str, source, rec_dir) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, str(HERE / "kill_editor.py"), mode, str(source), str(rec_dir)],
        cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    return proc


def _wait_ready(proc: subprocess.Popen) -> None:
    line = proc.stdout.readline().strip()
    if line != "ready":
        proc.kill()
        raise AssertionError(f"the editor did not start: {proc.communicate()[1]}")


def _kill(proc: subprocess.Popen) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL


def _copy_of_default(tmp_path, name: str):
    source = tmp_path / name
    files.save_map(files.open_map(DEFAULT_MAP).map, source)
    return source


def test_real_editor_killed_during_save(tmp_path):
    source = _copy_of_default(tmp_path, "work.map.yaml")
    corner = files.open_map(source).map.to_axial(0, 0)
    procs = [_start_editor("save", source, tmp_path / "rec")]
    _wait_ready(procs[0])
    for delay in (0.0, 0.05, 0.13):
        time.sleep(delay)
        _kill(procs[0])
        reopened = files.open_map(source)  # the next open: loads, and cleans the temp files
        assert reopened.map.terrain_at(corner) in ("water", "forest")
        assert temp_files_beside(source) == []
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
        procs[0] = _start_editor("save", source, tmp_path / "rec")
        _wait_ready(procs[0])
    _kill(procs[0])


def test_real_editor_killed_during_autosave_offers_the_work_back(make_window, tmp_path):
    source = _copy_of_default(tmp_path, "work.map.yaml")
    corner = files.open_map(source).map.to_axial(0, 0)
    store = RecoveryStore(tmp_path / "rec")
    for delay in (0.0, 0.07):
        proc = _start_editor("autosave", source, store.dir)
        _wait_ready(proc)
        time.sleep(delay)
        _kill(proc)
        [slot] = store.orphans()
        assert slot.info().original == source
        w = make_window()
        assert restore_recovery(w, slot)
        assert w.document.map.terrain_at(corner) in ("water", "forest")  # the work is back
        assert w.document.modified and w.document.path == source
        assert files.open_map(source).map.terrain_at(corner) == "meadow"  # the file untouched
        w.close()  # a clean close of the restoring window removes the slot
        assert list(store.dir.iterdir()) == []


@pytest.mark.parametrize("first", [0, 1])
def test_two_windows_on_different_maps_crash_in_either_order(make_window, tmp_path, first):
    sources = [_copy_of_default(tmp_path, f"map{i}.map.yaml") for i in range(2)]
    corner = files.open_map(sources[0]).map.to_axial(0, 0)
    store = RecoveryStore(tmp_path / "rec")
    procs = [_start_editor("autosave", s, store.dir) for s in sources]
    for proc in procs:
        _wait_ready(proc)
    _kill(procs[first])
    [alone] = store.orphans()  # the live window's work is not offered
    assert alone.info().original == sources[first]
    alone.release()
    _kill(procs[1 - first])
    orphans = store.orphans()
    assert sorted(s.info().original for s in orphans) == sources
    for slot in orphans:
        w = make_window()
        assert restore_recovery(w, slot)
        assert w.document.path == slot.info().original
        assert w.document.map.terrain_at(corner) in ("water", "forest")
