"""Settings shared by every test."""

import os

# No animations, so screenshots and timings don't depend on when a frame is taken. Set here for
# child processes (the real `cardrogue` in tmux); in-process apps set `animation_level` directly,
# because the snapshot plugin imports Textual, which reads this variable, before conftest runs.
os.environ["TEXTUAL_ANIMATIONS"] = "none"

# The live community server fixture (`server`) for the clients' tests, wherever they are.
pytest_plugins = ("tests.server.live",)
