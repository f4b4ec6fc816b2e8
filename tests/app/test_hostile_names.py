"""Names and texts from outside the program reach the screen only as harmless text: a map file
named with terminal escape sequences, an invalid map's title holding some, a C1 control in a
grid. Each list and heading shows them spelled out (\\x1b), never raw."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, OptionList, Static

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.screens.campaigns import MapListScreen
from app.games.cardrogue.screens.editor import EditorScreen
from app.games.cardrogue.screens.new_map import EditorStartScreen
from app.games.cardrogue.screens.problems import ProblemsScreen
from tests.app.support import press

SIZE = (120, 40)
# sets the window title (OSC 0 ... BEL), a one-character CSI, a right-to-left override
EVIL_NAME = "\x1b]0;pwned\x07evil\x9b31m\u202eexe"
RAW = ("\x1b", "\x07", "\x9b", "\u202e")
GRID_MAP = ('format_version = 1\nkind = "challenge"\ntitle = "C1 grid"\n[[levels]]\nid = "a"\n'
            'paths = """\n\u2576\u2500\u2574\n"""\ncells = """\n@\u009b>\n"""\n')
TITLED_MAP = ('format_version = 1\nkind = "challenge"\ntitle = "Title\\u001b]0;x\\u0007"\n'
              "levels = []\n")


def assert_harmless(text: str) -> None:
    for char in RAW:
        at = text.find(char)
        assert at < 0, repr(text[max(0, at - 200):at + 50])


def install(folder: Path) -> None:
    from tests.hostile.support import CORPUS  # every hostile map file the CLI refuses

    folder.mkdir(parents=True)
    for name, (text, *_) in CORPUS.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / f"{EVIL_NAME}.toml").write_text("this is = not TOML\n", encoding="utf-8")
    (folder / "grid.toml").write_text(GRID_MAP, encoding="utf-8")
    (folder / "titled.toml").write_text(TITLED_MAP, encoding="utf-8")


def table_text(table: DataTable) -> list[str]:
    return [" | ".join(str(cell) for cell in table.get_row_at(i)) for i in range(table.row_count)]


async def test_escape_sequences_in_names_show_as_text_in_every_list_and_heading(
        user_data: Path) -> None:
    install(user_data / "maps")
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        for menu_keys, kind in ((("enter",), "campaign"), (("down", "enter"), "challenge")):
            await press(pilot, *menu_keys)
            screen = app.screen
            assert isinstance(screen, MapListScreen)
            await app.workers.wait_for_complete()
            await pilot.pause()
            rows = table_text(screen.query_one(DataTable))
            # The list cuts a long title with "…"; the line under it says it whole.
            assert any("\\x1b]0;pwned\\x07evil" in row for row in rows), rows
            if kind == "challenge":  # the file of unknown kind is in both lists
                assert any("Title\\x1b]0;x\\x07" in row for row in rows), rows
            for row in rows:
                assert_harmless(row)
            if kind == "challenge":  # each bad file is listed with its problems, none lost
                from tests.hostile.support import CORPUS

                listed = {entry.path.name: entry for entry in screen.entries}
                assert all(not listed[name].playable for name in CORPUS)
            assert_harmless(app.export_screenshot())
            await press(pilot, "escape")

        # The problems screen of each: its heading names the file, its rows quote the file.
        app.push_screen(MapListScreen("challenge"))
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        for name in (EVIL_NAME, "grid", "titled"):
            index = next(i for i, entry in enumerate(screen.entries) if entry.path.stem == name)
            screen.query_one(DataTable).move_cursor(row=index)
            await press(pilot, "enter")
            assert isinstance(app.screen, ProblemsScreen)
            heading = app.screen.query_one("#heading", Static).render().plain
            assert_harmless(heading)
            for row in table_text(app.screen.query_one(DataTable)):
                assert_harmless(row)
            if name == "grid":
                assert any("U+009B" in row for row in table_text(app.screen.query_one(DataTable)))
            assert_harmless(app.export_screenshot())
            await press(pilot, "escape")
        await press(pilot, "escape")

        # The editor's list of the player's maps, and the editor's own status line.
        app.push_screen(EditorStartScreen(user_data / "maps"))
        await pilot.pause()
        options = app.screen.query_one("#maps", OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any("\\x1b]0;pwned" in prompt for prompt in prompts), prompts
        for prompt in prompts:
            assert_harmless(prompt)
        assert_harmless(app.export_screenshot())
        (user_data / "maps" / f"{EVIL_NAME}.toml").write_text(GRID_MAP, encoding="utf-8")
        from app.games.cardrogue.screens.editor import open_editor

        open_editor(app, user_data / "maps" / f"{EVIL_NAME}.toml")
        await pilot.pause()
        assert isinstance(app.screen, EditorScreen)
        status = app.screen.query_one("#status", Static).render().plain
        assert "\\x1b]0;pwned" in status
        assert_harmless(status)
        assert_harmless(app.export_screenshot())


def test_the_player_name_from_the_environment_is_kept_harmless(monkeypatch) -> None:
    from app import player

    monkeypatch.setenv(player.PLAYER_ENV, "Eve\x1b]0;x\x07\u202e")
    assert player.player_name() == "Eve\\x1b]0;x\\x07\\u202e"


async def test_names_pasted_into_a_classic_game_are_kept_harmless(app: CardRogueApp) -> None:
    from textual.widgets import Input

    from app.games.cardrogue.screens.classic_new_game import new_classic_game

    async with app.run_test(size=SIZE) as pilot:
        screen = new_classic_game()
        await app.push_screen(screen)
        await pilot.pause()
        screen.query_one("#name-0", Input).value = "Ana\x1b[2J"
        screen.query_one("#name-1", Input).value = "Bo\u202eb"
        assert [seat.name for seat in screen.seats()[:2]] == ["Ana\\x1b[2J", "Bo\\u202eb"]
