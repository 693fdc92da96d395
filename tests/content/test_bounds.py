"""Every number, list, text and open mapping of every schema has documented bounds, checked
at load as located errors (issue 15 finding 3: valid content exhausted memory)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine.content import dump_canonical, validate_paths
from engine.content.documents import document_from_text
from engine.content.loaders import check_document
from engine.content.schemas import all_schemas
from engine.paths import PROJECT_ROOT
from exporters.buildcache import MAX_CACHE_BYTES
from exporters.limits import DPI_RANGE, HEX_MM_RANGE, MAX_PDF_PAGES
from packs.paths import MAX_NAME_BYTES, MAX_PART_BYTES
from packs.safejson import MAX_DEPTH, MAX_INT_DIGITS
from packs.safezip import Limits
from tests.content.fixtures import valid_map, valid_ruleset, valid_scenario, write_set


def _unbounded(node: Any, pointer: str = "") -> list[str]:
    """Pointers of schema nodes that accept values of any size."""
    out: list[str] = []
    if isinstance(node, dict):
        types = node.get("type", [])
        types = types if isinstance(types, list) else [types]
        if "const" not in node and "enum" not in node:
            for t in types:
                low = "minimum" in node or "exclusiveMinimum" in node
                high = "maximum" in node or "exclusiveMaximum" in node
                if t in ("integer", "number") and not (low and high):
                    out.append(f"{pointer} ({t} without minimum and maximum)")
                if t == "string" and "maxLength" not in node:
                    out.append(f"{pointer} (string without maxLength)")
                if t == "array" and "maxItems" not in node:
                    out.append(f"{pointer} (array without maxItems)")
                if (t == "object" and node.get("additionalProperties", True) is not False
                        and "maxProperties" not in node):
                    out.append(f"{pointer} (open object without maxProperties)")
        for key, value in node.items():
            if key != "examples":
                out += _unbounded(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _unbounded(value, f"{pointer}/{i}")
    return out


@pytest.mark.parametrize("schema_id", sorted(all_schemas()))
def test_every_value_of_every_schema_is_bounded(schema_id):
    assert _unbounded(all_schemas()[schema_id]) == []


def test_the_checker_finds_an_unbounded_value():
    assert _unbounded({"properties": {"n": {"type": "integer", "minimum": 0}}}) == [
        "/properties/n (integer without minimum and maximum)"]


def _errors(data: dict[str, Any], tmp_path: Path | None = None) -> list[Any]:
    doc = document_from_text(json.dumps(data), "json",
                             None if tmp_path is None else tmp_path / "x.json")
    return [p for p in check_document(doc) if p.is_error]


def test_starting_money_over_the_limit_is_a_located_error(tmp_path):
    paths = write_set(tmp_path)
    data = valid_scenario()
    data["starting_money"] = {"DE": 10**12}
    paths["scenario"].write_text(dump_canonical(data, "yaml"), encoding="utf-8")
    found = [p for p in validate_paths([paths["scenario"]]) if p.is_error]
    assert [(p.code, p.pointer) for p in found] == [("schema.out_of_range",
                                                    "/starting_money/DE")]
    assert found[0].line is not None and "10000" in found[0].message


@pytest.mark.parametrize("value", [10**400, 10**5, {"value": 10**400, "estimated": True}])
def test_a_huge_terrain_cost_is_refused(value):
    data = valid_ruleset()
    data["terrain_costs"]["foot"]["forest"] = value
    found = _errors(data)
    assert [(p.code, p.pointer) for p in found] == [
        ("schema.out_of_range", "/terrain_costs/foot/forest" + ("/value" if
                                                                isinstance(value, dict) else ""))]
    assert len(found[0].message) < 200  # a 401-digit number is not repeated in full
    # The field's own description, not the shared terrain cost's; the bounds grouped.
    assert found[0].hint == "allowed: 0 to 10,000; expected forest"


@pytest.mark.parametrize(("field", "value"), [("dice_by_damage", [10**6] * 6),
                                              ("pincer_dice", 51),
                                              ("destroyed_at_damage", 21)])
def test_dice_and_damage_counts_are_bounded(field, value):
    data = valid_ruleset()
    data[field] = value
    assert any(p.code == "schema.out_of_range" for p in _errors(data))


@pytest.mark.parametrize("point", [[-1e308, 0.0], [0.0, 1e308], [2001.0, 0.0]])
def test_a_path_point_far_off_the_map_is_an_error(point):
    data = valid_map()
    data["paths"][0]["points"].append(point)
    found = _errors(data)
    assert [(p.code, p.pointer) for p in found][:1] == [
        ("schema.out_of_range", f"/paths/0/points/2/{0 if point[0] else 1}")]


def test_a_drawing_just_beyond_the_hard_limit_is_an_error():
    data = valid_map()
    data["labels"][0]["at"] = [-25.0, 0.0]
    found = _errors(data)
    assert [(p.code, p.pointer) for p in found] == [("map.drawing_too_far", "/labels/0/at")]


def test_a_list_of_far_drawings_that_stops_says_so():
    """The drawing check lists 100 problems; past that it said nothing, so the panel's
    count read as if the map had no more."""
    data = valid_map()
    data["labels"] = [{"text": f"L{i}", "at": [-25.0, 0.0]} for i in range(150)]
    codes = [p.code for p in _errors(data) if p.code.startswith("map.drawing")]
    assert codes == ["map.drawing_too_far"] * 100 + ["map.drawing_too_many"]
    data["labels"] = data["labels"][:100]
    codes = [p.code for p in _errors(data) if p.code.startswith("map.drawing")]
    assert codes == ["map.drawing_too_far"] * 100  # exactly the listed ones: nothing more


def test_docs_list_every_limit_and_the_readme_links_them():
    doc = (PROJECT_ROOT / "docs" / "validation.md").read_text(encoding="utf-8")
    table = doc[doc.index("## Limits"):doc.index("## Problem codes")]
    for limit in ("10,000", "1,000 × 1,000", "50", "20 hex units", "16 MiB", "64 levels",
                  "100 schema problems", "10^12"):
        assert limit in table, limit
    rows = [line for line in table.splitlines() if line.startswith("| ")]
    assert len(rows) >= 30
    readme = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
    assert re.search(r"\]\(docs/validation\.md#limits\)", readme)


def test_rules_commands_refuse_out_of_bounds_content(tmp_path, capsys):
    from tcstudio.cli import main

    paths = write_set(tmp_path, players=2)
    ruleset = valid_ruleset()
    ruleset["terrain_costs"]["foot"]["forest"] = 10**400  # `rules new` crashed on it
    paths["ruleset"].write_text(dump_canonical(ruleset, "yaml"), encoding="utf-8")
    out = tmp_path / "game.json"
    assert main(["rules", "new", str(paths["scenario"]), "--out", str(out)]) == 1
    assert not out.exists()
    paths["ruleset"].write_text(dump_canonical(valid_ruleset(), "yaml"), encoding="utf-8")
    assert main(["rules", "new", str(paths["scenario"]), "--out", str(out)]) == 0
    capsys.readouterr()
    scenario = valid_scenario(players=2)
    scenario["starting_money"] = {"DE": 10**12}  # `rules actions` listed 10**12 gifts
    paths["scenario"].write_text(dump_canonical(scenario, "yaml"), encoding="utf-8")
    assert main(["rules", "actions", str(paths["scenario"])]) == 1
    err = capsys.readouterr().err
    assert "schema.out_of_range" in err and "/starting_money/DE" in err


def test_docs_list_the_limits_enforced_outside_the_schemas():
    """The pack, JSON, build-cache and export limits are in docs/validation.md#limits too,
    with the values the code enforces (a changed constant fails here until the docs follow)."""
    doc = (PROJECT_ROOT / "docs" / "validation.md").read_text(encoding="utf-8")
    table = doc[doc.index("## Limits"):doc.index("## Problem codes")]
    limits = Limits()
    mib = 1024 * 1024
    for text in (f"at most {limits.max_pack_bytes // mib} MiB",
                 f"at most {limits.max_entries} entries",
                 f"at most {limits.max_entry_bytes // mib} MiB each",
                 f"{limits.max_total_bytes // mib} MiB in total",
                 f"at most {limits.max_ratio:.0f} : 1",
                 f"at most {MAX_NAME_BYTES} bytes, {MAX_PART_BYTES} per part",
                 f"nesting at most {MAX_DEPTH} levels; integers at most {MAX_INT_DIGITS} digits",
                 f"at most {MAX_CACHE_BYTES // mib} MiB",
                 f"`--dpi` {DPI_RANGE[0]:.0f}..{DPI_RANGE[1]:.0f}",
                 f"`--hex-mm` {HEX_MM_RANGE[0]:.0f}..{HEX_MM_RANGE[1]:.0f}",
                 f"at most {MAX_PDF_PAGES} board pages"):
        assert text in table, text
