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
