"""Widgets of the play screens."""
