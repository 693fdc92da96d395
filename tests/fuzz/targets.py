"""Fuzz targets: one function per entry point, from input bytes to an outcome label.

A target returns a short label of what happened ("ok", or "rejected:<code>" for a documented
refusal); the runner uses new labels as a cheap sign of new behaviour. Any exception that
escapes a target is a crash: the documented refusals (located content problems, GameFileError,
PackError, ActionParseError, IllegalActionError, exit 1 of the CLI) are caught here, and
`OracleError` reports a broken promise that raised nothing (an unlocated problem, exit 2 of
`validate` on a readable file, an action whose text does not round-trip).
"""

from __future__ import annotations

import argparse
import atexit
import functools
import io
import json
import re
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.content import ContentError, Problem, check_document, document_from_text, loaders
from engine.content.documents import decode_utf8, format_of
from engine.paths import CONTENT_DIR, PROJECT_ROOT
from engine.rules import savefile
from engine.rules.actions import Action
from engine.rules.dice import Dice, seed_state
from engine.rules.errors import ActionParseError, IllegalActionError
from engine.rules.playout import random_action
from engine.rules.state import State
from tcstudio.commands import validate
from tests.fuzz import adapters, mutate

FUZZ_DIR = Path(__file__).resolve().parent
CORPUS_DIR = FUZZ_DIR / "corpus"
KNOWN_DIR = FUZZ_DIR / "known"
MAX_ACTION_LINES = 40


class OracleError(AssertionError):
    """A documented promise was broken without an exception (e.g. an unlocated problem)."""


@dataclass(frozen=True)
class Target:
    """A fuzz target: its name, the function under test and the mutator of its inputs."""

    name: str
    run: Callable[[bytes], str]
    mutator: mutate.Mutator

    @property
    def corpus(self) -> Path:
        """The folder of this target's corpus."""
        return CORPUS_DIR / self.name


def check_problems(problems: list[Problem]) -> str:
    """Check that every problem is printable and located; return a label of the first error."""
    for p in problems:
        if p.code.startswith("internal."):
            raise OracleError(f"internal error reported as a problem: {p.format()}")
        if p.file is None and p.line is None:
            raise OracleError(f"problem without a location: {p.format()}")
        json.dumps(p.to_json(), ensure_ascii=False)
    first = next((p for p in problems if p.is_error), None)
    return f"rejected:{first.code}" if first else "ok"


@functools.cache
def workdir() -> Path:
    """A private folder for this process with a copy of the built-in content (deleted at exit)."""
    root = Path(tempfile.mkdtemp(prefix="tc-fuzz-"))
    atexit.register(shutil.rmtree, root, True)
    shutil.copytree(CONTENT_DIR, root / "content")
    (root / "saves").mkdir()
    return root


# --- reference analysis kept between inputs (in the fuzz worker only) ---

_WARM: dict[Path, Any] = {}


class _WarmCache(loaders.LoadCache):
    """A run's cache that starts with the analysis of the unchanged built-in files.

    A valid scenario costs ~250 ms when its map, ruleset and catalog are analysed anew; they
    are never the input under test (those files are fuzzed as inputs themselves), so the worker
    analyses them once.
    """

    def __init__(self) -> None:
        super().__init__(results=dict(_WARM))


def keep_reference_analysis() -> None:
    """Analyse the built-in content files once and reuse that in every later run."""
    cache = loaders.LoadCache()
    for root in (CONTENT_DIR, workdir() / "content"):
        for path in sorted(root.rglob("*.yaml")):
            loaders._analyse_path(path, cache)
    _WARM.update(cache.results)
    loaders.LoadCache = _WarmCache  # type: ignore[misc]


# --- content loaders: parse, schema, semantic (scenario references resolve to content/) ---

def run_content(data: bytes) -> str:
    """Parse and fully check one content document given as bytes."""
    virtual = CONTENT_DIR / "scenarios" / "fuzz-input"
    try:
        text = decode_utf8(data, str(virtual))
        doc = document_from_text(text, format_of(virtual, text), virtual)
    except ContentError as exc:
        return check_problems(exc.problems)
    return check_problems(check_document(doc))


# --- the `tcstudio validate` entry function, in process, output as a terminal would take it ---

_FIRST_CODE = re.compile(r'(?:"code": "|: error )([a-z_.]+)')


def run_validate(data: bytes) -> str:
    """Write the input as a content file and run `tcstudio validate` on it."""
    text_start = data.lstrip()[:1]
    suffix = ".json" if text_start in (b"{", b"[") else ".yaml"
    path = workdir() / "content" / "scenarios" / f"fuzz-input{suffix}"
    path.write_bytes(data)
    out_fmt = "json" if len(data) % 2 else "human"
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    stderr = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = stdout, stderr
    try:
        code = validate.run(argparse.Namespace(paths=[str(path)], format=out_fmt))
        stdout.flush()
        stderr.flush()
    finally:
        sys.stdout, sys.stderr = saved
        path.unlink()
    out = stdout.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    err = stderr.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    if code not in (0, 1) or err:
        raise OracleError(f"validate exited {code} on a readable file: {err.strip()[:500]}")
    if "internal.error" in out:
        raise OracleError(f"validate reported an internal error: {out[:500]}")
    first = _FIRST_CODE.search(out)
    return f"exit:{code}:{first.group(1) if first else ''}"


# --- the pack reader (through tests/fuzz/adapters.py) ---

def run_pack(data: bytes) -> str:
    """Write the input as a .tcpack and import it into a fresh folder."""
    root = workdir()
    pack_file = root / "input.tcpack"
    pack_file.write_bytes(data)
    out_dir = root / "pack-out" / "imported"
    try:
        adapters.open_pack(pack_file, out_dir)
    except adapters.PACK_ERRORS as exc:
        message = str(exc)
        if not message:
            raise OracleError(f"{type(exc).__name__} without a message") from None
        return f"rejected:{type(exc).__name__}:{message.split(':')[0][:40]}"
    finally:
        shutil.rmtree(root / "pack-out", ignore_errors=True)
    return "ok"


# --- the save loader (savefile.load_save, State.from_json) ---

@functools.cache
def _cached_scenario(path: Path) -> Any:
    return _real_load_scenario(path)


_real_load_scenario = savefile._load_scenario


def _load_scenario_once(path: Path) -> Any:
    """Scenarios are loaded once per process: the save, not the scenario, is under test."""
    return _cached_scenario(Path(path).resolve())


def run_save(data: bytes) -> str:
    """Write the input as a save file beside a copy of content/ and load it."""
    savefile._load_scenario = _load_scenario_once  # type: ignore[assignment]
    path = workdir() / "saves" / "input.json"
    path.write_bytes(data)
    try:
        state = savefile.load_save(path)
    except savefile.GameFileError as exc:
        # Located: the message starts with the save's path or that of the scenario it names.
        if not Path(str(exc).split(":", 1)[0]).is_absolute():
            raise OracleError(f"save error without a file's name: {exc}") from None
        return f"rejected:{str(exc)[len(str(path)):][:30]}"
    return f"ok:{state.phase}"


# --- the action parser: Action.parse + State.apply_action on real states ---

@functools.cache
def base_states() -> tuple[State, ...]:
    """Real states of the built-in scenarios in every phase, reached by seeded random play."""
    out: list[State] = []
    for name, setup in (("default-2p", "full"), ("default-4p", "quick")):
        s = savefile.new_game(CONTENT_DIR / "scenarios" / f"{name}.scenario.yaml", seed=7,
                              setup=setup)
        rng = Dice(seed_state(f"fuzz:{name}"))
        seen: set[str] = set()
        for _ in range(400):
            if s.is_terminal():
                break
            if s.phase not in seen or len(out) % 7 == 0:
                seen.add(s.phase)
                out.append(s.clone())
            s.apply_unchecked(random_action(s, rng))
    return tuple(out)


def run_action(data: bytes) -> str:
    """Apply action lines to a real state: an `@N` first line picks the state."""
    text = data.decode("utf-8", "surrogateescape")
    lines = text.split("\n")
    states = base_states()
    index = 0
    header = lines[0][1:] if lines and lines[0].startswith("@") else ""
    if header.isascii() and header.isdigit() and len(header) <= 6:
        index = int(lines[0][1:]) % len(states)
        lines = lines[1:]
    state = states[index].clone()
    applied = 0
    for line in lines[:MAX_ACTION_LINES]:
        try:
            action = Action.parse(line)
        except ActionParseError:
            continue
        again = Action.parse(str(action))
        if again != action:
            raise OracleError(f"{line!r} reads as {action!r} but its text {str(action)!r} "
                              f"reads as {again!r}")
        try:
            state.apply_action(action)
        except IllegalActionError:
            continue
        applied += 1
    return f"applied:{min(applied, 3)}:{state.phase}"


TARGETS: dict[str, Target] = {
    t.name: t for t in (
        Target("content", run_content, mutate.text_document),
        Target("validate", run_validate, mutate.text_document),
        Target("pack", run_pack, mutate.pack),
        Target("save", run_save, mutate.text_document),
        Target("action", run_action, mutate.action_text),
    )
}

__all__ = ["PROJECT_ROOT", "TARGETS", "OracleError", "Target"]
