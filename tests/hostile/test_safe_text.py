"""The one sanitiser: what a terminal would obey is spelled out, everything else is kept."""

from __future__ import annotations

import pytest

from engine.core.safe_text import REPLACEMENT, shown, shown_glyph


@pytest.mark.parametrize("raw, spelled", [
    ("\x1b]0;title\x07", "\\x1b]0;title\\x07"),  # OSC: sets the window title
    ("\x1b]52;c;aGk=\x07", "\\x1b]52;c;aGk=\\x07"),  # OSC 52: writes the clipboard
    ("a\x9b31mb", "a\\x9b31mb"),  # C1 CSI
    ("a\x9d0;x", "a\\x9d0;x"),  # C1 OSC
    ("del\x7f", "del\\x7f"),
    ("abc\u202edcba", "abc\\u202edcba"),  # right-to-left override
    ("\u2066isolated\u2069", "\\u2066isolated\\u2069"),
    ("zero\u200bwidth", "zero\\u200bwidth"),
    ("lone\udc80", "lone\\udc80"),
    ("tab\tline\n", "tab\\x09line\\x0a"),
])
def test_what_a_terminal_would_obey_is_spelled_out(raw: str, spelled: str) -> None:
    assert shown(raw) == spelled


@pytest.mark.parametrize("text", ["Plain", "Café crème", "日本語の地図", "[bold]x[/]", "a b",
                                  "Ünïcödé ✓ ☠", "e\u0301"])
def test_ordinary_text_is_unchanged(text: str) -> None:
    assert shown(text) == text


def test_kept_characters_pass_and_others_do_not() -> None:
    assert shown("one\ntwo\tthree\x1b", keep="\n\t") == "one\ntwo\tthree\\x1b"


def test_a_grid_cell_gets_one_harmless_character() -> None:
    assert shown_glyph("g") == "g"
    assert shown_glyph(" ") == " "
    for char in ("\x1b", "\x9b", "\u202e", "\u200b", "\ud800"):
        assert shown_glyph(char) == REPLACEMENT
