"""docs/content.md tells designers to regenerate the default map with
tools/make_default_map.py; doing so must give back the committed file, not an older one."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_default_map", ROOT / "tools" / "make_default_map.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while defined
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def test_regenerating_the_default_map_gives_the_committed_file():
    tool = _generator()
    committed = (ROOT / "content" / "maps" / "default.map.yaml").read_text(encoding="utf-8")
    assert tool.render_yaml(tool.build()) == committed
