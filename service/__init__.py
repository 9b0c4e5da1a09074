"""The game service: the only door to a game, below Discord (no discord import here)."""
