"""Canonical text of content data: stable key order, sorted id lists, diff-friendly layout.

YAML and JSON share the rules: `$schema` and `schema_version` first, then keys in schema
order (unknown keys alphabetically after them); forts, regions and units sorted by id, start
markers by number; terrain one row per line; small values (coordinate pairs, hit values,
estimated numbers) in flow style when they fit in the line width.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from json.encoder import encode_basestring
from typing import Any

from engine.content.schemas import all_schemas

WIDTH = 100
_SORTED_LISTS = {"forts": "id", "regions": "id", "units": "id", "start_markers": "number"}
_RESERVED = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~", ""}
_PLAIN_FLOW = re.compile(r"[A-Za-z_$][A-Za-z0-9_$-]*\Z")
_PLAIN_BLOCK = re.compile(r"(?:[A-Za-z_$][A-Za-z0-9_$ .,;()/'+-]*[A-Za-z0-9_$.)'+-]"
                          r"|[A-Za-z_$]|https?://[A-Za-z0-9_./-]+)\Z")
# Characters YAML may not hold raw (or would read as line breaks): written as escapes.
_YAML_UNSAFE = re.compile(
    "[^\t\n\r\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
)
_KEY = re.compile(r"[A-Za-z_$][A-Za-z0-9_$-]*\Z")


@cache
def _key_ranks() -> dict[str, dict[str, int]]:
    """Property order per parent: the schema's `$id` for the top level, else the parent key."""
    schemas = all_schemas()
    ranks: dict[str, dict[str, int]] = {}
    seen: set[tuple[str, int]] = set()

    def resolve(ref: str, base: str) -> tuple[Any, str]:
        where, _, fragment = ref.partition("#")
        sid = base if not where else base.rsplit("/", 1)[0] + "/" + where
        node: Any = schemas[sid]
        for part in filter(None, fragment.split("/")):
            node = node[part]
        return node, sid

    def walk(node: Any, parent: str, base: str) -> None:
        if not isinstance(node, dict) or (parent, id(node)) in seen:
            return
        seen.add((parent, id(node)))
        if isinstance(node.get("$ref"), str):
            walk(*resolve(node["$ref"], base)[:1], parent, resolve(node["$ref"], base)[1])
        for key in ("anyOf", "oneOf", "allOf", "prefixItems"):
            for branch in node.get(key, []):
                walk(branch, parent, base)
        walk(node.get("items"), parent, base)
        props = node.get("properties")
        if isinstance(props, dict):
            order = ranks.setdefault(parent, {"$schema": 0, "schema_version": 1})
            for key in props:
                order.setdefault(key, len(order))
            for key, sub in props.items():
                walk(sub, key, base)

    for sid, schema in schemas.items():
        walk(schema, sid, sid)
    return ranks


def canonical_data(data: Any, parent: str | None = None) -> Any:
    """A copy of `data` with keys in canonical order and id lists sorted."""
    top = parent is None
    if isinstance(data, dict):
        if top:
            parent = str(data.get("$schema", ""))
        rank = _key_ranks().get(parent or "", {"$schema": 0, "schema_version": 1})
        out = {}
        for key in sorted(data, key=lambda k: (rank.get(k, len(rank)), k)):
            value = data[key]
            if top and key in _SORTED_LISTS and isinstance(value, list):
                field = _SORTED_LISTS[key]
                if all(isinstance(v, dict) and isinstance(v.get(field), str | int)
                       for v in value):
                    value = sorted(value, key=lambda v: (str(type(v[field])), v[field]))
            out[key] = canonical_data(value, key)
        return out
    if isinstance(data, list):
        return [canonical_data(v, parent or "") for v in data]
    return data


def _quote(value: str, yaml_safe: bool) -> str:
    # What json.dumps(value, ensure_ascii=False) gives a string, without building an encoder
    # for each of the many strings of a document.
    text = (encode_basestring(value) if isinstance(value, str)
            else json.dumps(value, ensure_ascii=False))
    if yaml_safe:
        text = _YAML_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


def _shallow(value: dict[str, Any] | list[Any]) -> bool:
    """Whether a container holds no container that holds a container (at most two levels),
    looking no deeper than that: asked at every level of a document, a full walk of each
    subtree made writing it quadratic in its depth."""
    for child in value.values() if isinstance(value, dict) else value:
        if isinstance(child, dict | list) and any(
                isinstance(v, dict | list)
                for v in (child.values() if isinstance(child, dict) else child)):
            return False
    return True


def _number(value: int | float) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if not math.isfinite(value):
        raise ValueError(f"{value} cannot be written to a content file")
    text = repr(value)
    if "e" in text:
        mantissa, exp = text.split("e")
        if "." not in mantissa:
            mantissa += ".0"
        if exp[0] not in "+-":
            exp = "+" + exp
        text = f"{mantissa}e{exp}"
    return text


class _Writer:
    def __init__(self, fmt: str) -> None:
        self.json = fmt == "json"
        self.lines: list[str] = []

    # --- scalars -------------------------------------------------------------------------

    def scalar(self, value: Any, flow: bool) -> str:
        if value is None:
            return "null"
        if isinstance(value, bool | int | float):
            return _number(value)
        if isinstance(value, str):
            if not self.json and value.lower() not in _RESERVED:
                pattern = _PLAIN_FLOW if flow else _PLAIN_BLOCK
                if pattern.match(value):
                    return value
            return _quote(value, not self.json)
        raise TypeError(f"cannot write {type(value).__name__} to a content file")

    def key(self, key: str) -> str:
        if not self.json and _KEY.match(key) and key.lower() not in _RESERVED:
            return key
        return _quote(key, not self.json)

    # --- flow ------------------------------------------------------------------------------

    def flow(self, value: Any) -> str:
        if isinstance(value, dict):
            items = ", ".join(f"{self.key(k)}: {self.flow(v)}" for k, v in value.items())
            return f"{{{items}}}"
        if isinstance(value, list):
            return "[" + ", ".join(self.flow(v) for v in value) + "]"
        return self.scalar(value, flow=True)

    def flowable(self, value: Any, pointer: str) -> bool:
        if pointer == "/terrain":
            return False
        if isinstance(value, str):
            return "\n" not in value
        if isinstance(value, dict | list):
            if not value:
                return True
            if not _shallow(value):
                return False
            children = value.values() if isinstance(value, dict) else value
            return all(not isinstance(v, str) or "\n" not in v for v in children)
        return True

    # --- block -----------------------------------------------------------------------------

    def literal(self, value: str, indent: str) -> list[str] | None:
        """A multi-line string as a YAML literal block (header first), or None if unsafe."""
        body = value[:-1].split("\n") if value.endswith("\n") else value.split("\n")
        if value.endswith("\n\n") or value.startswith((" ", "\n")) or any(
            ln != ln.rstrip() or not ln.isprintable() for ln in body
        ):
            return None
        header = "|" if value.endswith("\n") else "|-"
        return [header] + [f"{indent}  {ln}" if ln else "" for ln in body]

    def value_after_key(self, prefix: str, value: Any, indent: str, pointer: str) -> None:
        """Write `prefix` (e.g. `key:` or `-`) and the value, in flow or block style."""
        if isinstance(value, str) and "\n" in value and not self.json:
            literal = self.literal(value, indent)
            if literal is not None:
                self.lines.append(f"{prefix} {literal[0]}")
                self.lines.extend(literal[1:])
                return
        if not isinstance(value, dict | list):
            # Terrain rows are always quoted so every row looks alike ("~" alone is null).
            text = (json.dumps(value) if pointer.startswith("/terrain/")
                    else self.scalar(value, flow=False))
            self.lines.append(f"{prefix} {text}")
            return
        if not value:
            self.lines.append(f"{prefix} {self.flow(value)}")
            return
        if self.flowable(value, pointer):
            text = f"{prefix} {self.flow(value)}"
            if len(text) <= WIDTH:
                self.lines.append(text)
                return
        self.lines.append(prefix)
        self.block(value, indent + "  ", pointer)

    def block(self, value: Any, indent: str, pointer: str) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                self.value_after_key(f"{indent}{self.key(k)}:", v, indent,
                                     f"{pointer}/{k}")
        else:
            for i, v in enumerate(value):
                if isinstance(v, dict) and v and not (self.flowable(v, "")
                                                      and len(indent) + 2 + len(self.flow(v))
                                                      <= WIDTH):
                    start = len(self.lines)
                    self.block(v, indent + "  ", f"{pointer}/{i}")
                    self.lines[start] = f"{indent}- " + self.lines[start][len(indent) + 2:]
                else:
                    self.value_after_key(f"{indent}-", v, indent, f"{pointer}/{i}")


def _yaml(data: Any) -> str:
    w = _Writer("yaml")
    if isinstance(data, dict) and data:
        w.block(data, "", "")
    else:
        w.lines.append(w.flow(data))
    return "\n".join(w.lines) + "\n"


def _json(value: Any, indent: str = "", pointer: str = "") -> str:
    w = _Writer("json")
    if not isinstance(value, dict | list) or not value:
        return w.flow(value)
    if w.flowable(value, pointer):
        text = w.flow(value)
        if len(indent) + len(text) <= WIDTH:
            return text
    inner = indent + "  "
    if isinstance(value, dict):
        items = [f"{inner}{w.key(k)}: {_json(v, inner, f'{pointer}/{k}')}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    items = [f"{inner}{_json(v, inner, f'{pointer}/{i}')}" for i, v in enumerate(value)]
    return "[\n" + ",\n".join(items) + f"\n{indent}]"


def dump_canonical(data: dict[str, Any], fmt: str = "yaml") -> str:
    """The canonical text of content data in "yaml" or "json"."""
    ordered = canonical_data(data)
    if fmt == "json":
        return _json(ordered) + "\n"
    if fmt != "yaml":
        raise ValueError(f"unknown format {fmt!r}")
    return _yaml(ordered)
