"""A board's pages against ranks worked out by hand: many scores, ties in moves and in turns,
removed entries, every page size, cursors and around=, on SQLite and PostgreSQL."""

from __future__ import annotations

import random

from sqlalchemy import select

from server import map_boards, sql, store
from server.db import connect, reading, writing
from server.schema import entries
from server.verification import CURRENT_RULES_VERSION, MapFacts, Outcome

MAP = "c" * 64


def fill(url: str) -> list[tuple[int, int, int, str]]:
    """An author and sixty players with one verified run each on one map (a few banned): the board as
    (moves, turns, run, player) in rank order."""
    engine = connect(url)
    pick = random.Random(5)
    kept = []
    try:
        with writing(engine) as conn:
            store.create_player(conn, "Author")
            author = store.player_by_name(conn, "Author")
            assert author is not None
            facts = MapFacts(id=MAP, share_code="TEST-PAGE", title="Pages", kind="challenge",
                             levels=1, par=None, description="")
            store.publish_map(conn, author.id, facts, "", {}, Outcome(True, moves=23, turns=6),
                              CURRENT_RULES_VERSION)
            kept.append((23, 6, 1, "Author"))
            for n in range(60):
                name = f"p{n:02}"
                store.create_player(conn, name)
                player = store.player_by_name(conn, name)
                assert player is not None
                moves, turns = pick.randint(20, 26), pick.randint(5, 8)
                run = store.submit_run(conn, player.id, {"n": n}, MAP, CURRENT_RULES_VERSION).id
                store.record_outcome(conn, run, Outcome(True, moves=moves, turns=turns))
                if n % 13 == 7:  # banned: off every board
                    store.ban_player(conn, player.id, name, None, "test")
                else:
                    kept.append((moves, turns, run, name))
    finally:
        engine.dispose()
    return sorted(kept)


def expected_ranks(board: list[tuple[int, int, int, str]]) -> list[tuple[int, str]]:
    ranks = []
    for moves, turns, _run, name in board:
        ranks.append((1 + sum((m, t) < (moves, turns) for m, t, _r, _n in board), name))
    return ranks


def test_every_page_has_the_ranks_counted_by_hand(database: str) -> None:
    board = fill(database)
    want = expected_ranks(board)
    assert len({rank for rank, _ in want}) < len(want)  # ties are there to be shared
    engine = connect(database)
    try:
        with reading(engine) as conn:
            for limit in (1, 2, 3, 7, 100):
                seen: list[tuple[int, str]] = []
                cursor = None
                while True:
                    page = map_boards.board_page(conn, MAP, CURRENT_RULES_VERSION,
                                            limit=limit, cursor=cursor)
                    assert page is not None
                    items, total, cursor = page
                    assert total == len(board)
                    seen += [(item["rank"], item["player"]) for item in items]
                    if cursor is None:
                        break
                assert seen == want, limit
            for index, (_m, _t, _r, name) in enumerate(board):
                page = map_boards.board_page(conn, MAP, CURRENT_RULES_VERSION, limit=5,
                                        around=name)
                assert page is not None
                items, total, _next = page
                names = [item["player"] for item in items]
                assert name in names and total == len(board)
                start = names.index(name)
                assert [(item["rank"], item["player"]) for item in items] == \
                    want[index - start:index - start + len(items)]
            banned = map_boards.board_page(conn, MAP, CURRENT_RULES_VERSION, limit=5,
                                      around="p07")
            assert banned is None
    finally:
        engine.dispose()


def test_a_page_writes_times_and_ranks_as_the_rest_of_the_api(database: str) -> None:
    """The database formats a page's times (sql.utc_iso): the same text as sql.iso gives
    for the stored time, to the microsecond, in UTC whatever the session's time zone."""
    fill(database)
    engine = connect(database)
    try:
        with reading(engine) as conn:
            if engine.dialect.name == "postgresql":
                conn.exec_driver_sql("SET TIME ZONE 'America/New_York'")
            stored = {run: sql.iso(at) for run, at in conn.execute(
                select(entries.c.run_id, entries.c.at).where(entries.c.map_id == MAP))}
            page = map_boards.board_page(conn, MAP, CURRENT_RULES_VERSION, limit=100)
            assert page is not None
            items = page[0]
            assert [item["at"] for item in items] == [stored[item["run"]] for item in items]
            assert any(not item["at"].endswith(".000000Z") for item in items)
            assert all(type(item["rank"]) is int for item in items)
    finally:
        engine.dispose()
