"""Pilot and snapshot tests of Table Dungeon's screens."""
