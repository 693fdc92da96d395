"""Saving is atomic, unsaved work is recoverable after a crash, the CLI fails clearly."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from editor import files
from editor.app import display_available, restore_recovery
from engine.hexes import Hex
from tests.editor.conftest import DEFAULT_MAP, ROOT, click

pytestmark = pytest.mark.qt

SAVE_LOOP = """
import sys
from editor import files
m = files.open_map(sys.argv[1]).map
a = bytearray(m.terrain)
b = bytearray(len(a))  # all meadow
target = sys.argv[2]
i = 0
while True:
    m.terrain = a if i % 2 else b
    files.save_map(m, target)
    i += 1
    if i == 3:
        print("looping", flush=True)
"""


def test_killed_save_loop_leaves_old_or_new_file(tmp_path):
    target = tmp_path / "map.map.yaml"
    original = files.open_map(DEFAULT_MAP).map
    allowed = {bytes(original.terrain), bytes(len(original.terrain))}
    for delay in (0.05, 0.11, 0.23, 0.31, 0.47):
        proc = subprocess.Popen(
            [sys.executable, "-c", SAVE_LOOP, str(DEFAULT_MAP), str(target)],
            cwd=ROOT, stdout=subprocess.PIPE, text=True,
        )
        assert proc.stdout.readline().strip() == "looping"
        time.sleep(delay)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        reopened = files.open_map(target)  # parses: never a half-written file
        assert bytes(reopened.map.terrain) in allowed
    leftovers = [p for p in tmp_path.iterdir() if p.name != target.name]
    # A kill between mkstemp and os.replace may leave a hidden temp file, never a broken map.
    assert all(p.name.startswith(".") for p in leftovers)


def test_autosave_writes_recovery_after_idle_and_save_discards_it(make_window, recovery,
                                                                  tmp_path, qtbot):
    w = make_window()
    w.autosave_timer.setInterval(50)
    w.set_tool("brush")
    w.state.set(terrain="water", brush_radius=1)
    click(w, Hex(5, 5))
    qtbot.waitUntil(recovery.map_path.exists, timeout=10000)
    assert files.open_map(recovery.map_path).map.terrain_at(Hex(5, 5)) == "water"
    assert w.save_to(tmp_path / "saved.map.yaml")
    assert not recovery.map_path.exists()


def test_recover_after_simulated_crash(make_window, recovery, tmp_path, qtbot):
    source = tmp_path / "work.map.yaml"
    files.save_map(files.open_map(DEFAULT_MAP).map, source)
    recovery.start_session()
    w = make_window(files.open_map(source).map, source)
    w.set_tool("brush")
    w.state.set(terrain="trench", brush_radius=0)
    target = next(h for h in w.document.map.hexes() if w.document.map.terrain_at(h) == "meadow"
                  and h not in w.document.map.fort_at())
    click(w, target)
    w.autosave()
    # The crash: the session never ends (no closeEvent), so the lock stays.
    fresh = files.RecoveryStore(recovery.dir)
    info = fresh.crashed_session()
    assert info is not None and info["original"] == str(source)
    w2 = make_window()
    assert restore_recovery(w2, fresh)
    assert w2.document.map.terrain_at(target) == "trench"
    assert w2.document.path == source
    assert w2.document.modified  # recovered work still needs saving
    assert files.open_map(source).map.terrain_at(target) == "meadow"  # original untouched


def test_clean_exit_leaves_nothing_to_recover(make_window, recovery):
    recovery.start_session()
    w = make_window()
    w.document.paint_terrain([Hex(1, 1)], "forest")
    w.autosave()
    assert recovery.map_path.exists()
    w.ask_unsaved = lambda: "discard"
    w.close()
    assert recovery.crashed_session() is None
    assert not recovery.map_path.exists()


def test_unsaved_prompt_cancel_keeps_window_open(make_window):
    w = make_window()
    w.document.paint_terrain([Hex(1, 1)], "forest")
    w.ask_unsaved = lambda: "cancel"
    assert not w.close()
    assert w.isVisible()
    w.ask_unsaved = lambda: "discard"


def _run_cli(args, env):
    return subprocess.run([sys.executable, "-m", "tcstudio", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_edit_without_display_exits_2_with_hint():
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    result = _run_cli(["edit"], env)
    assert result.returncode == 2
    assert "QT_QPA_PLATFORM=offscreen" in result.stderr and "xvfb-run" in result.stderr
    assert "Traceback" not in result.stderr


def test_edit_missing_file_exits_2():
    result = _run_cli(["edit", "nope.map.yaml"], {**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 2
    assert "nope.map.yaml: no such file" in result.stderr


def test_display_detection():
    assert not display_available({})
    assert display_available({"QT_QPA_PLATFORM": "offscreen"})
    assert display_available({"DISPLAY": ":0"})


CRASHING_EDITOR = """
import os, sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from editor import files
from editor.document import MapDocument
from editor.main_window import MainWindow
from editor.settings import Settings
store = files.RecoveryStore(sys.argv[2])
store.start_session()
opened = files.open_map(sys.argv[1])
settings = Settings(QSettings(sys.argv[2] + "/s.ini", QSettings.Format.IniFormat))
w = MainWindow(MapDocument(opened.map, opened.path), settings=settings, recovery=store)
w.show()
w.autosave_timer.setInterval(100)
w.document.paint_terrain([w.document.map.to_axial(0, 0)], "water")
while not store.map_path.exists():
    app.processEvents()
os._exit(3)  # die without any cleanup, like a crash
"""


def test_recovery_after_a_real_crash(make_window, tmp_path):
    rec_dir = tmp_path / "rec"
    source = tmp_path / "work.map.yaml"
    files.save_map(files.open_map(DEFAULT_MAP).map, source)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, "-c", CRASHING_EDITOR, str(source), str(rec_dir)],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 3, result.stderr
    store = files.RecoveryStore(rec_dir)
    assert store.crashed_session()["original"] == str(source)
    w = make_window()
    assert restore_recovery(w, store)
    assert w.document.map.terrain_at(w.document.map.to_axial(0, 0)) == "water"
    assert w.document.modified and w.document.path == source


def test_running_session_is_not_offered_for_recovery(tmp_path):
    store = files.RecoveryStore(tmp_path)
    files.save_map(files.open_map(DEFAULT_MAP).map, store.map_path)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        (tmp_path / store.LOCK).write_text(str(sleeper.pid))
        assert store.crashed_session() is None
    finally:
        sleeper.kill()
        sleeper.wait()
    assert store.crashed_session() is not None


def test_screenshot_of_unparsable_file_exits_1_with_location(tmp_path):
    bad = tmp_path / "bad.map.yaml"
    bad.write_text("$schema: https://trenchclub.studio/schema/map.schema.json\nwidth: [1,\n")
    result = _run_cli(["edit", str(bad), "--screenshot", str(tmp_path / "x.png")],
                      {**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 1
    assert f"{bad}:3:1" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("answer", ["yes", "no"])
def test_recovery_offer_restores_or_discards(make_window, recovery, monkeypatch, answer):
    from PySide6.QtWidgets import QMessageBox

    from editor.app import _offer_recovery

    recovery.dir.mkdir(parents=True)
    files.save_map(files.open_map(DEFAULT_MAP).map, recovery.map_path)
    (recovery.dir / recovery.LOCK).write_text("999999999")  # a pid that no longer runs
    assert recovery.crashed_session() is not None
    button = QMessageBox.StandardButton.Yes if answer == "yes" else QMessageBox.StandardButton.No
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: button)
    w = make_window()
    _offer_recovery(w, recovery)
    if answer == "yes":
        assert len(w.document.map.forts) == 14 and w.document.modified
    else:
        assert len(w.document.map.forts) == 0 and not recovery.map_path.exists()
