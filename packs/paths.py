"""The one check for paths read from a file (a cache, an index, a manifest, a zip entry):
a plain relative name that stays inside its folder."""

from __future__ import annotations

from pathlib import Path

from engine.i18n import _

MAX_NAME_BYTES = 240  # whole relative name, UTF-8; below every file system's 255 per name
MAX_PART_BYTES = 120


class UnsafePathError(ValueError):
    """A name read from a file could leave its folder or cannot be a file name."""

    def __init__(self, name: object, reason: str, hint: str) -> None:
        super().__init__(f"{name!r}: {reason}")
        self.name = name
        self.reason = reason
        self.hint = hint


def check_relative_name(name: object) -> str:
    """Return `name` if it is a relative '/'-separated file path with no way out of its
    folder (no absolute path, drive letter, backslash, '.', '..' or empty part, no control
    character, not too long); raise UnsafePathError otherwise."""
    if not isinstance(name, str) or not name:
        raise UnsafePathError(name, _("not a file name"), _("names must be non-empty strings"))
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise UnsafePathError(name, _("control character in a file name"),
                              _("names must be printable"))
    try:
        size = len(name.encode("utf-8"))
    except UnicodeEncodeError:
        raise UnsafePathError(name, _("file name is not valid Unicode"),
                              _("names must be valid UTF-8")) from None
    if name.startswith(("/", "\\")) or "\\" in name:
        raise UnsafePathError(name, _("absolute path or backslash"),
                              _("names must be relative '/'-separated paths"))
    if len(name) > 1 and name[1] == ":":
        raise UnsafePathError(name, _("drive letter"), _("names must be relative paths"))
    parts = name.split("/")
    if any(p in ("", ".", "..") for p in parts):
        raise UnsafePathError(name, _("path with '..', '.' or an empty part, or a directory"),
                              _("names must be plain relative file paths"))
    if size > MAX_NAME_BYTES or any(len(p.encode("utf-8")) > MAX_PART_BYTES for p in parts):
        raise UnsafePathError(name,
                              _("name longer than {max_name_bytes} bytes or a part longer than "
                                "{max_part_bytes}", max_name_bytes=MAX_NAME_BYTES,
                                max_part_bytes=MAX_PART_BYTES), _("use short file names"))
    return name


def confine(folder: Path, name: object) -> Path:
    """`folder / name` after check_relative_name, also refused when a symbolic link inside
    `folder` would take it outside."""
    target = Path(folder) / check_relative_name(name)
    root = Path(folder).resolve()
    if not target.resolve().is_relative_to(root):
        raise UnsafePathError(name, _("path leads out of its folder through a symbolic link"),
                              _("remove the link"))
    return target
