"""Canonical save: load -> save -> load keeps the data; saving twice gives the same bytes."""

from __future__ import annotations

import copy

import pytest

from engine.content import (
    canonical_data,
    catalog_from_dict,
    catalog_to_dict,
    document_from_text,
    dump_canonical,
    load_catalog,
    load_document,
    load_map,
    load_ruleset,
    load_scenario,
    map_from_dict,
    map_to_dict,
    ruleset_from_dict,
    ruleset_to_dict,
    save_document,
    save_map,
    scenario_from_dict,
    scenario_to_dict,
)
from tests.content.fixtures import (
    valid_catalog,
    valid_map,
    valid_ruleset,
    valid_scenario,
    write_set,
)


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_load_save_load_keeps_data_and_bytes(tmp_path, fmt):
    paths = write_set(tmp_path, fmt=fmt)
    for path in paths.values():
        first = load_document(path)
        out = tmp_path / f"copy.{fmt}"
        save_document(first.data, out)
        again = load_document(out)
        assert again.data == canonical_data(first.data)
        bytes_once = out.read_bytes()
        save_document(again.data, out)
        assert out.read_bytes() == bytes_once


@pytest.mark.parametrize("name", ["m.map.yaml", "m.yml", "m", "m.json"])
def test_a_yaml_text_made_already_is_written_only_to_a_yaml_file(tmp_path, name):
    """save_document(yaml=…) takes the caller's canonical YAML (the Tiled import has it)."""
    data = valid_map()
    save_document(data, tmp_path / name)
    want = (tmp_path / name).read_bytes()
    save_document(data, tmp_path / name, yaml=dump_canonical(data, "yaml") + "# made already\n")
    got = (tmp_path / name).read_bytes()
    if name.endswith(".json"):
        assert got == want
    else:
        assert got == want + b"# made already\n"


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_map_model_round_trip_and_stable_bytes(tmp_path, fmt):
    paths = write_set(tmp_path, fmt=fmt)
    m = load_map(paths["map"])
    assert map_to_dict(m) == canonical_data(valid_map())
    out = tmp_path / f"saved.{fmt}"
    save_map(m, out)
    first = out.read_bytes()
    m2 = load_map(out)
    assert m2 == m
    save_map(m2, out)
    assert out.read_bytes() == first
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_canonical_yaml_layout():
    text = dump_canonical(valid_map(), "yaml")
    lines = text.splitlines()
    assert lines[:2] == ["$schema: https://trenchclub.studio/schema/map.schema.json",
                         "schema_version: 1"]
    rows = [ln for ln in lines if ln.startswith('  - "')]
    assert len(rows) == 16 and all(len(r) == len('  - ""') + 28 for r in rows)
    assert "    entrances: [[1, 3], [3, 3]]" in lines
    assert "  - {number: 1, hex: [4, 1]}" in lines


def test_canonical_order_sorts_id_lists_and_keys():
    data = valid_map()
    shuffled = copy.deepcopy(data)
    shuffled["forts"].reverse()
    shuffled["start_markers"].reverse()
    shuffled = dict(reversed(list(shuffled.items())))
    assert dump_canonical(shuffled, "yaml") == dump_canonical(data, "yaml")
    assert dump_canonical(shuffled, "json") == dump_canonical(data, "json")


def test_estimated_flags_and_notes_survive_model_round_trip():
    data = valid_catalog()
    catalog = catalog_from_dict(data)
    car = catalog.units["armoured_car"]
    assert car.hit["hero"] == 8 and "/hit/hero" in car.estimated
    assert car.notes["/cost/coins"] == "GAP"
    again = catalog_to_dict(catalog)
    assert again["units"][0]["hit"]["hero"] == {
        "value": 8, "estimated": True, "note": "GAP: +2 per level (RULES §5.4)"}
    assert catalog_from_dict(again) == catalog
    ruleset = ruleset_from_dict(valid_ruleset())
    assert ruleset.dice_by_damage == [12, 11, 10, 8, 7, 5]
    assert ruleset.estimated >= {"/dice_by_damage/2", "/dice_by_damage/4", "/special_unit/price"}
    assert ruleset_to_dict(ruleset) == canonical_data(valid_ruleset())
    assert ruleset_from_dict(ruleset_to_dict(ruleset)) == ruleset


def test_scenario_round_trip_and_resolution(tmp_path):
    paths = write_set(tmp_path)
    s = load_scenario(paths["scenario"])
    assert s.map is not None and s.map.id == "test_map"
    assert s.ruleset is not None and s.catalog is not None
    assert scenario_from_dict(scenario_to_dict(s)).seats == s.seats
    assert canonical_data(scenario_to_dict(s)) == canonical_data(valid_scenario())
    assert load_ruleset(paths["ruleset"]).id == "current"
    assert set(load_catalog(paths["catalog"]).units) == {"infantry", "armoured_car"}


def test_multiline_text_round_trips_as_literal_block():
    data = valid_map()
    data["description"] = "First line.\nSecond: with colon # and hash\n\n  indented\n"
    text = dump_canonical(data, "yaml")
    assert "description: |\n  First line.\n" in text
    assert document_from_text(text, "yaml").data["description"] == data["description"]


@pytest.mark.parametrize("value", ["yes", "No", "on", "null", "~", "12", "1.5", "0x1F", "-", "a: b",
                                   "# not a comment", "[x]", " lead", "trail ", "tab\there",
                                   "ünïcödé – dash", "", "'", '"', "https://x.org/a b"])
def test_awkward_strings_survive(value):
    data = valid_map()
    data["name"] = value
    for fmt in ("yaml", "json"):
        assert document_from_text(dump_canonical(data, fmt), fmt).data["name"] == value


def test_map_from_dict_rejects_bad_grid_without_schema():
    data = valid_map()
    data["terrain"] = data["terrain"][:-1]
    with pytest.raises(ValueError) as exc:
        map_from_dict(data)
    assert exc.value.problems[0].code == "map.terrain_rows"  # type: ignore[attr-defined]


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
@pytest.mark.parametrize("offset", ["odd", "even"])
def test_region_spans_convert_both_ways(orientation, offset):
    from engine.content.convert_map import region_spans, span_hexes

    data = valid_map()
    data["layout"].update(orientation=orientation, offset=offset)
    m = map_from_dict(data)
    spans = [[0, 0, 3], [1, 2, 2], [3, 5, 9], [4, 0, 27]]
    hexes = span_hexes(m, spans)
    assert hexes == {m.to_axial(c, r) for r, a, b in spans for c in range(a, b + 1)}
    assert region_spans(m, hexes) == spans
