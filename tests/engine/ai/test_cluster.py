"""The Dask backend: the same results as the local backend for the same seed (an in-process
cluster), and the CLI's --backend dask."""

from __future__ import annotations

import json

from engine.ai.area.simulate import AreaSimSpec
from engine.ai.area.simulate import play_batch as area_play_batch
from engine.ai.area.simulate import run as run_area
from engine.ai.cluster import run_dask  # the [cluster] extra; the test extra installs it
from engine.ai.simulate import SimSpec, run
from engine.paths import CONTENT_DIR
from tcstudio.cli import main

SCENARIO = str(CONTENT_DIR / "scenarios" / "default-2p.scenario.yaml")
AREA_SCENARIO = str(CONTENT_DIR / "weltkrieg" / "weltkrieg-1914.area-scenario.yaml")


def test_dask_gives_the_local_results_for_the_same_seed():
    spec = SimSpec(SCENARIO, ("heuristic", "random"), seed="dask")
    seen = []
    got = run_dask(spec, 5, jobs=2, batch=2, processes=False,
                   progress=lambda done, total: seen.append((done, total)))
    assert got == run(spec, 5, jobs=1)
    assert seen[-1] == (5, 5)


def test_dask_plays_area_games_with_the_local_results():
    spec = AreaSimSpec(AREA_SCENARIO, ("heuristic", "random"), seed="dask")
    got = run_dask(spec, 3, jobs=2, batch=2, processes=False, play=area_play_batch)
    assert got == run_area(spec, 3, jobs=1)


def test_cli_backend_dask(capsys):
    code = main(["simulate", SCENARIO, "--games", "2", "--backend", "dask", "--jobs", "1",
                 "--format", "json", "--quiet"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert json.loads(out)["games"] == 2
