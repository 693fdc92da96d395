"""The one check of a background picture carried by a pack (or about to be packed): a PNG or
JPEG by its signature, no larger than MAX_BACKGROUND_BYTES, and at most MAX_BACKGROUND_SIDE_PX
wide and high as its header says. The picture is never decoded here: the header bounds what a
client's decoder will allocate, which is what a hostile picture would attack."""

from __future__ import annotations

import struct

from engine.i18n import _
from packs.format import MAX_BACKGROUND_BYTES, MAX_BACKGROUND_SIDE_PX

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
JPEG_SIGNATURE = b"\xff\xd8\xff"
# JPEG start-of-frame markers (they carry the size); C4, C8 and CC are other segments.
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


class PictureError(ValueError):
    """A picture a pack may not carry: `reason` says why, `hint` what to do."""

    def __init__(self, reason: str, hint: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.hint = hint


def picture_format(data: bytes) -> str | None:
    """'png' or 'jpeg' by the file's signature, None for anything else."""
    if data.startswith(PNG_SIGNATURE):
        return "png"
    if data.startswith(JPEG_SIGNATURE):
        return "jpeg"
    return None


def _png_size(data: bytes) -> tuple[int, int]:
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise PictureError(_("the PNG has no IHDR header"), _("save the picture again as PNG"))
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _jpeg_size(data: bytes) -> tuple[int, int]:
    i = 2
    while i + 4 <= len(data):
        if data[i] != 0xFF:
            break
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            i += 2
            continue
        (length,) = struct.unpack(">H", data[i + 2:i + 4])
        if marker in _SOF:
            if i + 9 > len(data) or length < 7:
                break
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return width, height
        if marker == 0xDA or length < 2:  # image data before any frame header
            break
        i += 2 + length
    raise PictureError(_("the JPEG has no frame header giving its size"),
                       _("save the picture again as JPEG"))


def check_picture_bytes(size: int) -> None:
    """PictureError when a picture of `size` bytes is larger than a pack may carry."""
    if size > MAX_BACKGROUND_BYTES:
        raise PictureError(
            _("the picture has {size} bytes, more than {limit}", size=size,
              limit=MAX_BACKGROUND_BYTES),
            _("scale it down or save it compressed (at most {mib} MiB)",
              mib=MAX_BACKGROUND_BYTES // (1024 * 1024)))


def check_picture(data: bytes, expected: str | None = None) -> tuple[str, int, int]:
    """Format, width and height of a picture a pack may carry; PictureError when it is not a
    PNG or JPEG (or not `expected`), too large in bytes, or too wide or high."""
    check_picture_bytes(len(data))
    found = picture_format(data)
    if found is None:
        raise PictureError(_("not a PNG or JPEG picture"), _("save the picture as PNG or JPEG"))
    if expected is not None and found != expected:
        raise PictureError(_("the picture is a {found} file, its name says {expected}",
                             found=found, expected=expected),
                           _("name a PNG background.png and a JPEG background.jpg"))
    width, height = _png_size(data) if found == "png" else _jpeg_size(data)
    if not (0 < width <= MAX_BACKGROUND_SIDE_PX and 0 < height <= MAX_BACKGROUND_SIDE_PX):
        raise PictureError(
            _("the picture is {width} × {height} pixels; at most {limit} a side", width=width,
              height=height, limit=MAX_BACKGROUND_SIDE_PX),
            _("scale it down to at most {limit} pixels a side", limit=MAX_BACKGROUND_SIDE_PX))
    return found, width, height
