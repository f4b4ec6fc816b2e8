"""Tests of the Textual app and the command line."""
