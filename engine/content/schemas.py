"""The JSON Schemas of schema/, loaded offline into one registry, and schema validation."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource

from engine.content.documents import SCHEMA_OF_KIND, Document
from engine.content.positions import join_pointer, pointer_of
from engine.content.problems import Problem, error
from engine.paths import SCHEMA_DIR

MAX_SCHEMA_PROBLEMS = 100


@cache
def all_schemas() -> dict[str, dict[str, Any]]:
    """Every schema in schema/, by `$id`."""
    out = {}
    for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        out[schema["$id"]] = schema
    return out


@cache
def registry() -> Registry:
    """A `referencing` registry holding every schema, so `$ref` resolves offline."""
    return Registry().with_resources(
        (sid, Resource.from_contents(schema)) for sid, schema in all_schemas().items()
    )


# Strict: 28.0 is not an integer in a content file (JSON Schema would accept it).
StrictValidator = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    ),
)


@cache
def validator(kind: str) -> Draft202012Validator:
    """A draft 2020-12 validator for a content kind ("map", "catalog", ...)."""
    return StrictValidator(all_schemas()[SCHEMA_OF_KIND[kind]], registry=registry())


@cache
def _plain_validator(schema_id: str) -> Draft202012Validator:
    return Draft202012Validator(all_schemas()[schema_id], registry=registry())


def schema_messages(data: Any, schema_id: str) -> list[str]:
    """`path: message` for every way `data` breaks the schema with `$id` `schema_id`, by path
    (for data outside a content file, such as a pack's manifest)."""
    errors = _plain_validator(schema_id).iter_errors(data)
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
            for e in sorted(errors, key=lambda e: list(e.path))]


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_TYPE_NAMES = {
    dict: "a mapping", list: "a list", str: "text", bool: "true/false", int: "an integer",
    float: "a number", type(None): "null",
}


def _type_name(value: Any) -> str:
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def _where(pointer: str) -> str:
    return f"'{pointer}'" if pointer else "the top level"


def _hint(err: ValidationError, fallback: str) -> str:
    description = err.schema.get("description") if isinstance(err.schema, dict) else None
    if not description and err.parent is not None and isinstance(err.parent.schema, dict):
        description = err.parent.schema.get("description")
    if not description:
        return fallback
    return f"expected {description[0].lower()}{description[1:]}".rstrip(".")


def _convert(err: ValidationError, doc: Document) -> list[Problem]:
    pointer = pointer_of(err.absolute_path)
    v = err.validator
    inst = err.instance
    code, message, hint, prefer_key = "schema.invalid", err.message, _hint(err, ""), False
    if v == "additionalProperties" and isinstance(inst, dict):
        allowed = list(err.schema.get("properties", {}))
        out = []
        for key in inst:
            if key in allowed:
                continue
            kp = join_pointer(pointer, key)
            line, col = doc.locate(kp, prefer_key=True) or (None, None)
            out.append(error(
                "schema.unknown_key", f"unknown key '{key}' in {_where(pointer)}",
                "allowed keys: " + ", ".join(allowed) if allowed else "remove it",
                file=doc.file, line=line, col=col, pointer=kp,
            ))
        return out
    if v == "required":
        missing = [k for k in err.validator_value if isinstance(inst, dict) and k not in inst]
        names = ", ".join(f"'{k}'" for k in missing) or err.message
        code, message = "schema.missing_key", f"{_where(pointer)} is missing key {names}"
        hint = "add the missing key"
    elif v == "type":
        code = "schema.wrong_type"
        message = f"{_where(pointer)} is {_type_name(inst)}, expected {err.validator_value}"
    elif v in ("anyOf", "oneOf"):
        # A value of the right shape but wrong inside (e.g. {value: 20} over a maximum)
        # is best explained by the deepest or most specific inner error.
        inner = [e for e in err.context
                 if e.relative_path or e.validator not in ("type", "const", "enum")]
        if inner:
            return _convert(max(inner, key=lambda e: len(e.relative_path)), doc)
        code = "schema.wrong_type"
        message = f"{_where(pointer)}: {_short(inst)} is not allowed here"
    elif v in ("enum", "const"):
        allowed = err.validator_value if v == "enum" else [err.validator_value]
        code = "schema.bad_value"
        message = f"{_where(pointer)}: {_short(inst)} is not one of " + ", ".join(
            _short(a) for a in allowed
        )
        hint = hint or "use one of the listed values"
    elif v == "pattern":
        code = "schema.bad_pattern"
        message = f"{_where(pointer)}: {_short(inst)} does not match {err.validator_value}"
    elif v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        code = "schema.out_of_range"
        message = f"{_where(pointer)}: {err.message}"
    elif v in ("minItems", "maxItems", "minLength", "maxLength", "minProperties", "items",
               "maxProperties"):
        code = "schema.bad_length"
        message = f"{_where(pointer)}: {err.message}"
    elif v == "uniqueItems":
        code = "schema.not_unique"
        message = f"{_where(pointer)}: items must be unique"
        hint = "remove the repeated item"
    elif v == "propertyNames":
        code, prefer_key = "schema.bad_key", True
        message = f"{_where(pointer)}: {err.message}"
    line, col = doc.locate(pointer, prefer_key) or (None, None)
    return [error(code, message, hint or "see the schema", file=doc.file, line=line, col=col,
                  pointer=pointer)]


def check_schema(doc: Document) -> list[Problem]:
    """Schema problems of a document, each located (at most MAX_SCHEMA_PROBLEMS)."""
    out: list[Problem] = []
    errors = sorted(validator(doc.kind).iter_errors(doc.data),
                    key=lambda e: [str(p) for p in e.absolute_path])
    for err in errors:
        out.extend(_convert(err, doc))
        if len(out) >= MAX_SCHEMA_PROBLEMS:
            out.append(error(
                "schema.too_many", f"more than {MAX_SCHEMA_PROBLEMS} schema problems; "
                "stopped listing", "fix the ones above first", file=doc.file,
            ))
            break
    return out
