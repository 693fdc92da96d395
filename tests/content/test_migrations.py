"""Loading an older schema_version runs the registered migrations."""

from __future__ import annotations

import pytest

from engine.content import ContentError, dump_canonical, load_map, migration
from engine.content.migrations import migrate, unregister
from tests.content.fixtures import valid_map


@pytest.fixture
def v0_map_migration():
    """A synthetic v0 map format that stored the size as `size: [width, height]`."""

    @migration("map", 0)
    def size_to_width_height(data):
        width, height = data.pop("size")
        data["width"], data["height"] = width, height
        return data

    yield size_to_width_height
    unregister("map", 0)


def _v0_map() -> dict:
    data = valid_map()
    data["schema_version"] = 0
    data["size"] = [data.pop("width"), data.pop("height")]
    return data


def test_older_version_is_migrated_on_load(tmp_path, v0_map_migration):
    path = tmp_path / "old.map.yaml"
    path.write_text(dump_canonical(_v0_map()), encoding="utf-8")
    m = load_map(path)
    assert (m.width, m.height) == (28, 16)
    assert "\nsize: [28, 16]\n" in path.read_text(encoding="utf-8")  # loading never rewrites


def test_migrate_reports_steps(v0_map_migration):
    data, applied = migrate("map", _v0_map())
    assert applied == [0] and data["schema_version"] == 1 and "size" not in data


def test_missing_migration_is_a_located_error(tmp_path):
    path = tmp_path / "old.map.yaml"
    path.write_text(dump_canonical(_v0_map()), encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        load_map(path)
    problem = exc.value.problems[0]
    assert problem.code == "document.version"
    assert problem.line == 2


def test_registering_twice_is_refused(v0_map_migration):
    with pytest.raises(ValueError):
        migration("map", 0)(lambda d: d)
