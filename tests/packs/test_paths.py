"""Names read from files stay inside their folder."""

from __future__ import annotations

import os

import pytest

from packs.paths import UnsafePathError, check_relative_name, confine


@pytest.mark.parametrize("name", [
    "../victim.txt", "a/../../b", "/etc/passwd", "\\\\server\\x", "a\\b", "C:evil", "",
    ".", "a//b", "dir/", "nul\x00.txt", "x" * 300, "a/" + "b" * 130, "\udcff.json", 42, None,
])
def test_unsafe_names_are_refused(name):
    with pytest.raises(UnsafePathError):
        check_relative_name(name)


def test_plain_names_pass(tmp_path):
    assert confine(tmp_path, "default_4p.tcpack") == tmp_path / "default_4p.tcpack"
    assert confine(tmp_path, "maps/a b.json") == tmp_path / "maps" / "a b.json"


def test_symlink_out_of_the_folder_is_refused(tmp_path):
    (tmp_path / "outside").mkdir()
    (tmp_path / "in").mkdir()
    os.symlink(tmp_path / "outside", tmp_path / "in" / "link")
    with pytest.raises(UnsafePathError, match="symbolic link"):
        confine(tmp_path / "in", "link/x.txt")
