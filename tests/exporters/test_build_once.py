"""`tcstudio build` parses and schema-checks every content file once, then reuses it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import engine.content.documents as documents
import engine.content.loaders as loaders
from engine.content import LoadCache, dump_canonical, load_file, load_scenario
from exporters.pipeline import build, content_files
from tests.content.fixtures import valid_scenario, write_set


@pytest.fixture()
def counted(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    calls: Counter[str] = Counter()
    real_schema, real_read = loaders.check_schema, documents.read_text

    def check_schema(doc, *args):  # type: ignore[no-untyped-def]
        calls[f"schema:{Path(doc.file).name}"] += 1
        return real_schema(doc, *args)

    def read_text(path):  # type: ignore[no-untyped-def]
        calls[f"read:{Path(path).name}"] += 1
        return real_read(path)

    monkeypatch.setattr(loaders, "check_schema", check_schema)
    monkeypatch.setattr(documents, "read_text", read_text)
    return calls


def test_build_checks_each_file_once(tmp_path: Path, counted: Counter[str]) -> None:
    src = tmp_path / "content"
    src.mkdir()
    write_set(src)
    second = valid_scenario()
    second["id"] = "second_scenario"
    (src / "second.yaml").write_text(dump_canonical(second), encoding="utf-8")
    result = build(src, tmp_path / "out")
    assert result.ok and len(result.built) == 2, result.problems
    files = [p.name for p in content_files(src)]
    assert len(files) == 5
    assert counted == Counter({f"{kind}:{name}": 1 for name in files
                               for kind in ("schema", "read")})


def test_cached_load_shares_the_analysis(tmp_path: Path, counted: Counter[str]) -> None:
    paths = write_set(tmp_path)
    cache = LoadCache()
    scenario = load_scenario(paths["scenario"], cache)
    again = load_scenario(paths["scenario"], cache)
    assert again is scenario and again.map is load_file(paths["map"], cache=cache).model
    assert sum(counted.values()) == 8  # four files, each read and checked once
    wrong = load_file(paths["map"], "scenario", cache=cache)
    assert not wrong.ok and wrong.problems[0].code == "document.wrong_kind"
    missing = load_file(tmp_path / "nope.yaml", cache=cache)
    assert missing.document is None and missing.problems[0].code == "file.unreadable"
