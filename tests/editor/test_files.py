"""The window asks before losing changes; `tcstudio edit` fails clearly (recovery and kills:
test_recovery.py, test_kills.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from editor.app import display_available, missing_x11_packages
from editor.files import OpenError, open_map
from engine.hexes import Hex
from engine.paths import CONTENT_DIR
from tests.editor.conftest import ROOT

pytestmark = pytest.mark.qt


def test_unsaved_prompt_cancel_keeps_window_open(make_window):
    w = make_window()
    w.document.paint_terrain([Hex(1, 1)], "forest")
    w.ask_unsaved = lambda: "cancel"
    assert not w.close()
    assert w.isVisible()
    w.ask_unsaved = lambda: "discard"


def _run_cli(args, env):
    return subprocess.run([sys.executable, "-m", "tcstudio", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_edit_without_display_exits_2_with_hint():
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    result = _run_cli(["edit"], env)
    assert result.returncode == 2
    assert "QT_QPA_PLATFORM=offscreen" in result.stderr and "xvfb-run" in result.stderr
    assert "Traceback" not in result.stderr


def test_edit_missing_file_exits_2():
    result = _run_cli(["edit", "nope.map.yaml"], {**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 2
    assert "nope.map.yaml: no such file" in result.stderr


def test_display_detection():
    assert not display_available({})
    assert display_available({"QT_QPA_PLATFORM": "offscreen"})
    assert display_available({"DISPLAY": ":0"})


def test_screenshot_of_unparsable_file_exits_1_with_location(tmp_path):
    bad = tmp_path / "bad.map.yaml"
    bad.write_text("$schema: https://trenchclub.studio/schema/map.schema.json\nwidth: [1,\n")
    result = _run_cli(["edit", str(bad), "--screenshot", str(tmp_path / "x.png")],
                      {**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 1
    assert f"{bad}:3:1" in result.stderr and "Traceback" not in result.stderr


def test_missing_x11_libraries_are_named_with_their_packages():
    x11 = {"DISPLAY": ":0"}
    assert missing_x11_packages(x11, lambda lib: None if lib == "xcb-cursor" else lib) == [
        "libxcb-cursor0"
    ]
    assert missing_x11_packages(x11, lambda lib: lib) == []
    # Offscreen, Wayland or no display at all never need the X11 libraries.
    assert missing_x11_packages({**x11, "QT_QPA_PLATFORM": "offscreen"}, lambda lib: None) == []
    assert missing_x11_packages({**x11, "WAYLAND_DISPLAY": "w"}, lambda lib: None) == []
    assert missing_x11_packages({}, lambda lib: None) == []


def test_a_file_of_another_kind_is_named_with_its_article(tmp_path):
    area_map = CONTENT_DIR / "weltkrieg" / "europe.area-map.yaml"
    with pytest.raises(OpenError, match="this is an area map file, not a map"):
        open_map(area_map)


def test_opening_a_map_parses_it_once(monkeypatch):
    """A 1M-hex YAML map takes about half a second to parse: opening it must not parse it a
    second time (once to see its kind, again to load it); its scenario's map is read once too."""
    from engine.content import documents

    parsed: list[str] = []
    real = documents.document_from_text

    def counting(text, fmt, file=None):
        parsed.append(str(file))
        return real(text, fmt, file)

    monkeypatch.setattr(documents, "document_from_text", counting)
    opened = open_map(CONTENT_DIR / "maps" / "default.map.yaml")
    assert opened.map.width > 0 and len(parsed) == 1
    parsed.clear()
    open_map(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")
    assert [p.rsplit("/", 1)[-1] for p in parsed] == ["default-2p.scenario.yaml",
                                                    "default.map.yaml"]


def test_screenshot_of_a_map_checked_in_the_worker_process_exits_without_a_traceback(tmp_path):
    """A map big enough for the validation worker process: the screenshot is taken and the
    editor quits while that process may still be starting; quitting waits for it, else it
    found the parent's semaphores gone and printed a traceback."""
    from tests.bigmaps import write_big_map

    big = write_big_map(tmp_path / "big.map.yaml", 500, 420)  # over PROCESS_MIN_HEXES
    shot = tmp_path / "x.png"
    result = _run_cli(["edit", str(big), "--screenshot", str(shot)],
                      {**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0 and shot.stat().st_size > 0
    assert "Traceback" not in result.stderr and "Error" not in result.stderr
