"""Headless services shared by the command line, the app and (later) the community server:
the user data folder (`paths`), finding a map by file, id or share code (`library`), the local
leaderboard in SQLite (`scores`) and run files (`runfiles`).

Nothing here imports Textual or Rich, so every client uses it without the UI. Every path is under
the user data folder (`paths.data_dir`), which CARDROGUE_DATA_DIR overrides.
"""
