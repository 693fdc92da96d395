"""The engine and the exporters must never import Qt (STYLE digest 1)."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QT_FREE_PACKAGES = ["engine", "exporters", "packs"]


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_qt_or_editor_imports_in_core_sources():
    offenders = []
    for package in QT_FREE_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for name in _imported_modules(path):
                top = name.split(".")[0]
                if top in {"PySide6", "PyQt5", "PyQt6", "shiboken6", "editor", "pytestqt"}:
                    offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_importing_every_core_module_loads_no_qt():
    modules = []
    for package in QT_FREE_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules.append(".".join(parts))
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6'))\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_without_qt_runner_fails_a_test_that_imports_qt(tmp_path):
    probe = tmp_path / "test_probe.py"
    probe.write_text("def test_probe():\n    import PySide6  # noqa: F401\n", encoding="utf-8")
    runner = ROOT / "tests" / "without_qt.py"
    result = subprocess.run(
        [sys.executable, str(runner), str(probe)], cwd=tmp_path, capture_output=True, text=True
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "1 failed" in result.stdout
