"""Fixtures for the app's tests."""

import pytest

from app.cardrogue_app import CardRogueApp


@pytest.fixture
def app() -> CardRogueApp:
    """A fresh app with animations off, so snapshots and pilot tests see settled frames."""
    app = CardRogueApp()
    app.animation_level = "none"
    return app
