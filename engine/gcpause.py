"""The garbage collector paused during bulk loads and builds.

Parsing, schema-checking and converting a large file allocates millions of containers that
all stay alive until the load ends; every allocation burst makes the cyclic collector scan
them again for nothing (on a 1M-hex map this was three quarters of the time). `gc_paused()`
switches it off for the duration and restores it after, also when an exception escapes.
Nested and concurrent uses share one count: the collector comes back on when the last one
ends, and only if it was on when the first began.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class _Pause:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.depth = 0
        self.was_enabled = False


_PAUSE = _Pause()


@contextmanager
def gc_paused() -> Iterator[None]:
    """Run the body with the cyclic garbage collector off, then restore it."""
    with _PAUSE.lock:
        if _PAUSE.depth == 0:
            _PAUSE.was_enabled = gc.isenabled()
            gc.disable()
        _PAUSE.depth += 1
    try:
        yield
    finally:
        with _PAUSE.lock:
            _PAUSE.depth -= 1
            if _PAUSE.depth == 0 and _PAUSE.was_enabled:
                gc.enable()


def is_paused() -> bool:
    """Whether a `gc_paused()` body is running, in any thread."""
    return _PAUSE.depth > 0
