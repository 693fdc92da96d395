"""`tcstudio edit --screenshot` renders the real window with the default map offscreen."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from tests.editor.conftest import ROOT

pytestmark = pytest.mark.qt


def test_screenshot_of_default_map_is_full_size_and_not_blank(tmp_path, qapp):
    out = tmp_path / "editor.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-m", "tcstudio", "edit", "--screenshot", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1600, 900)
    # Sample a grid over the map area: a rendered map has many distinct colours, including
    # the greens of meadow and forest.
    colours = set()
    greenish = 0
    for x in range(350, 1300, 20):
        for y in range(80, 700, 20):
            c = image.pixelColor(x, y)
            colours.add((c.red() // 8, c.green() // 8, c.blue() // 8))
            greenish += c.green() > c.red() and c.green() > c.blue()
    assert len(colours) > 40
    assert greenish > 100
