"""Unsaved area maps survive crashes as hex maps do: the area editor keeps its work in its own
recovery slot, and the next start offers it (restore / discard / later) in an area editor."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QApplication, QMessageBox

from editor import app as editor_app
from editor import settings as editor_settings
from editor.area.window import AreaEditorWindow, open_area, restore_area_window
from editor.main_window import MainWindow
from editor.recovery import RecoveryStore
from engine.content import load_file
from engine.paths import CONTENT_DIR

pytestmark = pytest.mark.qt
QStandardPaths.setTestModeEnabled(True)
WELTKRIEG = CONTENT_DIR / "weltkrieg"
BUTTONS = QMessageBox.StandardButton


@pytest.fixture
def area_copy(tmp_path):
    """A copy of the built-in area map, to be edited."""
    target = tmp_path / "europe.area-map.yaml"
    shutil.copy(WELTKRIEG / "europe.area-map.yaml", target)
    return target


def _window(qtbot, path, store) -> AreaEditorWindow:
    opened = open_area(path)
    assert not isinstance(opened, str)
    w = AreaEditorWindow(*opened, recovery=store)
    qtbot.addWidget(w)
    w.show()
    return w


def _city(w: AreaEditorWindow | None, ident: str, path=None):
    m = w.doc.map if w is not None else load_file(path).model
    return next(c for c in m.cities if c.id == ident)


def _hex_window(qtbot, tmp_path) -> MainWindow:
    """A hex editor window without recovery (the window the start shows first)."""
    from PySide6.QtCore import QSettings

    from editor.settings import Settings
    from editor.stamp_library import StampLibrary

    w = MainWindow(settings=Settings(QSettings(str(tmp_path / "s.ini"),
                                               QSettings.Format.IniFormat)),
                   stamps=StampLibrary(tmp_path / "stamps"))
    qtbot.addWidget(w)
    return w


def _rename_first_city(w: AreaEditorWindow, name: str) -> str:
    city = w.doc.map.cities[0].id

    def rename(m) -> None:
        m.cities[0].name = name
    w.doc.change("Rename", rename)
    return city


def _crash(w: AreaEditorWindow) -> None:
    """What a crash does to a window's recovery: the OS drops its lock, the files stay."""
    w.keeper.timer.stop()
    w.keeper.writer.flush()
    w.recovery_slot.release()
    w.keeper.writer.slot = None
    w.doc.undo_stack.setClean()  # the dead window asks nothing at teardown


def test_an_edit_is_kept_after_a_pause_and_saving_drops_the_copy(qtbot, area_copy, tmp_path):
    store = RecoveryStore(tmp_path / "rec")
    w = _window(qtbot, area_copy, store)
    assert w.keeper.timer.interval() == 5000  # the hex editor's autosave_seconds default
    w.keeper.timer.setInterval(50)
    _rename_first_city(w, "Neustadt")
    qtbot.waitUntil(lambda: w.recovery_slot is not None and w.recovery_slot.has_work(),
                    timeout=10000)
    slot = w.recovery_slot
    info = slot.info()
    assert (info.kind, info.original) == ("area-map", area_copy)
    assert load_file(slot.work_path("area-map")).model.cities[0].name == "Neustadt"
    assert w.save()
    w.keeper.writer.flush()
    assert not slot.has_work()
    w.close()
    assert list(store.dir.iterdir()) == []  # a clean close leaves nothing to offer


def _start_after_crash(qtbot, monkeypatch, tmp_path, area_copy, answer):
    """Edit, crash, then start the editor again on the same map answering `answer`."""
    store = RecoveryStore(tmp_path / "rec")
    w = _window(qtbot, area_copy, store)
    city = _rename_first_city(w, "Neustadt")
    w.keeper.autosave()
    _crash(w)
    w.close()
    monkeypatch.setattr(editor_settings, "recovery_dir", lambda: store.dir)
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a) or answer)
    seen: list[AreaEditorWindow] = []

    def exec_once() -> int:
        seen.extend(x for x in QApplication.topLevelWidgets()
                    if isinstance(x, AreaEditorWindow | MainWindow) and x.isVisible()
                    and x is not w)
        return 0

    monkeypatch.setattr(QApplication, "exec", staticmethod(exec_once))
    assert editor_app.run(str(area_copy)) == 0
    for x in seen:
        qtbot.addWidget(x)
    return store, city, seen, asked


def test_after_a_crash_the_start_restores_the_area_map_in_an_area_editor(
        qtbot, monkeypatch, tmp_path, area_copy):
    store, city, seen, asked = _start_after_crash(qtbot, monkeypatch, tmp_path, area_copy,
                                                  BUTTONS.Yes)
    assert len(asked) == 1 and "europe.area-map.yaml" in asked[0][2]
    assert all(isinstance(x, AreaEditorWindow) for x in seen)  # never the hex window
    restored = [x for x in seen if not x.doc.undo_stack.isClean()]
    assert len(restored) == 1
    r = restored[0]
    assert r.doc.path == area_copy and _city(r, city).name == "Neustadt"
    assert r.windowTitle().startswith("*")  # unsaved: the title says so
    assert _city(None, city, area_copy).name != "Neustadt"  # the file is untouched
    assert r.recovery_slot is not None and r.recovery_slot.has_work()
    assert RecoveryStore(store.dir).orphans() == []  # held by the restored window
    assert r.save()  # saving the restored work drops its copy
    r.keeper.writer.flush()
    assert _city(None, city, area_copy).name == "Neustadt"
    for x in seen:
        x.doc.undo_stack.setClean()
        x.close()
    assert list(store.dir.iterdir()) == []


@pytest.mark.parametrize(("answer", "kept"), [(BUTTONS.No, False), (BUTTONS.Cancel, True)])
def test_discard_drops_the_work_and_later_keeps_it_for_the_next_start(
        qtbot, monkeypatch, tmp_path, area_copy, answer, kept):
    store, _city, seen, asked = _start_after_crash(qtbot, monkeypatch, tmp_path, area_copy,
                                                   answer)
    assert len(asked) == 1
    assert all(x.doc.undo_stack.isClean() for x in seen)  # nothing restored
    orphans = RecoveryStore(store.dir).orphans()
    assert [o.info().kind for o in orphans] == (["area-map"] if kept else [])
    for o in orphans:
        o.release()
    for x in seen:
        x.close()


def test_the_hex_editors_start_restores_area_work_in_an_area_editor(
        qtbot, monkeypatch, tmp_path, area_copy):
    from editor.app import _offer_recovery

    store = RecoveryStore(tmp_path / "rec")
    w = _window(qtbot, area_copy, store)
    city = _rename_first_city(w, "Neustadt")
    w.keeper.autosave()
    _crash(w)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: BUTTONS.Yes)
    start = _hex_window(qtbot, tmp_path)
    made = []
    restored = _offer_recovery(start, store,
                               lambda: made.append(_hex_window(qtbot, tmp_path)) or made[-1])
    assert made == []  # no hex window for area work
    [r] = restored
    qtbot.addWidget(r)
    assert isinstance(r, AreaEditorWindow) and _city(r, city).name == "Neustadt"
    r.doc.undo_stack.setClean()
    r.close()


def test_unreadable_area_work_is_a_message_and_stays_kept(qtbot, monkeypatch, tmp_path):
    from editor.app import _offer_recovery

    store = RecoveryStore(tmp_path / "rec")
    slot = store.claim()
    slot.write_data({"not": "an area map"}, None, "broken", kind="area-map")
    slot.release()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: BUTTONS.Yes)
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: warned.append(a[2]))
    start = _hex_window(qtbot, tmp_path)
    assert _offer_recovery(start, store, lambda: _hex_window(qtbot, tmp_path)) == []
    assert warned and "hint" in warned[0]
    [again] = RecoveryStore(store.dir).orphans()
    assert again.info().kind == "area-map"
    again.release()


ROOT = Path(__file__).resolve().parents[2]


def test_a_real_area_editor_killed_while_keeping_its_work_offers_it_back(qtbot, area_copy,
                                                                         tmp_path):
    """SIGKILL of a real editor process (tests/editor_area/kill_area_editor.py) at any moment
    of its autosave loop: the next start finds the work, whole, and the file is untouched."""
    store = RecoveryStore(tmp_path / "rec")
    original = load_file(area_copy).model.cities[0]
    for delay in (0.0, 0.07):
        _kill_while_editing(area_copy, store, delay)
        [slot] = store.orphans()
        assert slot.info().kind == "area-map"
        restored = restore_area_window(slot, store)
        assert isinstance(restored, AreaEditorWindow), restored
        qtbot.addWidget(restored)
        assert _city(restored, original.id).name in ("Crashburg A", "Crashburg B")
        assert not restored.doc.undo_stack.isClean() and restored.doc.path == area_copy
        assert _city(None, original.id, area_copy).name == original.name  # file untouched
        restored.doc.undo_stack.setClean()
        restored.close()  # a clean close of the restoring window removes the slot
        assert list(store.dir.iterdir()) == []


@pytest.fixture
def scenario_copy(tmp_path):
    """A copy of the built-in area scenario with its map, armies and ruleset."""
    folder = tmp_path / "weltkrieg"
    shutil.copytree(WELTKRIEG, folder)
    return folder / "weltkrieg-1914.area-scenario.yaml"


def _kill_while_editing(file: Path, store: RecoveryStore, delay: float) -> None:
    """Run tests/editor_area/kill_area_editor.py on `file` and SIGKILL it after `delay`."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "editor_area" /
                                                 "kill_area_editor.py"),
                             str(file), str(store.dir)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    ready = proc.stdout.readline().strip()
    if ready != "ready":
        proc.kill()
        pytest.fail(f"the editor did not start: {proc.communicate()[1]}")
    time.sleep(delay)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    proc.stdout.close()
    proc.stderr.close()


def test_a_killed_area_editor_on_a_scenario_restores_the_map_and_its_scenario(qtbot, tmp_path,
                                                                              scenario_copy):
    """A window opened on an area scenario, killed with SIGKILL while editing its map: the
    restored window has the map's unsaved work and the same scenario again (its armies and
    ruleset, which the play-test uses), and neither file was touched."""
    store = RecoveryStore(tmp_path / "rec")
    map_file = scenario_copy.parent / "europe.area-map.yaml"
    original = load_file(map_file).model.cities[0]
    scenario_text = scenario_copy.read_text(encoding="utf-8")
    for delay in (0.0, 0.07):
        _kill_while_editing(scenario_copy, store, delay)
        [slot] = store.orphans()
        info = slot.info()
        assert (info.kind, info.original, info.scenario) == (
            "area-map", map_file.resolve(), scenario_copy.resolve())
        restored = restore_area_window(slot, store)
        assert isinstance(restored, AreaEditorWindow), restored
        qtbot.addWidget(restored)
        assert _city(restored, original.id).name in ("Crashburg A", "Crashburg B")
        assert restored.doc.path == map_file.resolve()
        assert restored.doc.scenario_path == scenario_copy.resolve()
        assert restored.scenario is not None and restored.scenario.id == "weltkrieg-1914"
        assert restored.scenario.catalog is not None and restored.scenario.ruleset is not None
        assert _city(None, original.id, map_file).name == original.name  # files untouched
        assert scenario_copy.read_text(encoding="utf-8") == scenario_text
        # the restored window keeps both: its next copy still names the scenario
        _rename_first_city(restored, "Neustadt")
        restored.keeper.autosave()
        restored.keeper.writer.flush()
        assert restored.recovery_slot.info().scenario == scenario_copy.resolve()
        restored.doc.undo_stack.setClean()
        restored.close()
        assert list(store.dir.iterdir()) == []


def test_a_scenario_that_no_longer_loads_restores_the_map_alone_and_says_why(
        qtbot, monkeypatch, tmp_path, scenario_copy):
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: warned.append(a[2]))
    store = RecoveryStore(tmp_path / "rec")
    opened = open_area(scenario_copy)
    assert not isinstance(opened, str)
    w = AreaEditorWindow(*opened, recovery=store)
    qtbot.addWidget(w)
    city = _rename_first_city(w, "Neustadt")
    w.keeper.autosave()
    _crash(w)
    w.close()
    scenario_copy.unlink()  # gone after the crash
    [slot] = store.orphans()
    restored = restore_area_window(slot, store)
    assert isinstance(restored, AreaEditorWindow), restored
    qtbot.addWidget(restored)
    assert _city(restored, city).name == "Neustadt" and restored.scenario is None
    [message] = warned
    assert str(scenario_copy.name) in message and "hint" in message
    restored.doc.undo_stack.setClean()
    restored.close()


def test_a_map_opened_alone_keeps_no_scenario_in_its_slot(qtbot, tmp_path, area_copy):
    store = RecoveryStore(tmp_path / "rec")
    w = _window(qtbot, area_copy, store)
    _rename_first_city(w, "Neustadt")
    w.keeper.autosave()
    w.keeper.writer.flush()
    assert w.recovery_slot.info().scenario is None
    _crash(w)
    [slot] = store.orphans()
    restored = restore_area_window(slot, store)
    qtbot.addWidget(restored)
    assert restored.scenario is None and restored.doc.scenario_path is None
    restored.doc.undo_stack.setClean()
    restored.close()
