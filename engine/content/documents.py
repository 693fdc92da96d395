"""Reading content files: size limit, UTF-8, YAML/JSON parsing, kind detection, migrations."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.content.jsonio import parse_json
from engine.content.migrations import CURRENT_VERSION, MigrationError, migrate
from engine.content.positions import Positions
from engine.content.problems import ContentError, error
from engine.content.yamlio import parse_yaml
from engine.i18n import _

MAX_FILE_BYTES = 16 * 1024 * 1024
SCHEMA_BASE = "https://trenchclub.studio/schema/"
KIND_OF_SCHEMA: dict[str, str] = {
    f"{SCHEMA_BASE}{kind}.schema.json": kind for kind in CURRENT_VERSION
}
SCHEMA_OF_KIND: dict[str, str] = {kind: url for url, kind in KIND_OF_SCHEMA.items()}


@dataclass
class Document:
    """A parsed content file: its data, kind, source format and value positions."""

    data: dict[str, Any]
    kind: str
    path: Path | None = None
    fmt: str = "yaml"  # "yaml" | "json"
    positions: Positions = field(default_factory=Positions)
    migrated_from: list[int] = field(default_factory=list)

    @property
    def file(self) -> str | None:
        """The path as text, for problem locations."""
        return str(self.path) if self.path is not None else None

    def locate(self, pointer: str, prefer_key: bool = False) -> tuple[int, int] | None:
        """1-based (line, col) of a pointer (or its nearest located ancestor)."""
        return self.positions.locate(pointer, prefer_key)


def format_of(path: Path, text: str = "") -> str:
    """"json" or "yaml", from the extension, else from the first character."""
    suffix = path.suffix.lower()
    if suffix == ".json":
        return "json"
    if suffix in (".yaml", ".yml"):
        return "yaml"
    return "json" if text.lstrip()[:1] in ("{", "[") else "yaml"


def file_head(path: Path, size: int = 4096) -> bytes:
    """The first `size` bytes of a regular file, to tell its kind; b"" for anything else (a
    FIFO or a device would block or never end) or a file that cannot be read."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return b""
        with open(path, "rb") as fh:
            return fh.read(size)
    except (OSError, ValueError):
        return b""


def read_text(path: Path) -> str:
    """The file's text, refusing files over the size limit and bytes that are not UTF-8."""
    file = str(path)
    try:
        info = os.stat(path)
    except OSError as exc:
        raise ContentError([error(
            "file.unreadable", _("cannot read the file: {value}", value=exc.strerror or exc),
            _("check that the path exists and is readable"), file=file,
        )]) from None
    if not stat.S_ISREG(info.st_mode):
        # Pipes and devices could block or never end; content is always a regular file.
        raise ContentError([error(
            "file.unreadable", _("not a regular file"), _("give the path of a content file"),
            file=file,
        )])
    size = info.st_size
    if size > MAX_FILE_BYTES:
        raise ContentError([error(
            "file.too_large",
            _("file is {size:.1f} MiB; the limit is {max_file_bytes} MiB", size=size / 1048576,
              max_file_bytes=MAX_FILE_BYTES // 1048576),
            _("content files are small; is this the right file?"), file=file,
        )])
    try:
        with open(path, "rb") as fh:
            # Read by size (a file may grow after stat) without allocating the limit up front.
            raw = fh.read(size + 1)
            while len(raw) <= MAX_FILE_BYTES:
                more = fh.read(1 << 20)
                if not more:
                    break
                raw += more
    except OSError as exc:
        raise ContentError([error(
            "file.unreadable", _("cannot read the file: {value}", value=exc.strerror or exc),
            _("check that the path is a readable file"), file=file,
        )]) from None
    if len(raw) > MAX_FILE_BYTES:  # grew since stat
        raise ContentError([error(
            "file.too_large",
            _("file is larger than {max_file_bytes} MiB", max_file_bytes=MAX_FILE_BYTES // 1048576),
            _("content files are small; is this the right file?"), file=file,
        )])
    return decode_utf8(raw, file)


def decode_utf8(raw: bytes, file: str | None = None) -> str:
    """Decode UTF-8 (an initial BOM is dropped); bad bytes raise a located ContentError."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", errors="replace")) + 1
        raise ContentError([error(
            "file.not_utf8", _("byte 0x{raw:02x} is not valid UTF-8", raw=raw[exc.start]),
            _("save the file as UTF-8"), file=file, line=line, col=col,
        )]) from None
    return text[1:] if text.startswith("\ufeff") else text


def parse_text(text: str, fmt: str, file: str | None = None) -> tuple[Any, Positions]:
    """Parse YAML or JSON text strictly into data and positions."""
    if fmt == "json":
        return parse_json(text, file)
    return parse_yaml(text, file)


def document_from_text(text: str, fmt: str, path: Path | None = None) -> Document:
    """Parse text into a Document: kind from `$schema`, older versions migrated."""
    file = str(path) if path is not None else None
    data, positions = parse_text(text, fmt, file)
    if not isinstance(data, dict):
        line, col = positions.locate("") or (1, 1)
        raise ContentError([error(
            "document.not_mapping", _("the file must hold a mapping (key: value pairs)"),
            _("start the file with '$schema:' and 'schema_version:'"), file=file, line=line,
            col=col, pointer="",
        )])
    schema_url = data.get("$schema")
    if schema_url is None:
        raise ContentError([error(
            "document.no_schema", _("the file does not say which format it is ('$schema' missing)"),
            _("add e.g. '$schema: {map}'", map=SCHEMA_OF_KIND['map']), file=file, line=1, col=1,
            pointer="",
        )])
    kind = KIND_OF_SCHEMA.get(schema_url) if isinstance(schema_url, str) else None
    if kind is None:
        line, col = positions.locate("/$schema") or (1, 1)
        raise ContentError([error(
            "document.unknown_schema",
            _("unknown format {schema_url!r}", schema_url=str(schema_url)[:200]),
            _("use one of: {kind_of_schema}", kind_of_schema=", ".join(sorted(KIND_OF_SCHEMA))),
            file=file, line=line, col=col,
            pointer="/$schema",
        )])
    try:
        data, applied = migrate(kind, data)
    except MigrationError as exc:
        line, col = positions.locate("/schema_version") or (1, 1)
        raise ContentError([error(
            "document.version", str(exc), _("update Trench Club Studio, or fix schema_version"),
            file=file, line=line, col=col, pointer="/schema_version",
        )]) from None
    return Document(data, kind, path, fmt, positions, applied)


def load_document(path: str | os.PathLike[str]) -> Document:
    """Read and strictly parse a content file; raise ContentError with located problems."""
    p = Path(path)
    text = read_text(p)
    return document_from_text(text, format_of(p, text), p)
