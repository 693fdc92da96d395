"""Validating a 1,000,000-hex map (regions, forts, paths; tests/bigmaps.py) at scale.

Baseline in the same run: plain jsonschema (`Draft202012Validator` on the parsed document),
the cheapest check a validator could possibly do. Measured against it: the whole of
`tcstudio validate` on the file (read, parse with positions, schema, convert, semantic checks)
and the pipeline on the already-parsed document. Peak memory is each one's own process
(`resource.getrusage(RUSAGE_CHILDREN)` after a subprocess), interpreter and imports included.
Goal (issue 14): validate <= 2x the baseline, peak RSS <= 120 MiB.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from engine.content import check_document, load_document, validate_paths
from engine.content.schemas import all_schemas, registry
from tests.bigmaps import write_big_map

ROOT = Path(__file__).resolve().parents[2]
RSS_LIMIT_MIB = 120
_PLAIN = """
import sys
from jsonschema import Draft202012Validator
from engine.content import load_document
from engine.content.schemas import all_schemas, registry
doc = load_document(sys.argv[1])
Draft202012Validator(all_schemas()[doc.data["$schema"]], registry=registry()).validate(doc.data)
"""


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_big_map(tmp_path_factory.mktemp("big") / "big.map.yaml", 1000, 1000)


@pytest.fixture(scope="module")
def big_doc(big_file: Path) -> Any:
    return load_document(big_file)


def _peak_rss_mib(*args: str) -> float:
    """Peak RSS of a fresh Python process running `args` (each call its own child)."""
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
            "stdout=subprocess.DEVNULL); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code, sys.executable, *args], check=True,
                         capture_output=True, text=True, env=env, cwd=ROOT)
    return int(out.stdout.strip()) / 1024


@pytest.mark.benchmark(group="validate-1M")
def test_baseline_plain_jsonschema(benchmark: Any, big_doc: Any, big_file: Path) -> None:
    check = Draft202012Validator(all_schemas()[big_doc.data["$schema"]], registry=registry())
    benchmark.pedantic(check.validate, args=(big_doc.data,), rounds=5, iterations=1)
    benchmark.extra_info["peak_rss_mib"] = _peak_rss_mib("-c", _PLAIN, str(big_file))


@pytest.mark.benchmark(group="validate-1M")
def test_validate_file(benchmark: Any, big_file: Path) -> None:
    problems = benchmark.pedantic(validate_paths, args=([big_file],), rounds=5, iterations=1)
    assert problems == []
    rss = _peak_rss_mib("-m", "tcstudio", "validate", str(big_file))
    benchmark.extra_info["peak_rss_mib"] = rss
    assert rss <= RSS_LIMIT_MIB


@pytest.mark.benchmark(group="validate-1M")
def test_check_parsed_document(benchmark: Any, big_doc: Any) -> None:
    problems = benchmark.pedantic(check_document, args=(big_doc,), rounds=5, iterations=1)
    assert problems == []


def test_rss_is_measured_per_child() -> None:
    """The RSS helper reports the child's peak, not this process's (a 200 MiB child)."""
    grow = "b = bytearray(200 * 1024 * 1024); b[::4096] = b'x' * len(b[::4096])"
    assert _peak_rss_mib("-c", grow) > 200
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss > 0
