"""Pilot tests of the title screen, the help screen and quitting."""
import json

from textual.command import CommandPalette
from textual.content import Content
from textual.widgets import Static

from app.cardrogue_app import CardRogueApp
from app.screens.rules import RulesScreen
from app.screens.title import TitleScreen, menu
from tests.app.support import press_at_once

SIZE = (80, 24)


def prompts(app: CardRogueApp) -> list[str]:
    """The menu's lines as the player reads them (markup removed)."""
    assert isinstance(app.screen, TitleScreen)
    return [Content.from_markup(str(option.prompt)).plain for option in app.screen.menu.options]


def toast_texts(app: CardRogueApp) -> list[str]:
    # Toasts are the visible notifications; Textual keeps their class private, so query by name.
    return [toast.render().plain for toast in app.screen.query("Toast")]


async def test_title_shows_heading_and_every_menu_entry(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.screen.query_one("#heading", Static).render().plain == "Card Rogue"
        assert prompts(app) == [
            "Story",
            "Challenges",
            "Classic game",
            "Mini Rogue",
            "Table Dungeon",
            "Rogue Like Roguelike",
            "Editor",
            "High scores",
            "Community",
            "Rules",
            "Settings",
            "Quit",
        ]


async def test_choosing_a_coming_entry_notifies_and_stays_on_title(app: CardRogueApp) -> None:
    coming = [entry for entry in menu() if not entry.ready]
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        for position, entry in enumerate(menu()):
            if entry.ready:
                continue
            await pilot.press("home", *["down"] * position, "enter")
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            assert f"{entry.label} is not available yet." in "\n".join(toast_texts(app))
        assert len(toast_texts(app)) == len(coming)
    assert app.return_code is None, "the app must still be running after every coming entry"


async def test_question_mark_opens_help_and_escape_closes_it(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        keys = app.screen.query_one("#term-text", Static).render().plain
        assert "Keys and the rules reference" in keys and "Quit Card Rogue" in keys

        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_f1_opens_help_once_and_toggles_it_closed(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert len(app.screen_stack) == 2

        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert len(app.screen_stack) == 1


async def test_q_quits(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_quit_entry_quits(app: CardRogueApp) -> None:
    quit_position = [entry.id for entry in menu()].index("quit")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("home", *["down"] * quit_position, "enter")
        await pilot.pause()
    assert app.return_code == 0


async def test_ctrl_p_opens_the_command_palette(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)


def test_bindings_have_ids() -> None:
    # Ids are what a user's keymap refers to, so every binding we declare needs one.
    from app.games.cardrogue.editor.canvas import EditorCanvas
    from app.games.cardrogue.screens import editor, play
    from app.keymap import keyed_classes

    classes = keyed_classes()
    assert {CardRogueApp, play.PlayScreen, editor.EditorScreen, EditorCanvas} <= set(classes)
    for keyed in classes:
        for binding in vars(keyed)["BINDINGS"]:
            assert getattr(binding, "id", None), f"{keyed.__name__} binding {binding!r} has no id"


async def test_the_menu_cursor_stays_on_the_chosen_entry_after_coming_back(
        app: CardRogueApp, user_data) -> None:
    """Back from a screen the menu opened, the cursor is where the player left it, with or
    without a saved run offered first."""
    from app.games.cardrogue import saves

    ids = [entry.id for entry in menu()]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for entry in ("settings", "scores", "rules"):
            await pilot.press("home", *["down"] * ids.index(entry), "enter")
            await pilot.pause()
            assert not isinstance(app.screen, TitleScreen)
            await pilot.press("escape")
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            options = app.screen.menu
            assert options.get_option_at_index(options.highlighted or 0).id == entry
        # A saved run: "Continue" is offered first, and the cursor still stays.
        saves.saves_dir().joinpath("some-map.json").write_text(json.dumps({
            "kind": saves.SAVE_KIND, "version": saves.SAVE_VERSION, "title": "Some Map",
            "level": 2, "levels": 3, "run": {"actions": []}}), encoding="utf-8")
        await pilot.press("home", *["down"] * ids.index("settings"), "enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        options = app.screen.menu
        assert options.get_option_at_index(0).id == "continue"
        assert options.get_option_at_index(options.highlighted or 0).id == "settings"


async def test_a_screen_shown_while_the_app_was_blurred_takes_the_keys(app: CardRogueApp) -> None:
    # In a browser the app starts blurred (Textual's web driver), so the title is composed
    # without its auto focus: the first key (or the page's focus) must settle it.
    from textual import events

    from app.screens.settings import SettingsScreen

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.post_message(events.AppBlur())
        await pilot.pause()
        assert app.screen.focused is None
        screen = SettingsScreen()
        app.push_screen(screen)
        await pilot.pause()
        assert screen.focused is None  # composed blurred: no auto focus yet
        app.post_message(events.AppFocus())
        await pilot.pause()
        assert screen.focused is not None and screen.focused.id == "server"
        app.pop_screen()
        await pilot.pause()
        app.post_message(events.AppBlur())
        await pilot.pause()
        await pilot.press("down", "enter")  # a key gives the app the focus back too
        await pilot.pause()
        assert not isinstance(app.screen, TitleScreen)


async def test_the_highlighted_entry_is_marked_not_only_coloured(app: CardRogueApp) -> None:
    """Issue 34: the highlight shows a mark, "›", which no colour is needed to see; it moves
    with the arrows, in the title's menu and in a choice dialog."""
    from app.screens.dialogs import Choice, ChooseScreen

    def rows() -> list[str]:
        return ["".join(segment.text for segment in strip)
                for strip in app.screen._compositor.render_strips()]

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        marked = [row.strip(" │") for row in rows() if "›" in row]
        assert marked == ["›Story"]
        await pilot.press("down")
        await pilot.pause()
        assert [row.strip(" │") for row in rows() if "›" in row] == ["›Challenges"]
        app.push_screen(ChooseScreen("Pick one", [Choice("First", 1), Choice("Second", 2)]))
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()
        assert [row.split("›")[1].split()[:2] for row in rows() if "›" in row] == [
            ["2", "Second"]]


async def test_typing_fast_in_the_rules_search_never_loses_the_entry_on_show(
        app: CardRogueApp) -> None:
    # A tester typed a word that matches nothing quickly: the list was refilled (empty) before
    # the highlight of an earlier letter's list arrived, and the app stopped on an index past
    # the new list's end.
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        await press_at_once(pilot, *"xq")
        assert app.return_code is None and app.screen is rules
        assert rules.query_one("#search").value == "xq"
        assert rules.query_one("#term-name").render().plain == "Nothing found"
        await pilot.press("backspace", "backspace", *"turn")
        assert "turn" in rules.query_one("#term-name").render().plain.casefold()


async def test_the_titles_rules_hold_every_games_terms(app: CardRogueApp) -> None:
    # The title's Rules entry searched Card Rogue's terms alone: "merchant" (Mini Rogue's) found
    # nothing. A term of a game after the first carries its game's name.
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("end", *["up"] * 2, "enter")  # Rules, above Settings and Quit
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert rules.query_one("#term-name").render().plain == "Standard turn sequence"
        await pilot.press(*"merchant")
        await pilot.pause()
        names = [str(option.prompt) for option in rules.query_one("#terms").options]
        assert names and all(name.endswith(")") for name in names), names
        assert any("(Mini Rogue)" in name for name in names), names
        await pilot.press("escape", "f1")
        await pilot.pause()
        await pilot.press(*"sneak")
        await pilot.pause()
        names = [str(option.prompt) for option in app.screen.query_one("#terms").options]
        assert any("(Rogue Like Roguelike)" in name for name in names), names
