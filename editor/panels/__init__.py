"""Dock panels of the main window."""
