"""The exporter interface, the registry of exporters by name, and atomic file writing.

Every exporter turns a source (a `GameMap`, or a content file path for the pack) into one file
and writes it through `atomic_write` (the engine's one atomic writer, engine.content.atomic), so
a crash or a full disk never leaves half a file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from engine.content import atomic as content_atomic
from engine.i18n import _, translate


class ExportError(Exception):
    """An export could not be done; the message says why and what to do."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        if not self.hint:
            return translate(self.message)
        return translate(_("{message} (hint: {hint})", message=self.message, hint=self.hint))


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
            _("unknown export format {name!r}", name=name), hint=
            _("use one of: {names}", names=', '.join(names()))
        ) from None


def names() -> list[str]:
    """Names of every registered exporter, sorted."""
    _load_builtin()
    return sorted(_REGISTRY)


def _load_builtin() -> None:
    # lazy: importing the modules registers them; deferred so `base` stays import-light
    # (fpdf alone takes ~0.4 s) and so the exporters, which import `base`, form no circle.
    from exporters import conformance, pack, pdf, png, svg, tiled  # noqa: F401


def atomic_write(path: Path, write: Callable[[Any], None]) -> Path:
    """Write a file atomically through the engine's one writer (engine.content.atomic):
    `write(fh)` fills a temp file beside `path`; missing parent folders are made."""
    return content_atomic.atomic_write(path, write, parents=True)


def atomic_write_bytes(path: Path, data: bytes) -> Path:
    """Write bytes to `path` atomically (missing parent folders are made)."""
    return content_atomic.atomic_write_bytes(path, data, parents=True)


def atomic_write_text(path: Path, text: str) -> Path:
    """Write UTF-8 text (LF line ends) to `path` atomically (missing parent folders are made)."""
    return content_atomic.atomic_write_text(path, text, parents=True)
