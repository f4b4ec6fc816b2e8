"""Computer seats at the classic table (issue 21): chosen on the new-game screen, they play
their turns after a short delay (0 here), make their own decisions without dialogs, wait while
something is over the table, tell the log what they did, and cannot be undone."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.classic import HUMAN, ClassicSession
from app.games.cardrogue.screens.classic import ClassicScreen
from app.games.cardrogue.screens.classic_new_game import new_classic_game
from app.screens.dialogs import ChooseScreen
from app.seats import Seat
from app.widgets.seat_kind import SeatKind
from tests.app.support import log_text, press

SIZE = (100, 30)
SEED = 2026


@pytest.fixture(autouse=True)
def no_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("app.games.cardrogue.screens.classic.COMPUTER_DELAY", 0)


async def settle(pilot, table: ClassicScreen, rounds: int = 200) -> None:
    """Let the computer seats play until a person must act (or the game ends)."""
    for _ in range(rounds):
        if table.session.game.is_over or not table.session.computer_to_act():
            return
        await pilot.pause(0.01)
    raise AssertionError("the computer did not finish its turn")


async def table_with_a_computer(app: CardRogueApp, pilot, level="normal") -> ClassicScreen:
    """Ann (a person) and a computer seat, through the new-game screen's keys."""
    app.push_screen(new_classic_game())
    await pilot.pause()
    screen = app.screen
    screen.query_one("#name-0", Input).value = "Ann"
    screen.query_one("#kind-1", SeatKind).focus()
    await press(pilot, "enter")  # Person -> Computer (easy)
    if level == "normal":
        await press(pilot, "enter")
    screen.query_one("#seed", Input).value = str(SEED)
    await press(pilot, "ctrl+s")
    return next(s for s in app.screen_stack if isinstance(s, ClassicScreen))


async def test_the_new_game_screen_offers_a_person_or_the_computer_for_each_seat(
        app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(new_classic_game())
        await pilot.pause()
        screen = app.screen
        kind = screen.query_one("#kind-2", SeatKind)
        assert kind.render().plain == "◂ Person ▸"
        assert screen.query_one("#name-2", Input).placeholder == "name (empty: no one)"
        kind.focus()
        await press(pilot, "enter")
        assert kind.render().plain == "◂ Computer (easy) ▸"
        assert screen.query_one("#name-2", Input).placeholder == "name (empty: Computer 3)"
        await press(pilot, "right")
        assert kind.render().plain == "◂ Computer (normal) ▸"
        await press(pilot, "right")
        assert kind.render().plain == "◂ Person ▸"
        await press(pilot, "left")
        assert kind.kind == "normal"
        screen.query_one("#name-0", Input).value = "Ann"
        assert screen.seats() == [Seat("Ann", HUMAN), Seat("Computer 3", "normal")]
        screen.query_one("#seed", Input).value = "5"
        await press(pilot, "ctrl+s")
        table = next(s for s in app.screen_stack if isinstance(s, ClassicScreen))
        assert table.session.names == ["Ann", "Computer 3"]
        assert table.session.kinds == [HUMAN, "normal"]


async def test_a_person_and_the_computer_take_turns(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await table_with_a_computer(app, pilot)
        g = table.session.game
        ann = g.players[0]
        # The computer picks its character by itself; only Ann is asked.
        await settle(pilot, table)
        assert isinstance(app.screen, ChooseScreen)
        assert "Ann" in app.screen.query_one("#dialog").border_title
        await press(pilot, "1")
        await settle(pilot, table)
        assert table.session.game.pending is None
        assert all(p.character for p in table.session.game.players)
        computer = table.session.game.players[1]
        turns_seen = set()
        for _ in range(6):  # Ann ends her turn; the computer plays its own
            await settle(pilot, table)
            if table.session.game.is_over:
                break
            assert table.session.game.player.seat == ann.seat
            turns_seen.add(table.session.game.turn)
            # Ann is the only person: the keyboard never changes hands, no hand-over banner.
            assert not table.has_class("handover")
            await press(pilot, "space")  # end the turn
        assert len(turns_seen) >= 3
        actors = {a.kind for a in table.session.game.history}
        assert "end_turn" in actors
        assert any(computer.name in line for line in log_text(table).splitlines())


async def test_the_computer_plays_many_turns_without_a_hitch(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await table_with_a_computer(app, pilot, level="easy")
        await settle(pilot, table)
        await press(pilot, "1")  # Ann's character
        computer_turns = 0
        for _ in range(12):
            await settle(pilot, table)
            if table.session.game.is_over:
                break
            before = table.session.game.turn
            await press(pilot, "space")
            await settle(pilot, table)
            computer_turns += table.session.game.turn > before
        assert computer_turns >= 5
        session = table.session
        # Everything the table did replays from the seed: no action was refused.
        again = ClassicSession(session.names, session.seed, (), session.kinds)
        for action in table.session.game.history:
            again.game.apply(action)
        assert again.game.fingerprint() == table.session.game.fingerprint()


async def test_the_computer_waits_while_a_dialog_is_open(
        app: CardRogueApp, monkeypatch: pytest.MonkeyPatch) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await table_with_a_computer(app, pilot)
        await settle(pilot, table)
        await press(pilot, "1")
        await settle(pilot, table)
        monkeypatch.setattr("app.games.cardrogue.screens.classic.COMPUTER_DELAY", 3600)
        await press(pilot, "space")  # Ann ends her turn: the computer's comes, its move waits
        assert table.session.computer_to_act()
        moves = table.session.game.moves
        await press(pilot, "space")  # Ann's keys are not the computer's moves
        assert table.session.game.moves == moves
        assert "the computer is playing" in log_text(table)
        await press(pilot, "escape")  # the menu opens over the table
        assert isinstance(app.screen, ChooseScreen)
        table.computer_turn()  # the computer's time comes while the menu is open
        assert table.session.game.moves == moves
        await press(pilot, "escape")  # Resume: the table shows again
        assert app.screen is table
        table.computer_turn()
        assert table.session.game.moves == moves + 1


async def test_the_computers_moves_are_not_taken_back(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        table = await table_with_a_computer(app, pilot)
        await settle(pilot, table)
        await press(pilot, "1")
        await settle(pilot, table)
        await press(pilot, "space")
        await settle(pilot, table)
        history = list(table.session.game.history)
        assert table.session.is_computer(1)
        last_by_computer = history[-1]
        await press(pilot, "u")
        assert table.session.game.history == history  # the computer's last action still stands
        assert history[-1] == last_by_computer
        assert "cannot be taken back" in log_text(table)
