"""Narrow exception types of the rules engine."""

from __future__ import annotations

from engine.i18n import _


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state; the message says why."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(_("illegal action '{action}': {reason}", action=action, reason=reason))
        self.action = action
        self.reason = reason


class ActionParseError(ValueError):
    """Action text that does not follow any action's text form."""


class SaveError(ValueError):
    """A saved game that cannot be read (corrupt, wrong schema, unknown ids)."""


class UnplayedVariantError(ValueError):
    """A variant switched on that the engine does not play yet; the message names it."""


class MissingHookError(TypeError):
    """A registered variant or ability was asked for a hook it does not define: a bug in
    that class (e.g. `apply_action` for an action type it listed but never handles)."""
