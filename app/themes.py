"""The themes the app ships, and only those: each keeps its text at a contrast of at least
4.5:1 against its background (WCAG AA), which tests/app/test_theme_contrast.py measures on
rendered screens. The colour-blind theme never tells two states apart by red against green:
good is blue, bad is orange, care is yellow (after the Okabe-Ito colours).

Each theme has its own sixteen terminal colours too: the games' words name them ("red" for
danger), and Textual turns them into these. The player picks a theme in Settings (kept as
`theme` in config.toml) or from the command palette, which lists these alone: Textual's own
themes are unregistered, as nobody measured them here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.terminal_theme import TerminalTheme
from textual.theme import Theme

if TYPE_CHECKING:
    from textual.app import App

DEFAULT_THEME = "cardrogue-dark"


def _terminal(background: str, foreground: str, normal: str, bright: str) -> TerminalTheme:
    """A terminal palette from hex words: black red green yellow blue magenta cyan white."""

    def rgb(word: str) -> tuple[int, int, int]:
        return int(word[0:2], 16), int(word[2:4], 16), int(word[4:6], 16)

    return TerminalTheme(rgb(background), rgb(foreground), [rgb(w) for w in normal.split()],
                         [rgb(w) for w in bright.split()])


THEMES: dict[str, Theme] = {theme.name: theme for theme in (
    # Textual's dark theme, with a darker primary and cursor bar (a primary button's text on
    # Textual's #0178D4 is 3.8:1, on #0169BA 4.7:1), a lighter error red and lighter placeholders.
    Theme(name="cardrogue-dark", primary="#0169BA", secondary="#004578", accent="#ffa62b",
          warning="#ffa62b", error="#e06c87", success="#4EBF71", foreground="#e0e0e0",
          dark=True, variables={"block-cursor-background": "#0162AD",
                                "text-disabled": "#9a9a9a"}),
    Theme(name="cardrogue-light", primary="#004578", secondary="#0162AD", accent="#8a4b00",
          warning="#7a5200", error="#a3213f", success="#1d6b35", foreground="#1e1e1e",
          background="#f2f2f2", surface="#e8e8e8", panel="#dcdcdc", dark=False,
          variables={"footer-key-foreground": "#004578", "text-disabled": "#595959",
                     "foreground-muted": "#595959"}),
    # Blue for good, orange for bad, yellow for care: safe for red-green colour blindness.
    Theme(name="cardrogue-colour-blind", primary="#0062a3", secondary="#004d80",
          accent="#e69f00", warning="#f0e442", error="#ff8c1a", success="#56b4e9",
          foreground="#f0f0f0", background="#101010", surface="#1a1a1a", panel="#262626",
          dark=True, variables={"block-cursor-background": "#00558d",
                                "text-disabled": "#9a9a9a"}),
)}

TERMINAL_COLOURS: dict[str, TerminalTheme] = {
    "cardrogue-dark": _terminal(
        "0c0c0c", "d9d9d9",
        "1a1a1a ff5f87 98e024 fd971f a98bff ff6ac1 58d1eb c4c5b5 8a8a8a",
        "ff7a9a b4f05a e0d561 b8a0ff ff8ad0 7adcf0 f6f6ef"),
    "cardrogue-light": _terminal(
        "f7f7f7", "000000",
        "000000 a12c27 2d6a14 7a5200 2a4fa8 7a3e9d 005c7e f7f7f7 595959",
        "b3261e 2b6b00 805600 0058a3 8e2b8e 005a6b f7f7f7"),
    # The red and green words of the games come out orange and blue.
    "cardrogue-colour-blind": _terminal(
        "101010", "f0f0f0",
        "1a1a1a ff8c1a 56b4e9 f0e442 7fb2ff e59ac8 7fd6f0 d0d0d0 8a8a8a",
        "ffa64d 8fd0f5 f5ec7a a3c8ff efb6d8 a3e3f5 f6f6f6"),
}

# Focus never rests on colour alone: Textual draws a focused field's frame in another colour of
# the same shape; ours changes its shape too (double lines), and a focused check box's label is
# underlined, a focused form's title reversed, a table's cursor row underlined. Buttons already
# turn reverse and bold, and the confirm dialog marks its default.
FOCUS_CSS = """
Input:focus, Switch:focus, RadioSet:focus, Select:focus > SelectCurrent, TextArea:focus {
    border: double $border;
}
Input.-textual-compact:focus, Select.-textual-compact:focus > SelectCurrent {
    border: none !important;  /* a one-line field keeps its one line: underlined instead */
    text-style: underline;
}
ToggleButton:focus > .toggle--label { text-style: bold underline; }
ScrollableContainer:focus { border-title-style: bold reverse; }
DataTable > .datatable--cursor { text-style: bold underline; }
"""

THEME_LABELS = {"cardrogue-dark": "Dark", "cardrogue-light": "Light",
                "cardrogue-colour-blind": "Colour-blind safe: blue and orange, never red-green"}


def install_themes(app: App, chosen: str) -> None:
    """Offer our themes alone and switch to `chosen` (the default if it is not one of ours)."""
    for name in list(app.available_themes):
        if name not in THEMES:
            app.unregister_theme(name)
    for theme in THEMES.values():
        app.register_theme(theme)
    app.theme = chosen if chosen in THEMES else DEFAULT_THEME


def terminal_colours_for(app: App) -> None:
    """The sixteen terminal colours of the theme now in use (call when the theme changes)."""
    colours = TERMINAL_COLOURS.get(app.theme)
    if colours is None:
        return
    if app.current_theme.dark:
        app.ansi_theme_dark = colours
    else:
        app.ansi_theme_light = colours
