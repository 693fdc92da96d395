"""Every file in content/ (whatever is there) validates and round-trips; so do the examples."""

from __future__ import annotations

from pathlib import Path

from engine.content import (
    canonical_data,
    catalog_from_dict,
    catalog_to_dict,
    document_from_text,
    dump_canonical,
    load_document,
    map_from_dict,
    map_to_dict,
    ruleset_from_dict,
    ruleset_to_dict,
    scenario_from_dict,
    scenario_to_dict,
    validate_report,
)
from engine.content.convert_area import (
    area_map_from_dict,
    area_map_to_dict,
    area_ruleset_from_dict,
    area_ruleset_to_dict,
    area_scenario_from_dict,
    area_scenario_to_dict,
    army_catalog_from_dict,
    army_catalog_to_dict,
)
from engine.content.documents import KIND_OF_SCHEMA
from engine.content.schemas import all_schemas, check_schema
from engine.paths import CONTENT_DIR
from engine.rules.enemy_table import table_from_dict, table_to_dict

MODEL = {
    "map": (map_from_dict, map_to_dict),
    "catalog": (catalog_from_dict, catalog_to_dict),
    "ruleset": (ruleset_from_dict, ruleset_to_dict),
    "scenario": (scenario_from_dict, scenario_to_dict),
    "enemy-table": (table_from_dict, table_to_dict),
    "area-map": (area_map_from_dict, area_map_to_dict),
    "army-catalog": (army_catalog_from_dict, army_catalog_to_dict),
    "area-ruleset": (area_ruleset_from_dict, area_ruleset_to_dict),
    "area-scenario": (area_scenario_from_dict, area_scenario_to_dict),
}


def content_files() -> list[Path]:
    return sorted(p for ext in ("yaml", "yml", "json") for p in CONTENT_DIR.rglob(f"*.{ext}"))


def example_files(tmp_path: Path) -> list[Path]:
    """The schema examples as files, so these tests check something even with no content."""
    out = []
    for schema in all_schemas().values():
        if schema["$id"] not in KIND_OF_SCHEMA:  # e.g. the area pack manifest: not content
            continue
        for i, example in enumerate(schema.get("examples", [])):
            name = schema["$id"].rsplit("/", 1)[1].replace(".schema.json", f"-{i}.yaml")
            path = tmp_path / name
            path.write_text(dump_canonical(example, "yaml"), encoding="utf-8")
            out.append(path)
    assert len(out) == 10
    return out


def _check_round_trip(path: Path) -> None:
    doc = load_document(path)
    text = dump_canonical(doc.data, doc.fmt)
    again = document_from_text(text, doc.fmt).data
    assert again == canonical_data(doc.data), path
    assert dump_canonical(again, doc.fmt) == text, path
    if doc.kind in MODEL:
        from_dict, to_dict = MODEL[doc.kind]
        model = from_dict(again)
        assert from_dict(to_dict(model)) == model, path
        assert dump_canonical(to_dict(from_dict(to_dict(model))), doc.fmt) == dump_canonical(
            to_dict(model), doc.fmt), path


def test_every_file_validates_against_its_schema(tmp_path):
    for path in content_files() + example_files(tmp_path):
        doc = load_document(path)
        assert [p.format() for p in check_schema(doc)] == [], path


def test_every_file_round_trips(tmp_path):
    for path in content_files() + example_files(tmp_path):
        _check_round_trip(path)


def test_content_directory_has_no_errors():
    count, problems = validate_report([CONTENT_DIR]) if CONTENT_DIR.exists() else (0, [])
    assert count == len(content_files())
    assert [p.format() for p in problems if p.is_error] == []
