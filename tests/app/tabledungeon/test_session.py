"""The session behind the table: computer seats choose from their own seat's view only, and
the screen's eyes are the keyboard seat's."""

from __future__ import annotations

import json

import pytest

from app.games.tabledungeon.session import Seat, TableSession
from tests.engine.tabledungeon.support import scramble_hidden


def test_a_computer_seat_plays_the_same_whatever_the_hidden_cards_are():
    session = TableSession([Seat("Ann", "normal"), Seat("Bo", "easy"), Seat("Cy", "normal")],
                           seed=17)
    checked = 0
    while not session.state.is_over and checked < 150:
        seat = session.current
        assert seat is not None
        real = session.state
        # The same table with every card this seat may not see moved around.
        session.state = scramble_hidden(real, seat)
        minds = [m.clone() for m in session.minds]
        blind = session.computer_move()
        session.state, session.minds = real, minds
        assert session.computer_move() == blind
        assert not isinstance(session.act(blind), str)  # and the engine takes it
        checked += 1
    assert checked > 30


def test_the_screen_sees_with_the_keyboard_seats_eyes():
    session = TableSession([Seat("Ann"), Seat("Bo"), Seat("Cy", "easy")], seed=3)
    assert session.keyboard == 0 and session.view().seat == 0
    assert session.legal()  # Ann's pick
    session.act(session.legal()[0])
    assert session.needs_handover() and session.legal() == []  # Bo must come to the keyboard
    assert session.view().seat == 0
    session.take_keyboard()
    assert session.keyboard == 1 and not session.needs_handover()
    assert session.view().seat == 1


def test_only_computers_is_a_spectators_table():
    session = TableSession([Seat("Ann", "easy"), Seat("Bo", "normal")], seed=3)
    assert session.keyboard is None and session.view().hand is None
    while not session.state.is_over:
        assert not isinstance(session.act(session.computer_move()), str)
    assert session.record()["player"] == "Ann"


def test_a_seat_must_be_a_person_or_a_computer_level():
    with pytest.raises(ValueError, match="neither a person nor a computer level"):
        TableSession([Seat("Ann"), Seat("Bo", "genius")], seed=1)
    with pytest.raises(ValueError, match="2 to 4 players"):
        TableSession([Seat("Ann")], seed=1)


def test_a_finished_game_is_kept_under_a_name_that_says_how_it_ended(tmp_path):
    from engine.tabledungeon import RULES
    from services.runfiles import keep_run
    from tests.engine.tabledungeon.support import play_out

    names = {}
    for seed in range(40):
        state = play_out(seed=seed, players=2)
        names.setdefault(state.outcome, (state, seed))
        if len(names) == 2:
            break
    won, _ = names["won"]
    winner = ["Ann", "Bo"][won.winners[0]]
    path = keep_run(RULES.run_from_dict(RULES.record(won, player=winner)), tmp_path)
    assert path.name.startswith(f"tabledungeon_{winner}_won-{won.score}-points_")
    # Kept by the seat that fell: the win is credited to whoever won it (issue 34).
    loser = ["Ann", "Bo"][1 - won.winners[0]]
    path = keep_run(RULES.run_from_dict(RULES.record(won, player=loser)), tmp_path)
    assert path.name.startswith(f"tabledungeon_{loser}_{winner}-won-{won.score}-points_")
    assert path.name.endswith(".run.json")
    assert RULES.verify(json.loads(path.read_text())).ok
    lost, _ = names["lost"]
    path = keep_run(RULES.run_from_dict(RULES.record(lost, player="Bo Dee")), tmp_path)
    assert path.name.startswith("tabledungeon_Bo-Dee_lost_")
