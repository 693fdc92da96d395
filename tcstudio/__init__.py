"""The `tcstudio` command line."""

from engine.version import __version__

__all__ = ["__version__"]
