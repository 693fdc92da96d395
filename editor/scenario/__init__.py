"""The scenario editor: a ScenarioDocument (file data, undo stack, live validation, atomic
save) and its Properties window."""
