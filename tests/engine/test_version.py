"""The one version number (engine.version) and who uses it."""

from __future__ import annotations

import importlib.metadata

import pytest

from engine import version
from engine.content import load_scenario
from engine.paths import DEFAULT_SCENARIO
from exporters.pack import build_pack


def test_version_is_the_installed_distributions():
    assert version.package_version() == importlib.metadata.version("trenchclub-studio")
    assert version.__version__ == version.package_version()


def test_without_an_installed_distribution_the_source_checkout_gives_it(monkeypatch):
    def missing(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    text = (version.PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'version = "{version.package_version()}"' in text


def test_without_distribution_or_pyproject_the_version_says_unknown(monkeypatch, tmp_path):
    def missing(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    monkeypatch.setattr(version, "PROJECT_ROOT", tmp_path)
    assert version.package_version() == version.UNKNOWN


@pytest.mark.parametrize("module", ["exporters.pack", "exporters.pdf", "exporters.tiled",
                                    "exporters.pipeline", "exporters.conformance"])
def test_exporters_take_the_version_from_the_engine(module):
    exporter = importlib.import_module(module)
    assert exporter.__version__ is version.__version__


def test_a_pack_says_which_version_made_it():
    manifest = build_pack(load_scenario(DEFAULT_SCENARIO)).manifest
    assert manifest["created_by"] == f"trenchclub-studio {version.__version__}"
