"""Shared test set-up: with a Qt application, cyclic garbage is collected on the GUI thread
only, as in the editor (editor/gui_gc.py), so no test's helper thread destroys widgets."""

from __future__ import annotations

import sys


def pytest_runtest_call(item: object) -> None:
    widgets = sys.modules.get("PySide6.QtWidgets")  # None where Qt is blocked or unused
    app = widgets.QApplication.instance() if widgets is not None else None
    if app is not None:
        from editor.gui_gc import collect_on_gui_thread

        collect_on_gui_thread(app)
