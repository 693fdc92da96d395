"""Cyclic garbage collection on the GUI thread only.

Python's collector runs in whichever thread happens to allocate when a threshold is passed.
The editor's helper threads (export preview, validation hand-off, recovery writer) allocate a
lot, so a closed dialog or window caught in a reference cycle was destroyed in one of them:
Qt widgets and pixmaps may only be destroyed on the GUI thread, and the editor crashed
(segmentation fault) a moment later, seen while the export preview drew in the background.

`GuiThreadCollector` turns the automatic collector off and, on a timer of the GUI thread,
collects the generations whose counts passed the same thresholds the automatic collector
uses, so collections are as frequent and as cheap as before, only never in another thread.
`engine.gcpause` stays usable: it turns the collector back on only if it was on, and no
collection is made while it pauses collection for a bulk load.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

from engine.gcpause import is_paused

CHECK_MS = 250  # how often the GUI thread looks whether a collection is due


class GuiThreadCollector(QObject):
    """Collects cyclic garbage on the GUI thread, every `CHECK_MS` when due."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        self.timer = QTimer(self)
        self.timer.setInterval(CHECK_MS)
        self.timer.timeout.connect(self.check)

    def start(self) -> None:
        """Turn the automatic collector off and collect on this (the GUI) thread instead."""
        gc.disable()
        self.timer.start()

    def stop(self) -> None:
        """Give collection back to the automatic collector."""
        self.timer.stop()
        gc.enable()

    def check(self) -> int:
        """Collect the generations that are due, as the automatic collector would; returns
        the number of objects found unreachable."""
        counts = gc.get_count()
        if counts[0] <= self.thresholds[0] or is_paused():  # a bulk load asked for none
            return 0
        generation = 0
        if counts[1] > self.thresholds[1]:
            generation = 2 if counts[2] > self.thresholds[2] else 1
        return gc.collect(generation)


_collector: GuiThreadCollector | None = None


def installed() -> GuiThreadCollector | None:
    """The application's `GuiThreadCollector`, if installed."""
    return _collector


def collect_on_gui_thread(app: QObject) -> GuiThreadCollector:
    """Install the application's one `GuiThreadCollector` (idempotent); call it on the GUI
    thread once the QApplication exists."""
    global _collector
    if _collector is None:
        _collector = GuiThreadCollector(app)
        _collector.start()
    return _collector
