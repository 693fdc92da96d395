"""The compiled engine modules (engine.accel): loaded only while they match their sources,
and playing exactly the games plain Python plays."""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

from engine import accel
from engine.i18n import current_language, set_language
from engine.rules.dice import Dice, seed_state
from tcstudio.accel_build import main as build_main

_GAMES = """
import hashlib, json
from engine import accel
from engine.content import load_scenario
from engine.paths import CONTENT_DIR
from engine.rules.game import Game
from engine.rules.playout import play_random
from engine.ai.simulate import SimSpec, play_game
from engine.rules.dice import Dice, seed_state
digest = hashlib.sha256()
for name in ("default-2p", "default-4p"):
    path = CONTENT_DIR / "scenarios" / f"{name}.scenario.yaml"
    scenario = load_scenario(path)
    for seed in range(1, 4):
        s = Game(scenario, seed=seed, setup="quick").new_initial_state()
        digest.update(repr(play_random(s, seed=seed, max_rounds=12).history).encode())
    seats = ("random", "heuristic") + ("random",) * (len(scenario.seats) - 2)
    spec = SimSpec(str(path), seats, seed="accel", max_rounds=8)
    for k in range(2):
        digest.update(repr(play_game(scenario, spec, k)).encode())
dice = Dice(seed_state("accel"))
digest.update(repr([dice.below(12) for _ in range(50)]).encode())
import importlib
for module in accel.ACCELERATED:
    importlib.import_module(module)
print(json.dumps({"digest": digest.hexdigest(), "compiled": accel.compiled_modules()}))
"""


_IMPORT_DICE = """
import json
from engine import accel
from engine.rules.dice import Dice, seed_state
import engine.rules.dice as dice
print(json.dumps({"file": dice.__file__, "compiled": accel.compiled_modules(),
                  "below": Dice(seed_state("accel")).below(12)}))
"""


def _run(code: str, **env: str) -> dict:
    environment = {k: v for k, v in os.environ.items() if k not in ("TC_PURE_PYTHON",
                                                                     "TC_ACCEL_DIR")}
    environment.update(env)
    environment["PYTHONPATH"] = str(accel.ROOT)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=environment, cwd=accel.ROOT, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def _manifest(directory: Path, modules: dict, cache_tag: str | None = None) -> None:
    data = {"cache_tag": cache_tag or sys.implementation.cache_tag, "modules": modules}
    (directory / accel.MANIFEST).write_text(json.dumps(data), encoding="utf-8")


def test_a_compiled_module_is_found_only_while_its_source_is_unchanged(tmp_path):
    name = "engine.rules.dice"
    file = accel.compiled_name(name)
    (tmp_path / file).write_bytes(b"not loaded by this test")
    entry = {"file": file, "source_sha256": accel.source_digest(name), "size": 23}
    _manifest(tmp_path, {name: entry})
    finder = accel.CompiledFinder(tmp_path, accel.read_manifest(tmp_path))
    spec = finder.find_spec(name)
    assert spec is not None and spec.origin == str(tmp_path / file)
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert finder.find_spec("engine.rules.state") is None  # not in this manifest
    # A damaged file of the listed size does not load: the module comes from its source.
    damaged = _run(_IMPORT_DICE, TC_ACCEL_DIR=str(tmp_path))
    assert damaged == {"file": str(accel.source_of(name)), "compiled": [],
                       "below": Dice(seed_state("accel")).below(12)}

    for changed in ({"source_sha256": "0" * 64}, {"size": 24}):  # source edited, file cut
        _manifest(tmp_path, {name: {**entry, **changed}})
        finder = accel.CompiledFinder(tmp_path, accel.read_manifest(tmp_path))
        assert finder.find_spec(name) is None


def test_manifests_that_do_not_fit_are_ignored(tmp_path):
    name = "engine.rules.dice"
    entry = {"file": accel.compiled_name(name),
             "source_sha256": accel.source_digest(name), "size": 1}
    _manifest(tmp_path, {name: entry}, cache_tag="cpython-27")
    assert accel.read_manifest(tmp_path) == {}
    _manifest(tmp_path, {"engine.content.loaders": entry, name: {**entry, "file": "../x.so"}})
    assert accel.read_manifest(tmp_path) == {}
    (tmp_path / accel.MANIFEST).write_text("[1, 2", encoding="utf-8")
    assert accel.read_manifest(tmp_path) == {}
    assert accel.read_manifest(tmp_path / "missing") == {}


def test_compiled_modules_play_the_games_plain_python_plays():
    pure = _run(_GAMES, TC_PURE_PYTHON="1")
    assert pure["compiled"] == []
    fast = _run(_GAMES)
    assert fast["digest"] == pure["digest"]
    # what `make` built is what runs: every module its manifest lists, sources unchanged
    listed = accel.read_manifest(accel.accel_dir())
    fresh = sorted(n for n, (_, digest, _size) in listed.items()
                   if accel.source_digest(n) == digest)
    assert fast["compiled"] == fresh


def test_the_build_compiles_a_module_that_then_runs_compiled(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LC_ALL", "C")  # the build speaks the locale's language: English here
    language = current_language()
    try:
        assert build_main(["--out", str(tmp_path), "--modules", "engine.rules.dice",
                           "--jobs", "1"]) == 0
    finally:
        set_language(language)
    assert "1 module compiled" in capsys.readouterr().out
    assert (tmp_path / accel.compiled_name("engine.rules.dice")).is_file()
    code = ("import json; from engine import accel; from engine.rules.dice import Dice, "
            "seed_state; d = Dice(seed_state('x')); "
            "print(json.dumps({'rolls': [d.below(12) for _ in range(20)], "
            "'compiled': accel.compiled_modules()}))")
    fast = _run(code, TC_ACCEL_DIR=str(tmp_path))
    pure = _run(code, TC_PURE_PYTHON="1")
    assert fast["compiled"] == ["engine.rules.dice"]
    assert fast["rolls"] == pure["rolls"]
