"""Live validation: re-check the map ~300 ms after the last edit, off the GUI thread.

The GUI thread only captures a `MapSnapshot` (terrain bytes, packed region masks, copies of
the few objects: milliseconds on a million hexes). Small maps are checked in a worker thread;
maps of `PROCESS_MIN_HEXES` or more in a worker process, because the schema and semantic
checks of a million hexes hold the GIL for seconds and a thread would freeze painting. A
result is applied on the GUI thread only if no edit came after its snapshot (revision check);
while a process check runs, further edits coalesce into one follow-up check.

Handing a snapshot over costs the GUI thread a queue put: one long-lived helper thread
submits it (pickling and the pipe write happen on the pool's own threads), and the worker runs
at a lower CPU priority so that on a busy machine its seconds of checking wait for the GUI
thread's frames rather than the other way round (the 1M-map benchmark: a ≤ 10 ms stall per
edit, tests/benchmarks/test_bench_editor.py).
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from editor.document import MapDocument
from editor.validation_check import MapSnapshot, check_snapshot, full_check, yield_cpu_to_editor
from engine.model import GameMap

__all__ = ["PROCESS_MIN_HEXES", "LiveValidator", "default_checker", "full_check"]

PROCESS_MIN_HEXES = 200_000


def default_checker() -> Callable[[GameMap], list]:
    """The checker the editor uses: semantic and schema problems."""
    return full_check


_executor: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()


def _worker_pool() -> ProcessPoolExecutor:
    """The one validation worker process of this application, started on first use."""
    global _executor
    with _pool_lock:
        if _executor is None:
            # forkserver: a fork of a clean server, never of this process with Qt's threads.
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["editor.validation_check"])
            _executor = ProcessPoolExecutor(max_workers=1, mp_context=context,
                                            initializer=yield_cpu_to_editor)
            atexit.register(_stop_worker_pool, wait=True)
        return _executor


def _warm(pool: ProcessPoolExecutor) -> None:
    with contextlib.suppress(Exception):  # a failure shows on the first real check instead
        pool.submit(int).result()


def start_worker_pool() -> None:
    """Start the worker process in the background, so the first check of a big map does not
    wait ~0.8 s on the GUI thread for it to fork."""
    _start_submitter()
    threading.Thread(target=_warm, args=(_worker_pool(),), daemon=True,
                     name="validation-worker-start").start()


_submissions: queue.SimpleQueue[tuple[int, MapSnapshot, _Relay]] = queue.SimpleQueue()
_submitter: threading.Thread | None = None
_submitter_lock = threading.Lock()


def _submit_loop() -> None:
    while True:
        generation, snapshot, relay = _submissions.get()
        _submit(generation, snapshot, relay)


def _submit(generation: int, snapshot: MapSnapshot, relay: _Relay) -> None:
    def finished(future: Future) -> None:
        # Runs on the pool's thread; the window (and relay) may be gone by now.
        with contextlib.suppress(RuntimeError):
            relay.finished.emit(generation, future)

    try:
        future = _worker_pool().submit(check_snapshot, snapshot)
    except RuntimeError as exc:  # the pool broke or was shut down: a new one next time
        _stop_worker_pool()
        future = Future()
        future.set_exception(exc)
    future.add_done_callback(finished)


def _submit_in_background(generation: int, snapshot: MapSnapshot, relay: _Relay) -> None:
    """Send a snapshot to the worker process from the one long-lived helper thread
    (submitting may wait for the process to start) and report the Future's end through
    `relay.finished`. Queueing costs the GUI thread microseconds; starting a thread per
    check cost it up to 11 ms on a loaded machine (Thread.start waits for the thread)."""
    _start_submitter()
    _submissions.put((generation, snapshot, relay))


def _start_submitter() -> None:
    global _submitter
    with _submitter_lock:
        if _submitter is None:
            _submitter = threading.Thread(target=_submit_loop, daemon=True,
                                          name="validation-submit")
            _submitter.start()


def _stop_worker_pool(wait: bool = False) -> None:
    """Stop the worker process; at exit, `wait` for it: a worker still starting when the
    editor quits (a screenshot, a big map closed at once) otherwise finds its parent's
    semaphores gone and prints a traceback."""
    global _executor
    with _pool_lock:
        if _executor is not None:
            _executor.shutdown(wait=wait, cancel_futures=True)
            _executor = None


class _Relay(QObject):
    done = Signal(int, object)  # generation, problems (or [exception])
    finished = Signal(int, object)  # generation, the worker process's Future


class _CheckJob(QRunnable):
    def __init__(
        self, generation: int, snapshot: MapSnapshot, checker: Callable, relay: _Relay
    ) -> None:
        super().__init__()
        self.generation = generation
        self.snapshot = snapshot
        self.checker = checker
        self.relay = relay

    def run(self) -> None:
        try:
            problems = list(self.checker(self.snapshot.to_map()))
        except Exception as exc:  # a checker bug must not kill the editor
            problems = [exc]
        self.relay.done.emit(self.generation, problems)


class LiveValidator(QObject):
    """Debounces edits of a document and publishes check_map's problems on it.

    The check runs on a snapshot in a worker thread (small maps, or a custom `checker`) or
    the worker process (maps of `process_min_hexes` or more), so painting never waits for
    it; results of a superseded snapshot are dropped."""

    checkFailed = Signal(str)

    def __init__(
        self,
        document: MapDocument,
        delay_ms: int = 300,
        checker: Callable[[GameMap], list] | None = None,
        parent: QObject | None = None,
        process_min_hexes: int = PROCESS_MIN_HEXES,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.checker = checker or default_checker()
        # A custom checker (tests, tools) may not pickle: it always runs in the thread.
        self.process_min_hexes = process_min_hexes if checker is None else None
        self.generation = 0
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self.run_now)
        self.relay = _Relay(self)
        self.relay.done.connect(self._on_done)
        self.relay.finished.connect(self._on_process_finished)
        self._in_flight = False
        self._rerun = False
        document.terrainChanged.connect(self.schedule)
        document.objectsChanged.connect(self.schedule)
        document.mapReplaced.connect(self.schedule)
        document.mapReplaced.connect(self._prepare)
        self._prepare()

    def _prepare(self) -> None:
        if self.uses_process():
            start_worker_pool()

    def schedule(self, *_args: object) -> None:
        """(Re)start the debounce timer."""
        self.generation += 1
        self.timer.start()

    def snapshot(self) -> MapSnapshot:
        """An immutable snapshot of the document's map now (cheap: see MapSnapshot)."""
        doc = self.document
        return MapSnapshot.capture(doc.map, doc.region_masks.mask)

    def uses_process(self) -> bool:
        """Whether checks of the current map run in the worker process."""
        m = self.document.map
        return self.process_min_hexes is not None and m.width * m.height >= self.process_min_hexes

    def run_now(self) -> None:
        """Start a check of the current state now."""
        self.timer.stop()
        self.generation += 1
        if not self.uses_process():
            self.pool.start(_CheckJob(self.generation, self.snapshot(), self.checker,
                                      self.relay))
            return
        if self._in_flight:
            self._rerun = True  # one follow-up check once the running one ends
            return
        self._rerun = False
        self._in_flight = True
        _submit_in_background(self.generation, self.snapshot(), self.relay)

    def check_sync(self) -> list:
        """Check synchronously (Map > Validate) and publish the result."""
        self.timer.stop()
        self.generation += 1
        self._on_done(self.generation, list(self.checker(self.snapshot().to_map())))
        return self.document.problems

    def _on_process_finished(self, generation: int, future: Future) -> None:
        self._in_flight = False
        try:
            problems = future.result()
        except BrokenProcessPool as exc:  # the worker died: a new one starts next time
            _stop_worker_pool()
            problems = [exc]
        except Exception as exc:  # a checker bug must not kill the editor
            problems = [exc]
        if self._rerun:
            self.run_now()
        else:
            self._on_done(generation, problems)

    def _on_done(self, generation: int, problems: list) -> None:
        if generation != self.generation:
            return
        bad = [p for p in problems if isinstance(p, Exception)]
        if bad:
            self.checkFailed.emit(self.tr("validation failed: {error}").format(error=repr(bad[0])))
            return
        self.document.set_problems(problems)

    def shutdown(self) -> None:
        """Stop the timer and wait for a running thread check (before the window closes);
        a running process check is left to finish and its result dropped."""
        self.timer.stop()
        self.generation += 1
        self._rerun = False
        self.pool.waitForDone(5000)
