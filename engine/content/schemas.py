"""The JSON Schemas of schema/, loaded offline into one registry, and schema validation."""

from __future__ import annotations

import heapq
import json
from collections.abc import Iterable, Iterator
from functools import cache
from itertools import islice
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource

from engine.content.documents import SCHEMA_OF_KIND, Document
from engine.content.fastitems import fast_items
from engine.content.positions import join_pointer, pointer_of
from engine.content.problems import Problem, error
from engine.i18n import Msg, Number, Text, _, gettext, ngettext
from engine.paths import SCHEMA_DIR

MAX_SCHEMA_PROBLEMS = 100
# Errors kept (in path order) to fill the problem list; one error may give several problems
# and duplicates are dropped, so a few more than the cap are kept.
_ERRORS_KEPT = 4 * MAX_SCHEMA_PROBLEMS


@cache
def all_schemas() -> dict[str, dict[str, Any]]:
    """Every schema in schema/, by `$id`."""
    out = {}
    for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        out[schema["$id"]] = schema
    return out


def schema_description(kind: str, key: tuple[str | int, ...]) -> str:
    """The schema's description of the value at `key` in a `kind` file, in the current
    language (following plain `properties` only; empty where there is none), e.g. an
    editor's help for a field."""
    node: Any = all_schemas()[SCHEMA_OF_KIND[kind]]
    for part in key:
        props = node.get("properties", {}) if isinstance(node, dict) else {}
        if not isinstance(part, str) or part not in props:
            return ""
        node = props[part]
    description = node.get("description") if isinstance(node, dict) else None
    return gettext(description) if isinstance(description, str) and description else ""


@cache
def registry() -> Registry:
    """A `referencing` registry holding every schema, so `$ref` resolves offline."""
    return Registry().with_resources(
        (sid, Resource.from_contents(schema)) for sid, schema in all_schemas().items()
    )


# Strict: 28.0 is not an integer in a content file (JSON Schema would accept it).
# `items` takes a compiled fast path for long arrays of simple items (engine.content.fastitems).
StrictValidator = validators.extend(
    Draft202012Validator,
    validators={"items": fast_items},
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    ),
)


@cache
def validator(kind: str) -> Draft202012Validator:
    """A draft 2020-12 validator for a content kind ("map", "catalog", ...)."""
    return schema_validator(SCHEMA_OF_KIND[kind])


@cache
def schema_validator(schema_id: str) -> Draft202012Validator:
    """A draft 2020-12 validator for any schema of schema/ by its `$id` (saved games too)."""
    return StrictValidator(all_schemas()[schema_id], registry=registry())


@cache
def _plain_validator(schema_id: str) -> Draft202012Validator:
    return Draft202012Validator(all_schemas()[schema_id], registry=registry())


def schema_messages(data: Any, schema_id: str) -> list[str]:
    """A message (in the current language, naming the JSON pointer) for every way `data`
    breaks the schema with `$id` `schema_id`, by path (for data outside a content file, such
    as a pack's manifest)."""
    errors = _plain_validator(schema_id).iter_errors(data)
    return [p.message for p in problems_of(errors, Document(data, kind=""), schema_id)]


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# Msgs render in the language current when a message that holds them is made.
_TYPE_NAMES: dict[type, Msg] = {
    dict: _("a mapping"), list: _("a list"), str: _("text"), bool: _("true/false"),
    int: _("an integer"), float: _("a number"), type(None): _("null"),
}
# The same words for the JSON Schema type names a schema expects.
_JSON_TYPE_NAMES: dict[str, Msg] = {
    "object": _TYPE_NAMES[dict], "array": _TYPE_NAMES[list], "string": _TYPE_NAMES[str],
    "boolean": _TYPE_NAMES[bool], "integer": _TYPE_NAMES[int], "number": _TYPE_NAMES[float],
    "null": _TYPE_NAMES[type(None)],
}


def _type_name(value: Any) -> str:
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def _expected_types(types: Any) -> str:
    names = _JSON_TYPE_NAMES
    words = [names.get(t, str(t)) for t in (types if isinstance(types, list) else [types])]
    return words[0] if len(words) == 1 else _("{some} or {last}", some=", ".join(words[:-1]),
                                              last=words[-1])


_BOUND_WORDS = {
    "minimum": _("less than the minimum"), "maximum": _("greater than the maximum"),
    "exclusiveMinimum": _("not above"), "exclusiveMaximum": _("not below"),
}


def _number(value: Any) -> Any:
    """A schema's bound as a Number (written in the reader's style); anything else as is."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Number(value)
    return value


def _where(pointer: str) -> str:
    return f"'{pointer}'" if pointer else _("the top level")


# Schema path steps that lead from a schema to the schema of one value inside it (a field).
_FIELD_STEPS = {"properties": 2, "patternProperties": 2, "prefixItems": 2, "items": 1,
                "additionalProperties": 1, "propertyNames": 1, "contains": 1}


def _description(node: Any) -> str | None:
    text = node.get("description") if isinstance(node, dict) else None
    return text if isinstance(text, str) and text else None


def _field_description(err: ValidationError, schema_id: str) -> str | None:
    """The description of the value `err` is about, found by walking the schema with `$id`
    `schema_id` along the error's schema path: the field's own description (written beside
    its `$ref`) before the generic one of the shared definition the `$ref` leads to.

    None when the path cannot be followed (the caller then uses the error's own schema).
    """
    # jsonschema leaves `$ref` out of the path, so a step the node lacks goes through its
    # `$ref`; the last step is the keyword that failed.
    steps = list(err.absolute_schema_path)[:-1]
    resolver = registry().resolver(base_uri=schema_id)
    node: Any = all_schemas()[schema_id]
    own, inner = _description(node), None
    i = 0
    while i < len(steps):
        while isinstance(node, dict) and steps[i] not in node and isinstance(
                node.get("$ref"), str):
            resolved = resolver.lookup(node["$ref"])
            node, resolver = resolved.contents, resolved.resolver
            inner = _description(node) or inner
        width = _FIELD_STEPS.get(steps[i], 1) if isinstance(steps[i], str) else 1
        # The `value` of an estimate {value, estimated, note} is the field's own value.
        estimate = steps[i:i + 2] == ["properties", "value"] and "estimated" in node.get(
            "properties", {})
        for step in steps[i:i + width]:
            try:
                node = node[step]
            except (KeyError, IndexError, TypeError):
                return None
        if (width == 2 or steps[i] in _FIELD_STEPS) and not (estimate and own):
            own, inner = _description(node), None
        else:
            inner = _description(node) or inner
        i += width
    return own or inner


def _hint(err: ValidationError, fallback: str, schema_id: str | None) -> str:
    description = _field_description(err, schema_id) if schema_id else None
    if description is None:
        description = _description(err.schema)
        if description is None and err.parent is not None:
            description = _description(err.parent.schema)
    if description is None:
        return fallback
    return _("expected {description}", description=Text(description, clause=True))


def _with_hint(bound: str, hint: str) -> str:
    return _("{bound}; {hint}", bound=bound, hint=hint) if hint else bound


def _length(err: ValidationError, where: str, short: str) -> tuple[str, str]:
    """The message and the allowed size of a too long or too short list, text or mapping."""
    v, n, f = err.validator, err.validator_value, {"where": where, "short": short}
    if v == "minItems":
        return (_("{where}: {short} is too short", **f),
                ngettext("at least {n} item", "at least {n} items", n))
    if v == "minLength":
        return (_("{where}: {short} is too short", **f),
                ngettext("at least {n} character", "at least {n} characters", n))
    if v == "maxLength":
        return (_("{where}: {short} is too long", **f),
                ngettext("at most {n} character", "at most {n} characters", n))
    if v == "minProperties":
        return (_("{where}: {short} has too few keys", **f),
                ngettext("at least {n} key", "at least {n} keys", n))
    if v == "maxProperties":
        return (_("{where}: {short} has too many keys", **f),
                ngettext("at most {n} key", "at most {n} keys", n))
    if v == "items":  # `items: false` after `prefixItems`: a list of fixed length
        n = len(err.schema.get("prefixItems", ()))
    return (_("{where}: {short} is too long", **f),
            ngettext("at most {n} item", "at most {n} items", n))


def _convert(err: ValidationError, doc: Document, schema_id: str | None) -> Iterator[Problem]:
    pointer = pointer_of(err.absolute_path)
    v = err.validator
    inst = err.instance
    code, hint, prefer_key = "schema.invalid", _hint(err, "", schema_id), False
    message = _("{where}: {short} is not valid here", where=_where(pointer), short=_short(inst))
    if v == "additionalProperties" and isinstance(inst, dict):
        allowed = list(err.schema.get("properties", {}))
        # A generator: a mapping with a million unknown keys is listed only up to the cap.
        for key in inst:
            if key in allowed:
                continue
            kp = join_pointer(pointer, key)
            line, col = doc.locate(kp, prefer_key=True) or (None, None)
            yield error(
                "schema.unknown_key",
                _("unknown key '{key}' in {where}", key=key, where=_where(pointer)),
                _("allowed keys: {allowed}", allowed=", ".join(allowed)) if allowed
                else _("remove it"),
                file=doc.file, line=line, col=col, pointer=kp,
            )
        return
    if v == "required":
        missing = [k for k in err.validator_value if isinstance(inst, dict) and k not in inst]
        names = ", ".join(f"'{k}'" for k in missing)
        code = "schema.missing_key"
        message = ngettext("{where} is missing key {names}", "{where} is missing keys {names}",
                           len(missing), where=_where(pointer), names=names)
        hint = _("add the missing key")
    elif v == "type":
        code = "schema.wrong_type"
        message = _("{where} is {type_name}, expected {validator_value}", where=_where(pointer),
                    type_name=_type_name(inst),
                    validator_value=_expected_types(err.validator_value))
    elif v in ("anyOf", "oneOf"):
        # A value of the right shape but wrong inside (e.g. {value: 20} over a maximum)
        # is best explained by the deepest or most specific inner error.
        inner = [e for e in err.context
                 if e.relative_path or e.validator not in ("type", "const", "enum")]
        if inner:
            yield from _convert(max(inner, key=lambda e: len(e.relative_path)), doc, schema_id)
            return
        code = "schema.wrong_type"
        message = _("{where}: {short} is not allowed here", where=_where(pointer),
                    short=_short(inst))
    elif v in ("enum", "const"):
        allowed = err.validator_value if v == "enum" else [err.validator_value]
        code = "schema.bad_value"
        message = _("{where}: {short} is not one of {value}", where=_where(pointer),
                    short=_short(inst), value=', '.join(_short(a) for a in allowed))
        hint = hint or _("use one of the listed values")
    elif v == "pattern":
        code = "schema.bad_pattern"
        message = _("{where}: {short} does not match {validator_value}", where=_where(pointer),
                    short=_short(inst), validator_value=err.validator_value)
    elif v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        code = "schema.out_of_range"
        # _short: jsonschema's own message repeats a number of any length in full.
        message = _("{where}: {short} is {bound_words} {validator_value}", where=_where(pointer),
                    short=_short(inst), bound_words=_BOUND_WORDS[v],
                    validator_value=_number(err.validator_value))
        lo = _number(err.schema.get("minimum", err.schema.get("exclusiveMinimum")))
        hi = _number(err.schema.get("maximum", err.schema.get("exclusiveMaximum")))
        if lo is not None and hi is not None:
            hint = (_("allowed: {lo} to {hi}; {hint}", lo=lo, hi=hi, hint=hint) if hint
                    else _("allowed: {lo} to {hi}", lo=lo, hi=hi))
    elif v in ("minItems", "maxItems", "minLength", "maxLength", "minProperties", "items",
               "maxProperties"):
        code = "schema.bad_length"
        message, bound = _length(err, _where(pointer), _short(inst))
        hint = _with_hint(bound, hint)
    elif v == "uniqueItems":
        code = "schema.not_unique"
        message = _("{where}: items must be unique", where=_where(pointer))
        hint = _("remove the repeated item")
    elif v == "propertyNames":
        code, prefer_key = "schema.bad_key", True
        message = _("{where}: key {short} is not allowed", where=_where(pointer),
                    short=_short(inst))
    line, col = doc.locate(pointer, prefer_key) or (None, None)
    yield error(code, message, hint or _("see the schema"), file=doc.file, line=line, col=col,
                pointer=pointer)


def _unique(problems: Iterator[Problem]) -> Iterator[Problem]:
    """Problems without repeats: jsonschema reports a missing key once per required key and
    once per schema branch, while one problem already names every missing key."""
    seen: set[tuple[str, str | None, str]] = set()
    for p in problems:
        key = (p.code, p.pointer, p.message)
        if key not in seen:
            seen.add(key)
            yield p


def check_schema(doc: Document, schema_id: str | None = None) -> list[Problem]:
    """Schema problems of a document, each located (at most MAX_SCHEMA_PROBLEMS).

    `schema_id` picks a schema other than the document kind's (saved games). Errors are
    consumed lazily and only the first few in path order are kept, so a file with a million
    problems costs no more memory than one with a hundred.
    """
    schema_id = schema_id or SCHEMA_OF_KIND[doc.kind]
    return problems_of(schema_validator(schema_id).iter_errors(doc.data), doc, schema_id)


def problems_of(errors: Iterable[ValidationError], doc: Document,
                schema_id: str | None = None) -> list[Problem]:
    """The located problems of schema errors found in `doc` by the schema with `$id`
    `schema_id`, the first few in path order (at most MAX_SCHEMA_PROBLEMS, then one
    `schema.too_many`). Without `schema_id` hints quote the failing schema's own
    description, not the field's."""
    kept = heapq.nsmallest(_ERRORS_KEPT, errors, key=lambda e: [str(p) for p in e.absolute_path])
    problems = _unique(p for err in kept for p in _convert(err, doc, schema_id))
    out = list(islice(problems, MAX_SCHEMA_PROBLEMS + 1))
    if len(out) > MAX_SCHEMA_PROBLEMS:
        out[MAX_SCHEMA_PROBLEMS:] = [error(
            "schema.too_many",
            _("more than {max_schema_problems} schema problems; stopped listing",
              max_schema_problems=MAX_SCHEMA_PROBLEMS), _("fix the ones above first"),
              file=doc.file,
        )]
    return out
