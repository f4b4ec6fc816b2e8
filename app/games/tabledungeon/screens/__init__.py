"""Table Dungeon's screens: a new table, the table in play (with the hot-seat cover), the
results."""
