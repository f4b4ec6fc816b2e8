"""Widgets every game's screens may use."""
