"""The engine and the exporters must never import Qt (STYLE digest 1), and the packages keep
their layers: engine <- {packs, exporters} <- {tcstudio, editor} (tests/layers.py)."""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import layers

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


PIPELINE_STAGES = ("engine.content.schemas", "engine.content.semantic_map",
                   "engine.content.semantic_rules", "engine.content.semantic_scenario",
                   "engine.content.loaders", "engine.content.documents",
                   "engine.content.jsonio", "engine.content.yamlio")


def test_packages_keep_their_layers():
    assert layers.layer_violations() == []


def test_no_import_circle_between_packages():
    assert layers.cross_package_cycles() == []


def test_editor_files_pack_open_window_files_form_no_circle():
    graph = layers.import_graph()
    circles = layers.strongly_connected(graph)
    assert not [c for c in circles if "editor.files" in c]
    assert "editor.pack_open" in graph["editor.files"]


def test_imports_inside_functions_say_why():
    assert layers.hidden_imports() == []


def test_only_engine_content_runs_the_loading_pipeline_stages():
    offenders = [f"{imp.where(layers.ROOT)}: {imp.source} imports {imp.target}"
                 for imp in layers.collect_imports()
                 if imp.target in PIPELINE_STAGES
                 and not imp.source.startswith("engine.content")]
    assert offenders == []


def test_strongly_connected_finds_circles_and_ignores_chains():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}, "f": set()}
    assert layers.strongly_connected(graph) == [["a", "b", "c"]]


# --- the contract check must fail on a forbidden import ------------------------------------

def _copy_tree(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    for package in layers.LAYERS:
        source = layers.ROOT / package
        if source.is_dir():
            shutil.copytree(source, root / package,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return root


def _append(path: Path, text: str) -> int:
    """Append lines to a module; returns the line number of the first one."""
    before = path.read_text(encoding="utf-8")
    path.write_text(before.rstrip("\n") + "\n" + text, encoding="utf-8")
    return before.rstrip("\n").count("\n") + 2


def test_copy_of_the_project_passes_the_contract(tmp_path):
    root = _copy_tree(tmp_path)
    assert layers.layer_violations(root) == []
    assert layers.cross_package_cycles(root) == []


@pytest.mark.parametrize(("module", "statement", "needle"), [
    ("exporters/svg.py", "from tcstudio import __version__\n",
     "exporters.svg imports tcstudio (exporters may import engine, packs)"),
    ("exporters/pack.py", "from editor.files import open_map\n",
     "exporters.pack imports editor.files"),
    ("engine/model.py", "import exporters.base\n", "engine.model imports exporters.base"),
    ("engine/content/problems.py", "from engine.rules import dice\n",
     "engine.content.problems imports engine.rules.dice (engine.content may import the base "
     "and only the base)"),
    ("engine/hexes.py", "from engine.content import load_map\n",
     "engine.hexes imports engine.content (the engine's base imports none of"),
    ("engine/rules/dice.py", "from engine.ai import random_bot\n",
     "engine.rules.dice imports engine.ai.random_bot (engine.rules may import the base and "
     "engine.content)"),
    ("editor/grid.py", "from tcstudio.cli_support import print_problems\n",
     "editor.grid imports tcstudio.cli_support"),
])
def test_a_forbidden_import_fails_the_contract(tmp_path, module, statement, needle):
    root = _copy_tree(tmp_path)
    line = _append(root / module, statement)
    found = layers.layer_violations(root)
    assert len(found) == 1, found
    assert found[0].startswith(f"{module}:{line}: {needle}")


def test_a_forbidden_import_under_type_checking_fails_too(tmp_path):
    root = _copy_tree(tmp_path)
    _append(root / "exporters" / "svg.py",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from editor.document import MapDocument\n")
    assert [v.split(": ")[1] for v in layers.layer_violations(root)] == [
        "exporters.svg imports editor.document (exporters may import engine, packs)"]


def test_packs_is_a_layer_beside_exporters(tmp_path):
    root = _copy_tree(tmp_path)
    packs = root / "packs"
    if not packs.is_dir():
        packs.mkdir()
        (packs / "__init__.py").write_text('"""Packs."""\n', encoding="utf-8")
    (packs / "probe.py").write_text("from engine.model import GameMap\n", encoding="utf-8")
    assert layers.layer_violations(root) == []
    _append(packs / "probe.py", "from exporters import base\n")
    assert [v.split(": ")[1] for v in layers.layer_violations(root)] == [
        "packs.probe imports exporters.base (packs may import engine)"]


def test_a_circle_across_packages_fails_the_contract(tmp_path):
    root = _copy_tree(tmp_path)
    # editor.files -> editor.pack_open already; the way back closes a circle across a
    # sub-package boundary only when it goes through another package, so use two packages.
    _append(root / "editor" / "canvas" / "style.py", "import editor.grid\n")
    _append(root / "editor" / "grid.py", "import editor.canvas.style\n")
    circles = layers.cross_package_cycles(root)
    assert ["editor.canvas.style", "editor.grid"] in circles


def test_a_hidden_import_is_reported_and_a_lazy_one_is_not(tmp_path):
    root = _copy_tree(tmp_path)
    line = _append(root / "exporters" / "svg.py",
                   "def _probe():\n    from engine.model import GameMap\n    return GameMap\n")
    hidden = layers.hidden_imports(root)
    assert f"exporters/svg.py:{line + 1}: exporters.svg imports engine.model inside a function" \
        in hidden
    _append(root / "exporters" / "svg.py",
            "def _probe2():\n    # lazy: a reason\n    import fpdf\n    return fpdf\n")
    assert not [h for h in layers.hidden_imports(root) if "imports fpdf" in h]
