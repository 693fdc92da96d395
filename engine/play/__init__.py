"""Qt-free play-test logic: a session over the engine (history, undo, AI seats), explanations."""
