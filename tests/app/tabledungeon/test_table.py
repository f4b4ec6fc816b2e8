"""Table Dungeon at one keyboard, played through key presses: a whole game against a computer
seat, the hot-seat cover between two people, the help's glossary, and the run kept at the
end."""

from __future__ import annotations

import pytest
from textual.widgets import Footer, Input, RichLog, Static

from app.cardrogue_app import CardRogueApp
from app.games.tabledungeon.screens.results import ResultsScreen
from app.games.tabledungeon.screens.table import CoverScreen, TableScreen
from app.games.tabledungeon.session import Seat, TableSession
from app.screens.dialogs import ConfirmScreen
from app.screens.options_form import OptionsForm
from app.screens.rules import RulesScreen
from app.screens.title import TitleScreen
from engine.core.runs import read_document
from engine.tabledungeon import MAX_SEED, RULES
from tests.app.support import text_of, type_into, words_drawn
from tests.app.tabledungeon.support import open_new_table

SIZE = (80, 24)
MAX_PRESSES = 3000
pytestmark = pytest.mark.usefixtures("no_computer_delay")


async def test_a_two_player_game_with_a_computer_seat_is_played_to_its_end(
        app: CardRogueApp, user_data) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await open_new_table(app, pilot)
        await pilot.press(*"Ann")  # the name field has focus; seat 2 is a computer already
        await type_into(pilot, "#seed", "2026")
        await pilot.press("enter")  # Enter in the seed starts the game
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        table = app.screen
        session = table.session
        assert [s.name for s in session.seats] == ["Ann", "Computer 2"]
        assert session.seed == 2026 and session.seats[1].computer
        assert "Ann picks a class" in text_of(app.screen, "#status")
        await pilot.press("2")  # the second class offered
        await pilot.pause()
        for press in range(MAX_PRESSES):
            if isinstance(app.screen, ResultsScreen):
                break
            # Ann takes the selected choice, now and then moving the selection first.
            await pilot.press("right" if press % 7 == 3 else "enter")
            await pilot.pause()
            # Neither Ann nor the computer is ever refused.
            assert "Not allowed" not in str(table.query_one("#note", Static).render())
        assert isinstance(app.screen, ResultsScreen), "the game did not end"
        state = session.state
        assert state.is_over and state.history[0].name == "wizard"
        tally = str(app.screen.query_one("#tally", Static).render())
        if state.outcome == "won":
            winner = state.names[state.winners[0]]
            assert f"{winner} wins with {state.score} loot points" in tally
        else:
            assert "a loss for all" in tally
        assert "Ann" in tally and "Computer 2" in tally
        # The run is kept like Card Rogue's, and verifies.
        runs = list((user_data / "runs").glob("tabledungeon_Ann_*.run.json"))
        assert len(runs) == 1 and "Run saved to" in tally
        verdict = RULES.verify(read_document(runs[0]))
        assert verdict.ok, verdict.reason
        assert verdict.figures["moves"] == len(state.history)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def two_people(app: CardRogueApp, pilot) -> TableScreen:
    """A table of Ann and Bo, both people, seed 7, set up with the keys alone."""
    await open_new_table(app, pilot)
    await pilot.press(*"Ann", "enter", *"Bo")  # Enter goes on to the next name
    await pilot.press("tab", "enter", "enter")  # seat 2: computer (normal) -> empty -> person
    await pilot.press("shift+tab", "enter", "enter", "enter", *"7")  # past names 3, 4: the seed
    assert app.focused is app.screen.query_one("#seed")
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, TableScreen)
    return app.screen


async def test_the_cover_hides_the_next_persons_hand_until_enter(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await two_people(app, pilot)
        session = table.session
        assert [s.player for s in session.seats] == ["human", "human"]
        await pilot.press("1")  # Ann picks; now Bo must pick: the keyboard changes hands
        await pilot.pause()
        assert isinstance(app.screen, CoverScreen)
        assert "Pass the keyboard to Bo — press Enter when ready" in \
            str(app.screen.query_one("#cover", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is table and session.keyboard == 1
        await pilot.press("1")  # Bo picks; the decks are dealt and Ann leads the first round
        await pilot.pause()
        assert isinstance(app.screen, CoverScreen)
        await pilot.press("enter")
        await pilot.pause()
        ann_hand = list(session.state.seats[0].hand)
        hand = text_of(app.screen, "#hand")
        assert hand.startswith("Ann · choose:")
        await pilot.press("1")  # Ann lays her first card; Bo's turn
        await pilot.pause()
        assert isinstance(app.screen, CoverScreen)
        # Behind the cover nothing of either hand is drawn: the cover screen shows no card...
        cover = app.export_screenshot()
        assert not any(sign in cover for sign in "♠♥♦♣")
        # ...and the table under it has put the hand away and still shows Ann's eyes only.
        assert str(table.query_one("#hand", Static).render()) == \
            "Hidden until Bo takes the keyboard."
        assert session.keyboard == 0 and session.view().hand == tuple(ann_hand[1:])
        assert session.view().my_card == ann_hand[0]
        await pilot.press("q", "n")  # q on the cover asks too; no keeps the game
        await pilot.pause()
        assert isinstance(app.screen, CoverScreen) and app.return_code is None
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is table and session.keyboard == 1
        bo_view = session.state.view(1)
        hand = text_of(app.screen, "#hand")
        assert hand.startswith("Bo · choose:")
        from app.games.tabledungeon.words import choice_label
        for action in session.state.legal_actions():
            assert str(choice_label(bo_view, action)) in hand


async def test_a_refused_start_says_why_and_keeps_the_form(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await open_new_table(app, pilot)
        app.screen.query_one("#kind-1").focus()
        await pilot.press("enter")  # seat 2: computer (normal) -> empty: one seat left
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, OptionsForm)
        assert "Table Dungeon needs 2 to 4 players, not 1" in text_of(app.screen, "#problem-players")
        await type_into(pilot, "#seed", "99999999999999999999")  # past 2**64 - 1
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "The seed is a number from 0" in text_of(app.screen, "#problem-seed")


async def test_letters_in_the_seed_are_explained_and_hold_the_start(app: CardRogueApp) -> None:
    """Found by a tester: the seed field dropped letters without a word. They stay on show
    with Rogue Like Roguelike's note, the game does not start on them, and starts once the
    seed is digits."""
    async with app.run_test(size=SIZE) as pilot:
        await open_new_table(app, pilot)
        screen = app.screen
        await type_into(pilot, "#seed", "4x2")
        await pilot.pause()
        assert screen.query_one("#seed", Input).value == "4x2"
        note = "A seed is a number: type only the digits 0 to 9 (or leave it blank)."
        assert text_of(app.screen, "#problem-seed") == note
        await pilot.press("enter")  # Enter in the seed starts the game: not on letters
        await pilot.pause()
        assert app.screen is screen and text_of(app.screen, "#problem-seed") == note
        await pilot.press("left", "backspace")  # 42: the note goes
        await pilot.pause()
        assert text_of(app.screen, "#problem-seed") == ""
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.session.seed == 42


async def open_help_over_a_table(app: CardRogueApp, pilot) -> None:
    """Start a table from the new-game form as it stands, then open help over it."""
    await open_new_table(app, pilot)
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, TableScreen)
    await pilot.press("f1")
    await pilot.pause()
    assert isinstance(app.screen, RulesScreen)


async def test_help_shows_table_dungeon_s_glossary_and_keys(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await open_help_over_a_table(app, pilot)
        names = [str(option.prompt) for option in app.screen.query_one("#terms").options]
        assert "Keys" in names and "Hot seat" in names and "Loot" in names
        assert "Adjacent tile" not in names  # Card Rogue's entries stay in Card Rogue
        await pilot.press(*"royal")
        await pilot.pause()
        assert str(app.screen.query_one("#term-name", Static).render()) == "Royal"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_help_names_left_and_right_each_with_its_own_arrow(app: CardRogueApp) -> None:
    """Tester: the help said "←→ Select the choice to the left", then "→ ... to the right"."""
    async with app.run_test(size=SIZE) as pilot:
        await open_help_over_a_table(app, pilot)
        assert text_of(app.screen, "#term-name") == "Keys on this screen"
        lines = [line.split(maxsplit=1) for line in text_of(app.screen, "#term-text").splitlines()]
        assert ["←", "Select the choice to the left"] in lines
        assert ["→", "Select the choice to the right"] in lines


async def test_a_player_name_shows_literally(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await open_new_table(app, pilot)
        await pilot.press(*"[b]Ann[/b]")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "[b]Ann[/b] picks a class" in text_of(app.screen, "#status")


async def test_a_table_of_computers_offers_no_choice_keys(app: CardRogueApp,
                                                          monkeypatch) -> None:
    """Found by a tester: with only computers playing the footer still offered "1-9 Choose
    ←→ Select ⏎ Do it". It shows only the keys that work there."""
    monkeypatch.setattr("app.games.tabledungeon.screens.table.COMPUTER_DELAY", 3600)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_table(app, pilot)
        app.screen.query_one("#kind-0").focus()
        await pilot.press("enter")  # seat 1: a person -> the computer
        await pilot.press("ctrl+s")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and not table.session.humans()
        footer = words_drawn(table.query_one(Footer))
        assert "Leave" in footer
        assert not [words for words in ("Choose", "Select", "Do it") if words in footer], footer


async def test_the_computer_waits_while_the_help_is_open(app: CardRogueApp, monkeypatch) -> None:
    monkeypatch.setattr("app.games.tabledungeon.screens.table.COMPUTER_DELAY", 3600)
    async with app.run_test(size=SIZE) as pilot:
        session = TableSession([Seat("Ann"), Seat("Cy", "easy")], seed=4)
        table = TableScreen(session)
        app.push_screen(table)
        await pilot.pause()
        await pilot.press("1")  # Ann picks: the computer's turn, its move on a (long) timer
        await pilot.pause()
        assert session.computer_to_act() and table.computer_waiting
        await pilot.press("f1")
        await pilot.pause()
        table.computer_turn()  # the timer fires while the help is open: nothing happens
        assert len(session.state.history) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table and table.computer_waiting  # sent on again
        table.computer_turn()
        await pilot.pause()
        assert len(session.state.history) == 2 and session.state.history[1].kind == "pick"


async def test_q_from_the_help_over_a_table_asks_first(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        session = TableSession([Seat("Ann"), Seat("Bo")], seed=4)
        table = TableScreen(session)
        app.push_screen(table)
        await pilot.pause()
        played = list(session.state.history)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        # The help types q into its search box: ctrl+q (and the palette's Quit) is the app's quit.
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "The game in progress is not kept." in app.screen.question
        await pilot.press("n")  # cancel: the help again, the table as it was under it
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.return_code is None
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table and session.state.history == played
        await pilot.press("f1", "ctrl+q", "y")  # yes: the app ends
        await pilot.pause()
        assert app.return_code == 0


async def test_q_asks_before_quitting_a_game_in_play(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = TableScreen(TableSession([Seat("Ann"), Seat("Bo", "easy")], seed=4))
        app.push_screen(table)
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is table and app.return_code is None


async def test_the_log_wraps_left_of_its_scrollbar(app: CardRogueApp) -> None:
    """Once the log scrolls, no line reaches under its scrollbar: every written line fits the
    width left of it, so no word loses a letter at the right edge."""
    async with app.run_test(size=SIZE) as pilot:
        table = TableScreen(TableSession([Seat("Ann"), Seat("Computer 2", "normal")], seed=2026))
        app.push_screen(table)
        await pilot.pause()
        log = table.query_one("#log", RichLog)
        await pilot.press("3")
        for _ in range(40):
            if log.show_vertical_scrollbar:
                break
            await pilot.press("enter")
            await pilot.pause()
        assert log.show_vertical_scrollbar, "the log never filled"
        room = log.scrollable_content_region.width
        assert room == log.content_region.width - 1  # the scrollbar takes one column
        assert max(line.cell_length for line in log.lines) <= room
        # The words are all there, wrapped rather than cut.
        written = " ".join(line.text.strip() for line in log.lines)
        assert "Computer 2 picks the" in written


async def test_a_player_who_has_picked_shows_no_health_until_the_game_starts(
        app: CardRogueApp, monkeypatch) -> None:
    monkeypatch.setattr("app.games.tabledungeon.screens.table.COMPUTER_DELAY", 3600)
    async with app.run_test(size=SIZE) as pilot:
        session = TableSession([Seat("Ann"), Seat("Cy", "easy")], seed=4)
        table = TableScreen(session)
        app.push_screen(table)
        await pilot.pause()
        await pilot.press("1")  # Ann picks; the computer has not yet
        await pilot.pause()
        assert session.state.phase == "pick"
        ann, cy = text_of(app.screen, "#players").splitlines()[1:]
        class_name = session.view().players[0].class_name
        assert ann.split() == ["Ann", class_name, "picked:", "waits", "for", "the", "others"]
        assert "chooses a class" in cy
        table.computer_turn()  # Cy picks: the decks are dealt, health shows
        await pilot.pause()
        health = session.view().players[0].max_health
        assert health > 0 and f"♥{health}/{health}" in text_of(app.screen, "#players")


@pytest.mark.parametrize("presses", [(), ("3", "1", "1", "1")])
async def test_a_twenty_digit_seed_keeps_the_status_on_one_line(app: CardRogueApp,
                                                                 presses) -> None:
    """At 80 columns the status line fits on one line: the seed keeps both its ends with "…"
    between them, and the aces stay in view, while picking and in play."""
    seed = MAX_SEED  # 18446744073709551615
    async with app.run_test(size=SIZE) as pilot:
        table = TableScreen(TableSession([Seat("Ann"), Seat("Computer 2", "normal")], seed=seed))
        app.push_screen(table)
        await pilot.pause()
        await pilot.press(*presses)
        await pilot.pause()
        status = table.query_one("#status", Static)
        line = text_of(app.screen, "#status")
        assert status.size.height == 1 and "\n" not in line
        assert len(line) <= status.content_size.width
        assert "Aces 0/4" in line or "Aces 1/4" in line
        if not presses:  # picking: room for the seed, cut in its middle
            assert "Ann picks a class" in line
            digits = line.rpartition("Seed ")[2]
            assert "…" in digits and len(digits) >= 7
            head, _, tail = digits.partition("…")
            assert str(seed).startswith(head) and str(seed).endswith(tail)


async def test_a_wide_table_shows_the_whole_seed(app: CardRogueApp) -> None:
    async with app.run_test(size=(160, 24)) as pilot:
        app.push_screen(TableScreen(TableSession([Seat("Ann"), Seat("Bo", "easy")],
                                                 seed=MAX_SEED)))
        await pilot.pause()
        line = text_of(app.screen, "#status")
        assert "· Round 0 · Level 1 · Aces 0/4 · Loot deck 0" in line
        assert line.endswith(f" · Seed {MAX_SEED}")


async def test_playing_again_opens_the_form_on_the_same_seats(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        seats = [Seat("Ann"), Seat("Bo", "easy"), Seat("Cy")]
        app.push_screen(TableScreen(TableSession(seats, seed=3)))
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        table.after_results("again")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, OptionsForm)
        assert [form.query_one(f"#name-{n}", Input).value for n in range(4)] == [
            "Ann", "Bo", "Cy", ""]
        assert form.seats() == seats
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.session.seats == seats
