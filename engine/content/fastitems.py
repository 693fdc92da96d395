"""A fast path for long arrays of small, simple items (region spans, path points, terrain rows).

jsonschema checks every item of an array by descending into its subschema, which costs a few
microseconds per keyword; a 1M-hex map has tens of thousands of spans and points. When an
`items` subschema uses only simple keywords (type, bounds, lengths, pattern, prefixItems,
`items: false`, `$ref` to such), it is compiled once into a plain predicate. The predicate
only ever accepts what the schema accepts, so when every item passes the array is valid;
when any item fails, the normal jsonschema check runs over the array and reports exactly the
errors it always did. Anything the compiler does not know means "no fast path".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

Predicate = Callable[[Any], bool]

MIN_ITEMS_FOR_FAST_PATH = 16
_IGNORED = frozenset({"description", "title", "$comment", "examples", "default"})
_TYPES: dict[str, Predicate] = {
    "integer": lambda v: type(v) is int,
    "number": lambda v: type(v) is int or type(v) is float,
    "string": lambda v: type(v) is str,
    "array": lambda v: type(v) is list,
    "boolean": lambda v: type(v) is bool,
    "null": lambda v: v is None,
}
_BOUNDS: dict[str, Callable[[Any, Any], bool]] = {
    "minimum": lambda v, b: v >= b,
    "maximum": lambda v, b: v <= b,
    "exclusiveMinimum": lambda v, b: v > b,
    "exclusiveMaximum": lambda v, b: v < b,
}
_DEFAULT_ITEMS = Draft202012Validator.VALIDATORS["items"]


class _Unsupported(Exception):
    """The schema uses a keyword the compiler does not handle."""


def _all(checks: list[Predicate]) -> Predicate:
    return lambda v: all(c(v) for c in checks)


def _compile(schema: Any, resolver: Any, depth: int = 0) -> Predicate:
    """A predicate accepting only instances valid against `schema` (raise _Unsupported)."""
    if depth > 8 or not isinstance(schema, dict):
        raise _Unsupported
    unknown = set(schema) - _IGNORED - {
        "type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength",
        "maxLength", "pattern", "prefixItems", "items", "minItems", "maxItems", "$ref"}
    if unknown:
        raise _Unsupported
    checks: list[Predicate] = []
    kind = schema.get("type")
    if "$ref" in schema:
        # Refs inside the target resolve against its own resource, as jsonschema does.
        target = resolver.lookup(schema["$ref"])
        checks.append(_compile(target.contents, target.resolver, depth + 1))
    if isinstance(kind, str) and kind in _TYPES:
        checks.append(_TYPES[kind])
    elif kind is not None:
        raise _Unsupported
    if kind not in ("integer", "number") and any(k in schema for k in _BOUNDS):
        raise _Unsupported  # bounds only apply to numbers: keep the compiler's cases simple
    for key, test in _BOUNDS.items():
        if key in schema:
            bound = schema[key]
            checks.append(lambda v, b=bound, t=test: t(v, b))
    if kind != "string" and any(k in schema for k in ("minLength", "maxLength", "pattern")):
        raise _Unsupported
    lo, hi = schema.get("minLength", 0), schema.get("maxLength")
    if lo or hi is not None:
        checks.append(lambda v: len(v) >= lo and (hi is None or len(v) <= hi))
    if "pattern" in schema:
        search = re.compile(schema["pattern"]).search
        checks.append(lambda v: search(v) is not None)
    array_keys = ("prefixItems", "items", "minItems", "maxItems")
    if kind != "array" and any(k in schema for k in array_keys):
        raise _Unsupported
    if kind == "array":
        checks.append(_array(schema, resolver, depth))
    return checks[0] if len(checks) == 1 else _all(checks)


def _scalar(schema: Any, resolver: Any) -> tuple[frozenset[type], tuple[Any, ...]] | None:
    """(allowed types, (minimum, maximum, exclusiveMinimum, exclusiveMaximum)) of a plain
    integer/number schema, following one `$ref`; None for anything else."""
    if isinstance(schema, dict) and set(schema) - _IGNORED == {"$ref"}:
        target = resolver.lookup(schema["$ref"])
        schema, resolver = target.contents, target.resolver
    if not isinstance(schema, dict) or schema.get("type") not in ("integer", "number"):
        return None
    if set(schema) - _IGNORED - {"type", *_BOUNDS}:
        return None
    types = frozenset({int} if schema["type"] == "integer" else {int, float})
    return types, tuple(schema.get(k) for k in _BOUNDS)


def _tuple_check(n: int, types: frozenset[type], bounds: tuple[Any, ...]) -> Predicate:
    """A list of exactly n numbers of `types`, all within the same bounds (spans, points)."""
    lo, hi, lo_x, hi_x = bounds

    def check(v: Any) -> bool:
        if type(v) is not list or len(v) != n or not all(type(x) in types for x in v):
            return False
        least, most = min(v), max(v)  # NaN makes a comparison false: the slow path decides
        return ((lo is None or least >= lo) and (hi is None or most <= hi)
                and (lo_x is None or least > lo_x) and (hi_x is None or most < hi_x))

    return check


def _array(schema: dict[str, Any], resolver: Any, depth: int) -> Predicate:
    prefix_schemas = schema.get("prefixItems", [])
    prefix = [_compile(s, resolver, depth + 1) for s in prefix_schemas]
    rest = schema.get("items", True)
    if rest is not False and rest is not True:
        raise _Unsupported
    lo = schema.get("minItems", 0)
    hi = schema.get("maxItems")
    if rest is False:
        hi = len(prefix) if hi is None else min(hi, len(prefix))
    scalars = {_scalar(s, resolver) for s in prefix_schemas}
    if prefix and rest is False and lo == hi == len(prefix) and len(scalars) == 1:
        only = scalars.pop()
        if only is not None:
            return _tuple_check(len(prefix), *only)

    def check(v: list[Any]) -> bool:
        n = len(v)
        if n < lo or (hi is not None and n > hi):
            return False
        return all(p(x) for p, x in zip(prefix, v, strict=False))

    return check


_COMPILED: dict[int, tuple[Any, Predicate | None]] = {}


def _predicate(validator: Any, items: Any) -> Predicate | None:
    """The compiled predicate of an `items` subschema, cached (None: no fast path)."""
    found = _COMPILED.get(id(items))
    if found is not None and found[0] is items:
        return found[1]
    resolver = getattr(validator, "_resolver", None)
    predicate: Predicate | None = None
    if resolver is not None:
        try:
            predicate = _compile(items, resolver)
        except Exception:  # an unknown keyword, an unresolvable $ref: use jsonschema
            predicate = None
    _COMPILED[id(items)] = (items, predicate)  # the schema is kept so its id stays unique
    return predicate


def fast_items(validator: Any, items: Any, instance: Any,
               schema: dict[str, Any]) -> Iterator[ValidationError]:
    """The `items` keyword, skipping the per-item descent when a compiled check passes."""
    if (isinstance(items, dict) and type(instance) is list
            and len(instance) >= MIN_ITEMS_FOR_FAST_PATH and "prefixItems" not in schema):
        predicate = _predicate(validator, items)
        if predicate is not None and all(map(predicate, instance)):
            return
    yield from _DEFAULT_ITEMS(validator, items, instance, schema)
