"""Live validation: re-check the map ~300 ms after the last edit, off the GUI thread."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from editor.document import MapDocument
from engine.content import check_map_model
from engine.model import GameMap


def full_check(game_map: GameMap) -> list:
    """Every problem the map would have as a file (engine.content.check_map_model), with the
    long values schema messages quote cut short for the problems panel."""
    return [shorten_message(p) for p in check_map_model(game_map)]


MAX_QUOTED = 48
_COMPLAINTS = (" is too long", " is too short", " has non-unique elements", " is not of type",
               " is not one of", " does not match", " is not valid", " should be non-empty")


def shorten_message(problem: object) -> object:
    """Cut the offending value a schema message quotes whole (a 13-marker list ending in
    "is too long" filled the problems panel), keeping where it is and what is wrong."""
    msg = getattr(problem, "message", "")
    if len(msg) <= 2 * MAX_QUOTED or not msg.startswith("'") or "': " not in msg:
        return problem
    head, _, rest = msg.partition("': ")
    cut = max(rest.rfind(c) for c in _COMPLAINTS)
    if cut <= MAX_QUOTED:
        return problem
    return dataclasses.replace(
        problem, message=f"{head}': {rest[:MAX_QUOTED].rstrip()}…{rest[cut:]}"  # type: ignore
    )


def default_checker() -> Callable[[GameMap], list]:
    """The checker the editor uses: semantic and schema problems."""
    return full_check


class _Relay(QObject):
    done = Signal(int, object)


class _CheckJob(QRunnable):
    def __init__(
        self, generation: int, snapshot: GameMap, checker: Callable, relay: _Relay
    ) -> None:
        super().__init__()
        self.generation = generation
        self.snapshot = snapshot
        self.checker = checker
        self.relay = relay

    def run(self) -> None:
        try:
            problems = list(self.checker(self.snapshot))
        except Exception as exc:  # a checker bug must not kill the editor
            problems = [exc]
        self.relay.done.emit(self.generation, problems)


class LiveValidator(QObject):
    """Debounces edits of a document and publishes check_map's problems on it.

    The check runs on a snapshot in a worker thread, so painting never waits for it; results
    of a superseded snapshot are dropped."""

    checkFailed = Signal(str)

    def __init__(
        self,
        document: MapDocument,
        delay_ms: int = 300,
        checker: Callable[[GameMap], list] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.checker = checker or default_checker()
        self.generation = 0
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self.run_now)
        self.relay = _Relay(self)
        self.relay.done.connect(self._on_done)
        document.terrainChanged.connect(self.schedule)
        document.objectsChanged.connect(self.schedule)
        document.mapReplaced.connect(self.schedule)

    def schedule(self, *_args: object) -> None:
        """(Re)start the debounce timer."""
        self.generation += 1
        self.timer.start()

    def run_now(self) -> None:
        """Start a check of the current state now."""
        self.timer.stop()
        self.generation += 1
        snapshot = copy.deepcopy(self.document.map)
        self.pool.start(_CheckJob(self.generation, snapshot, self.checker, self.relay))

    def check_sync(self) -> list:
        """Check synchronously (Map > Validate) and publish the result."""
        self.timer.stop()
        self.generation += 1
        self._on_done(self.generation, list(self.checker(copy.deepcopy(self.document.map))))
        return self.document.problems

    def _on_done(self, generation: int, problems: list) -> None:
        if generation != self.generation:
            return
        bad = [p for p in problems if isinstance(p, Exception)]
        if bad:
            self.checkFailed.emit(f"validation failed: {bad[0]!r}")
            return
        self.document.set_problems(problems)

    def shutdown(self) -> None:
        """Stop the timer and wait for a running check (before the window closes)."""
        self.timer.stop()
        self.generation += 1
        self.pool.waitForDone(5000)
