"""The fuzzers in the test suite: a short run per target, corpus replay, and the oracle itself.

The long run is `make fuzz` (tests/fuzz/runner.py, at least 100,000 executions per target).
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from engine.content import Problem
from tests.fuzz import mutate, seed_corpus
from tests.fuzz.known_classes import known_class
from tests.fuzz.runner import corpus_inputs, run_one, worker
from tests.fuzz.targets import (
    KNOWN_DIR,
    PROJECT_ROOT,
    TARGETS,
    OracleError,
    Target,
    check_problems,
)

SHORT_RUNS = 300


@pytest.mark.parametrize("name", list(TARGETS))
def test_short_run_finds_no_new_crash(name: str, tmp_path: Path) -> None:
    """A few hundred mutated inputs per target in a capped worker: no new crash or hang."""
    proc = subprocess.run(
        [sys.executable, "-m", "tests.fuzz.runner", name, "--runs", str(SHORT_RUNS),
         "--seed", "15", "--crashes", str(tmp_path)],
        cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr[-5000:]
    assert f"{name}: {SHORT_RUNS} executions" in proc.stdout, proc.stdout


@pytest.mark.parametrize("name", list(TARGETS))
def test_corpus_replays_without_crash(name: str) -> None:
    """Every kept input (seeds and former crashes) is refused or accepted, never a crash."""
    target = TARGETS[name]
    inputs = corpus_inputs(target.corpus)
    assert inputs, f"no corpus in {target.corpus}"
    for file, data in inputs:
        try:
            target.run(data)
        except Exception as exc:
            pytest.fail(f"{target.corpus / file}: {type(exc).__name__}: {exc}")


def test_seeds_are_accepted_where_they_are_valid() -> None:
    """The seeds reach deep code: built-in content, saves and legal actions all pass.

    Saves and actions are made afresh (seed_corpus), so a change of the rules or the save
    format does not make this test stale; the stored seeds are replayed above.
    """
    assert TARGETS["content"].run(
        (TARGETS["content"].corpus / "seed-scenarios-default-2p.scenario.yaml").read_bytes()
    ) == "ok"
    for file, data in seed_corpus.save_seeds().items():
        assert TARGETS["save"].run(data).startswith("ok:"), file
    for file, data in seed_corpus.action_seeds().items():
        assert not TARGETS["action"].run(data).startswith("applied:0:"), file
    assert TARGETS["pack"].run(seed_corpus.small_pack()) == "ok"


def test_known_inputs_are_still_known() -> None:
    """Inputs kept for other branches' fixes crash only in their known class (or not at all)."""
    for name in TARGETS:
        for file, data in corpus_inputs(KNOWN_DIR / name):
            try:
                TARGETS[name].run(data)
            except Exception as exc:
                assert known_class(name, exc) is not None, f"{name}/{file}: new crash {exc!r}"


# --- the oracle: planted bugs must be caught ---

def _planted(data: bytes) -> str:
    if b"BOOM" in data:
        raise KeyError("planted")
    if b"SLOW" in data:
        time.sleep(5)
    return "ok"


def test_worker_reports_planted_crash_and_hang(tmp_path: Path) -> None:
    """An unexpected exception and a slow input are both found, saved and named."""
    target = Target("planted", _planted, mutate.byte_level)
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "a").write_bytes(b"fine")
    (tmp_path / "corpus" / "b").write_bytes(b"xBOOMx")
    (tmp_path / "corpus" / "c").write_bytes(b"SLOW")
    report = worker(target, 20, 0, 0.2, tmp_path / "crashes", tmp_path / "current",
                    [tmp_path / "corpus"])
    assert report.execs == 20
    assert any(sig.startswith("KeyError@") for sig in report.crashes), report.crashes
    assert "hang" in report.crashes, report.crashes
    saved = {(tmp_path / "crashes" / f).read_bytes() for f in report.crashes.values()}
    assert saved == {b"xBOOMx", b"SLOW"}


def test_oracle_refuses_an_unlocated_problem() -> None:
    """A problem without file or line is a broken promise even when nothing raised."""
    with pytest.raises(OracleError, match="without a location"):
        check_problems([Problem("x.y", "error", "bad", "fix it")])
    assert check_problems([Problem("x.y", "error", "bad", "fix", file="f")]) == "rejected:x.y"


def test_memory_cap_turns_runaway_memory_into_a_finding() -> None:
    """Under the worker's address-space cap a huge allocation is reported as 'oom'."""
    code = (
        "from tests.fuzz.runner import cap_memory, run_one\n"
        "from tests.fuzz.targets import Target\n"
        "from tests.fuzz import mutate\n"
        "cap_memory(2048)\n"
        "t = Target('hog', lambda d: str(len(bytearray(8 << 30))), mutate.byte_level)\n"
        "print(run_one(t, b'', 10)[1])\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=PROJECT_ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert proc.stdout.strip() == "oom", proc.stdout + proc.stderr


def test_run_one_classifies_known_crashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A crash of a class assigned to another branch is 'known', not new."""
    from tests.fuzz import known_classes

    monkeypatch.setattr(known_classes, "KNOWN", (known_classes.KnownClass(
        "save", r"^RecursionError:", "bounds", "deep nesting in a save"),))

    def deep(data: bytes) -> str:
        return json.loads(data)

    label, kind, _ = run_one(Target("save", deep, mutate.byte_level), b"[" * 100000, 5)
    assert kind == "known" and label.startswith("known:bounds:RecursionError@"), label
    label, kind, _ = run_one(Target("action", deep, mutate.byte_level), b"[" * 100000, 5)
    assert kind == "crash", label


# --- the mutators write every hostile class they promise ---

def _many(mutator: mutate.Mutator, seed: bytes, n: int = 600) -> list[bytes]:
    rng = random.Random(1)
    return [mutator(seed, rng, [seed]) for _ in range(n)]


def test_structured_mutations_cover_the_hostile_classes() -> None:
    """Deep nesting, huge ints, 1e400, -1e308, NaN, surrogates, NUL, duplicate keys appear."""
    seed = json.dumps({"a": 1, "b": [1, 2, {"c": "text"}], "d": {"e": 2.5}}).encode()
    outs = _many(mutate.structured, seed)
    joined = b"\n".join(outs)
    for needle in (b"[[[[" * 25, b"1" + b"0" * 5000, b"1e400", b"-1e308", b"NaN",
                   b"\\ud800", b"\\u0000", b"Infinity"):
        assert needle in joined, needle

    def has_duplicate(text: bytes) -> bool:
        seen: list[bool] = []

        def hook(pairs: list[tuple[str, object]]) -> dict[str, object]:
            keys = [k for k, _ in pairs]
            seen.append(len(keys) != len(set(keys)))
            return dict(pairs)

        try:
            json.loads(text, object_pairs_hook=hook)
        except (ValueError, RecursionError):
            return False
        return any(seen)

    assert any(has_duplicate(o) for o in outs)
    parsed = [p for p in map(_loads, outs) if isinstance(p, dict)]
    assert any(not isinstance(p.get("b"), list) for p in parsed)  # wrong types


def _loads(text: bytes) -> object:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def test_yaml_mutations_write_anchors_aliases_and_bombs() -> None:
    """YAML seeds get anchors with aliases, merge keys, tags and alias bombs."""
    seed = b"a: 1\nb: two\nc: [1, 2]\nd: {e: 3}\n"
    joined = b"\n".join(_many(mutate.yaml_text, seed, 2000))
    for needle in (b"&fz", b"*fz", b"<<: *", b"a3: &a3 [*a2", b"!!python/object"):
        assert needle in joined, needle


def test_mutations_are_deterministic_for_a_seed() -> None:
    """The same rng seed gives the same inputs (a run can be repeated)."""
    seed = (TARGETS["save"].corpus / "seed-00-setup.json").read_bytes()
    assert _many(mutate.text_document, seed, 50) == _many(mutate.text_document, seed, 50)


def test_pack_mutations_keep_the_zip_readable_and_vary_names() -> None:
    """Most pack mutations are valid zips (so the manifest and content checks are reached)."""
    seed = (TARGETS["pack"].corpus / "seed-default_4p-small.tcpack").read_bytes()
    outs = _many(mutate.pack, seed, 150)
    readable = 0
    names: set[str] = set()
    for o in outs:
        try:
            with zipfile.ZipFile(io.BytesIO(o)) as zf:
                names.update(zf.namelist())
            readable += 1
        except (zipfile.BadZipFile, ValueError, EOFError, KeyError, OSError):
            pass
    assert readable > len(outs) // 2
    assert "../escape.json" in names or "/abs.json" in names
