"""Incremental schema checks for an editor that re-validates after every edit.

JSON Schema validation is most of the cost of checking a catalog (about 40 ms for the
built-in 24 units, growing with each unit). A `SchemaMemo` checks a document's long list (a
catalog's `units`) item by item and remembers each item's schema errors by its index and
content, so an edit of one unit re-checks that unit and the small rest of the file. The
problems are the same as `check_schema` gives (a test compares them on broken catalogs).
"""

from __future__ import annotations

import json
from typing import Any

from jsonschema.exceptions import ValidationError

from engine.content.documents import SCHEMA_OF_KIND, Document
from engine.content.problems import Problem
from engine.content.schemas import all_schemas, check_schema, problems_of, validator

# Kind -> the top-level list checked item by item.
ITEM_LISTS = {"catalog": "units"}


class SchemaMemo:
    """Remembers the schema errors of each item of a document's long list."""

    def __init__(self) -> None:
        self._errors: dict[tuple[int, str], list[ValidationError]] = {}
        self.checked_items = 0  # items validated by the last `check` (the rest remembered)

    def check(self, doc: Document) -> list[Problem]:
        """The schema problems of `doc`, as `check_schema(doc)` finds them."""
        name = ITEM_LISTS.get(doc.kind)
        items = doc.data.get(name) if name else None
        list_schema = all_schemas()[SCHEMA_OF_KIND[doc.kind]]["properties"][name] if name else {}
        if (name is None or not isinstance(items, list) or list_schema.get("minItems")
                or len(items) > list_schema.get("maxItems", 0)):
            self.checked_items = len(items) if isinstance(items, list) else 0
            return check_schema(doc)
        check = validator(doc.kind)
        shell = {**doc.data, name: []}
        errors: list[ValidationError] = list(check.iter_errors(shell))
        item_check = check.evolve(schema=list_schema["items"])
        kept: dict[tuple[int, str], list[ValidationError]] = {}
        self.checked_items = 0
        for i, item in enumerate(items):
            key = (i, _text(item))
            found = self._errors.get(key)
            if found is None:
                found = []
                for err in item_check.iter_errors(item):
                    err.path.extendleft([i, name])  # located in the document, not the item
                    err.schema_path.extendleft(["items", name, "properties"])
                    found.append(err)
                self.checked_items += 1
            kept[key] = found
            errors += found
        self._errors = kept
        return problems_of(errors, doc, SCHEMA_OF_KIND[doc.kind])


def _text(value: Any) -> str:
    """The content of an item as text (equal text: equal item)."""
    return json.dumps(value, sort_keys=True, default=repr)
