"""Pilot tests of the play screens: the tutorial map played through key presses.

Each test checks the engine's state and what the screen shows.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.command import CommandPalette
from textual.widgets import DataTable, OptionList

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import launch
from app.games.cardrogue.screens.campaigns import MapListScreen
from app.games.cardrogue.screens.play import PlayScreen
from app.games.cardrogue.screens.problems import ProblemsScreen
from app.games.cardrogue.screens.results import ResultsScreen
from app.games.cardrogue.screens.shop import ShopScreen
from app.games.cardrogue.screens.story import StoryScreen
from app.screens.dialogs import ChooseScreen, ConfirmScreen
from app.screens.rules import RulesScreen
from app.screens.title import TitleScreen
from engine.cardrogue import Action, Teleport, level_from_grids, map_from_levels
from engine.cardrogue.board import FACE_DOWN, REVEALED
from tests.app.maps import STORY_1, WIN_KEYS_LEVEL_1, WIN_KEYS_LEVEL_2, big_level, tutorial
from tests.app.support import SIZE, log_text, press, rows_by_column, start, text_of
from tests.engine.cardrogue.support import give

FIXTURES = Path(__file__).parents[1] / "fixtures"


# ---------------------------------------------------------------------- the story

async def test_story_text_is_shown_literally(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        launch.play(app, tutorial())
        await pilot.pause()
        assert isinstance(app.screen, StoryScreen)
        assert text_of(app.screen, "#story") == STORY_1  # "[bold]" stays as written
        assert text_of(app.screen, "#heading") == "Level 1: The [bold]Cellar"


async def test_escape_on_the_first_story_goes_back_without_starting(app: CardRogueApp,
                                                                      user_data: Path) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")  # Story campaigns
        maps = app.screen
        assert isinstance(maps, MapListScreen)
        launch.play(app, tutorial())
        await pilot.pause()
        assert isinstance(app.screen, StoryScreen)
        shown = {key: active.binding.description
                 for key, active in app.screen.active_bindings.items() if active.binding.show}
        assert shown.get("escape") == "Back"  # the footer says what Escape does
        await press(pilot, "escape")
        assert app.screen is maps  # back on the list: no level begun, nothing kept
        assert not any(isinstance(screen, PlayScreen) for screen in app.screen_stack)
        launch.play(app, tutorial())
        await pilot.pause()
        await press(pilot, "space")  # Space (like Enter) begins it
        assert isinstance(app.screen, PlayScreen)


async def test_escape_on_a_later_story_offers_to_leave_the_run_kept(app: CardRogueApp) -> None:
    from app.games.cardrogue import saves

    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, *WIN_KEYS_LEVEL_1)
        assert isinstance(app.screen, StoryScreen)  # level 2's story
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == play.LEAVE_QUESTION
        await press(pilot, "y")
        assert isinstance(app.screen, TitleScreen)
        saved = saves.latest()
        assert saved is not None and saved.level == 2


async def test_no_to_leaving_from_a_later_story_keeps_the_story(app: CardRogueApp) -> None:
    """Found by a tester: Esc on level 2's card asked "Leave this run?" over the level, and No
    dropped into the level without its story. The card asks over itself and stays."""
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, *WIN_KEYS_LEVEL_1)
        story = app.screen
        assert isinstance(story, StoryScreen)
        shown = {key: active.binding.description
                 for key, active in story.active_bindings.items() if active.binding.show}
        assert shown.get("escape") == "Leave"  # the footer says what Escape does here
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmScreen) and app.screen_stack[-2] is story
        await press(pilot, "n")
        assert app.screen is story  # still reading level 2's story
        await press(pilot, "enter")
        assert app.screen is play and play.session.game.level_index == 1


# ---------------------------------------------------------------------- to victory

async def test_playing_the_tutorial_to_victory(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, *WIN_KEYS_LEVEL_1)
        # Level 1 done: its closing text and the next level's story.
        assert isinstance(app.screen, StoryScreen)
        assert text_of(app.screen, "#closing") == "The cellar falls quiet behind you."
        assert text_of(app.screen, "#heading") == "Level 2: The Well"
        assert play.session.game.level_index == 1
        await press(pilot, "enter", *WIN_KEYS_LEVEL_2)

        game = play.session.game
        assert game.outcome == "won"
        assert game.moves == 16 and game.level_moves == [14, 2] and game.level_turns == [4, 1]
        assert isinstance(app.screen, ResultsScreen)
        assert text_of(app.screen, "#outcome") == "Victory!"
        table = app.screen.query_one("#levels", DataTable)
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        assert rows == [["1. The [bold]Cellar", "14", "4", "14", "on par"],
                        ["2. The Well", "2", "1", "2", "on par"],
                        ["Total", "16", "5", "16", "on par"]]
        records = text_of(app.screen, "#records")
        assert "16 moves: on par." in records
        assert "Personal best: 16 moves, 5 turns (new!)" in records
        assert "Local rank: 1 of 1" in records

        log = log_text(play)
        # Every roll in words, with its modifiers: the Warrior's +1 and the Sword's +1.
        assert "You roll 6 +2 = 8 damage to the Sewer Rat." in log
        assert "You buy the Sword for 8 gold (purse: 2)." in log
        assert log.endswith("Victory in 16 moves over 5 turns!")


async def test_play_again_from_the_results_starts_over(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, *WIN_KEYS_LEVEL_1, "enter", *WIN_KEYS_LEVEL_2)
        assert isinstance(app.screen, ResultsScreen)
        await pilot.click("#again")
        await pilot.pause()
        assert isinstance(app.screen, StoryScreen)  # the first level's story again
        await press(pilot, "enter")
        assert app.screen is play
        assert play.session.game.moves == 0 and play.session.game.level_index == 0 and not play.session.game.is_over


# ---------------------------------------------------------------------- to death

async def test_fighting_the_ogre_is_death(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, "up")  # flip the card to the north: the Ogre, and a fight
        assert play.session.game.in_combat(play.session.game.players[0])
        assert "Fighting" in play.panel.plain and "health 40/40 · attack 30" in play.panel.plain
        await press(pilot, "up")  # attack it; it hits back for 30
        game = play.session.game
        assert game.outcome == "lost" and game.players[0].dead
        assert isinstance(app.screen, ResultsScreen)
        assert text_of(app.screen, "#outcome") == "You have fallen."
        log = log_text(play)
        assert "The Ogre attacks for 30 damage." in log
        assert "You die (Ogre)." in log

        # Restart the level from the results: back on the start with full health.
        await pilot.click("#level")
        await pilot.pause()
        assert app.screen is play
        assert game is not play.session.game and play.session.game.moves == 0
        assert play.session.game.players[0].health == 12 and not play.session.game.is_over
        assert "Level restarted." in log_text(play)


async def test_undo_from_the_results_takes_back_the_fatal_blow(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, "up", "up")
        assert isinstance(app.screen, ResultsScreen)
        await pilot.click("#undo")
        await pilot.pause()
        assert app.screen is play
        assert not play.session.game.is_over and play.session.game.moves == 1
        assert play.session.game.in_combat(play.session.game.players[0])  # the Ogre is still there


# ---------------------------------------------------------------------- undo

async def test_undo_takes_back_the_last_action(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, "right", "right")  # flip the shop, step onto it
        game = play.session.game
        assert game.moves == 2 and game.cell(game.players[0].pos) == (1, 1)
        await press(pilot, "u")
        game = play.session.game
        assert game.moves == 1 and game.cell(game.players[0].pos) == (1, 0)
        assert game.board.face[game.index((1, 1))] == REVEALED  # the flip stays
        assert log_text(play).endswith("↶ Taken back: move east.")
        await press(pilot, "ctrl+z")
        assert play.session.game.moves == 0
        assert play.session.game.board.face[play.session.game.index((1, 1))] == FACE_DOWN
        assert "You flip a card: Shop." not in log_text(play)  # the log is cut back too
        await press(pilot, "u")
        assert log_text(play).endswith("✗ There is nothing to undo.")
        assert "Moves 0" in text_of(play, "#status")


# ---------------------------------------------------------------------- the shop

async def test_buying_the_sword_in_the_shop(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, "b")
        assert isinstance(app.screen, PlayScreen)  # not on a shop yet: the engine says why
        assert log_text(play).endswith("✗ You are not on a shop.")

        await press(pilot, "right", "right", "b")
        shop = app.screen
        assert isinstance(shop, ShopScreen)
        stock = shop.query_one("#stock", OptionList)
        assert [str(stock.get_option_at_index(i).prompt) for i in range(stock.option_count)] == [
            "  8 gold  Sword", "  6 gold  Helm", "  2 gold  Purple potion (unknown)"]
        await press(pilot, "down", "enter")  # the Helm: 6 of our 10 gold
        hero = play.session.game.players[0]
        assert hero.gold == 4 and [c.id for c in hero.hand] == ["helm"]
        assert text_of(shop, "#said") == "You buy the Helm for 6 gold (purse: 4)."
        await press(pilot, "up", "enter")  # the Sword costs 8: refused, nothing changes
        assert hero.gold == 4 and play.session.game.moves == 3
        assert text_of(shop, "#said") == "✗ It costs 8 gold and you have 4."
        await press(pilot, "escape")
        assert isinstance(app.screen, PlayScreen)
        assert "Helm" in play.panel.plain.split("Hand (1)")[1]
        await press(pilot, "e")
        assert play.session.game.players[0].equipped["head"].id == "helm"
        assert "Armour −1" in play.panel.plain


async def test_paying_with_a_card_from_the_hand(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, "right", "right", "b", "down", "enter")  # the Helm: 4 gold left
        await press(pilot, "tab", "space")  # offer the Helm (sells for 3) as payment
        shop = app.screen
        assert "+ 3 in cards offered = 7" in text_of(shop, "#purse")
        await press(pilot, "shift+tab", "end", "enter")  # the potion: 2 gold, paid by the Helm
        assert isinstance(app.screen, ConfirmScreen)  # offered cards are spent: asked first
        assert "paying with Helm" in app.screen.question
        await press(pilot, "y")
        hero = play.session.game.players[0]
        assert [c.id for c in hero.hand] == ["potion"] and hero.gold == 5
        assert play.session.game.history[-1].cards == (play.session.game.history[-2].card,)


# ---------------------------------------------------------------------- refusals and the mouse

async def test_an_illegal_key_says_why_and_changes_nothing(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        before = play.session.game.fingerprint()
        await press(pilot, "left")
        assert log_text(play).endswith("✗ There is a wall that way. Now: ↑ flips north, → flips "
                                       "east, space ends the turn.")
        await press(pilot, "x")
        assert ("✗ You are not in combat: no enemy is next to you. Now: "
                in log_text(play).splitlines()[-1])
        await press(pilot, "p")
        assert log_text(play).endswith("✗ You have no potion.")
        assert play.session.game.fingerprint() == before and play.session.game.moves == 0


async def test_clicking_an_adjacent_card_flips_it(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        region = play.board.region_of(1, 1)
        await pilot.click("#board", offset=(region.x + 3, region.y + 1))
        await pilot.pause()
        assert play.session.game.board.face[play.session.game.index((1, 1))] == REVEALED
        assert log_text(play).endswith("You flip a card: Shop.")
        far = play.board.region_of(1, 3)
        await pilot.click("#board", offset=(far.x + 3, far.y + 1))
        await pilot.pause()
        # A card further away is looked at, not acted on.
        assert play.picking == "look" and play.cursor == (1, 3)
        assert log_text(play).endswith("You flip a card: Shop.")
        assert play.session.game.moves == 1


# ---------------------------------------------------------------------- choosing a cell

def teleport_map():
    """A corridor where every potion teleports, with one in hand from the start."""
    level = level_from_grids(
        "hall", "╶───╴", "@....", {".": {"card": "path", "revealed": True}},
        items=("potion",), characters=("warrior",), title="Hall",
        potion_identity={c: "teleport" for c in ("red", "blue", "green", "yellow", "purple",
                                                 "white")})
    return map_from_levels([level], seed=2, title="Teleport test")


async def test_a_teleport_lands_where_the_cursor_chooses(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, teleport_map())
        await press(pilot, "p")  # drink: the potion teleports, so the engine waits for a cell
        assert isinstance(play.session.game.pending, Teleport)
        assert play.cursor == (0, 0)
        assert "Where does it land?" in text_of(play, "#prompt")
        await press(pilot, "right", "right", "right", "enter")
        game = play.session.game
        assert game.pending is None and game.cell(game.players[0].pos) == (0, 3)
        assert play.cursor is None
        assert "You are moved to row 1, column 4" in log_text(play)


async def test_clicking_a_cell_places_a_teleport(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, teleport_map())
        await press(pilot, "p")
        region = play.board.region_of(0, 4)
        await pilot.click("#board", offset=(region.x + 3, region.y + 1))
        await pilot.pause()
        assert play.session.game.cell(play.session.game.players[0].pos) == (0, 4)


# ---------------------------------------------------------------------- palette, help, menus

async def test_the_command_palette_lists_the_game_actions(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        titles = [command.title for command in app.get_system_commands(play)]
        for title in ("Attack", "Flee", "End turn", "Drink a potion", "Throw a potion",
                      "Read a scroll", "Equip", "Unequip", "Shop", "Undo", "Restart level",
                      "Rules reference"):
            assert title in titles
        end_turn = next(c for c in app.get_system_commands(play) if c.title == "End turn")
        end_turn.callback()
        await pilot.pause()
        assert play.session.game.turn == 2
        await press(pilot, "ctrl+p")
        assert isinstance(app.screen, CommandPalette)


async def test_f1_shows_the_play_keys_and_searches_the_rules(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot)
        await press(pilot, "f1")
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert rules.current == "Keys"
        keys = text_of(rules, "#term-text")
        assert "Take back the last action" in keys and "Try to flee from the fight" in keys
        await press(pilot, *"poison")
        assert rules.current == "Poison"
        assert "1 health at the start of each of your turns" in text_of(rules, "#term-text")
        await press(pilot, "escape")
        assert isinstance(app.screen, PlayScreen)


async def test_escape_opens_the_game_menu_and_leaving_asks_first(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, "right")
        await press(pilot, "escape")
        assert isinstance(app.screen, ChooseScreen)
        await press(pilot, "6")  # Leave the game
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "y")
        assert isinstance(app.screen, TitleScreen)
        assert play not in app.screen_stack


async def test_quitting_mid_run_asks_first(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot)
        await press(pilot, "right", "q")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")
        assert isinstance(app.screen, PlayScreen)
        await press(pilot, "q", "y")
    assert app.return_code == 0


async def test_restart_level_asks_then_starts_the_level_again(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        await press(pilot, "right", "right", "ctrl+r")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "y")
        assert play.session.game.moves == 0 and play.session.game.cell(play.session.game.players[0].pos) == (1, 0)


async def test_a_map_without_a_fixed_character_asks_for_one(app: CardRogueApp) -> None:
    level = level_from_grids("open", "╶╴", "@>", title="Open")
    async with app.run_test(size=SIZE) as pilot:
        launch.play(app, map_from_levels([level], title="Anyone"))
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen)
        await press(pilot, "2")  # the second character in the card data: the Rogue
        assert isinstance(app.screen, StoryScreen)
        await press(pilot, "enter")
        assert app.screen.session.game.players[0].character == "rogue"


# ---------------------------------------------------------------------- big boards, resizing, themes

async def test_the_camera_follows_the_hero_on_a_big_level(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, big_level())
        board = play.board
        assert board.virtual_size.width == 64 * 7 and board.virtual_size.height == 64 * 3

        def hero_visible() -> bool:
            row, col = play.session.game.cell(play.session.game.players[0].pos)
            return board.size.region.contains_region(board.region_of(row, col))

        assert board.scroll_offset.x > 0 and hero_visible()
        await press(pilot, *["right"] * 12)
        assert hero_visible()
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert hero_visible()
        await pilot.resize_terminal(80, 24)
        await press(pilot, *["down"] * 12)
        assert hero_visible()


async def test_a_new_theme_redraws_the_board_in_its_colours(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        before = play.board._palette()["frame"]
        app.theme = "cardrogue-light"
        await pilot.pause()
        assert play.board._palette()["frame"] != before


# ---------------------------------------------------------------------- maps from files

async def test_a_broken_file_opens_the_problems_screen(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('format_version = 1\nkind = "challenge"\ntitle = "Broken"\nlevels = []\n')
    app = CardRogueApp(lambda app: launch.open_path(app, broken))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ProblemsScreen)
        table = app.screen.query_one(DataTable)
        assert table.row_count >= 1
        assert str(broken) in text_of(app.screen, "#heading")
        await press(pilot, "escape")
        assert isinstance(app.screen, TitleScreen)


async def test_the_challenge_list_shows_the_users_maps(user_data: Path) -> None:
    folder = user_data / "maps"
    folder.mkdir(parents=True)
    shutil.copy(FIXTURES / "tutorial.toml", folder / "tutorial.toml")
    (folder / "broken.toml").write_text("this is not TOML = = =")
    app = CardRogueApp()
    async with app.run_test(size=(120, 40)) as pilot:  # wide enough for every column
        await press(pilot, "down", "enter")  # Challenges
        screen = app.screen
        assert isinstance(screen, MapListScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = screen.query_one(DataTable)
        rows = {row["Title"]: row for row in rows_by_column(table)}
        assert list(rows["Tutorial"].values())[1:8] == [
            "the tests", "2", "16", "unsolved", "WX57-XBSK", "—", "yours"]
        assert rows["✗ broken"]["Code"] == "problems"
        table.move_cursor(row=[str(table.get_row_at(i)[0]) for i in range(table.row_count)]
                          .index("Tutorial"))
        await press(pilot, "enter")
        assert isinstance(app.screen, StoryScreen)


async def test_the_challenge_list_rates_each_map_and_describes_the_highlighted_one(
        user_data: Path) -> None:
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "down", "enter")  # Challenges
        screen = app.screen
        assert isinstance(screen, MapListScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = screen.query_one(DataTable)
        rows = rows_by_column(table)
        bundled = [row for row, entry in zip(rows, screen.entries, strict=True)
                   if entry.source == "bundled"]
        assert len(bundled) >= 16
        assert {row["Difficulty"] for row in bundled} <= {"easy", "medium", "hard", "expert"}
        by_title = {row["Title"]: row for row in rows}
        assert by_title["Three Lanes"]["Difficulty"] == "easy"
        assert by_title["The Golem's Forge"]["Difficulty"] == "hard"
        table.move_cursor(row=[row["Title"] for row in rows].index("The Spiral Stair"))
        await pilot.pause()
        assert "An 8×8 spiral with the ladder at its heart" in text_of(screen, "#about")


async def test_title_rules_entry_opens_the_glossary(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "end", "up", "up", "enter")  # Rules, above Settings and Quit
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.current == "Standard turn sequence"


async def test_saving_the_run_writes_a_run_file_that_verifies(app: CardRogueApp,
                                                              user_data: Path) -> None:
    from engine.cardrogue import runs
    from engine.cardrogue.runs import read_run

    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await start(app, pilot)
        await press(pilot, *WIN_KEYS_LEVEL_1, "enter", *WIN_KEYS_LEVEL_2)
        assert isinstance(app.screen, ResultsScreen)
        await pilot.click("#save")
        await pilot.pause()
        saved = list((user_data / "runs").glob("*.run.json"))
        assert len(saved) == 1
        toasts = [toast.render().plain for toast in app.screen.query("Toast")]
        assert any(f"Run saved to {saved[0]}" in toast for toast in toasts)
    verified = runs.verify(read_run(saved[0]), tutorial())
    assert verified.won and verified.figures["moves"] == 16


async def test_the_log_keeps_its_last_lines_and_scrolls_back(app: CardRogueApp) -> None:
    from rich.text import Text
    from textual import events

    from app.widgets.event_log import SHOWN_LINES

    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        log = play.log_view
        log.add(Text(f"line {n}") for n in range(SHOWN_LINES + 50))
        await pilot.pause()
        assert len(log.texts) == SHOWN_LINES and log.plain_lines[-1] == f"line {SHOWN_LINES + 49}"
        assert len(log._all_strips()) == SHOWN_LINES  # the strips were trimmed with the texts
        bottom = log.render_line(log.size.height - 1).text.strip()
        assert bottom == f"line {SHOWN_LINES + 49}"
        log.post_message(events.MouseScrollUp(log, 1, 1, 0, -1, 0, False, False, False))
        await pilot.pause()
        assert log.back == 3
        assert log.render_line(log.size.height - 1).text.strip() == f"line {SHOWN_LINES + 46}"


# ---------------------------------------------------------------------- the engine's words

EVERY_COLOUR = ("red", "blue", "green", "yellow", "purple", "white")


def known_potions(*items: str, cells: str = "@.", legend: dict | None = None,
                  effect: str = "strength"):
    """A corridor where every potion colour is known to have `effect`, with `items` in hand."""
    level = level_from_grids(
        "hall", "╶" + "─" * (len(cells) - 2) + "╴", cells,
        {".": {"card": "path", "revealed": True}, **(legend or {})}, items=items,
        characters=("warrior",), title="Hall",
        potion_identity={c: effect for c in EVERY_COLOUR})
    return map_from_levels([level], seed=2, title="Known potions")


async def test_a_card_key_that_cannot_be_used_says_why_in_the_engines_words(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, known_potions("scroll_identify", "potion"))
        scroll, potion = play.session.game.players[0].hand
        refusal = play.session.game.why_illegal(Action("read", card=scroll.uid, cards=(potion.uid,)))
        assert refusal == f"{potion.colour} potions are already known"
        await press(pilot, "r")  # the only scroll, and no potion it could identify
        assert log_text(play).endswith(f"✗ {refusal[:1].upper()}{refusal[1:]}.")
        await press(pilot, "o")
        assert log_text(play).endswith("✗ You wear nothing.")
        assert play.session.game.moves == 0


async def test_an_enemy_weakened_below_zero_shows_attack_0(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, known_potions(
            "potion", "potion", cells="@b", legend={"b": {"card": "cave_bat", "revealed": True}}))
        for potion in list(play.session.game.players[0].hand):  # strength thrown: its attack 1 - 2
            assert play.act(Action("throw", card=potion.uid, dir="E")).accepted
        assert "health 2/2 · attack 0" in play.panel.plain
        await press(pilot, "v", "right")
        assert "health 2/2, attack 0" in play.query_one("#look").render().plain


async def test_an_enemy_that_rolls_shows_what_potions_add_to_its_dice(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, known_potions(  # weakness thrown: +1 to its attack
            "potion", cells="@G", legend={"G": {"card": "golem", "revealed": True}},
            effect="weakness"))
        [potion] = play.session.game.players[0].hand
        assert play.act(Action("throw", card=potion.uid, dir="E")).accepted
        assert "attack 2×die+1" in play.panel.plain
        await press(pilot, "v", "right")
        assert "attack twice a die roll +1" in play.query_one("#look").render().plain


async def test_identify_asks_which_potion_among_those_the_engine_would_identify(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, known_potions("scroll_identify"))
        game = play.session.game
        game.potion_identity.pop("blue")  # blue and green unknown, red known
        game.potion_identity.pop("green")
        for colour in ("red", "blue", "green"):
            give(game, "potion", colour=colour)
        await press(pilot, "r")
        assert isinstance(app.screen, ChooseScreen)
        assert [str(c.label) for c in app.screen.choices] == \
            ["Blue potion (unknown)", "Green potion (unknown)"]
        await press(pilot, "down", "enter")
        assert play.session.game.history[-1].cards == (play.session.game.players[0].hand[-1].uid,)
        assert "green" in play.session.game.potion_identity
