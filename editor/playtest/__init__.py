"""Play-test inside the editor: play the map being designed with the real rules engine.

`install_playtest(main_window)` adds the Map > Play-test… action (F5, also on the tool bar)
to a running editor MainWindow.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QToolBar

from editor.playtest.controller import PlaytestController
from editor.playtest.dialog import PlaytestDialog


def start_dialog(controller: PlaytestController) -> PlaytestDialog:
    """Create (not show) the Play-test dialog for the window's current map."""
    w = controller.window
    return PlaytestDialog(w.document.map, getattr(w, "show_problem", None), w,
                          controller.last_options)


def install_playtest(main_window: Any) -> None:
    """Add play-testing to an editor MainWindow: a Play-test action (F5) in the Map menu and
    on the main tool bar; it resumes a kept play-test or opens the Play-test dialog."""
    controller = PlaytestController(main_window)
    main_window.playtest = controller

    def trigger() -> None:
        if controller.session is not None and not controller.active:
            controller.resume()
            return
        dialog = start_dialog(controller)
        main_window.playtest_dialog = dialog
        if dialog.exec():
            try:
                controller.start(dialog.options())
            except (ValueError, OSError) as exc:
                main_window.statusBar().showMessage(f"Cannot start the play-test: {exc}", 10000)

    action = QAction("&Play-test…", main_window)
    action.setObjectName("actionPlaytest")
    action.setShortcut(QKeySequence("F5"))
    action.setStatusTip("Play the current map with the rules engine")
    action.triggered.connect(lambda _checked=False: trigger())
    main_window.addAction(action)
    main_window.act_playtest = action
    for menu_action in main_window.menuBar().actions():
        if menu_action.text().replace("&", "") == "Map" and menu_action.menu() is not None:
            menu_action.menu().addSeparator()
            menu_action.menu().addAction(action)
    toolbar = main_window.findChild(QToolBar, "mainToolBar")
    if toolbar is not None:
        toolbar.addSeparator()
        toolbar.addAction(action)
