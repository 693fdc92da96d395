"""AI seats of the area game "Der Erste Weltkrieg": a seeded random bot, a heuristic bot that
plays for victory points, their registry, and AI-vs-AI balance simulation.

Same design as the hex game's AIs (engine.ai): a bot owns a seeded RNG, `decide(state)` returns
a legal action with a readable reason and `choose(state)` the action only.
"""
