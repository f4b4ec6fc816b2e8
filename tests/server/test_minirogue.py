"""Mini Rogue on the community server, on SQLite and on PostgreSQL: runs verified by replay
and ranked in points, on the board of their seed or of their daily dungeon's date."""

from __future__ import annotations

import copy
import datetime
from typing import Any

import pytest
from sqlalchemy import false, func, select

from server.db import migrate
from server.schema import scored_boards, scored_counts, scored_entries
from server.sql import iso
from services import clock
from tests.server.conftest import Api
from tests.server.minirogue_runs import (
    by_score,
    daily,
    offline_daily,
    played,
    same_score,
    seed_board,
    server_seed,
    today,
    unused,
    won,
)
from tests.server.support import make_moderator

pytestmark = [pytest.mark.clock, pytest.mark.usefixtures("steady_clock")]

GAME = "/api/v1/games/minirogue"


def board(api: Api, key: str, **params: Any) -> dict[str, Any]:
    answer = api.client.get(f"{GAME}/boards/{key}/leaderboard", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


def check_point_counts(api: Api) -> None:
    """scored_counts and scored_boards hold exactly the entries on the boards."""
    for table in (scored_counts, scored_boards):
        key = [scored_entries.c[c.name] for c in table.primary_key.columns]
        with api.engine.connect() as conn:
            on_boards = {tuple(r[:-1]): r[-1] for r in conn.execute(
                select(*key, func.count()).where(scored_entries.c.removed == false())
                .group_by(*key))}
            counted = {tuple(r[:-1]): r[-1] for r in conn.execute(
                select(*table.primary_key.columns, table.c.entries)
                .where(table.c.entries != 0))}
        assert counted == on_boards, table.name


def test_a_won_run_and_a_dead_run_rank_by_score_for_the_tokens_player(api: Api) -> None:
    ann, bo = api.register("Ann"), api.register("Bo")
    victory = won()
    death = played(victory["seed"], victory["difficulty"], policy=1)
    assert death["claimed"]["outcome"] == "dead"
    first = api.submit(victory, ann)
    second = api.submit(death, bo)
    assert api.settle() == 2
    key = seed_board(victory)
    run = api.run(first)
    assert (run["status"], run["game"], run["board"], run["score"], run["rank"]) == \
        ("verified", "minirogue", key, victory["claimed"]["score"], 1)
    assert run["player"] == "Ann"  # the token's player, not the name in the file
    page = board(api, key)
    assert page["total"] == 2 and page["game"] == "minirogue"
    assert [(i["player"], i["score"], i["ending"]) for i in page["items"]] == [
        ("Ann", victory["claimed"]["score"], "won"), ("Bo", death["claimed"]["score"], "dead")]
    with api.engine.connect() as conn:  # times as the rest of the API writes them
        stored = dict(conn.execute(select(scored_entries.c.run_id, scored_entries.c.at)).all())
    assert [i["at"] for i in page["items"]] == [iso(stored[i["run"]]) for i in page["items"]]
    assert api.run(second)["rank"] == 2
    listed = api.client.get(f"{GAME}/boards").json()
    assert [(b["board"], b["kind"], b["seed"], b["difficulty"], b["dungeon_keys"],
             b["entries"]) for b in listed["items"]] == \
        [(key, "seed", victory["seed"], "casual", False, 2)]
    check_point_counts(api)


def test_a_daily_run_enters_the_days_board_because_of_the_servers_seed(api: Api) -> None:
    ann = api.register("Ann")
    day = today()
    seed = server_seed(api.client, day)
    assert server_seed(api.client, day) == seed  # drawn once
    first = daily(seed, day)
    # The same seed recorded as a week ago: still that day's dungeon. The seed is drawn afresh
    # each test, so take a random player whose moves differ from the first run's, or this run
    # would be refused as a copy of it (CI saw it under faketime).
    week_ago = next(run for run in (played(seed, policy=policy,
                                           recorded=f"{day - datetime.timedelta(days=7)}T08:00:00Z")
                                    for policy in range(200))
                    if run["actions"] != first["actions"])
    run_ids = [api.submit(first, ann),
               api.submit(week_ago, ann),
               # The app's offline daily is a seed like any other here.
               api.submit(offline_daily(day), ann),
               api.submit(played(7, recorded=f"{day.isoformat()}T08:00:00Z"), ann)]
    api.settle()
    boards = [api.run(run_id)["board"] for run_id in run_ids]
    assert boards == [f"daily:{day.isoformat()}"] * 2 + [seed_board(offline_daily(day)),
                                                         "seed:7:normal:plain"]
    page = board(api, f"daily:{day.isoformat()}")
    assert [i["player"] for i in page["items"]] == ["Ann"]
    dailies = api.client.get(f"{GAME}/boards", params={"kind": "daily"}).json()["items"]
    assert [(b["board"], b["day"], b["seed"], b["entries"]) for b in dailies] == \
        [(f"daily:{day.isoformat()}", day.isoformat(), seed, 1)]
    # An empty day's board is a board with nobody on it yet.
    empty = board(api, "daily:2020-01-01")
    assert empty["items"] == [] and empty["total"] == 0


def forgeries(run: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each way to cheat, by the reason it must be refused for."""
    def changed(**fields: Any) -> dict[str, Any]:
        forged = copy.deepcopy(run)
        forged.update(fields)
        return forged

    claimed = {**run["claimed"], "score": run["claimed"]["score"] + 100}
    illegal = copy.deepcopy(run)
    illegal["actions"][1] = {"do": "strike"}
    illegal.pop("claimed")
    return {
        "claims_differ": changed(claimed=claimed),
        "illegal_action": illegal,
        "does_not_finish": changed(actions=run["actions"][:5], claimed={}),
        "other_rules_version": changed(rules_version=99),
        "bad_run": changed(difficulty="nightmare"),
        "other_game": changed(game="chess"),
    }


def test_forged_runs_are_refused_with_their_reason(api: Api) -> None:
    mallory = api.register("Mallory")
    submitted = {reason: api.submit(run, mallory) for reason, run in forgeries(won()).items()}
    api.settle()
    for reason, run_id in submitted.items():
        run = api.run(run_id)
        assert (run["status"], run["reason"]) == ("refused", reason), run
        assert run["message"] and run["rank"] is None and run["board"] is None
    assert api.run(submitted["illegal_action"])["index"] == 1
    assert api.client.get(f"{GAME}/boards").json()["items"] == []


def test_a_run_over_the_step_budget_is_refused_as_too_large(database: str) -> None:
    from server.verification import Budget
    from tests.server.conftest import make_api

    for api in make_api(database, budget=Budget(actions=10)):
        run_id = api.submit(won(), api.register("Ann"))
        api.settle()
        assert api.run(run_id)["reason"] == "too_large"


def tied_board(api: Api) -> tuple[str, list[str]]:
    """Five players on one seed's board with scores a > b = b > c > d: ranks 1, 2, 2, 4, 5."""
    runs = by_score()
    names = ["Ann", "Bo", "Cy", "Di", "Ed"]
    tie = same_score(runs[1], 1)  # Cy's run scores as Bo's, with other actions
    for name, run in zip(names, [runs[0], runs[1], tie, runs[2], runs[3]], strict=True):
        api.submit(run, api.register(name))
    api.settle()
    return seed_board(runs[0]), names


def test_ties_share_a_rank_and_go_to_the_earlier_run_page_by_page(api: Api) -> None:
    key, _ = tied_board(api)
    whole = board(api, key)
    assert [(i["rank"], i["player"]) for i in whole["items"]] == \
        [(1, "Ann"), (2, "Bo"), (2, "Cy"), (4, "Di"), (5, "Ed")]
    assert whole["total"] == 5
    scores = [i["score"] for i in whole["items"]]
    assert scores == sorted(scores, reverse=True)
    for limit in (1, 2, 3):
        seen, cursor = [], None
        while True:
            page = board(api, key, limit=limit, **({"cursor": cursor} if cursor else {}))
            seen += [(i["rank"], i["player"]) for i in page["items"]]
            cursor = page["next"]
            if cursor is None:
                break
        assert seen == [(i["rank"], i["player"]) for i in whole["items"]], limit
    bad = api.client.get(f"{GAME}/boards/{key}/leaderboard", params={"cursor": "xyz"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_cursor"


def test_a_player_keeps_their_best_entry(api: Api) -> None:
    runs = by_score()
    ann = api.register("Ann")
    for run in (runs[2], runs[3], runs[0]):  # worse, then better
        api.submit(run, ann)
        api.settle()
    page = board(api, seed_board(runs[0]))
    assert [(i["player"], i["score"]) for i in page["items"]] == \
        [("Ann", runs[0]["claimed"]["score"])]
    check_point_counts(api)


def test_pages_return_every_entry_once_while_runs_arrive(api: Api) -> None:
    runs = by_score()
    for n in range(10):
        api.submit(same_score(runs[n % 5], n // 5), api.register(f"p{n:02}"))
    api.settle()
    key = seed_board(runs[0])
    seen: list[str] = []
    ranks: list[int] = []
    cursor = None
    arrivals = 0
    while True:
        page = board(api, key, limit=3, **({"cursor": cursor} if cursor else {}))
        seen += [i["player"] for i in page["items"]]
        ranks += [i["rank"] for i in page["items"]]
        cursor = page["next"]
        if cursor is None:
            break
        for high in (True, False):  # ahead of and behind the cursor
            api.submit(unused(arrivals, high=high), api.register(f"new{arrivals}"))
            arrivals += 1
        api.settle()
    assert len(seen) == len(set(seen)) and {f"p{n:02}" for n in range(10)} <= set(seen)
    assert ranks == sorted(ranks)
    assert board(api, key)["total"] == 10 + arrivals


def test_around_shows_a_players_entry_and_rank(api: Api) -> None:
    key, _ = tied_board(api)
    page = board(api, key, limit=3, around="Di")
    assert [(i["rank"], i["player"]) for i in page["items"]] == \
        [(2, "Cy"), (4, "Di"), (5, "Ed")]
    top = board(api, key, limit=3, around="Ann")
    assert [i["player"] for i in top["items"]] == ["Ann", "Bo", "Cy"]
    missing = api.client.get(f"{GAME}/boards/{key}/leaderboard", params={"around": "nobody"})
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_on_board"


def test_a_ban_or_a_removal_takes_entries_off_the_boards(api: Api) -> None:
    key, _ = tied_board(api)
    mod = make_moderator(api, "Mod")
    answer = api.client.post("/api/v1/admin/players/Bo/ban", json={"why": "bot"}, headers=mod)
    assert answer.status_code == 200 and answer.json()["entries_removed"] == 1
    page = board(api, key)
    assert [(i["rank"], i["player"]) for i in page["items"]] == \
        [(1, "Ann"), (2, "Cy"), (3, "Di"), (4, "Ed")]
    ann_run = page["items"][0]["run"]
    assert api.client.post(f"/api/v1/admin/runs/{ann_run}/remove", json={"why": "copied"},
                           headers=mod).status_code == 200
    page = board(api, key)
    assert [(i["rank"], i["player"]) for i in page["items"]] == \
        [(1, "Cy"), (2, "Di"), (3, "Ed")] and page["total"] == 3
    assert api.run(ann_run)["rank"] is None
    listed = api.client.get(f"{GAME}/boards").json()["items"]
    assert [b["entries"] for b in listed] == [3]
    check_point_counts(api)


def test_removing_a_players_best_delve_ranks_their_next_best(api: Api) -> None:
    ann = api.register("Ann")
    victory = won()
    death = played(victory["seed"], victory["difficulty"], policy=1)
    best, other = api.submit(victory, ann), api.submit(death, ann)
    api.settle()
    key = seed_board(victory)
    assert [(i["run"], i["ending"]) for i in board(api, key)["items"]] == [(best, "won")]
    mod = make_moderator(api, "Mod")
    assert api.client.post(f"/api/v1/admin/runs/{best}/remove", json={"why": "copied"},
                           headers=mod).status_code == 200
    page = board(api, key)
    assert [(i["run"], i["score"], i["ending"]) for i in page["items"]] == \
        [(other, death["claimed"]["score"], "dead")] and page["total"] == 1
    check_point_counts(api)


def test_unknown_games_and_boards_are_404(api: Api) -> None:
    for path, code in (("/api/v1/games/chess/boards", "unknown_game"),
                       (f"{GAME}/boards/seed:3:nightmare:plain/leaderboard", "unknown_board"),
                       (f"{GAME}/boards/daily:2026-13-45/leaderboard", "unknown_board"),
                       (f"{GAME}/boards/anything/leaderboard", "unknown_board")):
        answer = api.client.get(path)
        assert answer.status_code == 404 and answer.json()["error"]["code"] == code, path


def test_the_board_list_pages_daily_boards_first_newest_first(api: Api) -> None:
    ann = api.register("Ann")
    day = today()
    for n in range(2):  # today's and yesterday's daily dungeons
        past = day - datetime.timedelta(days=n)
        with clock.frozen(datetime.datetime.combine(past, datetime.time(12),
                                                    tzinfo=datetime.UTC)):
            api.submit(daily(server_seed(api.client, past), past), ann)
    for run in by_score()[:1]:
        api.submit(run, ann)
    api.submit(played(11, "hard", True), ann)
    api.settle()
    seen, cursor = [], None
    while True:
        page = api.client.get(f"{GAME}/boards", params={"limit": 1, **(
            {"cursor": cursor} if cursor else {})}).json()
        seen += [b["board"] for b in page["items"]]
        cursor = page["next"]
        if cursor is None:
            break
    yesterday = (day - datetime.timedelta(days=1)).isoformat()
    assert seen == [f"daily:{day.isoformat()}", f"daily:{yesterday}", "seed:3:normal:plain",
                    "seed:11:hard:keys"]


def test_a_daily_board_says_how_each_delve_was_played(api: Api) -> None:
    """A daily board takes every difficulty and variant: each entry says which it was, also
    after an upgrade from before the server kept it (read again from the runs)."""
    day = today()
    seed = server_seed(api.client, day)
    setups = {"Ann": ("hard", True), "Bo": ("casual", False), "Cy": ("normal", True)}
    sent: set[str] = set()
    for name, (difficulty, keys) in setups.items():
        # The seed is drawn afresh each test, so one random player could make the same moves on
        # two setups, and the second would be refused as a copy (CI saw it): take another.
        run = next(run for run in (played(seed, difficulty, keys, policy=policy,
                                          recorded=f"{day.isoformat()}T09:00:00Z")
                                   for policy in range(200))
                   if repr(run["actions"]) not in sent)
        sent.add(repr(run["actions"]))
        api.submit(run, api.register(name))
    api.settle()
    key = f"daily:{day.isoformat()}"

    def shown() -> dict[str, tuple[str, bool]]:
        return {i["player"]: (i["setup"]["difficulty"], i["setup"]["dungeon_keys"])
                for i in board(api, key)["items"]}

    assert shown() == setups
    migrate(api.engine, "0008", down=True)
    migrate(api.engine)
    assert shown() == setups


def test_the_points_boards_survive_migrating_down_and_up(api: Api) -> None:
    key, _ = tied_board(api)
    migrate(api.engine, "0006", down=True)
    migrate(api.engine)
    # The boards of points are new in 0007: going below it drops them, and up again they are
    # empty; the runs are kept, and every table is there again.
    assert board(api, key)["total"] == 0
    assert len(api.client.get("/api/v1/runs/1").json()) > 0


def test_a_daily_run_verified_days_later_keeps_the_day_it_was_sent_on(api: Api) -> None:
    from sqlalchemy import update

    from server.schema import runs

    day = today() - datetime.timedelta(days=10)
    with clock.frozen(datetime.datetime.combine(day, datetime.time(22), tzinfo=datetime.UTC)):
        run = daily(server_seed(api.client, day), day)
    del run["recorded"]  # no date in the file: the seed and when it was sent say where
    run_id = api.submit(run, api.register("Ann"))
    sent = datetime.datetime.combine(day, datetime.time(23, 0), tzinfo=datetime.UTC)
    with api.engine.begin() as conn:  # sent on its day, late; the verifier gets to it now
        conn.execute(update(runs).where(runs.c.id == run_id).values(submitted_at=sent))
    api.settle()
    assert api.run(run_id)["board"] == f"daily:{day.isoformat()}"
