"""The panels of the Table Dungeon table: the enemy, the players, the hand."""
