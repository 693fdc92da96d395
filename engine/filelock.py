"""Advisory OS locks on open files, released by the OS when the holding process dies.

A lock held through an open file descriptor survives PID reuse: once the process that held it
is gone (even killed with SIGKILL) nobody holds it any more, whatever process later gets the
same PID. POSIX uses flock(2); Windows locks the first byte with msvcrt.locking.
"""

from __future__ import annotations

import contextlib
import os

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


def try_lock(fd: int) -> bool:
    """Take an exclusive lock on the open file `fd` without waiting; False if someone holds it."""
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def wait_lock(fd: int) -> None:
    """Take an exclusive lock on the open file `fd`, waiting for the holder to let go."""
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX)
    else:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_LOCK, 1)


def unlock(fd: int) -> None:
    """Release a lock taken with try_lock or wait_lock (closing the file does it too)."""
    with contextlib.suppress(OSError):
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
        else:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def is_locked(path: str | os.PathLike[str]) -> bool:
    """Whether some live process holds the lock on the file at `path` (False if it is gone)."""
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError:
        return False
    try:
        if try_lock(fd):
            unlock(fd)
            return False
        return True
    finally:
        os.close(fd)
