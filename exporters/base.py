"""The exporter interface, the registry of exporters by name, and atomic file writing.

Every exporter turns a source (a `GameMap`, or a content file path for the pack) into one file
and writes it through `atomic_write`, so a crash or a full disk never leaves half a file.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable


class ExportError(Exception):
    """An export could not be done; the message says why and what to do."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message} (hint: {self.hint})" if self.hint else self.message


@dataclass
class ExportOptions:
    """Options shared by the exporters; each exporter reads the ones it needs."""

    dpi: float = 150.0
    paper: str = "A4"  # A4 | A3 (PDF)
    hex_mm: float = 30.0  # hex width across flats on paper (SVG, PNG, PDF)
    max_pixels: int = 200_000_000  # PNG: refuse boards larger than this
    extra: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Exporter(Protocol):
    """One output format: a name, a file extension and the export itself."""

    name: str
    extension: str  # with the dot: ".svg"
    description: str

    def export(self, source: Any, out_path: Path, options: ExportOptions) -> Path:
        """Write `source` to `out_path` (atomically) and return the path written."""
        ...


_REGISTRY: dict[str, Exporter] = {}


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# mkstemp creates 0600 files; written files get the usual permissions of new files instead.
_FILE_MODE = (stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH
              | stat.S_IWOTH) & ~_umask()


def register(exporter: Exporter) -> Exporter:
    """Add an exporter to the registry under its name (a later one of the same name wins)."""
    _REGISTRY[exporter.name] = exporter
    return exporter


def get(name: str) -> Exporter:
    """The exporter of that name; raises ExportError listing the known names."""
    _load_builtin()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ExportError(
            f"unknown export format {name!r}", hint=f"use one of: {', '.join(names())}"
        ) from None


def names() -> list[str]:
    """Names of every registered exporter, sorted."""
    _load_builtin()
    return sorted(_REGISTRY)


def _load_builtin() -> None:
    # lazy: importing the modules registers them; deferred so `base` stays import-light
    # (fpdf alone takes ~0.4 s) and so the exporters, which import `base`, form no circle.
    from exporters import conformance, pack, pdf, png, svg, tiled  # noqa: F401


def atomic_write(path: Path, write: Callable[[Any], None], mode: str = "wb") -> Path:
    """Write a file atomically: `write(fh)` fills a temp file in the target's directory,
    which is flushed, fsynced and renamed over `path`. Nothing is left behind on error."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, mode) as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _FILE_MODE)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def atomic_write_bytes(path: Path, data: bytes) -> Path:
    """Write bytes to `path` atomically."""
    return atomic_write(path, lambda fh: fh.write(data))


def atomic_write_text(path: Path, text: str) -> Path:
    """Write UTF-8 text (LF line ends) to `path` atomically."""
    return atomic_write_bytes(path, text.encode("utf-8"))
