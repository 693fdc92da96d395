"""The exporter registry and atomic writing."""

from __future__ import annotations

import pytest

from exporters import base
from exporters.base import ExportError, ExportOptions, atomic_write_bytes

from .conftest import sample_map


def test_registry_has_every_board_format():
    names = base.names()
    assert {"svg", "png", "pdf", "tiled", "tmj"} <= set(names)
    for name in names:
        exporter = base.get(name)
        assert isinstance(exporter, base.Exporter)
        assert exporter.extension.startswith(".")


def test_unknown_format_lists_known_ones():
    with pytest.raises(ExportError) as err:
        base.get("gif")
    assert "svg" in err.value.hint


def test_every_map_exporter_writes_its_file(tmp_path):
    for name in ("svg", "png", "pdf", "tiled", "tmj"):
        exporter = base.get(name)
        out = tmp_path / f"board{exporter.extension}"
        written = exporter.export(sample_map(), out, ExportOptions(dpi=30))
        assert written == out and out.stat().st_size > 0
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_atomic_write_leaves_old_file_on_failure(tmp_path):
    target = tmp_path / "x.bin"
    atomic_write_bytes(target, b"old")

    def boom(fh):
        fh.write(b"half")
        raise OSError("disk full")

    with pytest.raises(OSError):
        base.atomic_write(target, boom)
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.bin"]
