"""Content files: strict loading, schema and semantic validation, canonical atomic saving.

Qt-free. Every problem is a `Problem` with a stable code, a hint and a location; loaders raise
`ContentError` carrying all of them.
"""

from engine.content.atomic import atomic_write_bytes, atomic_write_text
from engine.content.canonical import canonical_data, dump_canonical
from engine.content.convert_map import map_from_dict, map_to_dict
from engine.content.convert_rules import (
    catalog_from_dict,
    catalog_to_dict,
    ruleset_from_dict,
    ruleset_to_dict,
)
from engine.content.convert_scenario import scenario_from_dict, scenario_to_dict
from engine.content.documents import (
    MAX_FILE_BYTES,
    Document,
    document_from_text,
    file_head,
    load_document,
    read_text,
)
from engine.content.jsonio import lone_surrogate_offset, parse_json
from engine.content.loaders import (
    LoadCache,
    Loaded,
    check_document,
    check_map_model,
    check_scenario_model,
    collect_files,
    kind_words,
    load_catalog,
    load_file,
    load_map,
    load_parsed,
    load_ruleset,
    load_scenario,
    resolved,
    scenario_reference,
    validate_paths,
    validate_report,
)
from engine.content.migrations import migration
from engine.content.problems import ContentError, Problem
from engine.content.save import save_document, save_map
from engine.content.schema_memo import SchemaMemo
from engine.content.schemas import check_schema, schema_description, schema_messages
from engine.content.semantic_map import check_map
from engine.content.semantic_scenario import check_scenario
from engine.content.yamlio import parse_yaml

__all__ = [
    "MAX_FILE_BYTES",
    "ContentError",
    "Document",
    "LoadCache",
    "Loaded",
    "Problem",
    "SchemaMemo",
    "atomic_write_bytes",
    "atomic_write_text",
    "canonical_data",
    "catalog_from_dict",
    "catalog_to_dict",
    "check_document",
    "check_map",
    "check_map_model",
    "check_scenario",
    "check_scenario_model",
    "check_schema",
    "collect_files",
    "document_from_text",
    "dump_canonical",
    "file_head",
    "kind_words",
    "load_catalog",
    "load_document",
    "load_file",
    "load_map",
    "load_parsed",
    "load_ruleset",
    "load_scenario",
    "lone_surrogate_offset",
    "map_from_dict",
    "map_to_dict",
    "migration",
    "parse_json",
    "parse_yaml",
    "read_text",
    "resolved",
    "ruleset_from_dict",
    "ruleset_to_dict",
    "save_document",
    "save_map",
    "scenario_from_dict",
    "scenario_reference",
    "scenario_to_dict",
    "schema_description",
    "schema_messages",
    "validate_paths",
    "validate_report",
]
