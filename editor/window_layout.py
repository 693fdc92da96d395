"""Where the main window's docks go by default: side panels around the map, the Problems
panel under the map only (not under the side columns).

On a screen narrower than WIDE_SCREEN (a 1280×720 laptop) every side panel shares the left
column, so the map keeps at least half of the window; on a wide screen the properties,
layers, history and minimap get a right column of their own. A layout the user arranged
(saved window state) replaces this one."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QScrollArea, QWidget

WIDE_SCREEN = 1600  # px of available screen width from which a right column fits
TOOLS_WIDTH = 250
SIDE_WIDTH = 280


def scrolled(widget: QWidget) -> QScrollArea:
    """`widget` in a frameless vertical scroll area, so a tall panel never forces a tall
    window (the tools panel on a 720-pixel screen)."""
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return area


def is_compact(window: QMainWindow) -> bool:
    """Whether the window's screen is too narrow for two side columns."""
    screen = window.screen()
    return screen is None or screen.availableGeometry().width() < WIDE_SCREEN


def arrange_docks(window: QMainWindow, tools: QDockWidget, minimap: QDockWidget,
                  tabs: list[QDockWidget], problems: QDockWidget, problems_height: int,
                  compact: bool) -> None:
    """Place the docks: tools on the left; minimap and the tabbed panels (`tabs`, the first
    one raised) in the right column, or below the tools when `compact`; problems under the
    map with room for `problems_height` pixels."""
    left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
    window.setCorner(Qt.Corner.BottomLeftCorner, left)
    window.setCorner(Qt.Corner.BottomRightCorner, right)
    side = left if compact else right
    window.addDockWidget(left, tools)
    window.addDockWidget(side, minimap)
    for dock in tabs:
        window.addDockWidget(side, dock)
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, problems)
    if compact:
        window.splitDockWidget(tools, tabs[0], Qt.Orientation.Vertical)
        window.tabifyDockWidget(tabs[0], minimap)
    else:
        window.splitDockWidget(minimap, tabs[0], Qt.Orientation.Vertical)
    for dock in tabs[1:]:
        window.tabifyDockWidget(tabs[0], dock)
    tabs[0].raise_()

    def size_docks() -> None:
        window.resizeDocks([tools], [TOOLS_WIDTH], Qt.Orientation.Horizontal)
        if not compact:
            window.resizeDocks([minimap], [SIDE_WIDTH], Qt.Orientation.Horizontal)
        window.resizeDocks([problems], [problems_height], Qt.Orientation.Vertical)

    size_docks()
    # Sizes given before the window is shown are scaled with it; give them again once shown.
    QTimer.singleShot(0, size_docks)
