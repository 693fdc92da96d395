"""Special-unit powers (RULES §6, §10): the state they keep, their actions, their log events
and their effects on the board (area attacks, mines, field repair).

`record`, `actions` and `events` import only the base and the light rules modules, so the
ability registry (engine.rules.abilities) can name them; `area` and `mines` hold the board
effects the engine calls from one place each.
"""
