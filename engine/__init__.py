"""Trench Club rules engine, content model and loading. Pure Python, never imports Qt; its
hottest modules run compiled by Cython where `make` could build them (engine.accel)."""

from engine import accel as _accel

_accel.install()
