"""packs sits between the engine and the exporters: it imports neither exporters, the CLI
nor the editor (nor Qt)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKS = Path(__file__).resolve().parents[2] / "packs"
FORBIDDEN = {"exporters", "tcstudio", "editor", "PySide6", "shiboken6"}


def test_packs_imports_only_the_engine_and_libraries():
    offenders = []
    for path in sorted(PACKS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module] if isinstance(node, ast.ImportFrom) and node.module
                     else [])
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []
    assert len(list(PACKS.rglob("*.py"))) >= 6
