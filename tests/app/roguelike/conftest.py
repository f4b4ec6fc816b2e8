"""The real-terminal fixture (tmux) for test_terminal.py here, shared from tests/app."""

from tests.app.test_terminal import tmux  # noqa: F401
