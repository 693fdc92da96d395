"""Mutations for the fuzz targets: byte-level, and structure-aware for JSON, YAML, zips, actions.

Every mutator is `(data, rng, pool) -> bytes`: deterministic for the rng's seed, `pool` holds
other inputs to splice from. Structure-aware mutations write the classes of hostile values the
project must survive: deep nesting, huge integers, 1e400/-1e308/NaN, lone surrogates, NUL,
duplicate keys, YAML anchors and aliases, and values of the wrong type.
"""

from __future__ import annotations

import io
import json
import random
import warnings
import zipfile
from collections.abc import Callable, Sequence
from typing import Any

Mutator = Callable[[bytes, random.Random, Sequence[bytes]], bytes]

MAX_INPUT_BYTES = 1 << 20

# Raw texts that a JSON serialiser cannot write itself (they are spliced in after dumps).
RAW_NUMBERS = ("1e400", "-1e400", "-1e308", "1e308", "NaN", "Infinity", "-Infinity",
               "1" + "0" * 5000, "-" + "9" * 4301, "1e-400", "0.1e9999999999",
               "18446744073709551616", "-9223372036854775809")
INTERESTING_STRINGS = ("\x00", "\ud800", "\udfff", "a\x00b", "", " ", "../../etc/passwd",
                       "/abs/path", "C:\\x", "\u202e", "\ufeff", "x" * 10000, "0", "-1",
                       "🙂", "$schema", "\n\n", "${HOME}", "%s%n")
YAML_TOKENS = (b"&a ", b"*a", b"<<: *a\n", b"!!python/object/apply:os.system ['true']",
               b"!!binary AAAA", b"? ", b"--- ", b"...\n", b"~", b".inf", b".nan", b"-.inf",
               b"0x7fffffffffffffffffff", b"0o777", b"1_000", b"!!float 1e400", b"|-\n  x",
               b"{", b"[", b"}", b"]", b": ", b"- ", b"\t", b"#", b"'", b'"', b"\\",
               b"!!set {a, b}", b"!!timestamp 2001-12-14", b"%YAML 1.1\n---\n", b"\xef\xbb\xbf")
BYTE_TOKENS = (b"\x00", b"\xed\xa0\x80", b"\xff", b"\xc0\x80", b"\xf4\x90\x80\x80", b"1e400",
               b"-1e308", b"NaN", b"9" * 5000, b"[" * 3000, b"{\"a\":" * 3000, b"null",
               b"true", b"-0", b"\r\n", "\u2028".encode(), b"\\ud800", b"\\u0000", *YAML_TOKENS)


def _sentinel(i: int) -> str:
    return f"\x01RAW{i}\x01"


class _Raw:
    """Collects raw JSON fragments to splice in after `json.dumps`."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, text: str) -> str:
        self.parts.append(text)
        return _sentinel(len(self.parts) - 1)

    def splice(self, text: str) -> str:
        for i, part in enumerate(self.parts):
            text = text.replace(json.dumps(_sentinel(i)), part, 1)
        return text


def _paths(node: Any, prefix: tuple[Any, ...] = (), out: list[tuple[Any, ...]] | None = None,
           limit: int = 4000) -> list[tuple[Any, ...]]:
    """Paths of every node of a JSON tree (breadth limited to `limit` nodes)."""
    out = [] if out is None else out
    stack = [(prefix, node)]
    while stack and len(out) < limit:
        path, value = stack.pop()
        out.append(path)
        if isinstance(value, dict):
            stack.extend(((*path, k), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend(((*path, i), v) for i, v in enumerate(value))
    return out


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        node = node[p]
    return node


def _set(root: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(root, path[:-1])[path[-1]] = value
    return root


def _nested(rng: random.Random, raw: _Raw) -> Any:
    depth = rng.choice((100, 999, 1001, 3000, 20000))
    opener, closer = rng.choice((("[", "]"), ('{"a":', "}")))
    return raw.add(opener * depth + "1" + closer * depth)


def _wrong_type(value: Any, rng: random.Random) -> Any:
    choices: list[Any] = [None, True, False, 0, -1, 2**31, 1.5, "", "x", [], {}, [value],
                          {"x": value}, str(value)[:50]]
    return rng.choice(choices)


def _hostile_value(value: Any, rng: random.Random, raw: _Raw) -> Any:
    """A replacement for `value` chosen from the hostile classes."""
    kind = rng.randrange(9)
    if kind == 0:
        return _nested(rng, raw)
    if kind == 1:
        return raw.add(rng.choice(RAW_NUMBERS))
    if kind == 2:
        return rng.choice(INTERESTING_STRINGS)
    if kind == 3 and isinstance(value, str):
        i = rng.randrange(len(value) + 1)
        return value[:i] + rng.choice(INTERESTING_STRINGS[:4]) + value[i:]
    if kind == 4 and isinstance(value, int | float) and not isinstance(value, bool):
        return rng.choice((-value, value * 10**rng.randrange(1, 30), value + 1, value - 1, 0,
                           -(2**63), 2**64, value / 3))
    if kind == 5 and isinstance(value, list) and value:
        return value * rng.choice((2, 50)) if len(value) < 200 else value[: len(value) // 2]
    if kind == 6 and isinstance(value, dict) and value:
        copy = dict(value)
        copy.pop(rng.choice(list(copy)))
        return copy
    return _wrong_type(value, rng)


def mutate_json_tree(data: Any, rng: random.Random) -> str:
    """JSON text of `data` with one to three hostile changes."""
    raw = _Raw()
    for _ in range(rng.randint(1, 3)):
        paths = _paths(data)
        path = rng.choice(paths)
        target = _get(data, path)
        action = rng.randrange(10)
        if action == 0 and isinstance(target, dict) and target:
            # Duplicate key: the same key written twice with a different second value.
            key = rng.choice(list(target))
            # The value's raw text ends with `, "key": other`: the key then appears twice.
            fragment = json.dumps(key) + ":" + json.dumps(_wrong_type(target[key], rng))
            target[key] = raw.add(json.dumps(target[key], ensure_ascii=False) + "," + fragment)
        elif action == 1 and isinstance(target, dict):
            target[rng.choice(("x_unknown", "\ud800", "\x00", "", "$schema", "id"))] = (
                _hostile_value(None, rng, raw))
        elif action == 2 and len(paths) > 1:
            other = rng.choice(paths)
            if other[: len(path)] != path and path[: len(other)] != other:
                data = _set(data, path, json.loads(json.dumps(_get(data, other))))
        else:
            data = _set(data, path, _hostile_value(target, rng, raw))
    text = json.dumps(data, indent=rng.choice((None, 1)), ensure_ascii=rng.random() < 0.5)
    return raw.splice(text)


def _parse_tree(data: bytes) -> Any:
    """A JSON or YAML tree of the input, or None when it does not parse simply."""
    import yaml

    text = data.decode("utf-8")
    if text.lstrip()[:1] in ("{", "["):
        return json.loads(text)
    tree = yaml.load(text, Loader=yaml.CSafeLoader if hasattr(yaml, "CSafeLoader")
                     else yaml.SafeLoader)
    return json.loads(json.dumps(tree, default=str))


def structured(data: bytes, rng: random.Random, pool: Sequence[bytes]) -> bytes:
    """Tree-level hostile mutation of a JSON/YAML input, written back as JSON text."""
    if b"*" in data and b"&" in data:
        return yaml_text(data, rng, pool)  # expanding aliases could blow up (alias bombs)
    try:
        tree = _parse_tree(data)
    except Exception:
        return byte_level(data, rng, pool)
    if tree is None:
        return byte_level(data, rng, pool)
    try:
        return mutate_json_tree(tree, rng).encode("utf-8", "surrogatepass")
    except (RecursionError, ValueError):
        return byte_level(data, rng, pool)


def yaml_text(data: bytes, rng: random.Random, pool: Sequence[bytes]) -> bytes:
    """Line-level YAML mutation: anchors and aliases, merge keys, tags, alias bombs."""
    lines = data.split(b"\n")
    i = rng.randrange(len(lines))
    kind = rng.randrange(5)
    if kind == 0 and b": " in lines[i]:
        # Anchor one value and refer to it from another mapping entry.
        key, _, value = lines[i].partition(b": ")
        lines[i] = key + b": &fz " + value
        j = rng.randrange(len(lines))
        if b": " in lines[j] and j != i:
            k, _, _ = lines[j].partition(b": ")
            lines[j] = k + b": *fz"
    elif kind == 1:
        bomb = [b"a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        bomb += [b"a%d: &a%d [%s]" % (n, n, b", ".join([b"*a%d" % (n - 1)] * 10))
                 for n in range(1, rng.choice((3, 9)))]
        lines[i:i] = bomb
    elif kind == 2:
        lines[i:i] = [b"<<: *undefined", b"loop: &l [*l]"][rng.randrange(2):]
    elif kind == 3 and b": " in lines[i]:
        key, _, value = lines[i].partition(b": ")
        lines[i] = key + b": " + rng.choice(YAML_TOKENS) + b" " + value
    else:
        lines.insert(i, lines[rng.randrange(len(lines))])  # a duplicate key, often
    return b"\n".join(lines)


def byte_level(data: bytes, rng: random.Random, pool: Sequence[bytes]) -> bytes:
    """Classic byte mutations: flip, insert token, delete, duplicate, splice, truncate."""
    buf = bytearray(data)
    for _ in range(rng.choice((1, 1, 2, 4))):
        n = len(buf)
        kind = rng.randrange(7)
        pos = rng.randrange(n + 1)
        if kind == 0 and n:
            buf[min(pos, n - 1)] ^= 1 << rng.randrange(8)
        elif kind == 1:
            buf[pos:pos] = rng.choice(BYTE_TOKENS)
        elif kind == 2 and n:
            del buf[pos:pos + rng.randint(1, 64)]
        elif kind == 3 and n:
            end = min(n, pos + rng.randint(1, 256))
            buf[pos:pos] = buf[pos:end] * rng.choice((1, 2, 8))
        elif kind == 4 and pool:
            other = rng.choice(pool)
            start = rng.randrange(len(other) + 1)
            buf[pos:pos] = other[start:start + rng.randint(1, 512)]
        elif kind == 5:
            del buf[pos:]
        else:
            buf[pos:pos] = bytes([rng.randrange(256)])
    return bytes(buf[:MAX_INPUT_BYTES])


def text_document(data: bytes, rng: random.Random, pool: Sequence[bytes]) -> bytes:
    """A mutation of a content document or save (JSON or YAML)."""
    roll = rng.random()
    if roll < 0.5:
        return structured(data, rng, pool)
    if roll < 0.65 and data.lstrip()[:1] != b"{":
        return yaml_text(data, rng, pool)
    return byte_level(data, rng, pool)


BAD_ENTRY_NAMES = ("../escape.json", "/abs.json", "a\\b.json", "C:x.json", "", "dir/",
                   "./map.json", "a//b", "x" * 5000, "\udcff.json", "map.json\x00.txt",
                   "ma\u0301p.json", "MAP.JSON")


def _zip(entries: list[tuple[str, bytes]], rng: random.Random) -> bytes:
    buf = io.BytesIO()
    with warnings.catch_warnings(), zipfile.ZipFile(buf, "w") as zf:
        warnings.simplefilter("ignore")  # duplicate names are one of the mutations
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = rng.choice((zipfile.ZIP_DEFLATED, zipfile.ZIP_DEFLATED,
                                             zipfile.ZIP_STORED))
            zf.writestr(info, data)
    return buf.getvalue()


def _refresh_manifest(entries: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """Entries with the manifest's sizes and checksums recomputed (so checks go deeper)."""
    import hashlib

    names = dict(entries)
    try:
        manifest = json.loads(names["manifest.json"])
        for f in manifest["files"]:
            body = names.get(f["path"])
            if body is not None:
                f["size"] = len(body)
                f["sha256"] = hashlib.sha256(body).hexdigest()
        fresh = json.dumps(manifest, indent=1).encode()
    except Exception:
        return entries
    return [(n, fresh if n == "manifest.json" else d) for n, d in entries]


def pack(data: bytes, rng: random.Random, pool: Sequence[bytes]) -> bytes:
    """A mutation of a map pack: entry content, names, entries added or lost, raw bytes."""
    if rng.random() < 0.2:
        return byte_level(data, rng, pool)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            entries = [(i.filename, zf.read(i)) for i in zf.infolist()]
    except Exception:
        return byte_level(data, rng, pool)
    if not entries:
        return byte_level(data, rng, pool)
    kind = rng.randrange(6)
    i = rng.randrange(len(entries))
    name, body = entries[i]
    if kind <= 2:
        entries[i] = (name, text_document(body, rng, pool))
        if rng.random() < 0.8:
            entries = _refresh_manifest(entries)
    elif kind == 3:
        entries[i] = (rng.choice(BAD_ENTRY_NAMES), body)
    elif kind == 4:
        entries.append(rng.choice(entries) if rng.random() < 0.5 else ("extra.json", b"{}"))
    else:
        del entries[i]
    try:
        return _zip(entries, rng)
    except (UnicodeEncodeError, ValueError):
        return byte_level(data, rng, pool)


ACTION_WORDS = ("assign", "place", "hq", "move", "enter", "capture", "board", "unload",
                "attack", "fight", "end", "buy", "repair", "gift", "surrender", "DE", "FR",
                "GB", "AH", "0,0", "-1,-1", "99999999999999999999,1", "1,", ",", "١,٢",
                "3,4", "x", "\x00", "\udcff", "\u00a0", "\u2003", "--", "-", "1e400",
                "2,2,2", "[1,2]", "6,6", "0", "-0,-0", "9" * 5000 + ",1", "a" * 300)


def action_text(data: bytes, rng: random.Random, pool: Sequence[bytes]) -> bytes:
    """A mutation of action lines: words swapped, hostile words, lines spliced."""
    if rng.random() < 0.25:
        return byte_level(data, rng, pool)
    text = data.decode("utf-8", "surrogateescape")
    lines = text.split("\n") or [""]
    i = rng.randrange(len(lines))
    words = lines[i].split(" ")
    kind = rng.randrange(5)
    j = rng.randrange(len(words))
    if kind == 0:
        words[j] = rng.choice(ACTION_WORDS)
    elif kind == 1:
        words.insert(j, rng.choice(ACTION_WORDS))
    elif kind == 2 and len(words) > 1:
        del words[j]
    elif kind == 3 and pool:
        other = rng.choice(pool).decode("utf-8", "surrogateescape").split("\n")
        lines.insert(i, rng.choice(other))
    else:
        words[j] = words[j] + rng.choice(("1", "0", ",", "-", "\x00", "9" * 30))
    lines[i] = " ".join(words)
    return "\n".join(lines).encode("utf-8", "surrogateescape")[:MAX_INPUT_BYTES]
