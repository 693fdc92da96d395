"""`tcstudio build --jobs`: packs built on several processes are the same as on one."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import exporters.pack as pack_module
import exporters.pipeline as pipeline
from engine.content import dump_canonical
from exporters.base import ExportError
from exporters.pipeline import build
from tcstudio.cli import main
from tests.content.fixtures import valid_scenario, write_set

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def content(tmp_path: Path) -> Path:
    """Two scenarios sharing one map, ruleset and catalog."""
    src = tmp_path / "content"
    src.mkdir()
    write_set(src)
    second = valid_scenario()
    second["id"] = "second_scenario"
    (src / "second.yaml").write_text(dump_canonical(second), encoding="utf-8")
    return src


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_the_packs_do_not_depend_on_the_number_of_jobs(tmp_path: Path, content: Path) -> None:
    one = build(content, tmp_path / "one", jobs=1)
    two = build(content, tmp_path / "two", jobs=2)
    assert one.ok and two.ok and len(one.built) == 2
    assert two.built == one.built and two.index == one.index
    assert _files(tmp_path / "two") == _files(tmp_path / "one")


def test_a_pack_failing_in_a_worker_reports_its_message_and_hint(
        tmp_path: Path, content: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = pipeline.build_pack_from_file

    def refuse_second(path, version=None, previous_version=None, cache=None, drawn=None):  # type: ignore[no-untyped-def]
        if path.name == "second.yaml":
            raise ExportError("the PNG would be 0×0 pixels", hint="lower --dpi or --hex-mm")
        return real(path, version, previous_version, cache, drawn)

    monkeypatch.setattr(pipeline, "build_pack_from_file", refuse_second)
    result = build(content, tmp_path / "out", jobs=2)
    failed = [p for p in result.problems if p.code == "build.export_failed"]
    assert len(failed) == 1 and failed[0].file.endswith("second.yaml")
    assert failed[0].message == "the PNG would be 0×0 pixels"
    assert failed[0].hint == "lower --dpi or --hex-mm"
    assert not (tmp_path / "out" / "index.json").exists()


def test_jobs_outside_1_to_64_cannot_run(tmp_path: Path, content: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", str(content), "--out", str(tmp_path / "out"), "--jobs", "0"]) == 2
    assert "--jobs 0" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
    assert main(["build", str(content), "--out", str(tmp_path / "out"), "--jobs", "100000"]) == 2
    assert "give 1 to 64" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


_SLOW_BUILD = """
import os, time
from pathlib import Path
import exporters.pack as pack_module
import exporters.pipeline as pipeline
from engine.content import LoadCache

def slow(path, version=None, previous_version=None, cache=None, drawn=None):
    os.write(1, b"w")  # one byte: the two workers cannot interleave it
    time.sleep(60)

pipeline.build_pack_from_file = slow
tasks = [pipeline._Task(f"{n}.tcpack", Path(f"{n}.yaml"), "scenario", "", None)
         for n in range(2)]
list(pipeline._run(tasks, LoadCache(), 2))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="parent-death signal: Linux")
def test_workers_die_quietly_with_a_killed_build(tmp_path: Path) -> None:
    """Found killing a build: its workers finished their packs, then printed broken-pipe
    tracebacks."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    build = subprocess.Popen([sys.executable, "-c", _SLOW_BUILD], env=env, cwd=tmp_path,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert build.stdout is not None
    assert build.stdout.read(2) == "ww"
    workers = _children(build.pid)
    assert len(workers) == 2
    build.kill()
    _, err = build.communicate(timeout=30)
    deadline = time.monotonic() + 20
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if _alive(pid)]
    assert "Traceback" not in err


def _children(pid: int) -> list[int]:
    return [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()
            and _ppid(p) == pid]


def _ppid(proc: Path) -> int | None:
    try:
        return int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_the_heaviest_packs_start_first_and_results_keep_their_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Packs are handed to the processes heaviest first (4 players before 2, area scenarios
    last), and the results still come back in the order of the scenarios."""
    started: list[str] = []
    monkeypatch.setattr(pipeline, "_build_task", lambda task: started.append(task.name)
                        or task.name)
    tasks = [pipeline._Task(name, Path(name), kind, "", None, pipeline._weight(kind, data))
             for name, kind, data in (("a", "area-scenario", {}), ("b", "scenario",
                                      {"players": 2}), ("c", "scenario", {"players": 4}))]
    assert [t.weight for t in tasks] == [0, 2, 4]
    assert list(pipeline._run(tasks, pipeline.LoadCache(), jobs=1)) == ["a", "b", "c"]
    # Two processes take the two heaviest at once; the lightest starts only when one is done.
    read, write = os.pipe()
    monkeypatch.setattr(pipeline, "_build_task", _report_start)
    monkeypatch.setitem(_REPORT_TO, "fd", write)
    assert list(pipeline._run(tasks, pipeline.LoadCache(), jobs=2)) == ["a", "b", "c"]
    os.close(write)
    order = os.read(read, 16).decode()
    os.close(read)
    assert sorted(order[:2]) == ["b", "c"] and order[2] == "a"


_REPORT_TO: dict[str, int] = {}


def _report_start(task: pipeline._Task, drawn: object = None) -> str:
    """A pack build that only says (through a pipe inherited by the fork) that it started,
    and takes a while, so the next task starts only after both processes have reported."""
    os.write(_REPORT_TO["fd"], task.name.encode())
    time.sleep(0.2)
    return task.name


def test_a_board_several_packs_show_is_drawn_once(tmp_path: Path, content: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Two scenarios on one board, on two processes: the board is drawn once (not once per
    process), and the packs are those of a build on one process."""
    one = build(content, tmp_path / "one", jobs=1)
    read, write = os.pipe()
    real = pack_module.board_of

    def counted(*args: object, **kwargs: object) -> object:
        os.write(write, b"d")
        return real(*args, **kwargs)

    monkeypatch.setattr(pack_module, "board_of", counted)
    monkeypatch.setattr(pack_module, "_PICTURES", {})
    two = build(content, tmp_path / "two", jobs=2)
    os.close(write)
    drawings = os.read(read, 64)
    os.close(read)
    assert one.ok and two.ok and len(two.built) == 2
    assert drawings == b"d"
    assert _files(tmp_path / "two") == _files(tmp_path / "one")
