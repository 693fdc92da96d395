"""`tcstudio edit --screenshot` on a Der Erste Weltkrieg file reports what it did, as the
map editor's screenshot does: the file written, or why it could not be."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.editor.conftest import ROOT

pytestmark = pytest.mark.qt

AREA_MAP = ROOT / "content" / "weltkrieg" / "europe.area-map.yaml"


def _screenshot(out: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "tcstudio", "edit", "--screenshot", str(out), str(AREA_MAP)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )


def test_area_screenshot_names_the_file_it_wrote(tmp_path):
    out = tmp_path / "area.png"
    result = _screenshot(out)
    assert result.returncode == 0, result.stderr
    assert out.is_file()
    assert f"wrote {out}" in result.stdout


def test_area_screenshot_that_cannot_be_written_says_why(tmp_path):
    out = tmp_path / "missing" / "area.png"
    result = _screenshot(out)
    assert result.returncode == 1
    assert f"cannot write {out}" in result.stderr
    assert "hint" in result.stderr
