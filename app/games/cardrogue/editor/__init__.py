"""The grid editor (issue 6): an editable map document, its canvas and its screen."""
