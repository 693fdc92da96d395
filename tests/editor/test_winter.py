"""Finding 8 of issue 13: a winter map looks different on the canvas. The season is chosen in
Map Properties, the canvas and minimap redraw in the winter palette, undo
brings summer back."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication


def mean_lightness(image: QImage) -> float:
    values = [QColor(image.pixel(x, y)).lightnessF()
              for x in range(0, image.width(), 9) for y in range(0, image.height(), 9)]
    return sum(values) / len(values)


def canvas(w) -> QImage:
    QApplication.processEvents()
    return w.view.viewport().grab().toImage()


def test_winter_season_redraws_the_canvas_in_snow_and_undo_restores_summer(make_window, qtbot):
    w = make_window()
    w.view.zoom_to_fit()
    summer = mean_lightness(canvas(w))
    summer_minimap = mean_lightness(w.minimap.overview.image)
    w.document.change_properties(season="winter")  # what Map Properties' OK does
    assert w.document.map.season == "winter"
    winter = mean_lightness(canvas(w))
    assert winter > summer + 0.08, (summer, winter)
    assert mean_lightness(w.minimap.overview.image) > summer_minimap + 0.08
    QTest.keyClick(w.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert w.document.map.season == "summer"
    assert abs(mean_lightness(canvas(w)) - summer) < 0.02
