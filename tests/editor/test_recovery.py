"""Unsaved work survives crashes: one recovery slot per window, locked for the window's life."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from editor import files
from editor.app import _offer_recovery, restore_recovery
from editor.recovery import RecoveryStore
from engine.hexes import Hex
from tests.editor.conftest import DEFAULT_MAP, ROOT, click

pytestmark = pytest.mark.qt


def _autosave(window) -> None:
    """Run the autosave and wait for its writer thread."""
    window.autosave()
    window.recovery_writer.flush()


def _crash(window) -> None:
    """What a crash does to a window's recovery: the OS drops its lock, the files stay."""
    window.autosave_timer.stop()
    window.recovery_writer.flush()
    window.recovery_slot.release()
    window.recovery_writer.slot = None
    window.document.undo_stack.setClean()  # the dead window asks nothing at teardown


def _saved_copy(tmp_path, name="work.map.yaml"):
    source = tmp_path / name
    files.save_map(files.open_map(DEFAULT_MAP).map, source)
    return source


def test_autosave_keeps_work_in_the_windows_own_slot_and_save_discards_it(
        make_window, recovery, tmp_path, qtbot):
    w = make_window()
    w.autosave_timer.setInterval(50)
    w.set_tool("brush")
    w.state.set(terrain="water", brush_radius=1)
    click(w, Hex(5, 5))
    qtbot.waitUntil(lambda: w.recovery_slot is not None and w.recovery_slot.has_work(),
                    timeout=10000)
    slot = w.recovery_slot
    assert slot.dir.parent == recovery.dir
    assert files.open_map(slot.map_path).map.terrain_at(Hex(5, 5)) == "water"
    assert w.save_to(tmp_path / "saved.map.yaml")
    w.recovery_writer.flush()
    assert not slot.has_work()


def test_recover_after_a_crash_restores_the_work_as_unsaved(make_window, recovery, tmp_path):
    source = _saved_copy(tmp_path)
    w = make_window(files.open_map(source).map, source)
    target = next(h for h in w.document.map.hexes() if w.document.map.terrain_at(h) == "meadow"
                  and h not in w.document.map.fort_at())
    w.document.paint_terrain([target], "trench")
    _autosave(w)
    _crash(w)
    [slot] = RecoveryStore(recovery.dir).orphans()
    assert slot.info().original == source
    w2 = make_window()
    assert restore_recovery(w2, slot)
    assert w2.document.map.terrain_at(target) == "trench"
    assert w2.document.path == source
    assert w2.document.modified  # recovered work still needs saving
    assert w2.recovery_slot is slot  # the restored work stays protected by its slot
    assert files.open_map(source).map.terrain_at(target) == "meadow"  # original untouched


def test_closing_one_window_keeps_the_other_windows_recovery(make_window, recovery):
    """Issue 15 finding 2: a clean close of a second window deleted the first one's work."""
    first, second = make_window(), make_window()
    first.document.paint_terrain([Hex(1, 1)], "forest")
    second.document.paint_terrain([Hex(2, 2)], "water")
    _autosave(first)
    _autosave(second)
    assert first.recovery_slot.dir != second.recovery_slot.dir
    second.ask_unsaved = lambda: "discard"
    assert second.close()
    assert first.recovery_slot.has_work()
    _crash(first)
    [slot] = recovery.orphans()
    assert files.open_map(slot.map_path).map.terrain_at(Hex(1, 1)) == "forest"


def test_a_live_window_is_never_offered_and_a_clean_close_leaves_nothing(make_window, recovery):
    w = make_window()
    w.document.paint_terrain([Hex(1, 1)], "forest")
    _autosave(w)
    assert RecoveryStore(recovery.dir).orphans() == []  # alive: its work is not an orphan
    w.close()
    assert recovery.orphans() == []
    assert list(recovery.dir.iterdir()) == []


HOLD_SLOT = """
import sys
from editor.recovery import RecoveryStore
from editor import files
slot = RecoveryStore(sys.argv[1]).claim()
slot.write(files.open_map(sys.argv[2]).map, None)
print(slot.id, flush=True)
sys.stdin.read()
"""


def test_a_slot_is_owned_by_its_process_until_it_dies(tmp_path):
    store = RecoveryStore(tmp_path / "rec")
    holder = subprocess.Popen([sys.executable, "-c", HOLD_SLOT, str(store.dir), str(DEFAULT_MAP)],
                              cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        slot_id = holder.stdout.readline().strip()
        assert slot_id and store.orphans() == []
    finally:
        holder.kill()
        holder.wait()
    assert [s.id for s in store.orphans()] == [slot_id]


def test_a_pid_reused_by_another_process_does_not_hide_a_crash(tmp_path):
    """Issue 15 finding 2: a lock file naming a live PID (reused) hid the crashed work."""
    store = RecoveryStore(tmp_path / "rec")
    slot = store.claim()
    slot.write(files.open_map(DEFAULT_MAP).map, None)
    (slot.dir / "lock").write_text(str(os.getppid()))  # a live process that is not an editor
    slot.release()  # the editor dies
    assert [s.id for s in store.orphans()] == [slot.id]


def test_work_of_version_0_1_is_offered_from_its_own_slot(tmp_path):
    store = RecoveryStore(tmp_path / "rec")
    store.dir.mkdir()
    files.save_map(files.open_map(DEFAULT_MAP).map, store.dir / "recovery.map.yaml")
    (store.dir / "recovery.json").write_text('{"original": "/x/a.map.yaml", "saved_at": 5}')
    (store.dir / "session.lock").write_text("999999999")
    [slot] = store.orphans()
    assert str(slot.info().original) == "/x/a.map.yaml" and slot.has_work()
    assert sorted(p.name for p in store.dir.iterdir()) == [slot.id]


def test_damaged_details_read_as_unknown(tmp_path):
    slot = RecoveryStore(tmp_path / "rec").claim()
    # a time too large for a date (1e300) or for a float (10**400) stopped the editor's start
    for text in ("[1]", "{", '{"original": 5, "saved_at": "x", "name": []}',
                 '{"original": "a\\u0000b", "saved_at": -1}', '{"saved_at": 1e300}',
                 '{"saved_at": 1' + "0" * 400 + "}", '{"saved_at": true}',
                 "[" * 100_000 + "]" * 100_000):
        (slot.dir / "recovery.json").write_text(text)
        info = slot.info()
        assert (info.original, info.saved_at, info.name) == (None, None, None)


@pytest.mark.parametrize("answer", ["yes", "no", "later"])
def test_every_orphan_is_offered_and_restored_in_its_own_window(
        make_window, recovery, monkeypatch, tmp_path, answer):
    from PySide6.QtWidgets import QMessageBox

    sources = [_saved_copy(tmp_path, f"m{i}.map.yaml") for i in range(2)]
    for i, source in enumerate(sources):
        w = make_window(files.open_map(source).map, source)
        w.document.paint_terrain([Hex(i, 0)], "water")
        _autosave(w)
        _crash(w)
    button = {"yes": QMessageBox.StandardButton.Yes, "no": QMessageBox.StandardButton.No,
              "later": QMessageBox.StandardButton.Cancel}[answer]
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a) or button)
    start = make_window()
    restored = _offer_recovery(start, recovery, make_window)
    assert len(asked) == 2
    if answer == "yes":
        assert sorted(r.document.path for r in restored) == sources
        for r in restored:
            i = sources.index(r.document.path)
            assert r.document.map.terrain_at(Hex(i, 0)) == "water" and r.document.modified
        assert start.document.path is None  # the start window keeps what it showed
    elif answer == "no":
        assert restored == [] and list(recovery.dir.iterdir()) == []
    else:  # kept for a later start: offered again, unchanged
        assert restored == []
        again = RecoveryStore(recovery.dir).orphans()
        assert sorted(o.info().original for o in again) == sources
        for o in again:
            o.release()


def test_continuous_editing_does_not_postpone_the_copy_forever(make_window, qtbot):
    w = make_window()
    w.autosave_timer.setInterval(100)
    deadline = time.monotonic() + 3.0
    n = 0
    while time.monotonic() < deadline and not (w.recovery_slot and w.recovery_slot.has_work()):
        changed = w.document.paint_terrain([Hex(n % 10, 1)], ("forest", "water")[n // 10 % 2])
        assert changed == 1  # a real edit every time
        n += 1
        qtbot.wait(20)  # edits keep coming faster than the idle interval
    assert w.recovery_slot is not None and w.recovery_slot.has_work()


def test_copies_are_written_off_the_gui_thread_newest_last_and_discard_wins(
        make_window, recovery, monkeypatch):
    import threading

    from editor.recovery import RecoverySlot

    written = []
    real_write = RecoverySlot.write_data

    def record(slot, data, original, name=None, kind="map"):
        written.append((threading.current_thread() is threading.main_thread(),
                        data["terrain"][0][0]))
        real_write(slot, data, original, name, kind)

    monkeypatch.setattr(RecoverySlot, "write_data", record)
    w = make_window()
    for terrain in ("forest", "water", "trench"):
        w.document.paint_terrain([w.document.map.to_axial(0, 0)], terrain)
        w.autosave()
    w.recovery_writer.flush()
    assert written and not any(on_gui for on_gui, _ in written)
    assert written[-1][1] == "t"  # the newest work is what stays
    assert files.open_map(w.recovery_slot.map_path).map.terrain[0] == 5
    w.document.paint_terrain([Hex(3, 3)], "forest")
    w.autosave()
    w.document.undo_stack.setClean()  # e.g. saved: nothing unsaved any more
    w.autosave()
    w.recovery_writer.flush()
    assert not w.recovery_slot.has_work()


def test_an_unusable_recovery_folder_is_a_message_not_a_crash(make_window, recovery):
    recovery.dir.parent.mkdir(parents=True, exist_ok=True)
    recovery.dir.write_text("a file where the recovery folder should be")
    assert recovery.orphans() == []
    w = make_window()
    w.document.paint_terrain([Hex(1, 1)], "forest")
    w.autosave()
    assert "Could not write the recovery copy" in w.statusBar().currentMessage()


def test_a_failed_copy_is_reported_and_a_removed_slot_is_claimed_again(make_window, monkeypatch):
    import shutil

    from editor.recovery import RecoverySlot

    w = make_window()
    w.document.paint_terrain([Hex(1, 1)], "forest")
    _autosave(w)
    first = w.recovery_slot
    shutil.rmtree(first.dir)  # someone cleaned the application data folder
    w.document.paint_terrain([Hex(2, 2)], "water")
    _autosave(w)
    assert w.recovery_slot is not first and w.recovery_slot.has_work()

    def disk_full(*_args):
        raise OSError("No space left on device")

    monkeypatch.setattr(RecoverySlot, "write_data", disk_full)
    w.document.paint_terrain([Hex(3, 3)], "water")
    _autosave(w)  # fails on the writer thread: editing goes on
    w.document.paint_terrain([Hex(4, 4)], "water")
    w.autosave()
    assert "No space left on device" in w.statusBar().currentMessage()
    monkeypatch.undo()
    w.recovery_writer.flush()


def test_the_editor_start_offers_orphans_and_opens_each_in_a_window(tmp_path, monkeypatch, qtbot):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QMessageBox

    from editor import app as editor_app
    from editor import main_window
    from editor import settings as editor_settings
    from editor.main_window import MainWindow
    from editor.settings import Settings

    source = _saved_copy(tmp_path)
    store = RecoveryStore(tmp_path / "rec")
    slot = store.claim()
    work = files.open_map(source).map
    work.terrain[0] = 1  # forest in the first hex: the unsaved work
    slot.write(work, source)
    slot.release()  # the window that wrote it crashed
    monkeypatch.setattr(editor_settings, "recovery_dir", lambda: store.dir)
    ini = str(tmp_path / "settings.ini")
    monkeypatch.setattr(main_window, "Settings",
                        lambda: Settings(QSettings(ini, QSettings.Format.IniFormat)))
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: QMessageBox.StandardButton.Yes)
    seen = []

    def exec_once() -> int:
        seen.extend(w for w in QApplication.topLevelWidgets()
                    if isinstance(w, MainWindow) and w.isVisible())
        return 0

    monkeypatch.setattr(QApplication, "exec", staticmethod(exec_once))
    assert editor_app.run(str(source)) == 0
    try:
        restored = [w for w in seen if w.document.modified]
        assert len(restored) == 1 and restored[0].document.path == source
        assert restored[0].document.map.terrain[0] == 1
        assert restored[0].recovery_slot.id == slot.id
    finally:
        for w in seen:
            w.document.undo_stack.setClean()
            w.close()
    assert list(store.dir.iterdir()) == []  # closed cleanly: nothing left to offer
