"""Pilot tests of the classic game's screens (issue 8): a new table, characters picked in turn
order, the "whose turn" banner and the scoreboard, and each dealing between players on its own
through keys and dialogs: trade, trip and leap, steal, a potion thrown at a player, coming back
after a death, the mole, the end rush call, and the game-over tally.

Where a test needs players side by side it lays a small hall of four-path tiles below the
starting tiles (test setup, as the engine tests do), then plays through the screen's keys.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandPalette
from textual.content import Content
from textual.geometry import Region
from textual.widgets import Checkbox, Input, SelectionList, Static

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.screens.classic import ClassicScreen
from app.games.cardrogue.screens.classic_dialogs import GameOverScreen, TradeScreen
from app.games.cardrogue.screens.classic_new_game import new_classic_game
from app.games.cardrogue.widgets.board import SEAT_SHIFT
from app.screens.dialogs import ChooseScreen, ConfirmScreen
from app.screens.options_form import OptionsForm
from app.screens.title import TitleScreen, menu
from app.seats import Seat
from engine.cardrogue import Respawn, effects
from engine.cardrogue.board import FACE_DOWN, REVEALED
from tests.app.support import CLASSIC_SEED as SEED
from tests.app.support import log_text, new_table, press
from tests.engine.cardrogue.support import give, lay, put, rig

SIZE = (100, 30)


def order(table: ClassicScreen) -> list[int]:
    g = table.session.game
    return [(g.current + k) % len(g.players) for k in range(len(g.players))]


def hall(table: ClassicScreen) -> tuple[int, int]:
    """Test setup: rows 1-2 below the first starting tiles become a hall of four-path tiles;
    the players in turn order stand side by side on row 1. Returns the hall's first cell."""
    g = table.session.game
    col0 = g.cell(g.catacomb.starts[0])[1]
    for col in range(col0, col0 + 6):
        for row in (1, 2):
            lay(g, (row, col))
    for k, seat in enumerate(order(table)):
        put(g, seat, (1, col0 + 1 + k))
    table.redraw()
    return 1, col0


def status(table: ClassicScreen) -> str:
    return table.query_one("#status", Static).render().plain


# ---------------------------------------------------------------------- a new table

async def test_the_title_entry_opens_the_new_game_screen(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        steps = [entry.id for entry in menu()].index("classic")
        await press(pilot, "home", *["down"] * steps, "enter")
        assert isinstance(app.screen, OptionsForm)
        await press(pilot, "escape")
        assert isinstance(app.screen, TitleScreen)


async def test_player_1_is_named_so_ctrl_s_starts_a_solo_game(app: CardRogueApp) -> None:
    """Found by a tester: Player 1's field was empty (only a "name" placeholder) and Ctrl+S
    refused the form. It now holds the player's name (the tests' CARDROGUE_PLAYER)."""
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(new_classic_game())
        await pilot.pause()
        assert app.screen.query_one("#name-0", Input).value == "Tester"
        assert app.screen.query_one("#name-1", Input).value == ""
        await press(pilot, "ctrl+s")
        table = next(s for s in app.screen_stack if isinstance(s, ClassicScreen))
        assert [p.name for p in table.session.game.players] == ["Tester"]


async def test_a_new_table_needs_a_name_and_a_valid_seed(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(new_classic_game())
        await pilot.pause()
        app.screen.query_one("#name-0", Input).value = ""  # every name cleared
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, OptionsForm)
        assert "at least one player" in app.screen.query_one("#problem-players",
                                                            Static).render().plain
        app.screen.query_one("#name-0", Input).value = "Ann"
        app.screen.query_one("#name-1", Input).value = "ann"
        await press(pilot, "ctrl+s")
        assert "different name" in app.screen.query_one("#problem-players",
                                                       Static).render().plain


async def test_letters_in_the_seed_are_explained_not_dropped(app: CardRogueApp) -> None:
    """The seed keeps what is typed on show; a letter brings the note every game's seed field
    gives, and the table is not laid on it."""
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(new_classic_game([Seat("Ann")]))
        await pilot.pause()
        screen = app.screen
        screen.query_one("#seed", Input).focus()
        await press(pilot, *"4x2")
        assert screen.query_one("#seed", Input).value == "4x2"
        note = "A seed is a number: type only the digits 0 to 9 (or leave it blank)."
        assert screen.query_one("#problem-seed", Static).render().plain == note
        await press(pilot, "enter")  # Enter in the seed starts: not on letters
        assert app.screen is screen
        await press(pilot, "left", "backspace")
        assert screen.query_one("#problem-seed", Static).render().plain == ""
        await press(pilot, "enter")
        table = next(s for s in app.screen_stack if isinstance(s, ClassicScreen))
        assert table.session.seed == 42


async def test_characters_are_picked_in_turn_order_and_the_seed_is_shown(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot, pick=False)
        g = table.session.game
        first_seat = g.pending.seat
        assert isinstance(app.screen, ChooseScreen)
        assert app.screen.title_text == f"{g.players[first_seat].name}, pick your character"
        await press(pilot, "1")  # the first character offered: the Warrior
        assert g.players[first_seat].character == "warrior"
        # the Warrior is taken: the next player is not offered it
        labels = [str(c.label) for c in app.screen.choices]
        assert "Warrior" not in labels
        for _ in range(3):
            await press(pilot, "1")
        assert g.pending is None and len({p.character for p in g.players}) == 4
        assert f"Seed {SEED}" in status(table)
        assert f"seed {SEED}" in log_text(table)
        assert f"{g.players[g.current].name}'s turn" in status(table)


async def test_a_game_without_a_seed_gets_one_from_the_clock_and_shows_it(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot, names=("Ann", "Bob"), seed=None)
        seed = table.session.seed
        assert table.session.game.seed == seed
        assert f"Seed {seed}" in status(table)


async def test_the_solo_player_chooses_goals(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(new_classic_game())
        await pilot.pause()
        screen = app.screen
        screen.query_one("#name-0", Input).value = "Solo"
        screen.query_one("#option-goals-slay-golem", Checkbox).value = False
        screen.query_one("#option-goals-debt", Checkbox).value = True
        await press(pilot, "ctrl+s", "1")
        table = app.screen
        assert isinstance(table, ClassicScreen)
        assert [g.kind for g in table.session.game.level.goals] == ["chest", "debt"]
        assert "open the chest" in table.panel.plain


async def test_the_form_asks_only_the_classic_options_and_goals_by_their_labels(
        app: CardRogueApp) -> None:
    """Card Rogue's options include the story's (map, character, hero's name): the classic
    form asks none of them. Goals read as words, and ticked goals do not stop a table of two
    (they are a solo player's)."""
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(new_classic_game([Seat("Ann"), Seat("Bob")]))
        await pilot.pause()
        screen = app.screen
        assert not screen.query("#option-map, #option-character, #option-player")
        chest = screen.query_one("#option-goals-chest", Checkbox)
        assert str(chest.label) == "Open the chest" and chest.value
        assert screen.query_one("#seed", Input).placeholder == "empty: a random one"
        screen.query_one("#seed", Input).value = str(SEED)
        await press(pilot, "ctrl+s")
        table = next(s for s in app.screen_stack if isinstance(s, ClassicScreen))
        assert [p.name for p in table.session.game.players] == ["Ann", "Bob"]
        assert table.session.goals == ()


async def test_the_golem_goal_reads_slay_the_golem(app: CardRogueApp) -> None:
    """Found by a tester: "slay the The Golem" (the card is named "The Golem")."""
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(new_classic_game())
        await pilot.pause()
        app.screen.query_one("#name-0", Input).value = "Solo"
        await press(pilot, "ctrl+s", "1")
        table = app.screen
        assert isinstance(table, ClassicScreen)
        assert "slay" in [g.kind for g in table.session.game.level.goals]
        assert "slay the Golem" in table.panel.plain and "the The" not in table.panel.plain


async def test_a_goal_ticked_and_one_not_differ_in_characters_not_only_colour(
        app: CardRogueApp) -> None:
    """Found by a tester: every goal box showed "▐X▌", on or off, told apart by colour only.
    The X shows only when the goal is ticked, as Space toggles it."""
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(new_classic_game([Seat("Solo")]))
        await pilot.pause()
        screen = app.screen

        def box(goal: str) -> str:
            return screen.query_one(f"#option-goals-{goal}", Checkbox).render().plain

        assert box("chest").startswith("▐X▌") and box("slay-golem").startswith("▐X▌")
        assert box("debt").startswith("▐ ▌")
        screen.query_one("#option-goals-chest", Checkbox).focus()
        await press(pilot, "space")
        assert box("chest").startswith("▐ ▌")
        await press(pilot, "space")
        assert box("chest").startswith("▐X▌")


async def test_banner_scoreboard_and_board_tokens_follow_the_turn(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot)
        g = table.session.game
        first_player = g.players[g.current]
        board = table.query_one("#scoreboard", Static).render().plain
        assert all(p.name in board for p in g.players)
        assert f"▶{first_player.seat + 1} {first_player.name}" in board
        # every token is drawn in its seat's colour
        marks = table.board._marks
        assert {m >> SEAT_SHIFT for m in marks.values() if m & 1} == {1, 2, 3, 4}
        await press(pilot, "space")
        now = g.players[g.current]
        assert now is not first_player
        assert f"{now.name}'s turn" in status(table)


def in_view(table: ClassicScreen, cell: tuple[int, int]) -> bool:
    """Whether the whole card at `cell` is drawn inside the board's view (not under a
    scrollbar, not cut by the frame)."""
    board = table.board
    view = Region(0, 0, *board.scrollable_content_region.size)
    return view.contains_region(board.region_of(*cell))


async def test_a_table_that_fits_the_view_is_shown_whole(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot, names=("Ann", "Bob"))
        g = table.session.game
        laid = [g.cell(i) for i, there in enumerate(g.board.exists) if there]
        assert len(laid) > 2 and all(in_view(table, cell) for cell in laid)
        table.board.scroll_to(0, 0, animate=False, immediate=True)  # the player looked away
        await press(pilot, "space")  # the hand-over brings the whole table back
        assert all(in_view(table, cell) for cell in laid)
        # ... in the middle of the view
        regions = [table.board.region_of(*cell) for cell in laid]
        left = min(r.x for r in regions)
        right = max(r.right for r in regions)
        width = table.board.scrollable_content_region.width
        assert abs(left - (width - right)) <= 1


async def test_each_hand_over_frames_the_new_player_in_the_middle(app: CardRogueApp) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        table = await new_table(app, pilot)  # four players: the table is wider than the view
        g, board = table.session.game, table.board
        width = board.scrollable_content_region.width
        for _ in g.players:
            seat = g.current
            cell = g.cell(g.players[seat].pos)
            assert in_view(table, cell), f"seat {seat}'s token is out of view"
            middle = board.region_of(*cell).center[0]
            assert abs(middle - width // 2) <= 7, f"seat {seat}'s token is not in the middle"
            await press(pilot, "space")
            assert g.current != seat


async def test_a_name_that_looks_like_markup_shows_as_typed_in_the_pick_dialog(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await new_table(app, pilot, names=("[b]Me[/b]",), pick=False)
        chooser = app.screen
        assert isinstance(chooser, ChooseScreen)
        title = chooser.query_one("#dialog").border_title
        # What the frame shows: a plain string there is read as markup, a Content as it is.
        shown = title.plain if isinstance(title, Content) else Content.from_markup(str(title)).plain
        assert shown == "[b]Me[/b], pick your character"


# ---------------------------------------------------------------------- dealing with players

async def test_trade_through_the_dialog(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot)
        g = table.session.game
        me, other = order(table)[:2]
        hall(table)
        sword = give(g, "sword", other)
        give(g, "golem", other)  # untradeable: not offered
        dagger = give(g, "dagger", me)
        await press(pilot, "g")
        dialog = app.screen
        assert isinstance(dialog, TradeScreen)
        take = dialog.query_one("#take", SelectionList)
        assert [o.value for o in take._options] == [sword]
        dialog.query_one("#give", SelectionList).select(dagger)
        take.select(sword)
        await press(pilot, "ctrl+s")
        assert app.screen is table
        assert [c.uid for c in g.players[me].hand] == [sword]
        assert dagger in [c.uid for c in g.players[other].hand]
        assert "trades with" in log_text(table)


async def test_trip_then_leap_over_the_tripped_player(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot)
        g = table.session.game
        me, other = order(table)[:2]
        hall(table)
        rig(g, f"trip:{me}", 5)
        await press(pilot, "i")
        assert g.players[other].skip == 1
        dialog = app.screen
        assert isinstance(dialog, ChooseScreen) and dialog.title_text.startswith("Leap over")
        landings = [c.value for c in dialog.choices if c.value is not None]
        assert landings
        await press(pilot, "2")  # the first landing
        assert g.cell(g.players[me].pos) == landings[0].target


async def test_steal_from_the_only_neighbour(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot)
        g = table.session.game
        me, other = order(table)[:2]
        hall(table)
        key = give(g, "key", other)
        rig(g, f"steal:{me}", 6)
        await press(pilot, "n")
        assert key in [c.uid for c in g.players[me].hand]
        assert "got a card" in log_text(table)


async def test_with_two_neighbours_the_screen_asks_whom(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot)
        g = table.session.game
        seats = order(table)
        _, col0 = hall(table)
        put(g, seats[0], (1, col0 + 2))  # between the second and third players
        put(g, seats[1], (1, col0 + 1))
        table.redraw()
        await press(pilot, "n")
        assert isinstance(app.screen, ChooseScreen) and app.screen.title_text == "Steal from whom?"
        await press(pilot, "escape")
        assert app.screen is table and not g.history[4:]


async def test_no_one_adjacent_means_no_dealing(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot)
        await press(pilot, "i")
        assert app.screen is table
        assert "no one next to you" in log_text(table)


async def test_throw_a_potion_at_a_player(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot)
        g = table.session.game
        me = order(table)[0]
        hall(table)
        give(g, "potion", me, colour="red")
        await press(pilot, "t")  # only one way holds someone: thrown at once
        thrown = [line for line in table.log_view.plain_lines if "throw" in line.lower()]
        assert thrown, log_text(table)
        assert not g.players[me].hand


async def test_a_fallen_player_keeps_a_card_leaves_one_and_picks_a_starting_tile(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot)
        g = table.session.game
        me = order(table)[0]
        hall(table)
        sword = give(g, "sword", me)
        dagger = give(g, "dagger", me)
        effects.hurt_player(g, g.players[me], 99, "a test", [])
        assert isinstance(g.pending, Respawn)
        table.redraw()
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen) and "keep one card" in app.screen.title_text
        await press(pilot, "2")  # keep the sword (after "Keep nothing")
        assert "stays where you fell" in app.screen.title_text
        await press(pilot, "1")  # leave the dagger
        assert "which starting tile" in app.screen.title_text
        await press(pilot, "1")
        p = g.players[me]
        assert g.pending is None and [c.uid for c in p.hand] == [sword]
        assert p.pos in g.catacomb.starts
        assert any(c.uid == dagger for cards in g.stash.values() for c in cards)


async def test_a_fallen_player_may_keep_one_gold_instead_of_an_item(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot)
        g = table.session.game
        me = order(table)[0]
        hall(table)
        helm = give(g, "helm", me)
        g.players[me].gold = 9
        effects.hurt_player(g, g.players[me], 99, "a test", [])
        table.redraw()
        await pilot.pause()
        assert "keep one card" in app.screen.title_text
        await press(pilot, "3")  # Keep nothing, the helm, then Keep 1 gold
        assert "stays where you fell" in app.screen.title_text
        await press(pilot, "1")  # the helm stays behind
        await press(pilot, "1")  # the first free starting tile
        p = g.players[me]
        assert g.pending is None and p.gold == 1 and p.hand == []
        assert any(c.uid == helm for cards in g.stash.values() for c in cards)
        assert "keeping 1 gold" in log_text(table)


def make_stuck(table: ClassicScreen) -> None:
    """Test setup: every face-down card is turned into a plain revealed tile whose paths lead
    only to the cards beside it, so no path leads anywhere new."""
    g = table.session.game
    for i, face in enumerate(g.board.face):
        if face == FACE_DOWN:
            g.board.face[i] = REVEALED
            g.board.content[i] = None
            g.board.paths[i] = sum(bit for bit in (1, 2, 4, 8)
                                   if g.board.neighbour(i, bit) is not None)
    table.redraw()


async def test_the_mole_digs_where_the_cursor_chooses(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot)
        g = table.session.game
        p = g.player
        make_stuck(table)
        below = g.board.neighbour(p.pos, 4)
        g.board.paths[below] = 1  # a dead end, open to the north only
        p.gold = 10
        table.redraw()
        await press(pilot, "m")
        assert table.picking == "mole"
        await press(pilot, "down", "enter")
        assert g.board.paths[below] == 15 and p.gold == 0
        assert "mole digs" in log_text(table)


async def test_the_end_rush_is_called_with_a_confirmation(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot)
        g = table.session.game
        await press(pilot, "R")
        assert not g.end_rush and "no path leads" in log_text(table)
        make_stuck(table)
        await press(pilot, "R")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "y")
        assert g.end_rush and "END RUSH" in status(table)


async def test_game_over_shows_the_tally_and_the_winner(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot)
        g = table.session.game
        seats = order(table)
        _, col0 = hall(table)
        make_stuck(table)
        g.catacomb.exploration.clear()  # the hall's paths lead to empty places: nothing to lay
        await press(pilot, "R", "y")
        give(g, "basilisk_venom", seats[0])  # a boss card: one point
        put(g, seats[0], (1, col0))  # just below the first starting tile
        table.redraw()
        await press(pilot, "up")
        assert g.is_over
        assert isinstance(app.screen, GameOverScreen)
        tally = app.screen.query_one("#tally", Static).render().plain
        winner = g.players[seats[0]].name
        assert f"{winner} wins!" in tally
        assert f"Seed {SEED}" in tally
        lines = [line for line in tally.splitlines() if winner in line and "wins" not in line]
        assert lines and lines[0].rstrip().endswith("2")
        # the run was kept, and it verifies by replaying from the names, seed and actions
        assert "Run saved to" in tally
        from engine.cardrogue.runs import read_run

        saved = Path(tally.split("Run saved to ", 1)[1].split()[0])
        run = read_run(saved)
        assert run.table.players == tuple(p.name for p in g.players)
        assert run.seed == SEED and run.characters == tuple(p.character for p in g.players)
        await press(pilot, "escape")
        assert isinstance(app.screen, TitleScreen)


async def test_the_palette_lists_the_table_commands(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot)
        titles = [c.title for c in table.palette_commands()]
        for title in ("Trade", "Trip", "Steal", "Throw a potion at a player",
                      "Call the end rush", "Call the mole"):
            assert title in titles
        assert "Restart level" not in titles
        await press(pilot, "ctrl+p")
        assert isinstance(app.screen, CommandPalette)


async def test_bindings_have_ids(app: CardRogueApp) -> None:
    ids = {b.id for b in ClassicScreen.BINDINGS} | {b.id for b in OptionsForm.BINDINGS}
    assert {"trade", "trip", "steal", "end_rush", "options_form_start"} <= ids


# ---------------------------------------------------------------------- the session

def test_a_classic_session_replays_exactly_from_its_names_seed_and_actions() -> None:
    from app.games.cardrogue.classic import ClassicSession

    session = ClassicSession(["Ann", "Bob", "Cy"], 77)
    g = session.game
    for _ in range(40):
        legal = g.legal_actions()
        if not legal or g.is_over:
            break
        # a fixed, varied choice: picks, flips, moves, ends
        session.attempt(legal[(g.moves * 7) % len(legal)])
        g = session.game
    played = list(g.history)
    fingerprint = g.fingerprint()
    again = ClassicSession(["Ann", "Bob", "Cy"], 77)
    for action in played:
        assert again.attempt(action).accepted
    assert again.game.fingerprint() == fingerprint
    # undo rebuilds the same game one action shorter
    session.undo()
    assert session.game.history == played[:-1]
    assert len(session.groups) == len(played)


def test_standings_rank_by_points_and_name_every_winner() -> None:
    from app.games.cardrogue.classic import ClassicSession

    session = ClassicSession(["Ann", "Bob"], 5)
    g = session.game
    g.players[0].vp, g.players[1].vp = 1, 1
    assert [r.name for r in session.standings()] == ["Ann", "Bob"]
    assert session.winners() == ["Ann", "Bob"]
    g.players[1].vp = 3
    assert session.winners() == ["Bob"]


async def test_help_lists_the_table_keys(app: CardRogueApp) -> None:
    from app.screens.rules import RulesScreen

    async with app.run_test(size=SIZE) as pilot:
        await new_table(app, pilot)
        await press(pilot, "f1")
        assert isinstance(app.screen, RulesScreen)
        keys = "\n".join(what for _, what, _ in app.screen.keys)
        await press(pilot, "f1")
        assert isinstance(app.screen, ClassicScreen)
        for what in ("Trade with an adjacent player", "Try to trip an adjacent player",
                     "Try to steal from an adjacent player", "Call the end rush"):
            assert what in keys


async def test_undo_takes_back_only_the_acting_players_own_turn(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        table = await new_table(app, pilot)
        g = table.session.game
        first = g.player.name
        # An action inside the turn, as the engine lists it (one that does not end the turn).
        inside = next(a for a in g.legal_actions() if a.kind in ("flip", "move"))
        table.act(inside)
        await pilot.pause()
        assert table.session.game.player.name == first
        before = len(table.session.game.history)
        await press(pilot, "u")
        assert len(table.session.game.history) == before - 1
        assert "Taken back" in log_text(table)
        await press(pilot, "space")  # the hand-over: a banner names the next player
        now = table.session.game.player.name
        assert now != first
        banner = table.query_one("#handover", Static)
        assert banner.display and f"{now}'s turn: take the keyboard" in banner.render().plain
        history = list(table.session.game.history)
        await press(pilot, "u")  # the end of the last turn is not the new player's to undo
        assert table.session.game.history == history and table.session.game.player.name == now
        assert log_text(table).endswith(
            f"✗ Only {now}'s own actions of this turn can be taken back.")
        table.act(next(a for a in table.session.game.legal_actions() if a.kind in ("flip", "move")))
        await pilot.pause()
        assert not banner.display  # the new player has acted: the banner has done its work


async def test_a_shop_on_the_table_sells_from_the_shop_pile(app: CardRogueApp) -> None:
    """Every classic shop sells from the one shop pile: b opens it, Enter buys its first card
    at the engine's price."""
    from textual.widgets import OptionList

    from app.games.cardrogue.screens.shop import ShopScreen

    async with app.run_test(size=SIZE) as pilot:
        table = await new_table(app, pilot, names=("Ann",))
        g = table.session.game
        row, col = hall(table)
        lay(g, (row + 1, col), "shop")
        put(g, 0, (row + 1, col))
        g.players[0].gold = 50
        pile = list(g.catacomb.shop)
        wanted = next(c for c in pile if g.catalog.cards[c.id].gold is not None)
        table.redraw()
        await press(pilot, "b")
        assert isinstance(app.screen, ShopScreen)
        stock = app.screen.query_one("#stock", OptionList)
        assert stock.option_count == len(pile)
        stock.highlighted = pile.index(wanted)
        await press(pilot, "enter")
        price = 2 * g.catalog.cards[wanted.id].gold
        assert [c.uid for c in g.players[0].hand] == [wanted.uid]
        assert g.players[0].gold == 50 - price and wanted not in g.catacomb.shop


async def test_the_status_keeps_the_seed_in_view_at_80_columns(app: CardRogueApp) -> None:
    """During the hero pick at 80x24, the status line (48 columns beside the side panel)
    shows the whole seed: the dialog says what is picked, so the status says it shorter."""
    async with app.run_test(size=(80, 24)) as pilot:
        table = await new_table(app, pilot, names=("Annabelle", "Bob"), seed=2147483647,
                                pick=False)
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen)
        width = table.query_one("#status", Static).content_size.width
        picker = table.session.game.players[table.session.game.pending.seat].name
        line = status(table)
        assert line.endswith(f" {picker} picks · Seed 2147483647") and len(line) <= width
        await press(pilot, "1", "1")
        line = status(table)
        assert line.endswith("'s turn · Turn 1 · Seed 2147483647") and len(line) <= width


@pytest.mark.parametrize(("columns", "cut_to", "seed"),
                         [(76, 16, "2147483647"), (66, 10, "214…47")])
async def test_a_narrow_status_cuts_the_name_then_the_seed_in_their_middle(
        app: CardRogueApp, columns: int, cut_to: int, seed: str) -> None:
    from app.words import middle_cut

    async with app.run_test(size=(columns, 24)) as pilot:
        table = await new_table(app, pilot, seed=2147483647, pick=False,
                                names=("Annabelle Longername", "Bartholomew Longname"))
        await pilot.pause()
        picker = table.session.game.players[table.session.game.pending.seat].name
        width = table.query_one("#status", Static).content_size.width
        line = status(table)
        assert len(line) <= width and picker not in line
        assert line.endswith(f" {middle_cut(picker, cut_to)} picks · Seed {seed}"), line


def cut_cards(table: ClassicScreen) -> list[tuple[int, int, str]]:
    """Cards drawn cut in the board view, read from the drawn lines: a frame's corner whose
    partner corner (6 columns across, 2 lines down or up) is not drawn."""
    board = table.board
    lines = [board.render_line(y).text for y in range(board.scrollable_content_region.height)]

    def at(y: int, x: int) -> str:
        return lines[y][x] if 0 <= y < len(lines) and 0 <= x < len(lines[y]) else " "

    cut = []
    for y, line in enumerate(lines):
        for x, char in enumerate(line):
            partner = {"╭": ((0, 6, "╮"), (2, 0, "╰")), "╮": ((0, -6, "╭"), (2, 0, "╯")),
                       "╰": ((0, 6, "╯"), (-2, 0, "╭")), "╯": ((0, -6, "╰"), (-2, 0, "╮"))}
            for dy, dx, other in partner.get(char, ()):
                if at(y + dy, x + dx) != other:
                    cut.append((y, x, char))
    return cut


async def test_no_card_is_drawn_cut_at_the_edge_of_the_board(app: CardRogueApp) -> None:
    """Three players wander a table wider than the board view at 80x24: whatever the camera
    does, every card on show is drawn whole (a card that does not fit is not drawn at all),
    and the acting player's card is always on show."""
    import random

    async with app.run_test(size=(80, 24)) as pilot:
        table = await new_table(app, pilot, names=("Ann", "Bob", "Cy"), seed=1)
        chooser = random.Random(1)
        wider = False
        for _ in range(60):
            g = table.session.game
            if g.is_over or app.screen is not table:
                break
            legal = g.legal_actions()
            moves = [a for a in legal if a.kind in ("move", "flip", "end_turn")] or legal
            if not moves:
                break
            table.act(chooser.choice(moves))
            await pilot.pause()
            view = table.board.scrollable_content_region
            top, left, bottom, right = table.board._extent
            wider |= (right - left + 1) * 7 > view.width
            assert cut_cards(table) == []
            if g.player.pos is not None:
                row, col = g.cell(g.player.pos)
                assert table.board.shows_whole(row, col)
        assert wider, "the table never outgrew the view: nothing was tested"


async def test_a_20_letter_name_leaves_the_seed_in_view_at_80_columns(app: CardRogueApp) -> None:
    """Found by a tester: with a 20-character name (the most the form takes) the seed went
    from the status line at 80 columns. The name gives up its middle first."""
    long_name = "Maximiliana Northgat"  # 20 characters
    async with app.run_test(size=(80, 24)) as pilot:
        table = await new_table(app, pilot, names=(long_name,), seed=2147483647)
        await pilot.pause()
        width = table.query_one("#status", Static).content_size.width
        line = status(table)
        assert line.endswith("'s turn · Turn 1 · Seed 2147483647") and len(line) <= width
        assert long_name not in line and "Maxim" in line and "gat's turn" in line


async def test_a_solo_footer_leaves_out_dealings_and_keeps_help_at_80_columns(
        app: CardRogueApp) -> None:
    """Found by a tester: at 80 columns a solo game's footer offered Trade, Trip and Steal
    (they need another player) and cut off "f1 Help"."""
    from tests.app.support import footer_keys

    async with app.run_test(size=(80, 24)) as pilot:
        table = await new_table(app, pilot, names=("Solo",))
        shown = footer_keys(table)
        for needed in ("End turn", "Menu", "Help"):
            assert needed in shown, shown
        for dealing in ("Trade", "Trip", "Steal"):
            assert dealing not in shown, shown
        await press(pilot, "g")  # the key is off too, not only unlisted
        assert app.screen is table


async def test_a_table_of_two_still_offers_the_dealings(app: CardRogueApp) -> None:
    async with app.run_test(size=(100, 30)) as pilot:
        table = await new_table(app, pilot, names=("Ann", "Bob"))
        shown = [k.description for k in table.query("FooterKey")]
        for dealing in ("Trade", "Trip", "Steal"):
            assert dealing in shown, shown
