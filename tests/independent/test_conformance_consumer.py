"""The independent client (written from the docs, importing nothing of the Studio) replays
the conformance vectors shipped in every pack and agrees with the reference engine."""

from __future__ import annotations

import ast
import copy
import io
import json
import sys
import zipfile
from collections import Counter
from pathlib import Path

import pytest

from engine.content import load_scenario
from engine.paths import CONTENT_DIR
from exporters.pack import build_pack

from . import conformance_consumer as consumer

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "default_4p.tcpack"
SCENARIOS = sorted((CONTENT_DIR / "scenarios").glob("*.yaml"))


def _json_entries(data: bytes) -> dict:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {n: json.loads(zf.read(n)) for n in zf.namelist() if n.endswith(".json")}


@pytest.fixture(scope="module", params=[p.name for p in SCENARIOS])
def pack(request) -> dict:
    """The parsed JSON entries of a built pack (the example pack as shipped for 4 players)."""
    if request.param == "default-4p.scenario.yaml":
        return _json_entries(EXAMPLE.read_bytes())
    return _json_entries(build_pack(load_scenario(CONTENT_DIR / "scenarios" /
                                                  request.param)).data)


def test_the_client_agrees_on_every_case_it_takes_on(pack):
    rules = consumer.Rules.from_pack(pack)
    counts: Counter[str] = Counter()
    disagreements = []
    for case in pack["conformance.json"]["cases"]:
        why = consumer.supported(case)
        if why is not None:
            counts[case["kind"] + " left out"] += 1
            continue
        counts[case["kind"]] += 1
        if consumer.answer(rules, case) != case["expected"]:
            disagreements.append(case["id"])
    assert disagreements == []
    # the client does real work: most movement cases and every victory case
    assert counts["legal_moves"] >= 100 and counts["legal_moves left out"] <= 16
    assert counts["victory"] >= 20 and counts["victory left out"] == 0


def test_staged_special_unit_and_encirclement_cases_are_replayed(pack):
    rules = consumer.Rules.from_pack(pack)
    cases = pack["conformance.json"]["cases"]
    specials = [c for c in cases if "special_units" in c["areas"]
                and c["kind"] == "legal_moves" and consumer.supported(c) is None]
    assert len(specials) >= 8
    assert all(consumer.answer(rules, c) == c["expected"] for c in specials)
    assert pack["conformance.json"]["areas"]["encirclement"] >= 3


@pytest.mark.parametrize("kind", ["legal_moves", "victory"])
def test_a_wrong_expectation_is_caught(pack, kind):
    rules = consumer.Rules.from_pack(pack)
    case = copy.deepcopy(next(c for c in pack["conformance.json"]["cases"]
                              if c["kind"] == kind and consumer.supported(c) is None
                              and (kind == "victory" or c["expected"]["moves"])))
    if kind == "legal_moves":
        case["expected"]["moves"][0]["cost"] += 0.5
    else:
        case["expected"]["forts_to_win"] += 1
    assert consumer.answer(rules, case) != case["expected"]


def test_the_client_imports_only_the_standard_library():
    tree = ast.parse(Path(consumer.__file__).read_text(encoding="utf-8"))
    names = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import)
             for a in n.names}
    names |= {n.module.split(".")[0] for n in ast.walk(tree)
              if isinstance(n, ast.ImportFrom) and n.module}
    assert names <= set(sys.stdlib_module_names) | {"__future__"}, names
