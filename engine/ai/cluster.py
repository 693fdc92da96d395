"""Run a balance simulation on Dask distributed (the optional `[cluster]` extra).

The same batches of games as the local backend go to the workers, so the results are the same
for the same seed. `scheduler` is the address of a running cluster ("tcp://HOST:PORT");
without it a LocalCluster of `jobs` worker processes (or, for tests, threads in this process)
is started and stopped around the run. `play` plays one batch: the hex game's by default,
`engine.ai.area.simulate.play_batch` for an area scenario.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from distributed import Client, LocalCluster, as_completed

from engine.ai.simulate import BATCH, Progress, batches, play_batch


def run_dask(spec: Any, games: int, *, scheduler: str | None = None, jobs: int = 2,
             batch: int = BATCH, progress: Progress | None = None, processes: bool = True,
             play: Callable[[tuple[Any, int, int]], list[Any]] = play_batch,
             ) -> list[Any]:
    """Play `games` games on a Dask cluster and return their results in game order."""
    cluster = None
    if scheduler is None:
        cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=processes,
                               dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(scheduler)
    try:
        tasks = [(spec, a, b) for a, b in batches(games, batch)]
        futures = client.map(play, tasks, pure=False)
        by_start: dict[int, list[Any]] = {}
        done = 0
        for future in as_completed(futures):
            chunk = future.result()
            if chunk:
                by_start[chunk[0].index] = chunk
            done += len(chunk)
            if progress:
                progress(done, games)
        return [r for start in sorted(by_start) for r in by_start[start]]
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
