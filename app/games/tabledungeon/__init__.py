"""Table Dungeon in the app: its screens, widgets and words (the rules are engine/tabledungeon)."""
