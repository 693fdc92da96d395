"""Worker processes: how many a command may start (`simulate --jobs`, `build --jobs`)."""

from __future__ import annotations

import os

# Processes beyond the tasks, or far beyond the CPUs, only cost memory.
MAX_JOBS = 64


def default_jobs() -> int:
    """One process per CPU this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1
