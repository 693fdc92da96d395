"""Light or dark palette following the system colour scheme."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication


def _dark_palette() -> QPalette:
    p = QPalette()
    base, window, text = QColor(37, 37, 40), QColor(48, 48, 52), QColor(225, 225, 225)
    for role, color in (
        (QPalette.ColorRole.Window, window),
        (QPalette.ColorRole.WindowText, text),
        (QPalette.ColorRole.Base, base),
        (QPalette.ColorRole.AlternateBase, window),
        (QPalette.ColorRole.ToolTipBase, window),
        (QPalette.ColorRole.ToolTipText, text),
        (QPalette.ColorRole.Text, text),
        (QPalette.ColorRole.Button, window),
        (QPalette.ColorRole.ButtonText, text),
        (QPalette.ColorRole.Highlight, QColor(70, 120, 190)),
        (QPalette.ColorRole.HighlightedText, QColor(255, 255, 255)),
        (QPalette.ColorRole.Link, QColor(110, 160, 230)),
    ):
        p.setColor(role, color)
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, QColor(120, 120, 120))
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText, QColor(120, 120, 120))
    return p


def apply_palette(app: QApplication, dark: bool) -> None:
    """Fusion with the light or the dark palette."""
    app.setStyle("Fusion")
    app.setPalette(_dark_palette() if dark else app.style().standardPalette())


def apply_system_palette(app: QApplication) -> None:
    """Use Fusion with a palette matching the system scheme, and follow later changes."""
    app.setStyle("Fusion")

    def update(*_args: object) -> None:
        scheme = QGuiApplication.styleHints().colorScheme()
        apply_palette(app, scheme == Qt.ColorScheme.Dark)

    update()
    QGuiApplication.styleHints().colorSchemeChanged.connect(update)
