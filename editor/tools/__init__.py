"""Editing tools: classes receiving hex mouse events from the map view."""
