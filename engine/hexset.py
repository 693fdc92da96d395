"""`HexSet`: a set of axial hexes stored as runs, a few bytes per run instead of an object per hex.

Hexes are grouped by axial `r`; each group is a sorted `array('q')` of half-open run bounds
`[q_start, q_stop, q_start, q_stop, ...]`, so membership is one bisect: an odd insertion
point means "inside a run". Along a row of a pointy-top map `r` is constant and `q` grows by
one per column, so the offset spans of a map file ARE these runs (one run per span), and a
half of a 1000 x 1000 map is 500 runs rather than 500,000 tuples.

The class implements `collections.abc.MutableSet` (iteration, `in`, `len`, `add`, `discard`,
`|`, `&`, `-`, `^`, `==`, `<=`, in-place forms) plus the `set` methods code tends to call
(`update`, `copy`, `union`, ...), so code written for `set[Hex]` keeps working. Operations
between two HexSets work run by run; with any other iterable they fall back to per hex.
Iteration yields hexes ordered by (r, q), which is deterministic (a `set` is not).
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Iterable, Iterator, MutableSet
from itertools import repeat
from typing import Any

import numpy as np

from engine.hexes import Hex

_make = Hex._make


def _merge(a: array, b: array, keep: Any) -> array:
    """Bounds of the runs where `keep(in_a, in_b)` holds, from two bound arrays (a sweep)."""
    if len(a) == 2 and len(b) == 2 and keep is not _xor:
        return _merge_single(a[0], a[1], b[0], b[1], keep)
    out = array("q")
    i = j = 0
    na, nb = len(a), len(b)
    inside = False
    while i < na or j < nb:
        x = a[i] if i < na else None
        y = b[j] if j < nb else None
        pos = x if y is None or (x is not None and x <= y) else y
        while i < na and a[i] == pos:
            i += 1
        while j < nb and b[j] == pos:
            j += 1
        now = keep(i % 2 == 1, j % 2 == 1)
        if now != inside:
            out.append(pos)
            inside = now
    return out


def _merge_single(a0: int, a1: int, b0: int, b1: int, keep: Any) -> array:
    """`_merge` of one run [a0, a1) with one run [b0, b1) for union, intersection and
    difference: what the sweep gives, without it (a rectangle's rows are one run each)."""
    lo, hi = max(a0, b0), min(a1, b1)
    if keep is _inter:
        return array("q", (lo, hi)) if lo < hi else array("q")
    if keep is _union:
        if lo <= hi:  # overlapping or touching: one run
            return array("q", (min(a0, b0), max(a1, b1)))
        return array("q", (a0, a1, b0, b1) if a0 < b0 else (b0, b1, a0, a1))
    out = array("q")  # a minus b: what lies left of b, then what lies right of it
    if a0 < min(a1, b0):
        out.extend((a0, min(a1, b0)))
    if max(a0, b1) < a1:
        out.extend((max(a0, b1), a1))
    return out


def _union(x: bool, y: bool) -> bool:
    return x or y


def _inter(x: bool, y: bool) -> bool:
    return x and y


def _diff(x: bool, y: bool) -> bool:
    return x and not y


def _xor(x: bool, y: bool) -> bool:
    return x != y


class HexSet(MutableSet[Hex]):
    """A mutable set of `Hex` stored as runs of consecutive q per axial row r."""

    __slots__ = ("_count", "_rows")

    def __init__(self, hexes: Iterable[Hex] = ()) -> None:
        self._rows: dict[int, array] = {}
        self._count = 0
        if isinstance(hexes, HexSet):
            self._rows = {r: array("q", b) for r, b in hexes._rows.items()}
            self._count = hexes._count
        else:
            self._fill(hexes)

    def _fill(self, hexes: Iterable[Hex]) -> None:
        """Add many hexes at once: sort them, then write each row's runs in one pass."""
        by_row: dict[int, list[int]] = {}
        for q, r in hexes:
            by_row.setdefault(r, []).append(q)
        if not self._rows:
            for r, qs in by_row.items():
                self._set_row(r, _bounds_of(qs))
            return
        for r, qs in by_row.items():
            old = self._rows.get(r)
            bounds = _bounds_of(qs)
            self._set_row(r, bounds if old is None else _merge(old, bounds, _union))

    def _set_row(self, r: int, bounds: array) -> None:
        old = self._rows.pop(r, None)
        if old is not None:
            self._count -= _size(old)
        if bounds:
            self._rows[r] = bounds
            self._count += _size(bounds)

    # --- construction from runs -----------------------------------------------------------

    @classmethod
    def from_runs(cls, runs: Iterable[tuple[int, int, int]]) -> HexSet:
        """A set from axial runs (r, first_q, last_q), inclusive, in any order, may overlap."""
        out = cls()
        pending: dict[int, list[tuple[int, int]]] = {}
        for r, first, last in runs:
            if first <= last:
                pending.setdefault(r, []).append((first, last + 1))
        for r, pairs in pending.items():
            pairs.sort()
            bounds = array("q")
            for start, stop in pairs:
                if bounds and start <= bounds[-1]:
                    if stop > bounds[-1]:
                        bounds[-1] = stop
                else:
                    bounds.append(start)
                    bounds.append(stop)
            out._set_row(r, bounds)
        return out

    @classmethod
    def from_row_bounds(cls, rows: Iterable[tuple[int, array]]) -> HexSet:
        """A set from (r, bounds) pairs, each `bounds` an `array('q')` of half-open run bounds
        `[q_start, q_stop, ...]` already sorted and never touching (as `index_hexset` in
        `engine.geometry` makes them from a mask): taken as they are, no per-hex work."""
        out = cls()
        for r, bounds in rows:
            if bounds:
                out._set_row(r, bounds)
        return out

    def shifted(self, dq: int, dr: int) -> HexSet:
        """A new set with every hex moved by the axial delta (dq, dr), run by run."""
        out = HexSet()
        for r, b in self._rows.items():
            out._rows[r + dr] = array("q", (x + dq for x in b)) if dq else array("q", b)
        out._count = self._count
        return out

    def contains_many(self, q: np.ndarray, r: np.ndarray) -> np.ndarray:
        """`Hex(q[i], r[i]) in self` for every i at once: one search per row asked about."""
        q, r = np.asarray(q, dtype=np.int64), np.asarray(r, dtype=np.int64)
        out = np.zeros(len(q), dtype=bool)
        if not len(q) or not self._rows:
            return out
        order = np.argsort(r, kind="stable")
        rows = r[order]
        starts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
        ends = np.r_[starts[1:], len(rows)]
        for row, start, end in zip(rows[starts].tolist(), starts.tolist(), ends.tolist(),
                                   strict=True):
            bounds = self._rows.get(row)
            if bounds is not None:
                which = order[start:end]
                found = np.searchsorted(np.frombuffer(bounds, dtype=np.int64), q[which],
                                        side="right")
                out[which] = (found & 1).astype(bool)  # odd: inside a run, as in __contains__
        return out

    def border(self, deltas: Iterable[tuple[int, int]]) -> HexSet:
        """The hexes h with a neighbour h + d (d in `deltas`, axial) outside the set: the set
        minus the intersection of its copies shifted by -d, row by row, without the copies."""
        deltas = list(deltas)
        rows = self._rows
        empty = array("q")
        out = HexSet()
        for r, b in rows.items():
            inner = b
            for dq, dr in deltas:
                other = rows.get(r + dr)
                if other is None:
                    inner = empty
                    break
                inner = _merge(inner, array("q", (x - dq for x in other)) if dq else other,
                               _inter)
                if not inner:
                    break
            out._set_row(r, _merge(b, inner, _diff) if inner else array("q", b))
        return out

    def runs(self) -> Iterator[tuple[int, int, int]]:
        """The runs (r, first_q, last_q), inclusive, ordered by r then q; maximal (never
        touching), so two equal sets give the same runs."""
        for r in sorted(self._rows):
            b = self._rows[r]
            for k in range(0, len(b), 2):
                yield r, b[k], b[k + 1] - 1

    def row_runs(self, r: int) -> list[tuple[int, int]]:
        """The runs (first_q, last_q), inclusive, of axial row r."""
        b = self._rows.get(r, ())
        return [(b[k], b[k + 1] - 1) for k in range(0, len(b), 2)]

    def rows(self) -> list[int]:
        """The axial rows r holding at least one hex, ascending."""
        return sorted(self._rows)

    @property
    def run_count(self) -> int:
        """How many runs the set is stored as."""
        return sum(len(b) for b in self._rows.values()) // 2

    # --- the Set protocol ------------------------------------------------------------------

    def __contains__(self, h: object) -> bool:
        try:
            q, r = h  # type: ignore[misc]
        except (TypeError, ValueError):
            return False
        b = self._rows.get(r)
        if b is None:
            return False
        try:
            return bisect_right(b, q) % 2 == 1
        except TypeError:
            return False

    def __iter__(self) -> Iterator[Hex]:
        for r in sorted(self._rows):
            b = self._rows[r]
            for k in range(0, len(b), 2):
                yield from map(_make, zip(range(b[k], b[k + 1]), repeat(r)))

    def __len__(self) -> int:
        return self._count

    def __repr__(self) -> str:
        if self._count <= 8:
            return f"HexSet({list(self)!r})"
        return f"<HexSet of {self._count} hexes in {self.run_count} runs>"

    @classmethod
    def _from_iterable(cls, it: Iterable[Hex]) -> HexSet:
        return cls(it)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HexSet):
            return self._count == other._count and self._rows == other._rows
        return super().__eq__(other)

    __hash__ = None  # type: ignore[assignment]  # mutable, like set

    def __reduce__(self) -> tuple[Any, ...]:
        return (HexSet.from_runs, (list(self.runs()),))

    def _combine(self, other: HexSet, keep: Any) -> HexSet:
        out = HexSet()
        # Rows only one side holds: an intersection keeps none, a difference only its own.
        if keep is _inter:
            rows = self._rows.keys() & other._rows.keys()
        elif keep is _diff:
            rows = self._rows.keys()
        else:
            rows = self._rows.keys() | other._rows.keys()
        for r in rows:
            out._set_row(r, _merge(self._rows.get(r, array("q")),
                                   other._rows.get(r, array("q")), keep))
        return out

    def __or__(self, other: Any) -> HexSet:
        if isinstance(other, HexSet):
            return self._combine(other, _union)
        if not isinstance(other, Iterable):
            return NotImplemented
        out = self.copy()
        out._fill(other)
        return out

    __ror__ = __or__

    def __and__(self, other: Any) -> HexSet:
        if isinstance(other, HexSet):
            return self._combine(other, _inter)
        if not isinstance(other, Iterable):
            return NotImplemented
        return HexSet(h for h in other if h in self)

    __rand__ = __and__

    def __sub__(self, other: Any) -> HexSet:
        if isinstance(other, HexSet):
            return self._combine(other, _diff)
        if not isinstance(other, Iterable):
            return NotImplemented
        out = self.copy()
        for h in other:
            out.discard(h)
        return out

    def __rsub__(self, other: Any) -> HexSet:
        if not isinstance(other, Iterable):
            return NotImplemented
        return HexSet(h for h in other if h not in self)

    def __xor__(self, other: Any) -> HexSet:
        if not isinstance(other, Iterable):
            return NotImplemented
        return self._combine(other if isinstance(other, HexSet) else HexSet(other), _xor)

    __rxor__ = __xor__

    def __ior__(self, other: Any) -> HexSet:  # type: ignore[override,misc]
        if isinstance(other, HexSet):
            for r, b in other._rows.items():
                old = self._rows.get(r)
                self._set_row(r, array("q", b) if old is None else _merge(old, b, _union))
        else:
            self._fill(other)
        return self

    def __iand__(self, other: Any) -> HexSet:  # type: ignore[override,misc]
        kept = self & other
        self._rows, self._count = kept._rows, kept._count
        return self

    def __isub__(self, other: Any) -> HexSet:  # type: ignore[override,misc]
        if other is self:
            self.clear()
        elif isinstance(other, HexSet):
            for r, b in other._rows.items():
                old = self._rows.get(r)
                if old is not None:
                    self._set_row(r, _merge(old, b, _diff))
        else:
            for h in other:
                self.discard(h)
        return self

    def __ixor__(self, other: Any) -> HexSet:  # type: ignore[override,misc]
        flipped = self ^ other
        self._rows, self._count = flipped._rows, flipped._count
        return self

    # --- single hexes ----------------------------------------------------------------------

    def add(self, h: Hex) -> None:
        """Add one hex."""
        q, r = h
        b = self._rows.get(r)
        if b is None:
            self._rows[r] = array("q", (q, q + 1))
            self._count += 1
            return
        i = bisect_right(b, q)
        if i % 2 == 1:
            return
        joins_prev = i > 0 and b[i - 1] == q
        joins_next = i < len(b) and b[i] == q + 1
        if joins_prev and joins_next:
            del b[i - 1:i + 1]
        elif joins_prev:
            b[i - 1] = q + 1
        elif joins_next:
            b[i] = q
        else:
            b[i:i] = array("q", (q, q + 1))
        self._count += 1

    def discard(self, h: Hex) -> None:
        """Remove one hex if present."""
        try:
            q, r = h
        except (TypeError, ValueError):
            return
        b = self._rows.get(r)
        if b is None:
            return
        i = bisect_right(b, q)
        if i % 2 == 0:
            return
        start, stop = b[i - 1], b[i]
        if stop - start == 1:
            del b[i - 1:i + 1]
            if not b:
                del self._rows[r]
        elif q == start:
            b[i - 1] = q + 1
        elif q == stop - 1:
            b[i] = q
        else:
            b[i:i] = array("q", (q, q + 1))
        self._count -= 1

    def remove(self, h: Hex) -> None:
        """Remove one hex; KeyError if absent."""
        if h not in self:
            raise KeyError(h)
        self.discard(h)

    def pop(self) -> Hex:
        """Remove and return the first hex in (r, q) order; KeyError when empty."""
        if not self._rows:
            raise KeyError("pop from an empty HexSet")
        r = min(self._rows)
        h = Hex(self._rows[r][0], r)
        self.discard(h)
        return h

    def clear(self) -> None:
        """Remove every hex."""
        self._rows = {}
        self._count = 0

    # --- the set methods beyond MutableSet --------------------------------------------------

    def copy(self) -> HexSet:
        """An independent copy."""
        return HexSet(self)

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> HexSet:
        return HexSet(self)

    def update(self, *others: Iterable[Hex]) -> None:
        """Add every hex of the iterables."""
        for other in others:
            self |= other

    def difference_update(self, *others: Iterable[Hex]) -> None:
        """Remove every hex of the iterables."""
        for other in others:
            self -= other

    def intersection_update(self, *others: Iterable[Hex]) -> None:
        """Keep only hexes found in every iterable."""
        for other in others:
            self &= other if isinstance(other, HexSet) else set(other)

    def union(self, *others: Iterable[Hex]) -> HexSet:
        """A new set with the hexes of this set and of the iterables."""
        out = self.copy()
        out.update(*others)
        return out

    def intersection(self, *others: Iterable[Hex]) -> HexSet:
        """A new set with the hexes found in this set and every iterable."""
        out = self.copy()
        out.intersection_update(*others)
        return out

    def difference(self, *others: Iterable[Hex]) -> HexSet:
        """A new set with the hexes of this set not in any iterable."""
        out = self.copy()
        out.difference_update(*others)
        return out

    def issubset(self, other: Iterable[Hex]) -> bool:
        """Whether every hex is in `other`."""
        if isinstance(other, HexSet):
            return len(self - other) == 0
        other_set = other if isinstance(other, set | frozenset) else set(other)
        return all(h in other_set for h in self)

    def issuperset(self, other: Iterable[Hex]) -> bool:
        """Whether every hex of `other` is in this set."""
        if isinstance(other, HexSet):
            return len(other - self) == 0
        return all(h in self for h in other)


def _size(bounds: array) -> int:
    return sum(bounds[1::2]) - sum(bounds[::2])


def _bounds_of(qs: list[int]) -> array:
    """Run bounds of unsorted q values (duplicates allowed)."""
    qs.sort()
    bounds = array("q")
    for q in qs:
        if bounds and q <= bounds[-1]:
            if q == bounds[-1]:
                bounds[-1] = q + 1
        else:
            bounds.append(q)
            bounds.append(q + 1)
    return bounds
