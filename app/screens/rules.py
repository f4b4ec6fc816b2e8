"""Help and the rules reference: the keys of the screen below, and a searchable glossary.

F1 or ? opens it from anywhere (also the title menu's Rules entry and the command palette). The
first entry lists the keys of the screen it was opened from; the others are the rules
glossary of the game on screen (each game's glossary.py). Typing anywhere searches.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from app.glossary import Term
from app.widgets.marked_options import MarkedOptionList

if TYPE_CHECKING:
    from app.registry import Help

KEYS_ENTRY = "Keys"
LEGEND_ENTRY = "Board legend"


def no_terms(query: str) -> list[Term]:
    return []


def screen_keys(screen: Screen) -> list[tuple[str, str, str]]:
    """The keys that work on `screen` now, as (keys, what they do, binding id): its own list of
    extra keys (EXTRA_KEYS, no id), then every binding shown in the footer or carrying a
    tooltip. The id is what keymap.toml remaps."""
    keys: list[tuple[str, str, str]] = [(key, what, "")
                                        for key, what in getattr(screen, "EXTRA_KEYS", ())]
    seen: dict[str, int] = {}
    app = screen.app
    for active in screen.active_bindings.values():
        binding = active.binding
        what = binding.tooltip or binding.description
        if not what or not (binding.show or binding.tooltip):
            continue
        shown = app.get_key_display(binding)
        if binding.action in seen:  # several keys for one action: one line, our words
            index = seen[binding.action]
            keys[index] = (f"{keys[index][0]} {shown}", what, keys[index][2])
            continue
        seen[binding.action] = len(keys)
        keys.append((shown, what, binding.id or ""))
    return keys


def key_for(screen: Screen, wanted: str, *also: str) -> str:
    """The key the player presses for the action `wanted` ("door('N')") on `screen`, after any
    keymap, as the footer shows it; else for the first of `also` (another action the same key
    sends while `wanted` is off); `wanted` itself when no binding sends any."""
    bindings = [active.binding for active in screen.active_bindings.values()]
    for action in (wanted, *also):
        for binding in bindings:
            if binding.action == action:
                return screen.app.get_key_display(binding)
    return wanted


def show_help(screen: Screen, help: Help, start: str | None = None) -> None:
    """Open help over `screen`: its keys, then the legend and the glossary of the screen if it
    has its own (`legend_text`, `glossary` methods), else those of the game's `help`."""
    legend = getattr(screen, "legend_text", None) or help.legend
    screen.app.push_screen(RulesScreen(screen_keys(screen), start=start,
                                       legend=legend() if legend is not None else None,
                                       glossary=getattr(screen, "glossary", help.glossary)))


def keys_text(keys: Sequence[tuple[str, str, str]]) -> Text:
    """One line per key: the keys and what they do, in words (a binding's id, which
    keymap.toml uses, is for the docs, not the player's help)."""
    width = max((len(key) for key, _, _ in keys), default=0)
    text = Text()
    for key, what, _ in keys:
        text.append(key.ljust(width), style="bold")
        text.append(f"   {what}\n")
    text.rstrip()
    return text


class RulesScreen(Screen[None]):
    """The glossary with a search box, plus the keys of the screen it was opened over."""

    BINDINGS = [
        Binding("escape,f1", "close", "Close", id="rules_close"),
        Binding("ctrl+f", "search", "Search", id="rules_search"),
        Binding("down", "move(1)", show=False, id="rules_down"),
        Binding("up", "move(-1)", show=False, id="rules_up"),
    ]

    DEFAULT_CSS = """
    RulesScreen #columns {
        height: 1fr;
    }
    RulesScreen #index {
        width: 32;
        height: 100%;
        border-right: tall $panel;
    }
    RulesScreen #search {
        border: tall $panel;
        height: 3;
    }
    RulesScreen #terms {
        height: 1fr;
        border: none;
    }
    RulesScreen #definition {
        padding: 0 2;
        height: 100%;
    }
    RulesScreen #term-name {
        text-style: bold;
        color: $accent;
        margin: 1 0;
    }
    RulesScreen #term-see {
        color: $text-muted;
        margin-top: 1;
    }
    """

    def __init__(self, keys: Sequence[tuple[str, str, str]] = (), start: str | None = None,
                 legend: Text | None = None,
                 glossary: Callable[[str], list[Term]] | None = None) -> None:
        super().__init__()
        # query -> entries: the glossary of the game on screen (none: the keys alone)
        self.glossary = glossary or no_terms
        self.keys = list(keys)
        self.start = start
        self.legend = legend  # the board's glyphs, when opened over a board
        self.shown: list[Term | str | None] = []  # None: the keys entry; LEGEND_ENTRY: the legend
        self.current = ""  # the name of the entry on show

    def compose(self) -> ComposeResult:
        with Horizontal(id="columns"):
            with Vertical(id="index"):
                yield Input(placeholder="Type to search the rules", id="search", select_on_focus=False)
                yield MarkedOptionList(id="terms")
            with VerticalScroll(id="definition"):
                yield Static(id="term-name")
                yield Static(id="term-text")
                yield Static(id="term-see")
        yield Footer()

    def on_mount(self) -> None:
        self.fill("")
        if self.start is not None:
            self.select(self.start)
        self.query_one("#terms", OptionList).focus()

    # -- the list

    def fill(self, query: str) -> None:
        terms = self.glossary(query)
        wanted = query.casefold().strip()
        show_keys = bool(self.keys) and (not wanted or wanted in "keys")
        show_legend = self.legend is not None and (not wanted or wanted in "board legend glyphs")
        self.shown = ([None] if show_keys else []) + ([LEGEND_ENTRY] if show_legend else []) + terms
        options = self.query_one("#terms", OptionList)
        options.clear_options()
        for index, term in enumerate(self.shown):
            if term is None or isinstance(term, str):  # the only text entry is LEGEND_ENTRY
                label = Text(KEYS_ENTRY if term is None else LEGEND_ENTRY, style="bold")
            else:
                label = Text(term.name)
            options.add_option(Option(label, id=str(index)))
        if self.shown:
            options.highlighted = 0
            self.describe(self.shown[0])
        else:
            self.query_one("#term-name", Static).update(Text("Nothing found"))
            self.query_one("#term-text", Static).update(Text(f"No rule mentions “{query}”."))
            self.query_one("#term-see", Static).update("")

    def select(self, name: str) -> None:
        for index, term in enumerate(self.shown):
            if ((term is None and name == KEYS_ENTRY) or term == name == LEGEND_ENTRY
                    or (isinstance(term, Term) and term.name == name)):
                self.query_one("#terms", OptionList).highlighted = index
                self.describe(term)
                return

    def describe(self, term: Term | str | None) -> None:
        if isinstance(term, str):  # LEGEND_ENTRY
            self.current = LEGEND_ENTRY
            self.query_one("#term-name", Static).update(Text("What the board shows"))
            self.query_one("#term-text", Static).update(self.legend or Text())
            self.query_one("#term-see", Static).update(
                Text("The legend key (/ unless remapped) shows this beside the board."))
            return
        self.current = KEYS_ENTRY if term is None else term.name
        if term is None:
            self.query_one("#term-name", Static).update(Text("Keys on this screen"))
            self.query_one("#term-text", Static).update(keys_text(self.keys))
            self.query_one("#term-see", Static).update(
                Text("Keys can be changed in keymap.toml in the data folder (docs/playing.md "
                     "names each key there). Type to search the rules."))
            return
        self.query_one("#term-name", Static).update(Text(term.name))
        self.query_one("#term-text", Static).update(Text(term.text))
        see = Text()
        if term.aliases:
            see.append("Also called: " + ", ".join(term.aliases) + "\n")
        if term.see:
            see.append("See also: " + ", ".join(term.see))
        self.query_one("#term-see", Static).update(see)


    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # The list as it is now, not the event's option: typing fast refills the list before
        # an earlier highlight's message arrives, and its index may be past the new end.
        option = event.option_list.highlighted_option
        if option is not None and option.id is not None:
            self.describe(self.shown[int(option.id)])

    def on_input_changed(self, event: Input.Changed) -> None:
        self.fill(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#terms", OptionList).focus()

    def on_key(self, event: events.Key) -> None:
        # Typing while the list has focus goes to the search box.
        search_box = self.query_one("#search", Input)
        if search_box.has_focus or not event.is_printable or not event.character:
            return
        if event.character in "?":
            return
        event.stop()
        event.prevent_default()
        search_box.focus()
        search_box.insert_text_at_cursor(event.character)

    # -- actions

    def action_move(self, step: int) -> None:
        options = self.query_one("#terms", OptionList)
        if step > 0:
            options.action_cursor_down()
        else:
            options.action_cursor_up()

    def action_search(self) -> None:
        self.query_one("#search", Input).focus()

    def action_close(self) -> None:
        self.dismiss(None)
