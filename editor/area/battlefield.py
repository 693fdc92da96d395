"""How the area play-test opens a Trench Club play-test for a battle on a linked front.

The area editor must not import the hex editor's main window (that would close an import
circle through the project view, which opens area files), so the application registers how a
Trench Club window is opened (`set_battlefield_opener`, done by editor.app at start-up) and the
area play-test asks for one here. The window it gets is used through `BattlefieldHost` only.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import SignalInstance

from engine.play.setup import PlaytestOptions


class BattlefieldPlay(Protocol):
    """The play mode of a Trench Club window (editor.playtest.mode.PlayMode)."""

    gameEnded: SignalInstance  # the winning team, None for a draw


class BattlefieldHost(Protocol):
    """A Trench Club editor window showing a battlefield scenario's map."""

    playtest: BattlefieldPlay

    def enter_play_mode(self, options: PlaytestOptions | None = None) -> bool:
        """Start a play-test with `options`; whether play mode is on."""
        ...

    def setWindowTitle(self, title: str) -> None:
        """Qt's window title."""
        ...

    def isVisible(self) -> bool:
        """Whether the window is shown (Qt)."""
        ...

    def raise_(self) -> None:
        """Bring the window to the front (Qt)."""
        ...


OpenBattlefield = Callable[[Path], "BattlefieldHost | str"]
_opener: list[OpenBattlefield] = []


def set_battlefield_opener(opener: OpenBattlefield | None) -> None:
    """Register how a Trench Club window is opened on a scenario file (None: no way)."""
    _opener[:] = [opener] if opener is not None else []


def open_battlefield(scenario: Path) -> BattlefieldHost | str:
    """A shown Trench Club window on the scenario's map, or why there is none."""
    if not _opener:
        return ("no Trench Club editor is available in this window (hint: start the Studio "
                "with tcstudio edit)")
    return _opener[0](scenario)
