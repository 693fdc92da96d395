"""Shared test set-up: while a test uses the Qt application, cyclic garbage is collected on
the GUI thread only, as in the editor (editor/gui_gc.py), so no helper thread destroys
widgets; other tests (engine, exporters, their benchmarks) run with Python's own collector,
as the command line does."""

from __future__ import annotations

import sys

import pytest

QT_FIXTURES = frozenset({"qapp", "qtbot"})


def _uses_qt(item: pytest.Item) -> bool:
    return bool(QT_FIXTURES & set(getattr(item, "fixturenames", ())))


def pytest_runtest_setup(item: pytest.Item) -> None:
    if not _uses_qt(item) and "PySide6.QtWidgets" in sys.modules:
        from editor.gui_gc import installed

        collector = installed()
        if collector is not None:
            collector.stop()


def pytest_runtest_call(item: pytest.Item) -> None:
    widgets = sys.modules.get("PySide6.QtWidgets")  # None where Qt is blocked or unused
    app = widgets.QApplication.instance() if widgets is not None else None
    if app is not None and _uses_qt(item):
        from editor.gui_gc import collect_on_gui_thread

        collect_on_gui_thread(app).start()
