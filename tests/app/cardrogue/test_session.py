"""The play session: attempts, undo and restarts rebuild exactly the state they should."""

from __future__ import annotations

from app.games.cardrogue.session import Session
from engine.cardrogue import Action, replay
from tests.app.maps import big_level, tutorial

EAST = Action("move", dir="E")
FLIP_EAST = Action("flip", dir="E")


def play(session: Session, *actions: Action) -> None:
    for action in actions:
        assert session.attempt(action).accepted, action


def test_a_refused_action_changes_nothing_and_gives_the_reason() -> None:
    session = Session(tutorial(), "warrior")
    before, lines = session.game.fingerprint(), session.lines()
    attempt = session.attempt(Action("move", dir="W"))
    assert not attempt.accepted and attempt.reason == "there is a wall that way"
    assert session.game.fingerprint() == before and session.lines() == lines


def test_undo_gives_the_state_of_one_action_fewer() -> None:
    session = Session(tutorial(), "warrior")
    play(session, FLIP_EAST, EAST)
    expected = replay(session.spec, [("Player", "warrior")], [FLIP_EAST]).fingerprint()
    assert session.undo() == EAST
    assert session.game.fingerprint() == expected
    assert len(session.groups) == 2  # the opening and the flip
    assert session.undo() == FLIP_EAST and session.undo() is None


def test_restart_level_keeps_the_levels_before() -> None:
    session = Session(tutorial(), "warrior")
    shop = session.game.stock
    play(session, FLIP_EAST, EAST)
    sword = next(c for c in shop[session.game.players[0].pos] if c.id == "sword")
    play(session, Action("buy", card=sword.uid), Action("equip", card=sword.uid),
         Action("end_turn"), FLIP_EAST, Action("attack", dir="E"), EAST, Action("end_turn"),
         FLIP_EAST, EAST, Action("end_turn"), FLIP_EAST, EAST)
    assert session.game.level_index == 1 and session.level_start == 14
    play(session, FLIP_EAST)
    session.restart_level()
    assert session.game.level_index == 1 and session.game.moves == 14
    assert session.game.players[0].equipped["primary"].id == "sword"  # carried over
    session.restart_campaign()
    assert session.game.moves == 0 and len(session.groups) == 1


def test_the_log_can_be_read_from_its_end() -> None:
    session = Session(tutorial(), "warrior")
    play(session, FLIP_EAST, EAST, Action("end_turn"))
    everything = [line.plain for line in session.lines()]
    assert [line.plain for line in session.lines(limit=2)] == everything[-2:]
    assert everything[0] == "Level 1: The [bold]Cellar"


def test_identity_and_par() -> None:
    session = Session(tutorial(), "warrior")
    assert session.share_code == "WX57-XBSK"
    assert session.total_par == 16 and session.level_par == 14
    assert session.title == "Tutorial"


def test_the_log_says_when_a_move_walks_on_in_the_views_words() -> None:
    session = Session(big_level(5), "warrior")
    first = session.attempt(EAST)
    assert [line.plain for line in first.lines] == ["You move east."]
    again = session.attempt(EAST)
    assert [line.plain for line in again.lines] == [
        "You move east (walk on: this turn has only moved)."]


def test_a_refused_move_after_a_flip_names_the_walk_on_rule() -> None:
    session = Session(tutorial(), "warrior")
    play(session, FLIP_EAST, EAST)
    attempt = session.attempt(Action("move", dir="W"))
    assert attempt.reason is not None and "only a turn that has only moved may walk on" in attempt.reason
