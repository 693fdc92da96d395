"""Content pipeline speed on a 100,000-hex map; baselines measured in the same run.

check_map runs live in the editor, so it is compared with the cheapest possible per-hex pass
(iterating `GameMap.hexes()`); parsing + validating a file is compared with `json.loads`.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.content import (
    check_document,
    check_map,
    document_from_text,
    dump_canonical,
    map_from_dict,
)
from tests.content.fixtures import valid_map

WIDTH, HEIGHT = 400, 250


def big_map_data() -> dict[str, Any]:
    rnd = random.Random(7)
    data = valid_map()
    rows = []
    for r in range(HEIGHT):
        if r % 50 == 25:
            rows.append("".join("b" if c % 40 == 5 else "~" for c in range(WIDTH)))
        else:
            rows.append("".join(rnd.choice("....f=") for _ in range(WIDTH)))
    data.update(width=WIDTH, height=HEIGHT, terrain=rows)
    data["regions"][0]["spans"] = [[r, 0, WIDTH - 1] for r in range(HEIGHT // 2)]
    data["regions"][1]["spans"] = [[r, 0, WIDTH - 1] for r in range(HEIGHT // 2, HEIGHT)]
    return data


@pytest.fixture(scope="module")
def big_map():
    return map_from_dict(big_map_data())


@pytest.mark.benchmark(group="check_map-100k")
def test_baseline_iterate_every_hex(benchmark, big_map):
    benchmark(lambda: sum(1 for _ in big_map.hexes()))


@pytest.mark.benchmark(group="check_map-100k")
def test_check_map(benchmark, big_map):
    problems = benchmark(check_map, big_map)
    assert all(p.code.startswith("region.") for p in problems)


@pytest.mark.benchmark(group="validate-file-100k")
def test_baseline_json_loads(benchmark):
    text = dump_canonical(big_map_data(), "json")
    benchmark(json.loads, text)


@pytest.mark.benchmark(group="validate-file-100k")
def test_parse_and_check_yaml(benchmark):
    text = dump_canonical(big_map_data(), "yaml")
    benchmark(lambda: check_document(document_from_text(text, "yaml")))


@pytest.mark.benchmark(group="validate-file-100k")
def test_dump_canonical_yaml(benchmark):
    data = big_map_data()
    benchmark(dump_canonical, data, "yaml")
