"""Live validation on snapshots: no deep copy, big maps checked in the worker process, stale
results dropped by revision."""

from __future__ import annotations

import copy
import os
import threading

import pytest

from editor import validation
from editor.document import MapDocument
from editor.validation import LiveValidator
from editor.validation_check import WORKER_NICENESS, MapSnapshot, full_check
from engine.content.convert_map import map_to_dict
from engine.hexes import Hex
from tests.bigmap_model import big_map


def test_snapshot_round_trips_every_object_and_shares_nothing():
    m = big_map(60, 40)
    doc = MapDocument(m)
    snap = MapSnapshot.capture(m, doc.region_masks.mask)
    again = snap.to_map()
    assert map_to_dict(again) == map_to_dict(m)
    # Later edits of the document's map leave the snapshot as it was.
    before = map_to_dict(again)
    m.terrain[0] = 4
    m.forts[0].hexes.append(Hex(30, 3))
    m.regions[0].hexes.clear()
    m.paths[0].points.append((1.0, 1.0))
    assert map_to_dict(snap.to_map()) == before
    assert full_check(snap.to_map()) == full_check(copy.deepcopy(again))


def test_worker_process_checks_and_drops_stale_results(qapp, qtbot):
    doc = MapDocument(big_map(40, 30))
    validator = LiveValidator(doc, delay_ms=10_000, process_min_hexes=0)
    assert validator.uses_process()
    stale = sorted(p.message for p in full_check(doc.map))
    published: list[list[str]] = []
    doc.problemsChanged.connect(lambda: published.append(sorted(p.message
                                                                for p in doc.problems)))
    validator.run_now()
    # An edit while the process checks the old map: that result must never be published;
    # one follow-up check of the edited map is.
    doc.delete_fort(doc.map.forts[0])
    validator.run_now()
    current = sorted(p.message for p in full_check(doc.map))
    assert current != stale
    qtbot.waitUntil(lambda: bool(published), timeout=60_000)
    qtbot.waitUntil(lambda: not validator._in_flight, timeout=60_000)
    qtbot.wait(50)
    assert published == [current]
    validator.shutdown()


def test_small_maps_and_custom_checkers_stay_in_the_thread(qapp):
    doc = MapDocument(big_map(40, 30))
    assert not LiveValidator(doc).uses_process()
    assert not LiveValidator(doc, checker=full_check, process_min_hexes=0).uses_process()


def test_checks_are_handed_to_one_long_lived_submit_thread(qapp, qtbot, monkeypatch):
    """Starting a thread per check made the GUI thread wait for it (Thread.start) for up to
    11 ms on a loaded machine; every check now goes through the same helper thread."""
    doc = MapDocument(big_map(40, 30))
    validator = LiveValidator(doc, delay_ms=10_000, process_min_hexes=0)
    started: list[str] = []
    start = threading.Thread.start

    def spy(thread: threading.Thread) -> None:
        if threading.current_thread() is threading.main_thread():
            started.append(thread.name)
        start(thread)

    monkeypatch.setattr(threading.Thread, "start", spy)
    published: list[int] = []
    doc.problemsChanged.connect(lambda: published.append(1))
    for round_ in (1, 2):
        validator.run_now()
        qtbot.waitUntil(lambda n=round_: len(published) == n, timeout=60_000)
    assert started == []
    submitters = [t for t in threading.enumerate() if t.name == "validation-submit"]
    assert len(submitters) == 1 and submitters[0].is_alive()
    validator.shutdown()


@pytest.mark.skipif(not hasattr(os, "nice"), reason="os.nice is POSIX only")
def test_worker_process_runs_at_a_lower_cpu_priority_than_the_editor(qapp):
    ours = os.nice(0)
    LiveValidator(MapDocument(big_map(40, 30)), process_min_hexes=0)  # starts the pool
    worker = validation._worker_pool().submit(os.nice, 0).result(timeout=60)
    assert worker == min(19, ours + WORKER_NICENESS)
