"""Trench Club Studio desktop editor (PySide6). The only package that imports Qt."""
