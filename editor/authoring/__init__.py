"""The content editors: unit catalog, ruleset, project view."""
