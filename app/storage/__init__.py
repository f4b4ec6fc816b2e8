"""What the app keeps on disk: the local leaderboard (SQLite), run files and the user's maps.

Nothing here imports Textual, so the command line and tests use it without the UI. Every path
is under the user data folder (`paths.data_dir`), which CARDROGUE_DATA_DIR overrides.
"""
