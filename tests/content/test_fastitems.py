"""The compiled `items` fast path never changes what schema validation reports."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator, validators

from engine.content import Document
from engine.content.fastitems import _COMPILED, MIN_ITEMS_FOR_FAST_PATH, fast_items
from engine.content.schemas import all_schemas, check_schema, registry, validator
from tests.bigmaps import big_map_data

MAP = "https://trenchclub.studio/schema/map.schema.json"
# The validator as it was before the fast path: strict integers, jsonschema's own `items`.
Reference = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _c, v: isinstance(v, int) and not isinstance(v, bool)),
)


def _reference_errors(data: dict[str, Any]) -> list[tuple[str, str]]:
    check = Reference(all_schemas()[MAP], registry=registry())
    return sorted((e.json_path, e.message) for e in check.iter_errors(data))


def _errors(data: dict[str, Any]) -> list[tuple[str, str]]:
    return sorted((e.json_path, e.message) for e in validator("map").iter_errors(data))


BAD_SPANS = [[1, 2], [1, 2, 3, 4], [1, 2.0, 3], [True, 1, 2], [1, -1, 3], [1000, 0, 0],
             "1,2,3", None, [1, 2, "3"]]
BAD_POINTS = [[1.0], [1.0, 2.0, 3.0], [1.0, "2"], [False, 1.0], [2001.0, 0.0], [0.0, -100.5],
              {"x": 1}, [float("nan"), 1.0]]
BAD_ROWS = ["x" * 60, "", 5, None]


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    return big_map_data(60, 40)


def test_valid_map_takes_the_fast_path(data: dict[str, Any]) -> None:
    assert len(data["regions"][3]["spans"]) >= MIN_ITEMS_FOR_FAST_PATH
    assert _errors(data) == [] == _reference_errors(data)
    schema = all_schemas()[MAP]["properties"]
    nodes = [schema["regions"]["items"]["properties"]["spans"]["items"],
             schema["paths"]["items"]["properties"]["points"]["items"],
             schema["terrain"]["items"]]
    for node in nodes:
        assert _COMPILED[id(node)][0] is node and _COMPILED[id(node)][1] is not None


@pytest.mark.parametrize("bad", BAD_SPANS, ids=repr)
def test_bad_span_reported_as_before(data: dict[str, Any], bad: Any) -> None:
    broken = copy.deepcopy(data)
    broken["regions"][3]["spans"][7] = bad
    assert _errors(broken) == _reference_errors(broken) != []
    pointers = {p.pointer for p in check_schema(Document(broken, "map"))}
    assert pointers and all(p.startswith("/regions/3/spans/7") for p in pointers)


@pytest.mark.parametrize("bad", BAD_POINTS, ids=repr)
def test_bad_point_reported_as_before(data: dict[str, Any], bad: Any) -> None:
    broken = copy.deepcopy(data)
    broken["paths"][0]["points"][20] = bad
    nan = isinstance(bad, list) and bad[0] != bad[0]  # NaN passes both bounds in jsonschema
    assert _errors(broken) == _reference_errors(broken) and (nan or _errors(broken))


@pytest.mark.parametrize("bad", BAD_ROWS, ids=repr)
def test_bad_terrain_row_reported_as_before(data: dict[str, Any], bad: Any) -> None:
    broken = copy.deepcopy(data)
    broken["terrain"][30] = bad
    assert _errors(broken) == _reference_errors(broken) != []


values = st.recursive(
    st.none() | st.booleans() | st.integers(-2000, 3000) | st.floats(-3000, 3000)
    | st.text(alphabet=".f=b~tx", max_size=4),
    lambda inner: st.lists(inner, max_size=5), max_leaves=8)


span = st.lists(st.integers(-1, 1000), min_size=3, max_size=3)
point = st.lists(st.floats(-101, 2001, allow_nan=False), min_size=2, max_size=2)
row = st.text(alphabet=".f=b~t", min_size=1, max_size=5)


@settings(max_examples=300, deadline=None)
@given(st.lists(span | point | row, min_size=MIN_ITEMS_FOR_FAST_PATH, max_size=30),
       st.integers(0, 40), values, st.booleans())
def test_fast_path_agrees_with_jsonschema_on_anything(items: list[Any], at: int, odd: Any,
                                                      spoil: bool) -> None:
    if spoil and at < len(items):
        items[at] = odd
    schema = all_schemas()[MAP]
    check = validator("map")
    for sub_pointer in ("/properties/regions/items/properties/spans",
                        "/properties/paths/items/properties/points",
                        "/properties/terrain"):
        node = schema
        for key in sub_pointer.strip("/").split("/"):
            node = node[key]
        fast = list(fast_items(check, node["items"], items, node))
        slow = list(Draft202012Validator.VALIDATORS["items"](check, node["items"], items, node))
        assert [e.message for e in fast] == [e.message for e in slow]
