"""The one version number of Trench Club Studio, read from the installed distribution."""

from __future__ import annotations

import importlib.metadata
import re

from engine.paths import PROJECT_ROOT

DISTRIBUTION = "trenchclub-studio"
UNKNOWN = "0+unknown"
_VERSION_LINE = re.compile(r'^version\s*=\s*"([^"]+)"', re.MULTILINE)


def _from_pyproject() -> str | None:
    """The version in a source checkout's pyproject.toml (run without installing)."""
    try:
        text = (PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return None
    found = _VERSION_LINE.search(text)
    return found.group(1) if found else None


def package_version() -> str:
    """The version of trenchclub-studio: the installed metadata, else the source checkout's
    pyproject.toml, else "0+unknown"."""
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return _from_pyproject() or UNKNOWN


__version__ = package_version()
