"""Exporters: map packs, Tiled maps, boards. Pure Python: never imports Qt."""
