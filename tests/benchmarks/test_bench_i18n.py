"""The cost of translatable problems (issue 18): 1,000 problems made and printed.

Baseline in the same run: the English f-string Problem of before (message formatted once, no
template kept). Measured against it: the same problems as `_()` templates printed in English
and in German (catalogue lookup and a second rendering per message and hint).
"""

from __future__ import annotations

import pytest

from engine import i18n
from engine.content.problems import Problem, error
from engine.i18n import _

N = 1000


def _plain() -> list[str]:
    out = []
    for k in range(N):
        p = Problem("fort.on_water", "error", f"fort 'f{k}' stands on water",
                    "build forts on land; change the terrain or move the fort",
                    file="m.map.yaml", line=k, col=3, hex=(k, 2))
        out.append(p.format())
    return out


def _templated() -> list[str]:
    out = []
    for k in range(N):
        p = error("fort.on_water", _("fort '{id}' stands on water", id=f"f{k}"),
                  _("build forts on land; change the terrain or move the fort"),
                  file="m.map.yaml", line=k, col=3, hex=(k, 2))
        out.append(p.format())
    return out


@pytest.fixture(autouse=True)
def _english_again():
    yield
    i18n.set_language("en")


@pytest.mark.benchmark(group="i18n-problems")
def test_bench_plain_english_problems_baseline(benchmark):
    assert len(benchmark(_plain)) == N


@pytest.mark.benchmark(group="i18n-problems")
def test_bench_templated_problems_in_english(benchmark):
    lines = benchmark(_templated)
    assert lines == _plain()


@pytest.mark.benchmark(group="i18n-problems")
def test_bench_templated_problems_in_german(benchmark):
    i18n.set_language("de")
    lines = benchmark(_templated)
    assert "Fehler fort.on_water: Fort 'f7' steht auf Wasser" in lines[7]
