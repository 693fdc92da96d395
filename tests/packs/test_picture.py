"""The background-picture check shared by the area pack writer and reader (packs.picture):
real PNG and JPEG files of every common flavour give their size; anything else, or too large,
is refused with a hint."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from packs.format import MAX_BACKGROUND_SIDE_PX
from packs.picture import PictureError, check_picture


def _save(size: tuple[int, int], fmt: str, **options) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (120, 80, 40)).save(out, fmt, **options)
    return out.getvalue()


@pytest.mark.parametrize(("fmt", "options", "expected"), [
    ("PNG", {}, "png"),
    ("PNG", {"optimize": True}, "png"),
    ("JPEG", {}, "jpeg"),
    ("JPEG", {"progressive": True}, "jpeg"),
    ("JPEG", {"exif": b"Exif\0\0" + b"\0" * 200}, "jpeg"),  # an APP1 segment before the frame
    ("JPEG", {"dpi": (300, 300), "quality": 95}, "jpeg"),
])
def test_real_pictures_give_their_format_and_size(fmt, options, expected):
    data = _save((321, 123), fmt, **options)
    assert check_picture(data) == (expected, 321, 123)
    assert check_picture(data, expected)[0] == expected


def test_the_largest_allowed_side_passes_and_one_more_is_refused():
    side = MAX_BACKGROUND_SIDE_PX
    assert check_picture(_save((side, 1), "PNG"))[1] == side
    with pytest.raises(PictureError, match=f"{side + 1} × 1 pixels") as info:
        check_picture(_save((side + 1, 1), "PNG"))
    assert str(side) in info.value.hint
    with pytest.raises(PictureError, match=f"1 × {side + 1} pixels"):
        check_picture(_save((1, side + 1), "JPEG"))


@pytest.mark.parametrize(("data", "message"), [
    (b"", "not a PNG or JPEG"),
    (b"GIF89a....", "not a PNG or JPEG"),
    (b"\x89PNG\r\n\x1a\n" + b"\0" * 4, "no IHDR"),
    (b"\xff\xd8\xff\xe0\x00\x10JFIF", "no frame header"),  # cut before the frame
    (b"\xff\xd8\xff\xda\x00\x08" + b"\0" * 20, "no frame header"),  # scan before any frame
    (b"\xff\xd8\xff\xe0\x00\x01", "no frame header"),  # a length below its own 2 bytes
    (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\0\0\0\0\x05", "0 × 5 pixels"),
])
def test_broken_or_hostile_headers_are_refused(data, message):
    with pytest.raises(PictureError, match=message) as info:
        check_picture(data)
    assert info.value.hint


def test_a_format_other_than_its_name_is_refused():
    with pytest.raises(PictureError, match="is a jpeg file, its name says png"):
        check_picture(_save((4, 4), "JPEG"), "png")


def test_bytes_above_the_limit_are_refused_before_parsing(monkeypatch):
    monkeypatch.setattr("packs.picture.MAX_BACKGROUND_BYTES", 10)
    with pytest.raises(PictureError, match="more than 10"):
        check_picture(_save((4, 4), "PNG"))
