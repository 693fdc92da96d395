"""The one version number of Trench Club Studio, read from the installed distribution.

`engine.version.__version__` is looked up on first use (PEP 562), so importing this module
costs nothing until a version is shown or written.
"""

from __future__ import annotations

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
    # lazy: importlib.metadata loads the email parser (~10-25 ms), which every CLI start
    # would pay; only a shown or written version needs it.
    import importlib.metadata

    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return _from_pyproject() or UNKNOWN


def __getattr__(name: str) -> str:
    if name == "__version__":
        value = package_version()
        globals()["__version__"] = value  # looked up once per process
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
