"""The rules engine of the area-map game "Der Erste Weltkrieg" (RULES §12, seed 001).

Same shape as the hex engine: a `AreaGame` holds the static rules of a scenario and creates
`AreaState`s; a state lists `legal_actions()`, takes `apply_action()`, stops at chance nodes
when the game was made with `explicit_chance=True`, and serialises to JSON. Deterministic for
a seed. docs/der-erste-weltkrieg.md lists every rule with its status and test.
"""
