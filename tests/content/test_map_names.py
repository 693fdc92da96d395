"""Issue 18: a map's name may be {de, en} like a scenario's (a plain string stays valid); the
German Studio shows the German name, files and Tiled keep both."""

from __future__ import annotations

import copy

import yaml

from engine.content import check_map_model, load_map, map_from_dict, map_to_dict
from engine.content.loaders import load_file
from engine.i18n import in_language
from engine.paths import CONTENT_DIR

DEFAULT_MAP = CONTENT_DIR / "maps" / "default.map.yaml"


def test_the_default_map_has_a_german_and_an_english_name():
    m = load_map(DEFAULT_MAP)
    assert (m.name, m.name_de) == ("Argonne Crossing", "Übergang an der Aire")
    assert m.title() == "Argonne Crossing"
    with in_language("de"):
        assert m.title() == "Übergang an der Aire"
    assert map_to_dict(m)["name"] == {"de": "Übergang an der Aire", "en": "Argonne Crossing"}
    assert map_from_dict(map_to_dict(m)).name_de == "Übergang an der Aire"
    assert check_map_model(m) == []


def test_a_plain_name_stays_valid_and_is_written_plain(tmp_path):
    data = map_to_dict(load_map(DEFAULT_MAP))
    data["name"] = "Only English"
    m = map_from_dict(data)
    assert (m.name, m.name_de) == ("Only English", "")
    with in_language("de"):
        assert m.title() == "Only English"
    assert map_to_dict(m)["name"] == "Only English"
    assert check_map_model(m) == []


def _problems_with_name(tmp_path, name) -> list[str]:
    data = copy.deepcopy(map_to_dict(load_map(DEFAULT_MAP)))
    data["name"] = name
    path = tmp_path / "m.map.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return [p.code for p in load_file(path).problems if p.is_error]


def test_a_names_pair_is_bounded_and_complete(tmp_path):
    assert _problems_with_name(tmp_path, {"de": "Ü", "en": "E"}) == []
    assert _problems_with_name(tmp_path, {"de": "x" * 201, "en": "E"})
    assert _problems_with_name(tmp_path, {"de": "Nur Deutsch"})
    assert _problems_with_name(tmp_path, {"de": "D", "en": "E", "fr": "F"})
