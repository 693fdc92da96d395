"""`tcstudio` starts light: building the parser loads neither Qt, nor the exporters' renderers,
nor the rules engine, nor importlib.metadata; `--version` still gives the engine's version."""

from __future__ import annotations

import subprocess
import sys

from engine import version
from tests.layers import ROOT

HEAVY = ("PySide6", "PIL", "fpdf", "exporters.pack", "engine.rules.game", "importlib.metadata")


def test_building_the_parser_loads_nothing_heavy():
    code = ("import sys\nfrom tcstudio.cli import build_parser\nbuild_parser()\n"
            f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_version_option_prints_the_engine_version():
    result = subprocess.run([sys.executable, "-m", "tcstudio", "--version"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"tcstudio {version.package_version()}\n"
