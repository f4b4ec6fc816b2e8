"""The Textual app. It talks to engine/ only through the engine's public API."""
