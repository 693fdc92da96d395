"""Hostile and damaged packs built in code (zipfile and raw bytes), shared by the pack
reader, CLI and editor tests."""

from __future__ import annotations

import hashlib
import io
import json
import struct
import zipfile

from packs.format import MANIFEST_SCHEMA

CONTENT = {name: b'{"x": 1}\n' for name in ("map.json", "ruleset.json", "catalog.json")}
CONTENT["scenario.json"] = (b'{"map": "map.json", "ruleset": "ruleset.json", '
                            b'"catalog": "catalog.json"}')
DEEP = b"[" * 100_000 + b"]" * 100_000
HUGE_INT = b"9" * 5000


def manifest_dict(files: dict[str, bytes]) -> dict:
    """A manifest listing `files` with their true sizes and checksums."""
    return {
        "$schema": MANIFEST_SCHEMA, "schema_version": 1, "format_version": 1,
        "pack": {"id": "evil", "version": "1.0.0", "name": {"de": "x", "en": "x"},
                 "authors": ["x"], "license": "CC0-1.0"},
        "created_by": "test", "ruleset_version": "current@1",
        "files": [{"path": p, "kind": "other", "sha256": hashlib.sha256(d).hexdigest(),
                   "size": len(d)} for p, d in sorted(files.items())],
    }


def manifest_for(files: dict[str, bytes]) -> bytes:
    """The manifest of `files` as JSON bytes."""
    return json.dumps(manifest_dict(files)).encode()


def raw_zip(entries: list[tuple[str | zipfile.ZipInfo, bytes]]) -> bytes:
    """A deflated zip of the entries, in the order given, with no checks."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            zf.writestr(name, data)
    return buf.getvalue()


def pack_of(files: dict[str, bytes], manifest: bytes | None = None) -> bytes:
    """A pack of `files` whose manifest lists them all correctly (unless one is given)."""
    return raw_zip([*files.items(), ("manifest.json", manifest or manifest_for(files))])


def deep_manifest() -> bytes:
    """A manifest nested 100,000 levels deep (RecursionError in json.loads)."""
    return pack_of(CONTENT, b'{"a": ' + DEEP + b"}")


def deep_content() -> bytes:
    """scenario.json nested 100,000 levels deep, correctly listed in the manifest."""
    return pack_of({**CONTENT, "scenario.json": DEEP})


def huge_int_manifest() -> bytes:
    """A manifest whose schema_version has 5,000 digits (ValueError in json.loads)."""
    text = manifest_for(CONTENT).replace(b'"schema_version": 1', b'"schema_version": '
                                         + HUGE_INT)
    return pack_of(CONTENT, text)


def huge_int_content() -> bytes:
    """scenario.json holding a 5,000-digit integer."""
    return pack_of({**CONTENT, "scenario.json": b'{"n": ' + HUGE_INT + b"}"})


def duplicate_key_manifest() -> bytes:
    """A manifest with `format_version` twice (the second would win in json.loads)."""
    text = manifest_for(CONTENT)
    return pack_of(CONTENT, text[:-1] + b', "format_version": 1}')


def bad_utf8_name() -> bytes:
    """An entry flagged UTF-8 (bit 11) whose name bytes are not UTF-8."""
    data = pack_of({**CONTENT, "\u00e9.json": b"{}"})
    assert data.count("\u00e9".encode()) >= 2
    return data.replace("\u00e9".encode(), b"\xff\xfe")


def _local_data_offset(data: bytes, name: str) -> int:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        offset = zf.getinfo(name).header_offset
    name_len, extra_len = struct.unpack("<HH", data[offset + 26:offset + 30])
    return offset + 30 + name_len + extra_len


def corrupt_deflate() -> bytes:
    """map.json's deflate stream starts with a reserved block type (zlib.error)."""
    files = {**CONTENT, "map.json": b'{"x": "' + b"a" * 2000 + b'"}'}
    data = bytearray(pack_of(files))
    start = _local_data_offset(bytes(data), "map.json")
    data[start:start + 4] = b"\xff\xff\xff\xff"
    return bytes(data)


def unsupported_version() -> bytes:
    """An entry that needs zip version 9.9 to extract (NotImplementedError in zipfile)."""
    info = zipfile.ZipInfo("map.json", date_time=(1980, 1, 1, 0, 0, 0))
    info.extract_version = 99
    files = dict(CONTENT)
    entries: list[tuple[str | zipfile.ZipInfo, bytes]] = [
        (info if name == "map.json" else name, data) for name, data in files.items()]
    return raw_zip([*entries, ("manifest.json", manifest_for(files))])


def long_name() -> bytes:
    """A listed entry whose name is 300 characters (ENAMETOOLONG when extracted)."""
    return pack_of({**CONTENT, "a" * 300 + ".json": b"{}"})


def invalid_content() -> bytes:
    """A well-formed pack whose content files do not validate."""
    return pack_of(CONTENT)


CRASHERS = {
    "deep manifest": (deep_manifest, "nesting deeper"),
    "deep content file": (deep_content, "nesting deeper"),
    "huge integer in the manifest": (huge_int_manifest, "digits"),
    "huge integer in a content file": (huge_int_content, "digits"),
    "duplicate manifest key": (duplicate_key_manifest, "duplicate key"),
    "bad UTF-8 name": (bad_utf8_name, "UTF-8"),
    "corrupt deflate stream": (corrupt_deflate, "corrupt entry"),
    "unsupported version to extract": (unsupported_version, "unsupported zip"),
    "over-long entry name": (long_name, "longer than"),
}
