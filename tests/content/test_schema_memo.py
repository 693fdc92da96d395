"""The incremental schema check of an editor gives exactly the problems of a full check,
after any sequence of edits, and re-checks only the units that changed."""

from __future__ import annotations

import copy

import pytest

from engine.content import load_document
from engine.content.schema_memo import SchemaMemo
from engine.content.schemas import check_schema
from engine.paths import PROJECT_ROOT

BASE = PROJECT_ROOT / "content" / "catalog" / "base.catalog.yaml"


def breakages(units: list) -> list:
    """Edits that break the schema in different places (and one that repairs)."""
    def speed(d): d["units"][3]["speed"] = -1
    def range_type(d): d["units"][5]["range"]["min"] = "x"
    def missing(d): del d["units"][7]["hit"]
    def extra_key(d): d["units"][2]["colour"] = "red"
    def top_level(d): d["name"] = 5
    def repair(d): d["units"][3]["speed"] = 2
    def insert(d): d["units"].insert(0, {"id": "Bad Id"})
    def remove(d): del d["units"][1]
    return [speed, range_type, missing, extra_key, top_level, repair, insert, remove]


def test_after_every_edit_the_memo_agrees_with_the_full_check():
    doc = load_document(BASE)
    memo = SchemaMemo()
    assert memo.check(doc) == check_schema(doc) == []
    for edit in breakages(doc.data["units"]):
        edit(doc.data)
        assert memo.check(doc) == check_schema(doc), edit.__name__
    assert any(p.pointer == "/name" for p in memo.check(doc))


def test_only_the_changed_unit_is_checked_again():
    doc = load_document(BASE)
    memo = SchemaMemo()
    memo.check(doc)
    assert memo.checked_items == len(doc.data["units"])
    memo.check(doc)
    assert memo.checked_items == 0
    doc.data["units"][4]["speed"] = 3
    memo.check(doc)
    assert memo.checked_items == 1


@pytest.mark.parametrize("units", [None, "many", [None]])
def test_a_units_list_the_schema_refuses_gives_the_full_checks_problems(units):
    doc = load_document(BASE)
    if units == "many":
        doc.data["units"] = [copy.deepcopy(doc.data["units"][0]) for _ in range(1001)]
    else:
        doc.data["units"] = units
    assert SchemaMemo().check(doc) == check_schema(doc) != []
