"""Compiled copies of the engine's hottest modules, used only while they match their sources.

`python -m tcstudio.accel_build` (run by `make`) compiles the modules in `ACCELERATED`
with Cython, unchanged Python in, C extension out, into `build/accel/` beside the project, and
writes `manifest.json` last: per module, the SHA-256 of the source it was compiled from
(with the C types of its `.pxd` beside it when it has one) and the size of the compiled file.
At import, `install` puts a finder first on `sys.meta_path` that loads a module's compiled
copy only when the manifest names it for this interpreter, its source file still has that
hash and the compiled file that size; any other case (no
build, an edited source, another Python, `TC_PURE_PYTHON=1`) imports the `.py` file as usual.
Both run the same code, so games and their results are identical either way
(tests/engine/test_accel.py compares them).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = "manifest.json"
# The modules a game spends its time in: move search, listings, actions, fights, the random
# players and the simulation loop.
ACCELERATED = (
    "engine.rules.movement", "engine.rules.playout", "engine.rules.state",
    "engine.rules.declare", "engine.rules.dice", "engine.rules.transport",
    "engine.rules.combat", "engine.rules.battle", "engine.rules.memo",
    "engine.rules.money", "engine.rules.unit", "engine.rules.abilities",
    "engine.rules.victory", "engine.rules.board", "engine.rules.game",
    "engine.rules.actions", "engine.rules.setup", "engine.rules.trenches",
    "engine.rules.losses", "engine.rules.dial", "engine.ai.random_bot", "engine.ai.simulate",
)
_MAX_MANIFEST_BYTES = 1 << 20


def accel_dir() -> Path:
    """Where the compiled modules are: `TC_ACCEL_DIR`, else `build/accel` in the project."""
    return Path(os.environ.get("TC_ACCEL_DIR") or ROOT / "build" / "accel")


def source_of(name: str) -> Path:
    """The source file of an accelerated module."""
    return ROOT.joinpath(*name.split(".")).with_suffix(".py")


def compiled_name(name: str) -> str:
    """The file name of a module's compiled copy for this interpreter."""
    return name + importlib.machinery.EXTENSION_SUFFIXES[0]


def sha256_of(path: Path) -> str:
    """SHA-256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def source_digest(name: str) -> str:
    """SHA-256 of what an accelerated module is compiled from: its source, and the C types
    of its `.pxd` beside it when it has one (which Cython reads with it)."""
    digest = hashlib.sha256(source_of(name).read_bytes())
    types = source_of(name).with_suffix(".pxd")
    if types.exists():
        digest.update(b"\0pxd\0" + types.read_bytes())
    return digest.hexdigest()


def read_manifest(directory: Path) -> dict[str, tuple[str, str, int]]:
    """Module name -> (compiled file name, SHA-256 of the source it was compiled from, size
    of the compiled file), for the manifest's modules built for this interpreter; empty
    without a usable manifest."""
    try:
        with open(directory / MANIFEST, "rb") as fh:
            data: Any = json.loads(fh.read(_MAX_MANIFEST_BYTES))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("cache_tag") != sys.implementation.cache_tag:
        return {}
    modules = data.get("modules")
    usable = {}
    for name, entry in (modules.items() if isinstance(modules, dict) else ()):
        if name in ACCELERATED and isinstance(entry, dict) \
                and entry.get("file") == compiled_name(name) \
                and isinstance(entry.get("source_sha256"), str) \
                and isinstance(entry.get("size"), int):
            usable[name] = (entry["file"], entry["source_sha256"], entry["size"])
    return usable


class CompiledFinder(MetaPathFinder):
    """Finds the compiled copy of a module that a manifest lists (see `read_manifest`) when
    the module's source still has the listed hash and the compiled file the listed size."""

    def __init__(self, directory: Path, modules: dict[str, tuple[str, str, int]]) -> None:
        self.directory = directory
        self.modules = modules

    def find_spec(self, fullname: str, path: Any = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        """The spec of the compiled copy of `fullname`, or None (the usual import)."""
        listed = self.modules.get(fullname)
        if listed is None:
            return None
        file, digest, size = listed
        location = self.directory / file
        try:
            if location.stat().st_size != size or source_digest(fullname) != digest:
                return None
        except OSError:
            return None
        loader = CompiledLoader(fullname, str(location), source_of(fullname))
        return importlib.util.spec_from_file_location(fullname, location, loader=loader)


class CompiledLoader(importlib.machinery.ExtensionFileLoader):
    """Loads a compiled copy; one that cannot be loaded (a damaged file of the listed size)
    gives way to its source, as any other mismatch does."""

    def __init__(self, fullname: str, path: str, source: Path) -> None:
        super().__init__(fullname, path)
        self.source = source
        self.fallback: importlib.machinery.SourceFileLoader | None = None

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        """The compiled module, or None (a plain module for the source) if it cannot load."""
        try:
            return super().create_module(spec)
        except ImportError:
            self.fallback = importlib.machinery.SourceFileLoader(self.name, str(self.source))
            spec.origin = str(self.source)
            return None

    def exec_module(self, module: ModuleType) -> None:
        """Run the compiled module's initialisation, or the source after a fallback."""
        if self.fallback is None:
            super().exec_module(module)
            return
        module.__file__ = str(self.source)
        self.fallback.exec_module(module)


def install() -> CompiledFinder | None:
    """Put the finder of the usable compiled modules first on `sys.meta_path` (once);
    None when there are none or `TC_PURE_PYTHON` is set."""
    for finder in sys.meta_path:
        if isinstance(finder, CompiledFinder):
            return finder
    if os.environ.get("TC_PURE_PYTHON"):
        return None
    directory = accel_dir()
    modules = read_manifest(directory)
    if not modules:
        return None
    finder = CompiledFinder(directory, modules)
    sys.meta_path.insert(0, finder)
    return finder


def compiled_modules() -> list[str]:
    """The accelerated modules imported so far that run compiled."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return sorted(name for name in ACCELERATED
                  if name in sys.modules
                  and str(getattr(sys.modules[name], "__file__", "")).endswith(suffix))
