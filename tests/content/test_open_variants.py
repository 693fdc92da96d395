"""Issue 10 item 4: variant ids are not a closed schema enum; an unknown id is refused by
semantic validation with the known ids listed, not by a schema dump."""

from __future__ import annotations

from engine.content import check_document, document_from_text, dump_canonical
from engine.rules.variants import known_ids
from tests.content.fixtures import valid_ruleset


def _problems(data):
    return check_document(document_from_text(dump_canonical(data, "yaml"), "yaml"))


def test_a_new_variant_id_gets_one_clear_message():
    data = valid_ruleset()
    data["variants"]["winter_offensive"] = {"enabled": False, "cold": 3}
    found = _problems(data)
    assert [p.code for p in found] == ["ruleset.unknown_variant"]
    (p,) = found
    assert p.pointer == "/variants/winter_offensive"
    assert "winter_offensive" in p.message and known_ids() in p.hint
    assert p.line is not None


def test_parameters_of_an_unlisted_variant_are_still_bounded():
    data = valid_ruleset()
    data["variants"]["winter_offensive"] = {"enabled": True, "cold": "x" * 500}
    assert any(p.code.startswith("schema") for p in _problems(data))
    data["variants"]["Bad Id"] = {"enabled": True}
    assert any(p.code.startswith("schema") for p in _problems(data))
