"""Trench Club rules engine, content model and loading. Pure Python: never imports Qt."""
