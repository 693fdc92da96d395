"""The collector is off while content loads and back on after, also after an error."""

from __future__ import annotations

import gc
import threading
from pathlib import Path

import pytest

from engine.content import load_file, validate_report
from engine.content.schemas import check_schema
from engine.gcpause import gc_paused
from tests.content.fixtures import write_set


def test_pause_nests_and_restores() -> None:
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_pause_restores_after_an_exception_and_keeps_a_disabled_collector_off() -> None:
    with pytest.raises(RuntimeError), gc_paused():
        raise RuntimeError("boom")
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_overlapping_threads_leave_the_collector_on() -> None:
    inside, release = threading.Event(), threading.Event()

    def hold() -> None:
        with gc_paused():
            inside.set()
            release.wait(5)

    t = threading.Thread(target=hold)
    t.start()
    inside.wait(5)
    with gc_paused():
        release.set()
        t.join(5)
        assert not gc.isenabled()  # the other thread ended first; this one still loads
    assert gc.isenabled()


def test_loading_runs_with_the_collector_off(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    real = check_schema

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("engine.content.loaders.check_schema", spy)
    paths = write_set(tmp_path)
    assert load_file(paths["map"]).ok
    assert validate_report([tmp_path])[1] == []
    assert seen and not any(seen)
    assert gc.isenabled()
