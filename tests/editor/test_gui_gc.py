"""Cyclic garbage is collected on the GUI thread only (editor/gui_gc.py): a helper thread that
allocates a lot no longer destroys what the GUI thread dropped (Qt widgets and pixmaps must
be destroyed on the GUI thread; the editor crashed when the export preview's helper did)."""

from __future__ import annotations

import gc
import threading

import pytest

from editor.gui_gc import GuiThreadCollector, collect_on_gui_thread
from engine.gcpause import gc_paused

pytestmark = pytest.mark.qt


FREED_IN: list[str] = []  # the threads that freed each `Cyclic`


class Cyclic:
    """Garbage only the cyclic collector frees; records the thread that freed it."""

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        FREED_IN.append(threading.current_thread().name)


def _allocate_in_helper_thread() -> list[list[object]]:
    """Containers made in a helper thread, well past the youngest generation's threshold
    (kept: a collection is due by the containers alive, not by those made and freed)."""
    kept: list[list[object]] = []

    def churn() -> None:
        kept.extend([] for _ in range(5 * gc.get_threshold()[0]))

    t = threading.Thread(target=churn, name="helper")
    t.start()
    t.join()
    return kept


def test_garbage_dropped_by_the_gui_thread_is_freed_there_not_in_a_helper(qapp):
    collector = collect_on_gui_thread(qapp)
    assert collector.timer.isActive() and not gc.isenabled()
    FREED_IN.clear()
    Cyclic()
    kept = _allocate_in_helper_thread()
    assert FREED_IN == []  # the helper's allocations collected nothing
    del kept
    gc.collect()  # what the timer's check does once due (here: at once, whatever the counts)
    assert [threading.current_thread().name] == FREED_IN


def test_a_check_collects_once_the_thresholds_are_passed_and_not_during_a_bulk_load(qapp):
    collector = collect_on_gui_thread(qapp)
    gc.collect()
    FREED_IN.clear()
    Cyclic()
    with gc_paused():
        kept = _allocate_in_helper_thread()
        assert collector.check() == 0 and FREED_IN == []
        assert not gc.isenabled()
    assert not gc.isenabled()  # the pause leaves the collector off: it was off
    kept += _allocate_in_helper_thread()
    assert gc.get_count()[0] > collector.thresholds[0]
    assert collector.check() > 0  # young garbage: the youngest generation was due
    assert [threading.current_thread().name] == FREED_IN
    del kept


def test_stop_gives_collection_back_to_python(qapp):
    own = GuiThreadCollector()
    own.start()
    own.stop()
    assert gc.isenabled() and not own.timer.isActive()
    gc.disable()  # the application's collector stays in charge for the other tests
