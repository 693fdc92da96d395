"""Property: any JSON-like data survives the canonical writer in both formats."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.content import canonical_data, dump_canonical
from engine.content.documents import parse_text

text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30),
    st.floats(allow_nan=False, allow_infinity=False), text,
)
values = st.recursive(
    scalars,
    lambda children: st.one_of(st.lists(children, max_size=4),
                               st.dictionaries(text, children, max_size=4)),
    max_leaves=20,
)
documents = st.dictionaries(text, values, min_size=1, max_size=6)


@settings(max_examples=300, deadline=None)
@given(documents)
def test_any_data_round_trips_through_yaml_and_json(data):
    expected = canonical_data(data)
    for fmt in ("yaml", "json"):
        dumped = dump_canonical(data, fmt)
        parsed, _ = parse_text(dumped, fmt)
        assert parsed == expected, dumped
        assert dump_canonical(parsed, fmt) == dumped


def _depth(value: object) -> int:
    """Nesting depth as the layout rule counts it (the writer's former full walk)."""
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.lists(values, max_size=4), st.dictionaries(text, values, max_size=4)))
def test_the_shallow_test_stops_early_but_answers_as_the_depth_does(value):
    from engine.content.canonical import _shallow

    assert _shallow(value) == (_depth(value) <= 2)
