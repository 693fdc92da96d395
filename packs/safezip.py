"""The zip layer of map packs: a deterministic writer and a bounded, defensive reader.

Writing: entries sorted by name, every time stamp 1980-01-01 00:00, fixed permissions and
creator system, deflate level 9, so the same files always give the same bytes.

Reading refuses, before anything is written anywhere: a file above `Limits.max_pack_bytes`,
more than `Limits.max_entries` entries (counted from the end record, before the central
directory is parsed), names that are not plain relative paths (packs.paths) or not valid
UTF-8 although flagged so, duplicate names, symbolic links and directories, encryption,
compression other than stored/deflate, an unsupported "version needed to extract", entries or
a total above the size limits, compression ratios above `Limits.max_ratio` (zip bombs) and
corrupt deflate streams. Sizes are counted while decompressing, so a lying header cannot get
past them.
"""

from __future__ import annotations

import io
import os
import stat
import struct
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from engine.i18n import _
from packs.errors import PackError
from packs.paths import UnsafePathError, check_relative_name

ZIP_DATE = (1980, 1, 1, 0, 0, 0)
_CHUNK = 1 << 16
_METHODS = {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED}
# Everything the standard library's zip reader may raise on a damaged archive.
_ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError,
               UnicodeDecodeError, ValueError, EOFError, struct.error, zlib.error, RuntimeError,
               OverflowError)


@dataclass(frozen=True)
class Limits:
    """Bounds for reading a pack (documented in docs/pack-format.md)."""

    max_entries: int = 100
    max_entry_bytes: int = 64 * 1024 * 1024
    max_total_bytes: int = 256 * 1024 * 1024
    max_ratio: float = 200.0  # uncompressed / compressed, checked for entries above 1 MiB
    ratio_floor_bytes: int = 1024 * 1024
    max_pack_bytes: int = 256 * 1024 * 1024  # the .tcpack file itself


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
    """Refuse a zip entry name that could escape the target directory (PackError)."""
    try:
        check_relative_name(name)
    except UnsafePathError as err:
        raise PackError(err.reason, entry=name or repr(name),
                        hint=_("pack entries must be short relative paths; {hint}",
                               hint=err.hint)) from None


def _open_source(source: Path | bytes, limits: Limits) -> BinaryIO:
    if isinstance(source, bytes):
        size = len(source)
        fh: BinaryIO = io.BytesIO(source)
    else:
        try:
            fh = open(source, "rb")  # noqa: SIM115 - closed by the caller
            size = os.fstat(fh.fileno()).st_size
        except OSError as err:
            raise PackError(_("cannot open the pack: {value}", value=err.strerror or err)) from None
    if size > limits.max_pack_bytes:
        fh.close()
        raise PackError(_("pack file of {size:,} bytes, above the limit of {max_pack_bytes:,}",
                          size=size, max_pack_bytes=limits.max_pack_bytes),
                          hint=_("not a map pack"))
    return fh


def _declared_entries(fh: BinaryIO) -> int | None:
    """Entry count from the end-of-central-directory record, before zipfile parses (and
    keeps in memory) the whole central directory."""
    try:
        end = zipfile._EndRecData(fh)  # type: ignore[attr-defined]
    except (OSError, struct.error, ValueError):
        return None
    finally:
        fh.seek(0)
    return int(end[zipfile._ECD_ENTRIES_TOTAL]) if end else None  # type: ignore[attr-defined]


def _open_zip(source: Path | bytes, limits: Limits) -> zipfile.ZipFile:
    fh = _open_source(source, limits)
    declared = _declared_entries(fh)
    if declared is not None and declared > limits.max_entries:
        fh.close()
        raise PackError(_("{declared} entries, more than the limit of {max_entries}",
                          declared=declared, max_entries=limits.max_entries),
                        hint=_("a pack holds a handful of files; this looks like an attack"))
    try:
        return zipfile.ZipFile(fh)
    except UnicodeDecodeError:
        fh.close()
        raise PackError(_("an entry name is flagged as UTF-8 but is not valid UTF-8"),
                        hint=_("the pack is damaged or was not written by 'tcstudio build'")
                        ) from None
    except NotImplementedError as err:
        fh.close()
        raise PackError(_("unsupported zip feature: {err}", err=err),
                        hint=_("a .tcpack is a plain zip archive (deflate)")) from None
    except _ZIP_ERRORS as err:
        fh.close()
        raise PackError(_("not a readable zip file: {err}", err=err),
                        hint=_("a .tcpack is a zip archive written by 'tcstudio build'")) from None


def _check_info(info: zipfile.ZipInfo, limits: Limits) -> None:
    check_entry_name(info.filename)
    mode = info.external_attr >> 16
    if info.create_system == 3 and mode and stat.S_ISLNK(mode):
        raise PackError(_("symbolic link in the pack"), entry=info.filename)
    if info.flag_bits & 0x1:
        raise PackError(_("encrypted entry"), entry=info.filename)
    if info.compress_type not in _METHODS:
        raise PackError(_("unsupported compression method {compress_type}",
                          compress_type=info.compress_type),
                        entry=info.filename, hint=_("pack entries are stored or deflated"))
    _check_sizes(info.filename, info.file_size, info.compress_size, limits)


def read_zip(source: Path | bytes, limits: Limits = DEFAULT_LIMITS) -> dict[str, bytes]:
    """Read every entry of a zip within `limits`; raises PackError on anything unsafe."""
    zf = _open_zip(source, limits)
    with zf:
        infos = zf.infolist()
        if len(infos) > limits.max_entries:
            raise PackError(_("{n_infos} entries, more than the limit of {max_entries}",
                              n_infos=len(infos), max_entries=limits.max_entries),
                            hint=_("a pack holds a handful of files; this looks like an attack"))
        seen: set[str] = set()
        declared = 0
        for info in infos:
            _check_info(info, limits)
            if info.filename in seen:
                raise PackError(_("duplicate entry"), entry=info.filename)
            seen.add(info.filename)
            declared += info.file_size
            if declared > limits.max_total_bytes:
                raise PackError(_("uncompressed total above {max_total_bytes:,} bytes",
                                  max_total_bytes=limits.max_total_bytes),
                                hint=_("zip bomb or not a map pack"))
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
                            raise PackError(_("entry is larger than its header says"),
                                            entry=info.filename, hint=_("the pack is corrupt"))
                        if total > limits.max_total_bytes:
                            raise PackError(_("uncompressed total above the limit"),
                                            entry=info.filename, hint=_("zip bomb"))
            except _ZIP_ERRORS as err:
                raise PackError(_("corrupt entry: {err}", err=err), entry=info.filename,
                                hint=_("rebuild or download the pack again")) from None
            except OSError as err:
                raise PackError(_("cannot read the entry: {err}", err=err),
                entry=info.filename) from None
            out[info.filename] = bytes(data)
        return out


def _check_sizes(name: str, size: int, packed: int, limits: Limits) -> None:
    if size > limits.max_entry_bytes:
        raise PackError(_("entry of {size:,} bytes, above the limit of {max_entry_bytes:,}",
                          size=size, max_entry_bytes=limits.max_entry_bytes),
                        entry=name, hint=_("zip bomb or not a map pack"))
    if size > limits.ratio_floor_bytes and size / max(packed, 1) > limits.max_ratio:
        raise PackError(_("compression ratio {size:.0f}:1 above the limit of {max_ratio:.0f}:1",
                          size=size / max(packed, 1), max_ratio=limits.max_ratio), entry=name, hint=
                        _("zip bomb"))
