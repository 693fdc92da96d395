"""The zip layer of map packs: a deterministic writer and a bounded, defensive reader.

Writing: entries sorted by name, every time stamp 1980-01-01 00:00, fixed permissions and
creator system, deflate level 9, so the same files always give the same bytes.

Reading refuses, before anything is written anywhere: absolute paths, drive letters,
backslashes, `..` or empty path parts, duplicate names, symbolic links and directories, more
than `Limits.max_entries` entries, an entry or a total above the size limits, and entries whose
compression ratio exceeds `Limits.max_ratio` (zip bombs). Sizes are counted while
decompressing, so a lying header cannot get past them.
"""

from __future__ import annotations

import io
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

ZIP_DATE = (1980, 1, 1, 0, 0, 0)
_CHUNK = 1 << 16


class PackError(Exception):
    """A pack could not be read or is unsafe; `message` says what, `hint` what to do."""

    def __init__(self, message: str, hint: str = "", entry: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.entry = entry

    def __str__(self) -> str:
        where = f"{self.entry}: " if self.entry else ""
        return f"{where}{self.message}" + (f" (hint: {self.hint})" if self.hint else "")


@dataclass(frozen=True)
class Limits:
    """Bounds for reading a pack (documented in docs/pack-format.md)."""

    max_entries: int = 100
    max_entry_bytes: int = 64 * 1024 * 1024
    max_total_bytes: int = 256 * 1024 * 1024
    max_ratio: float = 200.0  # uncompressed / compressed, checked for entries above 1 MiB
    ratio_floor_bytes: int = 1024 * 1024


DEFAULT_LIMITS = Limits()

def write_zip(entries: dict[str, bytes]) -> bytes:
    """A zip of `entries` (name -> bytes) that is byte-identical for identical input."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = (stat.S_IFREG | 0o644) << 16
            zf.writestr(info, entries[name], compress_type=zipfile.ZIP_DEFLATED,
                        compresslevel=9)
    return buf.getvalue()


def check_entry_name(name: str) -> None:
    """Refuse a zip entry name that could escape the target directory."""
    if not name or name.startswith(("/", "\\")) or "\\" in name:
        raise PackError("absolute path or backslash in the pack", entry=name,
                        hint="pack entries must be relative '/'-separated paths")
    if len(name) > 1 and name[1] == ":":
        raise PackError("drive letter in the pack", entry=name,
                        hint="pack entries must be relative paths")
    parts = PurePosixPath(name).parts
    if name.endswith("/") or any(p in ("", ".", "..") for p in name.split("/")) or not parts:
        raise PackError("path with '..', '.' or an empty part, or a directory", entry=name,
                        hint="pack entries must be plain relative file paths")


def read_zip(source: Path | bytes, limits: Limits = DEFAULT_LIMITS) -> dict[str, bytes]:
    """Read every entry of a zip within `limits`; raises PackError on anything unsafe."""
    try:
        zf = zipfile.ZipFile(io.BytesIO(source) if isinstance(source, bytes) else source)
    except (zipfile.BadZipFile, zipfile.LargeZipFile) as err:
        raise PackError(f"not a readable zip file: {err}",
                        hint="a .tcpack is a zip archive written by 'tcstudio build'") from None
    except OSError as err:
        raise PackError(f"cannot open the pack: {err.strerror or err}") from None
    with zf:
        infos = zf.infolist()
        if len(infos) > limits.max_entries:
            raise PackError(f"{len(infos)} entries, more than the limit of {limits.max_entries}",
                            hint="a pack holds a handful of files; this looks like an attack")
        seen: set[str] = set()
        declared = 0
        for info in infos:
            check_entry_name(info.filename)
            if info.filename in seen:
                raise PackError("duplicate entry", entry=info.filename)
            seen.add(info.filename)
            mode = info.external_attr >> 16
            if info.create_system == 3 and mode and stat.S_ISLNK(mode):
                raise PackError("symbolic link in the pack", entry=info.filename)
            if info.flag_bits & 0x1:
                raise PackError("encrypted entry", entry=info.filename)
            _check_sizes(info.filename, info.file_size, info.compress_size, limits)
            declared += info.file_size
            if declared > limits.max_total_bytes:
                raise PackError(f"uncompressed total above {limits.max_total_bytes:,} bytes",
                                hint="zip bomb or not a map pack")
        out: dict[str, bytes] = {}
        total = 0
        for info in infos:
            data = bytearray()
            try:
                with zf.open(info) as fh:
                    while chunk := fh.read(_CHUNK):
                        data += chunk
                        total += len(chunk)
                        if len(data) > min(info.file_size, limits.max_entry_bytes):
                            raise PackError("entry is larger than its header says",
                                            entry=info.filename, hint="the pack is corrupt")
                        if total > limits.max_total_bytes:
                            raise PackError("uncompressed total above the limit",
                                            entry=info.filename, hint="zip bomb")
            except (zipfile.BadZipFile, OSError, EOFError, ValueError) as err:
                raise PackError(f"corrupt entry: {err}", entry=info.filename,
                                hint="rebuild or download the pack again") from None
            except NotImplementedError as err:
                raise PackError(f"unsupported compression: {err}", entry=info.filename) from None
            out[info.filename] = bytes(data)
        return out


def _check_sizes(name: str, size: int, packed: int, limits: Limits) -> None:
    if size > limits.max_entry_bytes:
        raise PackError(f"entry of {size:,} bytes, above the limit of {limits.max_entry_bytes:,}",
                        entry=name, hint="zip bomb or not a map pack")
    if size > limits.ratio_floor_bytes and size / max(packed, 1) > limits.max_ratio:
        raise PackError(f"compression ratio {size / max(packed, 1):.0f}:1 above the limit of "
                        f"{limits.max_ratio:.0f}:1", entry=name, hint="zip bomb")
