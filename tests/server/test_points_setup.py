"""Boards in points from GameInfo alone, on SQLite and on PostgreSQL: each entry keeps its run's
setup (Run.setup()), a second game ranks on its own boards with no server edit, and the copy
check compares the setup: the same moves on another setup of one board are another play."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import column, select, table, update

from engine import games
from engine.minirogue import RULES, record
from server.db import migrate
from server.schema import runs
from tests.nim.plugin import registered
from tests.server.conftest import Api
from tests.server.minirogue_runs import played, seed_board, server_seed, today
from tests.server.support import make_moderator

pytestmark = [pytest.mark.clock, pytest.mark.usefixtures("steady_clock")]


def items(api: Api, game: str, board: str) -> list[dict[str, Any]]:
    answer = api.client.get(f"/api/v1/games/{game}/boards/{board}/leaderboard")
    assert answer.status_code == 200, answer.text
    return answer.json()["items"]  # type: ignore[no-any-return]


def replayed_on(run: dict[str, Any], difficulty: str) -> dict[str, Any] | None:
    """The run document of `run`'s actions played at `difficulty`, if they finish a delve
    there too; else None."""
    state = RULES.new_game(seed=run["seed"], difficulty=difficulty,
                           dungeon_keys=run["dungeon_keys"])
    for action in games.run_from_dict(run).actions:
        if state.is_over or state.why_illegal(action) is not None:
            return None
        state.apply(action)
    return record(state, "Recorder", recorded=run["recorded"]) if state.is_over else None


def twin_setups(seed: int, recorded: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two runs of `seed` with the same actions, at normal and at another difficulty."""
    for policy in range(300):
        run = played(seed, policy=policy, recorded=recorded)
        for other in ("hard", "casual"):
            twin = replayed_on(run, other)
            if twin is not None:
                return run, twin
    raise AssertionError("no moves finish a delve at two difficulties")


def test_each_entry_keeps_its_runs_setup_also_moved_from_the_old_columns(api: Api) -> None:
    """Before 0019 an entry kept Mini Rogue's difficulty and variant in columns of their own:
    upgraded, each has its run's setup, read from the run, or from those columns when its run
    no longer reads."""
    hard, plain = played(7, "hard", True), played(3)
    ann_run = api.submit(hard, api.register("Ann"))
    bo_run = api.submit(plain, api.register("Bo"))
    api.settle()
    assert [i["setup"] for i in items(api, "minirogue", seed_board(hard))] == [
        {"seed": 7, "difficulty": "hard", "dungeon_keys": True}]
    migrate(api.engine, "0018", down=True)  # as a database from before the setup column
    with api.engine.begin() as conn:
        old = conn.execute(select(column("run_id"), column("difficulty"), column("dungeon_keys"))
                           .select_from(table("scored_entries")).order_by(column("run_id"))
                           ).all()
        assert [tuple(row) for row in old] == [(ann_run, "hard", True), (bo_run, "normal", False)]
        conn.execute(update(runs).where(runs.c.id == bo_run).values(document={"game": "gone"}))
    migrate(api.engine)
    assert [i["setup"] for i in items(api, "minirogue", seed_board(hard))] == [
        {"seed": 7, "difficulty": "hard", "dungeon_keys": True}]
    assert [i["setup"] for i in items(api, "minirogue", seed_board(plain))] == [
        {"difficulty": "normal", "dungeon_keys": False}]
    page = api.client.get(f"/games/minirogue/boards/{seed_board(hard)}").text
    assert "won" in page or "dead" in page
    assert "(Hard)" in page  # how it was played, in the game's own words


@pytest.fixture
def nim() -> Iterator[None]:
    with registered():
        yield


def nim_run(seed: int, takes: list[int], player: str) -> dict[str, Any]:
    rules = games.load("nim")
    state = rules.new_game(seed=seed, stones=5)
    for stones in takes:
        state.apply(next(a for a in state.legal_actions() if a.to_dict()["stones"] == stones))
    assert state.is_over
    return rules.record(state, player=player)  # type: ignore[no-any-return]


def test_a_second_game_in_points_ranks_on_its_own_board(api: Api, nim: None) -> None:
    """Nim, registered for this test only, is ranked by the server from its GameInfo: its board
    key, its score, its setup, its boards' list and its board's page."""
    fast, slow = nim_run(4, [1, 2], "Ann"), nim_run(4, [3], "Bo")
    assert fast["claimed"]["score"] > slow["claimed"]["score"]
    ann, bo = api.register("Ann"), api.register("Bo")
    own_slow = api.submit(nim_run(6, [3], "Ann"), ann)
    bo_run = api.submit(slow, bo)
    best = api.submit(fast, ann)
    api.settle()
    ranked = items(api, "nim", "stones-5")
    assert [(i["rank"], i["player"], i["score"], i["setup"]) for i in ranked] == [
        (1, "Ann", fast["claimed"]["score"], {"seed": 4, "stones": 5}),
        (2, "Bo", slow["claimed"]["score"], {"seed": 4, "stones": 5})]
    boards = api.client.get("/api/v1/games/nim/boards").json()["items"]
    assert [(b["board"], b["entries"]) for b in boards] == [("stones-5", 2)]
    page = api.client.get("/games/nim/boards/stones-5").text
    assert "Nim from 5 stones" in page and page.index(">Ann<") < page.index(">Bo<")
    # Moderation too: Ann's best removed, her other run takes its place, with its own setup
    # (sent before Bo's, it ranks first at the same score).
    assert api.client.post(f"/api/v1/admin/runs/{best}/remove", json={"why": "a test"},
                           headers=make_moderator(api, "Mod")).status_code == 200
    ranked = items(api, "nim", "stones-5")
    assert [(i["player"], i["run"], i["setup"]) for i in ranked] == [
        ("Ann", own_slow, {"seed": 6, "stones": 5}), ("Bo", bo_run, {"seed": 4, "stones": 5})]


def test_the_same_moves_on_another_setup_are_no_copy_and_a_copy_is_still_refused(
        api: Api, nim: None) -> None:
    day = today()
    recorded = f"{day.isoformat()}T09:00:00Z"
    normal, other = twin_setups(server_seed(api.client, day), recorded)
    assert normal["actions"] == other["actions"]
    ann, bo, cy = api.register("Ann"), api.register("Bo"), api.register("Cy")
    first = api.submit(normal, ann)
    on_other = api.submit({**other, "player": "Bo"}, bo)
    copied = api.submit({**normal, "player": "Cy"}, cy)
    # The same for a second game: Nim's board of 5 stones takes every seed.
    nim_first = api.submit(nim_run(4, [1, 2], "Ann"), ann)
    nim_other = api.submit(nim_run(6, [1, 2], "Bo"), bo)
    nim_copied = api.submit(nim_run(4, [1, 2], "Cy"), cy)
    api.settle()
    for run in (first, on_other, nim_first, nim_other):
        assert api.run(run)["status"] == "verified", api.run(run)
    for run, original in ((copied, first), (nim_copied, nim_first)):
        refused = api.run(run)
        assert (refused["status"], refused["reason"]) == ("refused", "copied_run")
        assert f"run {original} by Ann" in refused["message"]
    key = f"daily:{day.isoformat()}"
    assert sorted(i["player"] for i in items(api, "minirogue", key)) == ["Ann", "Bo"]
    assert sorted(i["player"] for i in items(api, "nim", "stones-5")) == ["Ann", "Bo"]


def test_runs_in_points_verified_before_the_setup_counted_are_originals_on_upgrade(
        api: Api) -> None:
    """Before 0020 a run's copy key was its actions alone: upgraded, a run in points gets the
    key with its setup, so a copy of it is still refused."""
    original = api.submit(played(7, "hard", True), api.register("Ann"))
    api.settle()
    migrate(api.engine, "0019", down=True)
    with api.engine.connect() as conn:
        before = conn.execute(select(runs.c.actions_key)).scalar_one()
    migrate(api.engine)
    with api.engine.connect() as conn:
        assert conn.execute(select(runs.c.actions_key)).scalar_one() != before
    stolen = api.client.get(f"/api/v1/runs/{original}/file").json()
    copied = api.submit({**stolen, "player": "Mallory"}, api.register("Mallory"))
    api.settle()
    assert (api.run(copied)["status"], api.run(copied)["reason"]) == ("refused", "copied_run")
