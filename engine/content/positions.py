"""Source positions of the values in a parsed document, by JSON pointer."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable


def escape_token(token: str) -> str:
    """Escape one JSON pointer token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")


def join_pointer(pointer: str, token: str | int) -> str:
    """The pointer of a child: `join_pointer("/forts", 2) == "/forts/2"`."""
    return f"{pointer}/{escape_token(str(token))}"


def pointer_of(path: object) -> str:
    """A JSON pointer from a sequence of keys and indices."""
    return "".join("/" + escape_token(str(p)) for p in path)  # type: ignore[attr-defined]


def parent_pointer(pointer: str) -> str:
    """The pointer one level up ("" for the root)."""
    return pointer.rsplit("/", 1)[0] if pointer else ""


class Positions:
    """1-based (line, col) of each value (`values`) and each mapping key (`keys`) by pointer.

    With `find`, they are found only when first asked for: a big file that loads without a
    problem to locate never pays for recording where each of its 10^5 values is."""

    def __init__(self, values: dict[str, tuple[int, int]] | None = None,
                 keys: dict[str, tuple[int, int]] | None = None, *,
                 find: Callable[[], Positions] | None = None) -> None:
        self._values = {} if values is None else values
        self._keys = {} if keys is None else keys
        self._find = find

    def _found(self) -> None:
        if self._find is not None:
            found, self._find = self._find(), None
            self._values, self._keys = found.values, found.keys

    @property
    def values(self) -> dict[str, tuple[int, int]]:
        """Position of each value, by pointer."""
        self._found()
        return self._values

    @property
    def keys(self) -> dict[str, tuple[int, int]]:
        """Position of each mapping key, by the pointer of its value."""
        self._found()
        return self._keys

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Positions) and (self.values, self.keys) == (other.values,
                                                                            other.keys)

    __hash__ = None  # type: ignore[assignment]

    def __getitem__(self, pointer: str) -> tuple[int, int]:
        """Position of the value at exactly `pointer` (KeyError if unknown)."""
        return self.values[pointer]

    def __contains__(self, pointer: object) -> bool:
        return pointer in self.values

    def get(self, pointer: str, default: tuple[int, int] | None = None) -> tuple[int, int] | None:
        """Position of the value at exactly `pointer`, or `default`."""
        return self.values.get(pointer, default)

    def locate(self, pointer: str, prefer_key: bool = False) -> tuple[int, int] | None:
        """Position of the value at `pointer`, or of its nearest located ancestor.

        With `prefer_key`, the key of a mapping entry is preferred over its value (for
        "unknown key" style problems).
        """
        p = pointer
        while True:
            if prefer_key and p in self.keys:
                return self.keys[p]
            if p in self.values:
                return self.values[p]
            if p in self.keys:
                return self.keys[p]
            if not p:
                return None
            p = parent_pointer(p)


class LineIndex:
    """Turns character offsets of a text into 1-based (line, col)."""

    def __init__(self, text: str) -> None:
        starts = [0]
        find = text.find
        i = find("\n")
        while i != -1:
            starts.append(i + 1)
            i = find("\n", i + 1)
        self._starts = starts

    def position(self, offset: int) -> tuple[int, int]:
        """(line, col), both 1-based, of a character offset."""
        line = bisect_right(self._starts, offset) - 1
        return line + 1, offset - self._starts[line] + 1
