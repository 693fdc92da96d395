"""The schemas themselves: valid draft 2020-12, documented, strict, with a valid example."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from engine.content.documents import SCHEMA_OF_KIND
from engine.content.schemas import all_schemas, registry, validator
from engine.paths import PROJECT_ROOT, SCHEMA_DIR

SCHEMA_FILES = sorted(SCHEMA_DIR.glob("*.schema.json"))
KINDS = sorted(SCHEMA_OF_KIND)


def _walk(node: Any, path: str = "#"):
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            if key != "examples":
                yield from _walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, f"{path}/{i}")


def test_one_schema_per_format_and_ids_match_formats_doc():
    formats = (PROJECT_ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    ids = {s["$id"] for s in all_schemas().values()}
    for kind in KINDS:
        assert SCHEMA_OF_KIND[kind] in ids
        assert f"`{SCHEMA_OF_KIND[kind]}`" in formats


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_schema_is_valid_draft_2020_12_with_id_and_title(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].endswith("/" + path.name)
    assert schema["title"]


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_every_property_has_a_description(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    missing = [
        f"{where}/properties/{name}"
        for where, node in _walk(schema)
        for name, sub in (node.get("properties") or {}).items()
        if isinstance(node.get("properties"), dict) and not sub.get("description")
    ]
    assert missing == []


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_every_object_with_properties_is_closed(path):
    # Closed: extra keys are refused, or each must match a schema (the ruleset's variants
    # admit new ids that way; semantic validation then checks them against the registry).
    schema = json.loads(path.read_text(encoding="utf-8"))
    open_objects = [
        where for where, node in _walk(schema)
        if isinstance(node.get("properties"), dict)
        and node.get("additionalProperties") is not False
        and not isinstance(node.get("additionalProperties"), dict)
    ]
    assert open_objects == []


@pytest.mark.parametrize("kind", KINDS)
def test_example_validates(kind):
    schema = all_schemas()[SCHEMA_OF_KIND[kind]]
    assert len(schema["examples"]) == 1
    errors = list(validator(kind).iter_errors(schema["examples"][0]))
    assert errors == []


def test_refs_resolve_offline_through_the_registry():
    resolver = registry().resolver()
    resolved = resolver.lookup("https://trenchclub.studio/schema/common.schema.json#/$defs/id")
    assert resolved.contents["pattern"] == "^[a-z0-9_-]+$"


def test_terrain_rows_pattern_and_map_limits():
    v = validator("map")
    example = all_schemas()[SCHEMA_OF_KIND["map"]]["examples"][0]
    bad = dict(example, terrain=["..x...", *example["terrain"][1:]])
    assert any(e.validator == "pattern" for e in v.iter_errors(bad))
    assert any(e.validator == "maximum" for e in v.iter_errors(dict(example, width=1001)))
    assert any(e.validator == "minimum" for e in v.iter_errors(dict(example, height=0)))


def test_estimable_numbers_accept_both_forms_and_refuse_extra_keys():
    v = validator("ruleset")
    example = all_schemas()[SCHEMA_OF_KIND["ruleset"]]["examples"][0]
    assert not list(v.iter_errors(dict(example, gift_fee={"value": 1, "estimated": True})))
    assert not list(v.iter_errors(dict(example, gift_fee=1)))
    assert list(v.iter_errors(dict(example, gift_fee={"value": 1, "estimated": True, "x": 1})))
    assert list(v.iter_errors(dict(example, gift_fee={"value": "1", "estimated": True})))


def test_an_estimate_note_is_one_text_or_german_and_english_within_bounds():
    v = validator("ruleset")
    example = all_schemas()[SCHEMA_OF_KIND["ruleset"]]["examples"][0]

    def errors(note: Any) -> list[Any]:
        fee = {"value": 1, "estimated": True, "note": note}
        return list(v.iter_errors(dict(example, gift_fee=fee)))

    assert not errors("GAP: a guess")
    assert not errors({"de": "GAP: geschätzt", "en": "GAP: a guess"})
    assert errors({"de": "GAP: geschätzt"})  # both languages, like a name
    assert errors({"de": "GAP: x", "en": "GAP: x", "fr": "GAP: x"})
    assert errors({"de": "x" * 2001, "en": "GAP: x"})
    assert errors("x" * 2001)
