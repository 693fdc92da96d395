"""HexSet behaves exactly like set[Hex] under every operation, while storing runs."""

from __future__ import annotations

import copy
import pickle
from array import array
from itertools import pairwise

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.geometry_transform import clone_objects
from engine.hexes import DIRECTIONS, Hex
from engine.hexset import HexSet
from engine.model import GameMap, Region

hexes = st.builds(Hex, st.integers(-6, 6), st.integers(-3, 3))
hex_sets = st.sets(hexes, max_size=40)
ops = st.lists(st.tuples(st.sampled_from(["add", "discard"]), hexes), max_size=60)


def _runs_are_maximal(s: HexSet) -> bool:
    runs = list(s.runs())
    return all(not (a[0] == b[0] and a[2] + 1 >= b[1]) for a, b in pairwise(runs))


@settings(max_examples=200, deadline=None)
@given(hex_sets, ops)
def test_single_hex_edits_match_a_set(start: set[Hex], edits: list[tuple[str, Hex]]) -> None:
    hs, ref = HexSet(start), set(start)
    for op, h in edits:
        getattr(hs, op)(h)
        getattr(ref, op)(h)
        assert len(hs) == len(ref)
        assert (h in hs) == (h in ref)
    assert set(hs) == ref and hs == ref and ref == hs
    assert list(hs) == sorted(ref, key=lambda h: (h.r, h.q))
    assert _runs_are_maximal(hs)
    assert sum(last - first + 1 for _, first, last in hs.runs()) == len(ref)


@settings(max_examples=200, deadline=None)
@given(hex_sets, hex_sets)
def test_binary_operations_match_a_set(a: set[Hex], b: set[Hex]) -> None:
    ha, hb = HexSet(a), HexSet(b)
    for other in (hb, b):  # run by run, and against a plain set
        assert ha | other == a | b
        assert ha & other == a & b
        assert ha - other == a - b
        assert ha ^ other == a ^ b
        assert (ha <= other) == (a <= b)
        assert ha.issubset(other) == a.issubset(b)
        assert ha.issuperset(other) == a.issuperset(b)
        assert ha.isdisjoint(other) == a.isdisjoint(b)
    assert b | ha == a | b and b - ha == b - a and b & ha == a & b
    for op, method in (("__ior__", "update"), ("__isub__", "difference_update"),
                       ("__iand__", "intersection_update"), ("__ixor__", None)):
        for other in (hb, b):
            x, ref = HexSet(a), set(a)
            result = getattr(x, op)(other)
            getattr(ref, op)(b)
            assert result is x and x == ref and len(x) == len(ref) and _runs_are_maximal(x)
            if method:
                y = HexSet(a)
                getattr(y, method)(other)
                assert y == ref


@given(st.lists(st.tuples(st.integers(-3, 3), st.integers(-8, 8), st.integers(-8, 8))))
def test_from_runs_equals_the_hexes_it_names(runs: list[tuple[int, int, int]]) -> None:
    expected = {Hex(q, r) for r, first, last in runs for q in range(first, last + 1)}
    hs = HexSet.from_runs(runs)
    assert hs == expected and len(hs) == len(expected) and _runs_are_maximal(hs)
    assert HexSet.from_runs(hs.runs()) == hs


def test_copies_are_independent_and_pickle_round_trips() -> None:
    hs = HexSet.from_runs([(0, 0, 9), (2, -3, 3)])
    for twin in (hs.copy(), copy.copy(hs), copy.deepcopy(hs), pickle.loads(pickle.dumps(hs)),
                 HexSet(hs)):
        assert twin == hs
        twin.discard(Hex(5, 0))
        assert Hex(5, 0) in hs and Hex(5, 0) not in twin
    assert hs.run_count == 2 and hs.row_runs(0) == [(0, 9)] and hs.rows() == [0, 2]


def test_odd_members_and_removal() -> None:
    hs = HexSet([Hex(1, 1)])
    assert "x" not in hs and None not in hs and (1, 1) in hs and Hex(1, 2) not in hs
    assert hs.pop() == Hex(1, 1) and not hs
    try:
        hs.remove(Hex(0, 0))
    except KeyError:
        pass
    else:
        raise AssertionError("remove of an absent hex must raise KeyError")
    assert hs != {Hex(0, 0)} and hs == set() and repr(hs) == "HexSet([])"


def test_region_converts_whatever_it_is_given() -> None:
    r = Region("a", "A", {Hex(0, 0), Hex(1, 0)})
    assert isinstance(r.hexes, HexSet) and r.hexes == {Hex(0, 0), Hex(1, 0)}
    r.hexes = [Hex(5, 5)]
    assert isinstance(r.hexes, HexSet) and list(r.hexes) == [Hex(5, 5)]
    same = HexSet([Hex(2, 2)])
    r.hexes = same
    assert r.hexes is same  # taken as is, like any attribute
    r.hexes |= {Hex(3, 2)}
    assert r.hexes is same and len(same) == 2 and r.hexes.run_count == 1
    assert Region("a", "A") == Region("a", "A", set()) != r


def test_cloned_regions_are_independent_hexsets() -> None:
    m = GameMap.blank("m", 30, 20)
    m.regions = [Region("half_1_6", "West", {m.to_axial(c, r) for r in range(20)
                                               for c in range(15)})]
    regions = clone_objects(m)[2]
    assert isinstance(regions[0].hexes, HexSet) and regions[0].hexes == m.regions[0].hexes
    assert regions[0].hexes.run_count == 20
    regions[0].hexes.discard(m.to_axial(0, 0))
    assert m.to_axial(0, 0) in m.regions[0].hexes


@settings(max_examples=100, deadline=None)
@given(st.sets(st.tuples(st.integers(-9, 9), st.integers(-6, 6)).map(Hex._make), max_size=60),
       st.integers(-5, 5), st.integers(-5, 5))
def test_shifted_moves_every_hex_by_the_delta(hexes: set[Hex], dq: int, dr: int) -> None:
    s = HexSet(hexes)
    moved = s.shifted(dq, dr)
    assert set(moved) == {Hex(h.q + dq, h.r + dr) for h in hexes}
    assert len(moved) == len(hexes)
    assert set(s) == hexes  # the original is untouched


def test_from_row_bounds_takes_the_runs_as_given() -> None:
    s = HexSet.from_row_bounds([(2, array("q", (0, 3, 5, 6))), (-1, array("q", (4, 5))),
                                (7, array("q"))])
    assert set(s) == {Hex(0, 2), Hex(1, 2), Hex(2, 2), Hex(5, 2), Hex(4, -1)}
    assert len(s) == 5 and s.run_count == 3
    assert s == HexSet(set(s))


@settings(max_examples=200, deadline=None)
@given(hex_sets)
def test_border_is_the_members_with_a_neighbour_outside(hexes: set[Hex]) -> None:
    """`border` walks rows instead of intersecting six shifted copies of the set (what the
    selection outline did); the members it finds are the same."""
    want = {h for h in hexes if any(h + d not in hexes for d in DIRECTIONS)}
    got = HexSet(hexes).border(DIRECTIONS)
    assert got == want and len(got) == len(want) and _runs_are_maximal(got)


def test_rows_of_one_run_combine_as_sets_do() -> None:
    """Union, intersection and difference of two single runs take a shortcut past the
    sweep: every placement of one run against another (apart, touching, overlapping,
    inside) gives what the sets give, as maximal runs."""
    spans = [(a, b) for a in range(-2, 6) for b in range(a + 1, 7)]
    for a0, a1 in spans:
        for b0, b1 in spans:
            a = {Hex(q, 1) for q in range(a0, a1)}
            b = {Hex(q, 1) for q in range(b0, b1)}
            ha, hb = HexSet(a), HexSet(b)
            for got, want in ((ha | hb, a | b), (ha & hb, a & b), (ha - hb, a - b),
                              (ha ^ hb, a ^ b)):
                assert got == want and len(got) == len(want) and _runs_are_maximal(got)


@settings(max_examples=200, deadline=None)
@given(hex_sets, st.lists(hexes, max_size=40))
def test_contains_many_answers_as_in_does(members: set[Hex], asked: list[Hex]) -> None:
    hs = HexSet(members)
    q = np.array([h.q for h in asked], dtype=np.int64)
    r = np.array([h.r for h in asked], dtype=np.int64)
    assert hs.contains_many(q, r).tolist() == [h in members for h in asked]
