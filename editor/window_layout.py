"""Where the main window's docks go by default: side panels around the map, the Problems
panel under the map only (not under the side columns).

On a screen narrower than WIDE_SCREEN (a 1280×720 laptop) the side panels share the left
column in two tab groups (tools, stamps, history; properties, minimap, layers), so the map
keeps at least half of the window and no tab title is cut short; on a wide screen the properties,
layers, stamps, history and minimap get a right column of their own. A layout the user arranged
(saved window state) replaces this one."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QScrollArea, QTabBar, QWidget

WIDE_SCREEN = 1600  # px of available screen width from which a right column fits
TOOLS_WIDTH = 250
SIDE_WIDTH = 280
TAB_SLACK = 6  # px: the dock frame around a tab bar
COMPACT_TOOLS_HEIGHT = 430  # px of the compact column's upper group (tools, stamps, history)
COMPACT_TABS_HEIGHT = 200  # px of its lower group (properties, minimap, layers)


def scrolled(widget: QWidget) -> QScrollArea:
    """`widget` in a frameless vertical scroll area, so a tall panel never forces a tall
    window (the tools panel on a 720-pixel screen)."""
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return area


def tabs_width(window: QMainWindow, docks: list[QDockWidget]) -> int:
    """Width (px) a tab bar needs to show the titles of `docks` unabridged, in the window's
    style and font."""
    bar = QTabBar()  # never shown: only measures
    bar.setStyle(window.style())
    bar.setFont(window.font())
    for dock in docks:
        bar.addTab(dock.windowTitle())
    width = sum(bar.tabSizeHint(i).width() for i in range(bar.count()))
    bar.setParent(None)
    return width + TAB_SLACK


def is_compact(window: QMainWindow) -> bool:
    """Whether the window's screen is too narrow for two side columns."""
    screen = window.screen()
    return screen is None or screen.availableGeometry().width() < WIDE_SCREEN


def arrange_docks(window: QMainWindow, tools: QDockWidget, minimap: QDockWidget,
                  tabs: list[QDockWidget], problems: QDockWidget, problems_height: int,
                  compact: bool, bottom: list[QDockWidget] | None = None) -> None:
    """Place the docks: tools on the left; minimap and the tabbed panels (`tabs`, the first
    one raised) in the right column, or below the tools when `compact`; problems under the
    map with room for `problems_height` pixels. When `compact`, the docks of `bottom` (lists:
    stamps, history) are tabs beside Tools, so neither tab bar is wider than the column and
    the column is no taller than two groups."""
    left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
    window.setCorner(Qt.Corner.BottomLeftCorner, left)
    window.setCorner(Qt.Corner.BottomRightCorner, right)
    side = left if compact else right
    second = [d for d in bottom or [] if compact]
    column = [d for d in tabs if d not in second]
    window.addDockWidget(left, tools)
    window.addDockWidget(side, minimap)
    for dock in [*column, *second]:
        window.addDockWidget(side, dock)
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, problems)
    if compact:
        window.splitDockWidget(tools, column[0], Qt.Orientation.Vertical)
        window.tabifyDockWidget(column[0], minimap)
        for dock in second:
            window.tabifyDockWidget(tools, dock)
        tools.raise_()
    else:
        window.splitDockWidget(minimap, column[0], Qt.Orientation.Vertical)
    for dock in column[1:]:
        window.tabifyDockWidget(column[0], dock)
    column[0].raise_()
    # A column is at least as wide as its tab bar: a 1600×900 laptop squeezed five tab
    # titles of the compact column into 250 px ("Prope…", "Mini…", "La…").
    if compact:
        left_width = max(TOOLS_WIDTH, tabs_width(window, [*column, minimap]),
                         tabs_width(window, [tools, *second]))
        right_width = 0
    else:
        left_width = TOOLS_WIDTH
        right_width = max(SIDE_WIDTH, tabs_width(window, column))

    def size_docks() -> None:
        window.resizeDocks([tools], [left_width], Qt.Orientation.Horizontal)
        if not compact:
            window.resizeDocks([minimap], [right_width], Qt.Orientation.Horizontal)
        window.resizeDocks([problems], [problems_height], Qt.Orientation.Vertical)
        if compact:
            # The tools (palette, brush, options) need the height; the properties little.
            window.resizeDocks([tools, column[0]], [COMPACT_TOOLS_HEIGHT, COMPACT_TABS_HEIGHT],
                               Qt.Orientation.Vertical)

    size_docks()
    # Sizes given before the window is shown are scaled with it; give them again once shown.
    QTimer.singleShot(0, size_docks)
