"""The one atomic file writer: every save and every export goes through it.

A file is written to a temp file in the same folder, flushed and fsynced, renamed over the
target with os.replace, and the folder is fsynced, so readers and a crash at any instant see
the old file or the new one, never a partial one. The temp file is removed on any exception.

Temp files have a recognisable name, `.<target name>.<random>.tcs-tmp`, and their writer holds
an OS lock on them (engine.filelock) until the rename. A process killed mid-write leaves its
temp file behind with no lock on it; the next write of the same target (and the editor when it
opens the file) removes such stale temp files, and never one that a live writer still holds.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from engine import filelock
from engine.i18n import _

TEMP_SUFFIX = ".tcs-tmp"
# Room left for ".<random>.tcs-tmp" so temp names stay within the usual 255-byte name limit.
_NAME_ROOM = 200
# Version 0.1 used mkstemp names (".<name>.<8 chars>.tmp") without a lock; such files are only
# removed once they are clearly abandoned.
_LEGACY_TEMP = re.compile(r"\.[a-z0-9_]{8}\.tmp\Z")
LEGACY_STALE_SECONDS = 60.0
# Without POSIX locks (Windows) a temp file cannot be told from a live one by its lock.
UNLOCKED_STALE_SECONDS = 600.0
_RETRIES = 5


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# Written files get the usual permissions of new files (0666 less the umask); read once at
# import because os.umask is process-wide and not safe to toggle from a worker thread.
NEW_FILE_MODE = 0o666 & ~_umask()


def _temp_prefix(target_name: str) -> str:
    return f".{target_name[:_NAME_ROOM]}."


def temp_path_for(target: Path) -> Path:
    """A fresh temp file name beside `target`, in the writer's recognisable form."""
    return target.with_name(f"{_temp_prefix(target.name)}{secrets.token_hex(4)}{TEMP_SUFFIX}")


def _is_our_temp(name: str, target_name: str) -> bool:
    prefix = _temp_prefix(target_name)
    if not name.startswith(prefix):
        return False
    rest = name[len(prefix):]
    return bool(re.fullmatch(r"[0-9a-f]{8}" + re.escape(TEMP_SUFFIX), rest))


def _is_legacy_temp(name: str, target_name: str) -> bool:
    prefix = f".{target_name}"
    return name.startswith(prefix) and bool(_LEGACY_TEMP.fullmatch(name[len(prefix):]))


def temp_files_beside(path: str | os.PathLike[str]) -> list[Path]:
    """Every temp file of this writer's naming (current or version 0.1) beside `path`,
    whether a live writer holds it or not."""
    target = Path(path)
    directory = target.parent
    try:
        names = [e.name for e in os.scandir(directory) if e.is_file(follow_symlinks=False)]
    except OSError:
        return []
    return sorted(
        directory / n
        for n in names
        if _is_our_temp(n, target.name) or _is_legacy_temp(n, target.name)
    )


def _remove_if_abandoned(tmp: Path, legacy: bool) -> bool:
    """Remove one temp file if no live writer holds it; True when removed."""
    try:
        fd = os.open(tmp, os.O_RDONLY)
    except OSError:
        return False
    try:
        st = os.fstat(fd)
        age = time.time() - st.st_mtime
        if legacy and age < LEGACY_STALE_SECONDS:
            return False
        if filelock.fcntl is None and age < UNLOCKED_STALE_SECONDS:
            return False
        if not filelock.try_lock(fd):
            return False  # a live writer is filling it
        try:
            now = os.stat(tmp, follow_symlinks=False)
        except OSError:
            return False
        if (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino):
            return False
        os.unlink(tmp)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)


def clean_stale_temps(path: str | os.PathLike[str]) -> list[Path]:
    """Remove the abandoned temp files (left by a killed writer) beside `path`; return them.

    Temp files held by a live writer are left alone; failures to remove are ignored (the
    temp files are hidden, carry no user data the target lacks, and the next call retries)."""
    target = Path(path)
    removed = []
    for tmp in temp_files_beside(target):
        if _remove_if_abandoned(tmp, legacy=not tmp.name.endswith(TEMP_SUFFIX)):
            removed.append(tmp)
    return removed


def _create_locked_temp(target: Path) -> tuple[Path, int]:
    """Create and lock a new temp file beside `target` (retrying if a cleaner took it)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    flags |= getattr(os, "O_CLOEXEC", 0)
    for _attempt in range(_RETRIES):
        tmp = temp_path_for(target)
        try:
            fd = os.open(tmp, flags, 0o600)
        except FileExistsError:
            continue
        try:
            filelock.wait_lock(fd)
            # A cleaner may have taken the lock and removed the file between our create and
            # our lock; then the name is gone (or another file's) and we start again.
            mine, there = os.fstat(fd), os.stat(tmp, follow_symlinks=False)
            if (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino):
                return tmp, fd
        except FileNotFoundError:
            pass
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        os.close(fd)
    raise OSError(f"{target}: could not create a temp file to write it (hint: check the folder)")


def _fsync_dir(directory: Path) -> None:
    # Makes the rename itself durable where the platform allows it.
    with contextlib.suppress(OSError):
        dir_fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _at_target(exc: OSError, path: str | os.PathLike[str]) -> OSError:
    """`exc` as if it had happened at `path`: callers report the file they asked for, not
    the hidden temp file beside it (a missing folder, a folder given as the file)."""
    if exc.errno is None:
        return exc
    return type(exc)(exc.errno, exc.strerror, os.fspath(path))


def atomic_write(
    path: str | os.PathLike[str], write: Callable[[BinaryIO], object], *, parents: bool = False
) -> Path:
    """Write a file atomically: `write(fh)` fills a temp file beside `path` (binary), which is
    fsynced and renamed over it. Returns the path written.

    The file keeps the permissions of the file it replaces (new files get 0666 less the umask);
    a symbolic link is written through, not replaced. With `parents`, missing folders are made.
    Stale temp files of this writer beside the target are removed first."""
    target = Path(path)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    directory = target.parent
    if parents:
        directory.mkdir(parents=True, exist_ok=True)
    try:
        mode = target.stat().st_mode
    except OSError:
        mode = None
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        # Renaming over a device, pipe or socket replaces it; run as root, a save to
        # /dev/null made it a plain file.
        raise OSError(errno.EINVAL, _("not a regular file (a device, pipe or socket); it is "
                                      "never replaced"), os.fspath(path))
    clean_stale_temps(target)
    mode = NEW_FILE_MODE if mode is None else stat.S_IMODE(mode)
    try:
        tmp, fd = _create_locked_temp(target)
    except OSError as exc:
        raise _at_target(exc, path) from None
    fh = os.fdopen(fd, "wb")
    try:
        write(fh)
        fh.flush()
        os.fsync(fh.fileno())
        if hasattr(os, "fchmod"):
            os.fchmod(fh.fileno(), mode)
        else:
            os.chmod(tmp, mode)
        if filelock.fcntl is None:
            fh.close()  # Windows cannot rename an open file
        # The lock stays held across the rename: until then a cleaner must not take the file.
        os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError) and exc.filename == str(tmp):
            raise _at_target(exc, path) from None
        raise
    finally:
        fh.close()
    _fsync_dir(directory)
    return Path(path)


def atomic_write_bytes(
    path: str | os.PathLike[str], data: bytes, *, parents: bool = False
) -> Path:
    """Write `data` to `path` so readers see the old or the new file, never a partial one."""
    return atomic_write(path, lambda fh: fh.write(data), parents=parents)


def atomic_write_text(path: str | os.PathLike[str], text: str, *, parents: bool = False) -> Path:
    """Write UTF-8 text atomically (newlines as written, no platform translation)."""
    return atomic_write_bytes(path, text.encode("utf-8"), parents=parents)
