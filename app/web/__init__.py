"""`cardrogue web`: the game served to browsers (host.py), each visitor a guest in a sandbox of
their own (sessions.py). Nothing here imports Textual: the app runs in its own processes."""
