"""Schema-version upgrades: functions registered per (kind, from_version).

Loading a file whose `schema_version` is older than the current one runs the registered
migrations in order (v0 -> v1 -> ...), each receiving and returning the plain data dict.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Migration = Callable[[dict[str, Any]], dict[str, Any]]

CURRENT_VERSION: dict[str, int] = {
    "map": 1,
    "catalog": 1,
    "ruleset": 2,
    "scenario": 1,
    "pack-manifest": 1,
    "enemy-table": 1,
    "area-map": 1,
    "army-catalog": 1,
    "area-ruleset": 1,
    "area-scenario": 1,
}

_REGISTRY: dict[tuple[str, int], Migration] = {}


class MigrationError(ValueError):
    """A file's schema_version cannot be brought to the current version."""


def migration(kind: str, from_version: int) -> Callable[[Migration], Migration]:
    """Register a function upgrading `kind` data from `from_version` to `from_version + 1`."""
    if kind not in CURRENT_VERSION:
        raise ValueError(f"unknown kind {kind!r}")

    def register(fn: Migration) -> Migration:
        key = (kind, from_version)
        if key in _REGISTRY:
            raise ValueError(f"a migration for {kind} v{from_version} is already registered")
        _REGISTRY[key] = fn
        return fn

    return register


@migration("ruleset", 1)
def ruleset_forts_per_half(data: dict[str, Any]) -> dict[str, Any]:
    """v1 → v2: rulesets name the forts a 2-player half holds (before: 7 fixed in the map
    checks, the printed rules' number, 002: "5 von 7 bei 2 Spielern")."""
    data.setdefault("forts_per_half", 7)
    return data


def unregister(kind: str, from_version: int) -> None:
    """Remove a registered migration (tests register temporary ones)."""
    _REGISTRY.pop((kind, from_version), None)


def migrate(kind: str, data: dict[str, Any]) -> tuple[dict[str, Any], list[int]]:
    """Upgrade `data` to the current version of `kind`; return it and the versions migrated from.

    Raises MigrationError when the version is newer than supported or a step is missing.
    """
    current = CURRENT_VERSION[kind]
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version == current:
        return data, []  # a missing or wrong-typed version is the schema's to report
    if version > current:
        raise MigrationError(
            f"schema_version {version} is newer than this program supports ({current})"
        )
    applied = []
    while version < current:
        step = _REGISTRY.get((kind, version))
        if step is None:
            raise MigrationError(f"no migration registered for {kind} schema_version {version}")
        data = step(dict(data))
        applied.append(version)
        version += 1
        data["schema_version"] = version
    return data, applied
