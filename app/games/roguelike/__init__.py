"""Rogue Like Roguelike's screens: the computer is the Dungeon Master and draws the dungeon as
the rogue explores it. Views draw from the engine's view() and events only."""
