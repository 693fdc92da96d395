"""The map canvas: view, scene and layers, minimap and off-screen rendering.

Rendering follows Tiled: one QGraphicsItem per layer painting only the exposed rectangle, the
terrain cached in chunk images invalidated by the document's terrainChanged indices.
"""

from .minimap import MinimapWidget
from .render import render_map_image
from .view import MapView

__all__ = ["MapView", "MinimapWidget", "render_map_image"]
