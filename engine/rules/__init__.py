"""The Trench Club rules: game state, actions, movement, combat, money, victory."""
