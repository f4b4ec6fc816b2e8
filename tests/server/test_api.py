"""The community server's API, on SQLite and on PostgreSQL (see conftest.py `database`)."""

from __future__ import annotations

import copy
import hashlib
import re
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from engine.cardrogue.identity import map_id, share_code
from engine.cardrogue.maps import load_map
from server import sql, store
from server.schema import entries, players, runs
from tests.server.conftest import CHALLENGES, Api, challenge
from tests.server.support import make_moderator, slower

# ---------------------------------------------------------------------- players

def test_register_gives_a_token_and_keeps_only_its_hash(api: Api) -> None:
    answer = api.client.post("/api/v1/players", json={"name": "Ann"})
    assert answer.status_code == 201
    body = answer.json()
    assert body["name"] == "Ann" and len(body["token"]) > 30
    with api.engine.connect() as conn:
        row = conn.execute(select(players).where(players.c.name == "Ann")).one()
    assert row.token_hash == hashlib.sha256(body["token"].encode()).hexdigest()
    assert body["token"] not in [str(value) for value in row]
    again = api.client.post("/api/v1/players", json={"name": "Ann"})
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "name_taken"


def test_players_me_says_whose_token_it_is(api: Api) -> None:
    ann, mod = api.register("Ann"), make_moderator(api, "Mod")
    assert api.client.get("/api/v1/players/me", headers=ann).json() == \
        {"name": "Ann", "role": "player", "banned": False}
    assert api.client.get("/api/v1/players/me", headers=mod).json()["role"] == "moderator"
    api.client.post("/api/v1/admin/players/Ann/ban", json={"why": "x"}, headers=mod)
    assert api.client.get("/api/v1/players/me", headers=ann).json()["banned"] is True
    for headers in ({}, {"Authorization": "Bearer nope"}):
        assert api.client.get("/api/v1/players/me", headers=headers).status_code == 401


def test_a_name_equal_but_for_case_or_width_is_taken(api: Api) -> None:
    api.register("Bob")
    for like in ("BOB", "bob", "\uff42\uff4f\uff42", "\uff22ob"):  # full-width letters too
        answer = api.client.post("/api/v1/players", json={"name": like})
        assert answer.status_code == 409, like
        assert answer.json()["error"] == {"code": "name_taken", "message": (
            "this name is too like 'Bob', which is taken (names must not look alike, in any "
            "case or width)")}
    for other in ("Bobby", "Bób", "B o b"):
        assert api.client.post("/api/v1/players", json={"name": other}).status_code == 201


def test_a_name_that_looks_like_a_taken_one_is_taken(api: Api) -> None:
    """Finding 2: look-alikes by their TR39 skeleton, against every name registered."""
    for name in ("Alice", "Iris", "Arnold", "Paypal"):
        api.register(name)
    looks = {
        "\u0410lice": "Alice",  # Cyrillic capital A
        "\u0430lice": "Alice",  # Cyrillic small a: "alice" is Alice's name in any case
        "Alic\u0435": "Alice",  # Cyrillic small e
        "\U0001d400lice": "Alice",  # mathematical bold A
        "lris": "Iris",  # a small L for a capital I
        "Amold": "Arnold",  # "rn" and "m"
        "P\u0430yp\u0430l": "Paypal",
    }
    for like, taken in looks.items():
        answer = api.client.post("/api/v1/players", json={"name": like})
        assert answer.status_code == 409, like
        assert f"too like {taken!r}" in answer.json()["error"]["message"], like
    # Characters that show as nothing are refused outright, whatever else is registered.
    invisible = ["Bob\ufe0f", "Bo\ufe00b", "Bob\U000e0041", "Bo\u200db", "Bo\u200bb",
                 "Bob\u034f", "Bob\u2060", "\u3164Bob", "Bob\u180e", "Bob\u00ad"]
    for name in invisible:
        answer = api.client.post("/api/v1/players", json={"name": name})
        assert answer.status_code == 422, ascii(name)
        assert answer.json()["error"]["code"] == "bad_name", ascii(name)
    # A smear of marks hiding a letter is refused; an accent or two is a name of its own.
    smear = api.client.post("/api/v1/players", json={"name": "Bo\u0301\u0300\u0302b"})
    assert smear.status_code == 422
    for own in ("Zo\u00eb", "Se\u0301bastien", "\u1ec6mma", "\u0417\u043e\u044f",
                "\u674e\u5a1c", "Ali"):
        assert api.client.post("/api/v1/players", json={"name": own}).status_code == 201, own


def test_names_are_checked_but_stored_as_given(api: Api) -> None:
    for bad in ["", " Ann", "A\x1bnn", "x" * 41, "Ann\u202e"]:
        answer = api.client.post("/api/v1/players", json={"name": bad})
        assert answer.status_code == 422, bad
        assert answer.json()["error"]["code"] == "bad_name"
    answer = api.client.post("/api/v1/players", json={"name": "Zoë <b>&"})
    assert answer.status_code == 201 and answer.json()["name"] == "Zoë <b>&"


def test_writes_need_a_valid_token(api: Api) -> None:
    text, clear = challenge("speed-maze")
    for headers in ({}, {"Authorization": "Bearer nope"}, {"Authorization": "Basic abc"}):
        answer = api.client.post("/api/v1/runs", json=clear, headers=headers)
        assert answer.status_code == 401
        assert set(answer.json()["error"]) == {"code", "message"}
    answer = api.client.post("/api/v1/maps", json={"map": text, "clear": clear})
    assert answer.status_code == 401


# ---------------------------------------------------------------------- maps

def test_publishing_computes_the_id_and_share_code(api: Api) -> None:
    ann = api.register("Ann")
    published = api.publish("key-detour", ann)
    expected = map_id(load_map(CHALLENGES / "key-detour.toml"))
    assert published["id"] == expected
    assert published["share_code"] == share_code(expected)
    assert published["title"] == "The Long Way Round"
    for ref in (expected, published["share_code"], published["share_code"].lower()):
        answer = api.client.get(f"/api/v1/maps/{ref}")
        assert answer.status_code == 200
        entry = answer.json()
        assert entry["author"] == "Ann" and entry["levels"] == 1 and entry["par"] == 40
        assert entry["best"] == 40 and entry["plays"] == 1 and entry["description"]
        assert entry["difficulty"] == "easy"  # the map's own rating
    text, _ = challenge("key-detour")
    assert api.client.get(f"/api/v1/maps/{expected}/file").text == text
    # The clear opens the board, credited to the author.
    assert [(i["player"], i["moves"]) for i in api.board(expected)["items"]] == [("Ann", 40)]
    again = api.client.post("/api/v1/maps", json={"map": text, "clear": challenge(
        "key-detour")[1]}, headers=api.register("Bo"))
    assert again.status_code == 409 and again.json()["error"]["code"] == "map_exists"
    missing = api.client.get("/api/v1/maps/ZZZZ-ZZZZ")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_map"


def test_the_lists_carry_a_rating_only_for_a_rated_map(api: Api) -> None:
    ann = api.register("Ann")
    rated = api.publish("speed-maze", ann)
    text, clear = challenge("right-weapon")
    assert 'difficulty = "medium"\n' in text
    unrated = api.client.post("/api/v1/maps", json={
        "map": text.replace('difficulty = "medium"\n', ""), "clear": clear}, headers=ann)
    assert unrated.status_code == 201, unrated.text
    listed = {m["id"]: m["difficulty"] for m in api.client.get("/api/v1/maps").json()["items"]}
    assert listed == {rated["id"]: "easy", unrated.json()["id"]: None}
    assert api.client.get(f"/api/v1/maps/{unrated.json()['id']}").json()["difficulty"] is None


def test_a_map_needs_a_clear_that_finishes_it(api: Api) -> None:
    ann = api.register("Ann")
    text, clear = challenge("key-detour")
    cases = {
        "does_not_finish": {**clear, "actions": clear["actions"][:-1], "claimed": {}},
        "map_hash_mismatch": challenge("speed-maze")[1],
        "other_rules_version": {**clear, "rules_version": clear["rules_version"] + 1},
    }
    for reason, run in cases.items():
        answer = api.client.post("/api/v1/maps", json={"map": text, "clear": run}, headers=ann)
        assert answer.status_code == 422, reason
        assert answer.json()["error"]["code"] == reason
    broken = text.replace("[[levels]]", "[[levelz]]", 1)
    answer = api.client.post("/api/v1/maps", json={"map": broken, "clear": clear}, headers=ann)
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "invalid_map"
    assert api.client.get("/api/v1/maps").json()["items"] == []


def test_the_map_list_searches_sorts_and_pages(api: Api) -> None:
    ann, bo = api.register("Ann"), api.register("Bo")
    names = ["key-detour", "speed-maze", "right-weapon", "poison-race"]
    titles = {}
    for n, name in enumerate(names):
        titles[name] = api.publish(name, ann if n % 2 == 0 else bo)["title"]
    _, clear = challenge("poison-race")
    for who, extra in ((ann, 1), (bo, 2)):  # two plays (the same run twice is one)
        api.submit(slower(clear, extra), who)
    api.settle()

    def every(sort: str, **params: Any) -> list[dict[str, Any]]:
        seen, cursor = [], None
        while True:
            page = api.client.get("/api/v1/maps", params={"sort": sort, "limit": 1, **params,
                                                          **({"cursor": cursor} if cursor
                                                             else {})}).json()
            seen += page["items"]
            cursor = page["next"]
            if cursor is None:
                return seen

    newest = every("new")
    assert [m["title"] for m in newest] == [titles[n] for n in reversed(names)]
    assert [m["title"] for m in every("title")] == sorted(titles.values())
    popular = every("popular")
    assert popular[0]["title"] == titles["poison-race"] and popular[0]["plays"] == 3
    assert {m["author"] for m in every("new", q="bo")} == {"Bo"}
    corridor = every("title", q=titles["key-detour"][4:12].upper())
    assert [m["title"] for m in corridor] == [titles["key-detour"]]
    assert api.client.get("/api/v1/maps", params={"q": "%"}).json()["items"] == []
    bad = api.client.get("/api/v1/maps", params={"cursor": "bm9wZQ"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_cursor"
    assert api.client.get("/api/v1/maps", params={"sort": "best"}).status_code == 422


# ---------------------------------------------------------------------- runs

def test_a_run_is_queued_then_verified_and_credited_to_the_token(api: Api) -> None:
    ann, bo = api.register("Ann"), api.register("Bo")
    published = api.publish("speed-maze", ann)
    _, clear = challenge("speed-maze")
    assert clear["player"] == "Author"
    run_id = api.submit(slower(clear, 1), bo)
    assert api.run(run_id)["status"] == "queued"
    assert api.settle() == 1
    run = api.run(run_id)
    assert (run["status"], run["player"], run["moves"], run["turns"], run["rank"]) == \
        ("verified", "Bo", 31, 11, 2)
    board = api.board(published["share_code"])
    assert [(i["player"], i["rank"], i["run"]) for i in board["items"]] == \
        [("Ann", 1, board["items"][0]["run"]), ("Bo", 2, run_id)]
    assert "Author" not in [i["player"] for i in board["items"]]
    # Times are UTC, to the microsecond, on both databases; the entry's is its run's.
    at = board["items"][1]["at"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z", at), at
    assert at == run["submitted_at"]
    submitted = datetime.fromisoformat(at.replace("Z", "+00:00"))
    assert abs((datetime.now(UTC) - submitted).total_seconds()) < 3600
    assert api.client.get(f"/api/v1/runs/{run_id}/file").json() == slower(clear, 1)
    assert api.client.get("/api/v1/runs/999999").status_code == 404


def test_the_same_run_sent_again_is_the_same_submission(api: Api) -> None:
    """A client whose answer was lost sends the run again: one run, one play, one entry."""
    ann, bo = api.register("Ann"), api.register("Bo")
    published = api.publish("speed-maze", ann)
    _, clear = challenge("speed-maze")
    first = api.submit(slower(clear, 1), bo)
    assert api.submit(slower(clear, 1), bo) == first  # still queued: the same id
    assert api.settle() == 1
    again = api.client.post("/api/v1/runs", json=slower(clear, 1), headers=bo)
    assert again.status_code == 202 and again.json() == {"id": first, "status": "verified"}
    assert api.settle() == 0
    entry = api.client.get(f"/api/v1/maps/{published['share_code']}").json()
    assert entry["plays"] == 2  # the clear and Bo's run, once
    cy = api.register("Cy")
    assert api.submit(slower(clear, 1), cy) != first  # another player's copy is their own run


def test_a_copied_run_is_refused_naming_the_original(api: Api) -> None:
    """Finding 1: a downloaded run sent under another token is not a score."""
    ann, bo, mallory = api.register("Ann"), api.register("Bo"), api.register("Mallory")
    published = api.publish("speed-maze", ann)
    _, clear = challenge("speed-maze")
    original = api.submit(slower(clear, 1), bo)
    # While it waits for verification, its file is not out: no copy can overtake it.
    waiting = api.client.get(f"/api/v1/runs/{original}/file")
    assert waiting.status_code == 409 and waiting.json()["error"]["code"] == "not_settled"
    api.settle()
    stolen = api.client.get(f"/api/v1/runs/{original}/file").json()
    clear_run = api.board(published["id"])["items"][0]["run"]
    authors = api.client.get(f"/api/v1/runs/{clear_run}/file").json()
    # Renamed and re-dated, without its claims: the same actions all the same.
    dressed = {**stolen, "player": "Mallory", "recorded": "2027-01-01T00:00:00Z"}
    dressed.pop("claimed", None)
    copies = [api.submit(doc, mallory) for doc in (stolen, dressed, authors)]
    api.settle()
    for copy_id, (owner, name) in zip(copies, ((original, "Bo"), (original, "Bo"),
                                               (clear_run, "Ann")), strict=True):
        run = api.run(copy_id)
        assert (run["status"], run["reason"], run["rank"]) == ("refused", "copied_run", None)
        assert f"run {owner} by {name}" in run["message"]
    board = api.board(published["id"])
    assert [(i["player"], i["rank"]) for i in board["items"]] == [("Ann", 1), ("Bo", 2)]
    # The same actions on another board are no copy; Bo's own re-dated run is one (one play).
    api.publish("key-detour", ann)
    assert api.client.get(f"/api/v1/maps/{published['id']}").json()["plays"] == 2
    again = api.submit({**stolen, "recorded": "2027-02-02T00:00:00Z"}, bo)
    api.settle()
    assert api.run(again)["reason"] == "copied_run"
    assert api.client.get(f"/api/v1/maps/{published['id']}").json()["plays"] == 2


def test_plays_count_distinct_runs_by_their_actions(api: Api) -> None:
    """Finding 10: resending a run with only `recorded` changed made a play each time."""
    ann, bo = api.register("Ann"), api.register("Bo")
    published = api.publish("speed-maze", ann)
    run = slower(challenge("speed-maze")[1], 1)
    sent = [api.submit({**run, "recorded": f"2026-12-0{day}T00:00:00Z"}, bo)
            for day in range(1, 5)]
    api.settle()
    assert [api.run(n)["status"] for n in sent] == ["verified"] + ["refused"] * 3
    assert api.client.get(f"/api/v1/maps/{published['id']}").json()["plays"] == 2
    api.submit(slower(challenge("speed-maze")[1], 2), bo)  # another play of Bo's counts
    api.settle()
    assert api.client.get(f"/api/v1/maps/{published['id']}").json()["plays"] == 3


def test_a_copied_mini_rogue_run_is_refused(api: Api) -> None:
    from tests.server.minirogue_runs import by_score, seed_board

    run = by_score()[0]
    first = api.submit(run, api.register("Ann"))
    api.settle()
    stolen = api.client.get(f"/api/v1/runs/{first}/file").json()
    copy_id = api.submit({**stolen, "player": "Mallory"}, api.register("Mallory"))
    api.settle()
    refused = api.run(copy_id)
    assert (refused["status"], refused["reason"]) == ("refused", "copied_run")
    assert f"run {first} by Ann" in refused["message"]
    items = api.client.get(f"/api/v1/games/minirogue/boards/{seed_board(run)}/leaderboard"
                           ).json()["items"]
    assert [(i["player"], i["first"]) for i in items] == [("Ann", True)]


def forgeries(clear: dict[str, Any], other_clear: dict[str, Any]) -> dict[str, Any]:
    edited = copy.deepcopy(clear)
    edited["actions"][1] = {"do": "move", "dir": "W"}
    claims = copy.deepcopy(clear)
    claims["claimed"]["moves"] = 3
    return {
        "illegal_action": edited,
        "other_rules_version": {**clear, "rules_version": clear["rules_version"] - 1},
        "unknown_map": other_clear,  # a real clear, of a map nobody published here
        "does_not_finish": {**clear, "actions": clear["actions"][:-3], "claimed": {}},
        "claims_differ": claims,
        "bad_run": {"hello": "world"},
        "other_game": {**clear, "game": "chess"},
    }


def test_forgeries_are_refused_with_their_reason(api: Api) -> None:
    ann, mallory = api.register("Ann"), api.register("Mallory")
    published = api.publish("speed-maze", ann)
    _, clear = challenge("speed-maze")
    cases = forgeries(clear, challenge("key-detour")[1])
    submitted = {reason: api.submit(run, mallory) for reason, run in cases.items()}
    api.settle()
    for reason, run_id in submitted.items():
        run = api.run(run_id)
        assert (run["status"], run["reason"]) == ("refused", reason), run
        assert run["message"] and run["rank"] is None and run["moves"] is None
    assert api.run(submitted["illegal_action"])["index"] == 1
    assert [i["player"] for i in api.board(published["id"])["items"]] == ["Ann"]


def test_a_run_over_the_step_budget_is_refused_as_too_large(database: str) -> None:
    from server.verification import Budget
    from tests.server.conftest import make_api

    for api in make_api(database, budget=Budget(actions=35)):
        ann = api.register("Ann")
        api.publish("speed-maze", ann)  # 30 actions: within the budget
        _, clear = challenge("speed-maze")
        run_id = api.submit(slower(clear, 10), ann)
        api.settle()
        run = api.run(run_id)
        assert (run["status"], run["reason"]) == ("refused", "too_large")


def test_a_player_keeps_their_best_entry(api: Api) -> None:
    ann, bo = api.register("Ann"), api.register("Bo")
    published = api.publish("speed-maze", ann)
    _, clear = challenge("speed-maze")
    api.submit(slower(clear, 3), bo)
    api.settle()
    api.submit(slower(clear, 5), bo)  # worse: kept out
    api.settle()
    best = api.submit(slower(clear, 1), bo)  # better: replaces
    api.settle()
    items = api.board(published["id"])["items"]
    assert [(i["player"], i["moves"]) for i in items] == [("Ann", 30), ("Bo", 31)]
    assert items[1]["run"] == best
    assert api.client.get(f"/api/v1/maps/{published['id']}").json()["plays"] == 4


# ---------------------------------------------------------------------- boards

def test_ties_share_a_rank_and_go_to_the_earlier_run(api: Api) -> None:
    author = api.register("Author")
    published = api.publish("speed-maze", author)  # 30 moves
    _, clear = challenge("speed-maze")
    for name, extra, variant in (("Cy", 1, 0), ("Bo", 1, 1), ("Di", 2, 0), ("Ed", 1, 2)):
        api.submit(slower(clear, extra, variant), api.register(name))
    api.settle()
    board = api.board(published["id"])
    # Equal scores share a rank, listed in the order reached; the first to reach it says so.
    assert [(i["rank"], i["player"], i["first"]) for i in board["items"]] == \
        [(1, "Author", True), (2, "Cy", True), (2, "Bo", False), (2, "Ed", False),
         (5, "Di", True)]
    assert board["total"] == 5 and board["archived"] is False
    # The same ranks page by page, even when a tie spans two pages.
    for limit in (1, 2, 3):
        seen, cursor = [], None
        while True:
            page = api.board(published["id"], limit=limit,
                             **({"cursor": cursor} if cursor else {}))
            seen += [(i["rank"], i["player"]) for i in page["items"]]
            cursor = page["next"]
            if cursor is None:
                break
        assert seen == [(i["rank"], i["player"]) for i in board["items"]], limit


def test_pages_return_every_entry_once_while_runs_arrive(api: Api) -> None:
    author = api.register("Author")
    published = api.publish("speed-maze", author)
    _, clear = challenge("speed-maze")
    for n in range(12):
        api.submit(slower(clear, 1 + n % 5, n // 5), api.register(f"p{n:02}"))
    api.settle()
    before = {i["player"] for i in api.board(published["id"], limit=100)["items"]}
    seen: list[str] = []
    ranks: list[int] = []
    cursor = None
    arrivals = 0
    while True:
        page = api.board(published["id"], limit=4, **({"cursor": cursor} if cursor else {}))
        seen += [i["player"] for i in page["items"]]
        ranks += [i["rank"] for i in page["items"]]
        cursor = page["next"]
        if cursor is None:
            break
        # New players arrive between pages, ahead of and behind the cursor.
        for run in (slower(clear, 1, 3 + arrivals // 2), slower(clear, 7 + arrivals)):
            api.submit(run, api.register(f"new{arrivals}"))
            arrivals += 1
        api.settle()
    assert len(seen) == len(set(seen))
    assert before <= set(seen)
    assert ranks == sorted(ranks)
    assert api.board(published["id"])["total"] == 13 + arrivals


def test_around_shows_a_players_entry_and_rank(api: Api) -> None:
    author = api.register("Author")
    published = api.publish("speed-maze", author)
    _, clear = challenge("speed-maze")
    for n in range(9):
        api.submit(slower(clear, n + 1), api.register(f"p{n}"))
    api.settle()
    page = api.board(published["id"], limit=3, around="p5")
    assert [(i["rank"], i["player"]) for i in page["items"]] == \
        [(6, "p4"), (7, "p5"), (8, "p6")]
    top = api.board(published["id"], limit=3, around="Author")
    assert [i["player"] for i in top["items"]] == ["Author", "p0", "p1"]
    missing = api.client.get(f"/api/v1/maps/{published['id']}/leaderboard",
                             params={"around": "nobody"})
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_on_board"


def test_older_rules_versions_are_archived_boards(api: Api) -> None:
    published = api.publish("speed-maze", api.register("Ann"))
    board = api.board(published["id"], rules_version=1)
    assert board["archived"] is True and board["items"] == [] and board["total"] == 0


# ---------------------------------------------------------------------- moderation

def test_a_ban_removes_a_player_from_every_board(api: Api) -> None:
    ann, bo = api.register("Ann"), api.register("Bo")
    maps = [api.publish(name, ann)["id"] for name in ("speed-maze", "key-detour")]
    for name in ("speed-maze", "key-detour"):
        api.submit(slower(challenge(name)[1], 1), bo)
    api.settle()
    assert all({i["player"] for i in api.board(m)["items"]} == {"Ann", "Bo"} for m in maps)
    why = {"why": "scripted runs"}
    assert api.client.post("/api/v1/admin/players/Bo/ban", json=why,
                           headers=ann).status_code == 403
    mod = make_moderator(api, "Mod")
    answer = api.client.post("/api/v1/admin/players/Bo/ban", json=why, headers=mod)
    assert answer.status_code == 200 and answer.json()["entries_removed"] == 2
    # A name may hold a slash, written plain or as %2F.
    for n, path in enumerate(("AC/DC", "AC%2FDC1")):
        api.register(f"AC/DC{n or ''}")
        answer = api.client.post(f"/api/v1/admin/players/{path}/ban", json=why, headers=mod)
        assert answer.status_code == 200 and answer.json()["done"] == "banned", path
    for m in maps:
        board = api.board(m)
        assert [i["player"] for i in board["items"]] == ["Ann"] and board["total"] == 1
    # Their runs and their page say so, where a run off the boards would otherwise look clean.
    with api.engine.connect() as conn:
        owners = conn.execute(select(runs.c.id, players.c.name).join(
            players, players.c.id == runs.c.player_id)).all()
    assert {name: api.run(run)["player_banned"] for run, name in owners} == \
        {"Ann": False, "Bo": True}
    assert "This player is banned" in api.client.get("/players/Bo").text
    assert "This player is banned" not in api.client.get("/players/Ann").text
    # Banned players cannot write; nothing was deleted, and the log says who and why.
    refused = api.client.post("/api/v1/runs", json=challenge("speed-maze")[1], headers=bo)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "banned"
    with api.engine.connect() as conn:
        assert conn.execute(select(entries)).all().__len__() == 4
        row = conn.execute(select(players).where(players.c.name == "Bo")).one()
    assert row.banned_why == "scripted runs" and row.banned_by is not None
    log = api.client.get("/api/v1/admin/log", headers=mod).json()
    assert log[0]["action"] == "ban_player" and log[0]["moderator"] == "Mod"


def test_moderators_hide_maps_and_remove_runs(api: Api) -> None:
    ann, bo = api.register("Ann"), api.register("Bo")
    published = api.publish("speed-maze", ann)
    run_id = api.submit(slower(challenge("speed-maze")[1], 1), bo)
    api.settle()
    report = api.client.post("/api/v1/reports", json={"run": run_id, "why": "too good"},
                             headers=ann)
    assert report.status_code == 201
    assert api.client.post("/api/v1/reports", json={"why": "?"}, headers=ann).status_code == 422
    mod = make_moderator(api, "Mod")
    assert api.client.get("/api/v1/admin/reports", headers=mod).json()[0]["run"] == run_id
    removed = api.client.post(f"/api/v1/admin/runs/{run_id}/remove", json={"why": "cheat"},
                              headers=mod)
    assert removed.status_code == 200
    assert [i["player"] for i in api.board(published["id"])["items"]] == ["Ann"]
    assert api.run(run_id)["removed"] is True
    hidden = api.client.post(f"/api/v1/admin/maps/{published['share_code']}/hide",
                             json={"why": "rude title"}, headers=mod)
    assert hidden.status_code == 200
    assert api.client.get(f"/api/v1/maps/{published['id']}").status_code == 404
    assert api.client.get("/api/v1/maps").json()["items"] == []
    text, clear = challenge("speed-maze")
    again = api.client.post("/api/v1/maps", json={"map": text, "clear": clear}, headers=ann)
    assert again.status_code == 409 and again.json()["error"] == {
        "code": "map_exists", "message": "this map was published, then hidden by a moderator; "
                                         "it cannot be published again"}
    # Its board is gone too, however it is asked for (Ann's entry is still stored).
    for ref in (published["id"], published["id"].upper(), published["share_code"]):
        for params in ({}, {"around": "Ann"}, {"around": "Bo"}):
            gone = api.client.get(f"/api/v1/maps/{ref}/leaderboard", params=params)
            assert gone.status_code == 404, (ref, params)
            assert gone.json()["error"]["code"] == "unknown_map"
    unknown = api.client.get(f"/api/v1/maps/{'f' * 64}/leaderboard")
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "unknown_map"
    # Runs of a hidden map are not ranked.
    late = api.submit(challenge("speed-maze")[1], bo)
    api.settle()
    assert api.run(late)["reason"] == "unknown_map"


def test_removing_a_players_best_run_ranks_their_next_best(api: Api) -> None:
    """One removed run does not wipe a player's honest ones: their best other verified run
    takes the entry (a removed or refused run never does)."""
    ann, bo = api.register("Ann"), api.register("Bo")
    published = api.publish("speed-maze", ann)
    _, clear = challenge("speed-maze")
    best, second, third = (api.submit(slower(clear, n), bo) for n in (1, 3, 5))
    forged = slower(clear, 2)
    forged["actions"].append({"do": "flee"})
    refused = api.submit(forged, bo)
    api.settle()
    assert api.run(refused)["status"] == "refused"
    mod = make_moderator(api, "Mod")

    def bo_on_board() -> tuple[int, int] | None:
        items = api.board(published["id"])["items"]
        return next(((i["run"], i["moves"]) for i in items if i["player"] == "Bo"), None)

    moves = {run: api.run(run)["moves"] for run in (best, second, third)}
    assert bo_on_board() == (best, moves[best])
    for gone, next_best in ((second, best), (best, third), (third, None)):
        assert api.client.post(f"/api/v1/admin/runs/{gone}/remove", json={"why": "x"},
                               headers=mod).status_code == 200
        assert bo_on_board() == (None if next_best is None else (next_best, moves[next_best]))
    assert api.board(published["id"])["total"] == 1


# ---------------------------------------------------------------------- limits and errors

def test_bodies_over_a_megabyte_get_413(api: Api) -> None:
    ann = api.register("Ann")
    big = {"map": "#" * 1_000_100, "clear": {}}
    answer = api.client.post("/api/v1/maps", json=big, headers=ann)
    assert answer.status_code == 413 and answer.json()["error"]["code"] == "too_large"

    def chunks() -> Any:
        for _ in range(11):
            yield b"x" * 100_000

    streamed = api.client.post("/api/v1/runs", content=chunks(), headers=ann)
    assert streamed.status_code == 413


def test_too_many_requests_get_429_with_retry_after(database: str) -> None:
    from server.limits import Rate
    from tests.server.conftest import make_api

    for api in make_api(database, per_address=Rate(1000), per_token=Rate(3, 3600)):
        ann = api.register("Ann")
        codes = [api.client.post("/api/v1/runs", json={}, headers=ann).status_code
                 for _ in range(4)]
        assert codes == [202, 202, 202, 429]
        limited = api.client.post("/api/v1/runs", json={}, headers=ann)
        assert int(limited.headers["Retry-After"]) >= 1
        assert limited.json()["error"]["code"] == "too_many_requests"
        # Another token is not held back by Ann's.
        assert api.client.post("/api/v1/runs", json={},
                               headers=api.register("Bo")).status_code == 202
    for api in make_api(database, per_address=Rate(2, 3600)):
        assert [api.client.get("/healthz").status_code for _ in range(3)] == [200, 200, 429]
        # A web page is refused with a page, the API with JSON.
        page = api.client.get("/")
        assert page.status_code == 429 and page.headers["content-type"].startswith("text/html")
        assert "<p>Too many requests; try again in" in page.text
        assert api.client.get("/api/v1/maps").json()["error"]["code"] == "too_many_requests"


def test_the_token_bucket_is_the_tokens_however_the_header_is_padded(database: str) -> None:
    """Finding 4: the per-token key is the parsed token, not the raw header."""
    from server.limits import Rate
    from tests.server.conftest import make_api

    for api in make_api(database, per_address=Rate(0), per_token=Rate(3, 3600)):
        token = api.register("Ann")["Authorization"].split(" ", 1)[1]
        spellings = [f"Bearer {token}", f"Bearer {token} ", f"bearer   {token}",
                     f"BEARER {token}\t", f"Bearer  {token}  "]
        codes = [api.client.get("/api/v1/players/me", headers={"Authorization": spelled}
                                ).status_code for spelled in spellings]
        assert codes == [200, 200, 200, 429, 429]


def unreadable_bodies() -> dict[str, bytes]:
    """Run documents that the one strict JSON reader refuses (findings 7 and 11)."""
    import json

    text = json.dumps(challenge("speed-maze")[1])
    seed = '"seed": 1101'
    assert seed in text
    return {
        "nan": text.replace(seed, '"seed": NaN').encode(),
        "infinity": text.replace(seed, '"seed": Infinity').encode(),
        "overflow": text.replace(seed, '"seed": 1e400').encode(),
        "twice": text.replace(seed, f'{seed}, {seed}').encode(),
        "bom": b"\xef\xbb\xbf" + text.encode(),
        "utf16": text.encode("utf-16"),
        "surrogate": text.replace('"player": "Author"', '"player": "\\ud800"').encode(),
        "nul": text.replace('"player": "Author"', '"player": "A\\u0000"').encode(),
    }


def test_bodies_the_cli_refuses_are_refused_here_with_400(api: Api) -> None:
    from engine.core.runs import NOT_JSON, RunError, parse_document

    ann = api.register("Ann")
    api.publish("speed-maze", ann)
    for why, body in unreadable_bodies().items():
        try:
            parse_document(body)
        except RunError as error:  # `cardrogue verify` refuses it...
            assert error.code == NOT_JSON, why
        else:
            raise AssertionError(f"the CLI reads {why}")
        answer = api.client.post("/api/v1/runs", content=body, headers={
            **ann, "Content-Type": "application/json"})
        assert answer.status_code == 400, (why, answer.text)  # ...and so does the server
        assert answer.json()["error"]["code"] == "bad_json", why
    # A lone surrogate in a map's title, through the map's JSON body.
    text, clear = challenge("key-detour")
    import json

    body = json.dumps({"map": text.replace('title = "', 'title = "\ud800', 1), "clear": clear})
    answer = api.client.post("/api/v1/maps", content=body.encode(), headers={
        **ann, "Content-Type": "application/json"})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_json"


def test_forged_cursors_and_unstorable_refusals_are_no_500(api: Api) -> None:
    for values, sort in ((["\ud800", 1], "title"), (["a\u0000", 1], "title")):
        answer = api.client.get("/api/v1/maps", params={
            "sort": sort, "cursor": sql.make_cursor(values)})
        assert answer.status_code == 400, values
        assert answer.json()["error"]["code"] == "bad_cursor"
    # A refusal whose words hold what no database stores is recorded, made safe.
    run_id = api.submit({"not": "a run"}, api.register("Ann"))
    from server.db import writing
    from server.verification import Outcome

    with writing(api.engine) as conn:
        assert store.record_outcome(conn, run_id, Outcome(False, "bad_run",
                                                          "odd \ud800 and \x00 here"))
    run = api.run(run_id)
    assert run["status"] == "refused" and run["message"] == "odd \ufffd and \ufffd here"


def test_the_schema_declares_the_limits_405_says_allow_and_every_answer_is_guarded(
        api: Api) -> None:
    """Finding 12."""
    schemas = api.client.get("/openapi.json").json()["components"]["schemas"]
    assert (schemas["PlayerIn"]["properties"]["name"]["minLength"],
            schemas["PlayerIn"]["properties"]["name"]["maxLength"]) == (1, 40)
    assert schemas["MapIn"]["properties"]["map"]["minLength"] == 1
    for body in ("ReportIn", "Why"):
        assert schemas[body]["properties"]["why"]["minLength"] == 1
    wrong = api.client.delete("/api/v1/maps")
    assert wrong.status_code == 405
    assert set(wrong.headers["Allow"].split(", ")) == {"GET", "POST"}
    assert api.client.put("/healthz").headers["Allow"] == "GET, HEAD"
    ann = api.register("Ann")
    answers = [api.client.get("/"), api.client.get("/maps/NOPE"), api.client.get("/healthz"),
               api.client.get("/api/v1/maps"), wrong,
               api.client.post("/api/v1/runs", content=b"{", headers={
                   **ann, "Content-Type": "application/json"})]
    for answer in answers:
        assert answer.headers["X-Content-Type-Options"] == "nosniff", answer.url
        assert answer.headers["X-Frame-Options"] == "DENY", answer.url
        policy = answer.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy


def test_errors_have_one_shape(api: Api) -> None:
    ann = api.register("Ann")
    for answer in (api.client.get("/api/v1/nowhere"),
                   api.client.post("/api/v1/runs", content=b"{not json", headers=ann),
                   api.client.post("/api/v1/runs", json=[1, 2], headers=ann),
                   api.client.get("/api/v1/runs/abc")):
        assert answer.status_code in (404, 422), answer.text
        assert set(answer.json()) == {"error"}
        assert set(answer.json()["error"]) == {"code", "message"}
    assert api.client.get("/healthz").json() == {"status": "ok"}
    # JSON sent as text: the answer says what to send.
    plain = api.client.post("/api/v1/players", content=b'{"name": "Cy"}',
                            headers={"Content-Type": "text/plain"})
    assert plain.status_code == 422
    assert "Content-Type: application/json" in plain.json()["error"]["message"]
    # Nested too deep for the JSON reader: a named error, not the generic one.
    deep = api.client.post("/api/v1/runs", content=b"[" * 100_000 + b"]" * 100_000,
                           headers={**ann, "Content-Type": "application/json"})
    assert (deep.status_code, deep.json()["error"]["code"]) == (400, "bad_json")
    schema = api.client.get("/openapi.json").json()
    assert "/api/v1/maps/{ref}/leaderboard" in schema["paths"]
