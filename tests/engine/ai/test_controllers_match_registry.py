"""The controller names content validation accepts are exactly the registry's kinds."""

from __future__ import annotations

from engine.ai.registry import LEGACY_AI, kind_names
from engine.controllers import AI_KINDS, HUMAN
from engine.controllers import LEGACY_AI as CONTENT_LEGACY


def test_content_controllers_equal_the_registry_kinds():
    assert list(AI_KINDS) == kind_names()
    assert CONTENT_LEGACY == LEGACY_AI and HUMAN not in kind_names()
