"""Votes from players who cleared a map, its players and clears, and its author's tags: what a
map shows about itself, and who may change it."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from server.db import migrate
from server.schema import maps
from tests.server.conftest import Api, challenge
from tests.server.support import make_moderator, slower


def unfinished(clear: dict[str, Any]) -> dict[str, Any]:
    """The clear stopped three actions short: refused as does_not_finish."""
    return {**clear, "actions": clear["actions"][:-3], "claimed": {}}


def vote(api: Api, ref: str, who: dict[str, str], rating: int, difficulty: str) -> Any:
    return api.client.put(f"/api/v1/maps/{ref}/vote", headers=who,
                          json={"rating": rating, "difficulty": difficulty})


def shown(api: Api, ref: str) -> dict[str, Any]:
    answer = api.client.get(f"/api/v1/maps/{ref}")
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_only_a_player_with_a_verified_clear_may_rate_a_map(api: Api) -> None:
    ann, bo, cy = api.register("Ann"), api.register("Bo"), api.register("Cy")
    published = api.publish("speed-maze", ann)
    _, clear = challenge("speed-maze")
    api.submit(unfinished(clear), bo)  # Bo played, but did not finish
    api.settle()
    for who in (bo, cy):
        answer = vote(api, published["id"], who, 5, "easy")
        assert answer.status_code == 403
        error = answer.json()["error"]
        assert error["code"] == "not_cleared" and "verified clear" in error["message"]
    own = vote(api, published["share_code"], ann, 5, "easy")  # the author's clear is no vote
    assert own.status_code == 403 and own.json()["error"]["code"] == "own_map"
    assert shown(api, published["id"])["votes"] == 0
    api.submit(slower(clear, 1), bo)  # now Bo clears it
    api.settle()
    answer = vote(api, published["id"], bo, 4, "hard")
    assert answer.status_code == 200, answer.text
    assert answer.json()["map_rating"] == 4.0
    assert api.client.put(f"/api/v1/maps/{published['id']}/vote",
                          json={"rating": 4, "difficulty": "hard"}).status_code == 401
    assert vote(api, published["id"], bo, 6, "hard").status_code == 422
    assert vote(api, published["id"], bo, 3, "trivial").status_code == 422
    assert vote(api, "NOSUCHMAP", bo, 3, "easy").status_code == 404


def test_a_second_vote_replaces_the_first(api: Api) -> None:
    published = api.publish("speed-maze", api.register("Ann"))
    _, clear = challenge("speed-maze")
    voters = [api.register(name) for name in ("Bo", "Cy", "Di")]
    for n, who in enumerate(voters):
        api.submit(slower(clear, 1, n), who)
    api.settle()
    for who, (rating, difficulty) in zip(voters, ((5, "easy"), (2, "hard"), (4, "hard")),
                                          strict=True):
        assert vote(api, published["id"], who, rating, difficulty).status_code == 200
    seen = shown(api, published["id"])
    assert (seen["votes"], seen["rating"], seen["voted_difficulty"]) == (3, 3.67, "hard")
    again = vote(api, published["id"], voters[1], 5, "easy")  # Cy changes their mind
    assert again.status_code == 200 and again.json()["votes"] == 3
    seen = shown(api, published["id"])
    assert (seen["votes"], seen["rating"], seen["voted_difficulty"]) == (3, 4.67, "easy")
    assert seen["difficulty"] == "easy"  # the author's own, shown beside the votes'
    assert seen["par"] is not None


def test_the_clear_rate_counts_players_not_runs(api: Api) -> None:
    ann, bo, cy, di = (api.register(name) for name in ("Ann", "Bo", "Cy", "Di"))
    published = api.publish("speed-maze", ann)
    _, clear = challenge("speed-maze")
    api.submit(slower(clear, 1), bo)  # Bo: two clears and a failure, one player who cleared
    api.submit(slower(clear, 2), bo)
    api.submit(unfinished(clear), bo)
    api.submit(unfinished(clear), cy)  # Cy: only failures
    api.submit(unfinished(slower(clear, 1)), cy)
    copied = api.submit(clear, di)  # Di: a copy of Ann's clear, refused
    api.settle()
    assert api.run(copied)["reason"] == "copied_run"
    seen = shown(api, published["id"])
    # Ann (her clear), Bo, Cy and Di played; Ann and Bo cleared.
    assert (seen["players"], seen["clears"], seen["clear_rate"]) == (4, 2, 0.5)
    # A removed run leaves the count: Bo still has a clear, Cy's one failure left is enough.
    mod = make_moderator(api, "Mod")
    cys = [item["id"] for item in _runs_of(api, "Cy")]
    assert api.client.post(f"/api/v1/admin/runs/{cys[0]}/remove", headers=mod,
                           json={"why": "test"}).status_code == 200
    assert (shown(api, published["id"])["players"], shown(api, published["id"])["clears"]) \
        == (4, 2)
    assert api.client.post(f"/api/v1/admin/runs/{cys[1]}/remove", headers=mod,
                           json={"why": "test"}).status_code == 200
    seen = shown(api, published["id"])
    assert (seen["players"], seen["clears"], seen["clear_rate"]) == (3, 2, 0.6667)


def _runs_of(api: Api, name: str) -> list[dict[str, Any]]:
    """A player's runs, oldest first, found by id (the API has no list of runs)."""
    found, run_id = [], 1
    while (answer := api.client.get(f"/api/v1/runs/{run_id}")).status_code == 200:
        if answer.json()["player"] == name:
            found.append(answer.json())
        run_id += 1
    return found


def test_a_banned_players_vote_stops_counting(api: Api) -> None:
    published = api.publish("speed-maze", api.register("Ann"))
    _, clear = challenge("speed-maze")
    bo, mallory = api.register("Bo"), api.register("Mallory")
    api.submit(slower(clear, 1), bo)
    api.submit(slower(clear, 2), mallory)
    api.settle()
    vote(api, published["id"], bo, 2, "hard")
    vote(api, published["id"], mallory, 5, "easy")
    assert shown(api, published["id"])["rating"] == 3.5
    assert api.client.post("/api/v1/admin/players/Mallory/ban", headers=make_moderator(
        api, "Mod"), json={"why": "farming stars"}).status_code == 200
    seen = shown(api, published["id"])
    assert (seen["votes"], seen["rating"], seen["voted_difficulty"]) == (1, 2.0, "hard")


def test_authors_tag_their_maps_from_the_vocabulary(api: Api) -> None:
    ann, bo = api.register("Ann"), api.register("Bo")
    published = api.publish("poison-race", ann)
    vocabulary = api.client.get("/api/v1/tags").json()["items"]
    assert {"puzzle", "poison", "maze", "speed"} <= {item["tag"] for item in vocabulary}
    where = f"/api/v1/maps/{published['id']}/tags"
    answer = api.client.put(where, headers=ann, json={"tags": ["Speed", "poison", "poison"]})
    assert answer.status_code == 200 and answer.json()["tags"] == ["poison", "speed"]
    assert shown(api, published["id"])["tags"] == ["poison", "speed"]
    refused = api.client.put(where, headers=bo, json={"tags": ["maze"]})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_author"
    unknown = api.client.put(where, headers=ann, json={"tags": ["maze", "easy-peasy"]})
    assert unknown.status_code == 422 and "'easy-peasy'" in unknown.json()["error"]["message"]
    assert unknown.json()["error"]["code"] == "unknown_tag"
    too_many = api.client.put(where, headers=ann, json={"tags": [i["tag"] for i in vocabulary]})
    assert too_many.status_code == 422 and too_many.json()["error"]["code"] == "too_many_tags"
    assert api.client.put(where, headers=ann, json={"tags": []}).json()["tags"] == []
    assert shown(api, published["id"])["tags"] == []


def test_players_and_clears_are_counted_on_upgrade(api: Api) -> None:
    published = api.publish("speed-maze", api.register("Ann"))
    _, clear = challenge("speed-maze")
    bo, cy = api.register("Bo"), api.register("Cy")
    api.submit(slower(clear, 1), bo)
    api.submit(unfinished(clear), bo)
    api.submit(unfinished(clear), cy)
    api.settle()
    migrate(api.engine, "0012", down=True)  # as a database from before the votes
    migrate(api.engine)
    seen = shown(api, published["id"])
    assert (seen["players"], seen["clears"], seen["votes"], seen["tags"]) == (3, 2, 0, [])
    # And the upgraded database takes votes and tags.
    assert vote(api, published["id"], bo, 4, "medium").status_code == 200
    assert shown(api, published["id"])["rating"] == 4.0


def test_the_stored_clear_rate_is_a_whole_number_on_both_databases(api: Api) -> None:
    published = api.publish("speed-maze", api.register("Ann"))
    _, clear = challenge("speed-maze")
    api.submit(slower(clear, 1), api.register("Bo"))
    api.submit(unfinished(clear), api.register("Cy"))
    api.settle()
    with api.engine.connect() as conn:
        stored = conn.execute(select(maps.c.clear_rate).where(
            maps.c.id == published["id"])).scalar_one()
    # 2 of 3 in hundredths of a percent, rounded down: the clear-rate order's key, the same
    # on both databases (SQLite would keep a fraction in an INTEGER column).
    assert stored == 6666 and isinstance(stored, int)


def test_a_banned_players_runs_leave_the_clear_rate(api: Api) -> None:
    published = api.publish("speed-maze", api.register("Ann"))
    _, clear = challenge("speed-maze")
    bo, mallory = api.register("Bo"), api.register("Mallory")
    api.submit(unfinished(clear), bo)
    api.submit(slower(clear, 2), mallory)
    api.settle()
    seen = shown(api, published["id"])
    assert (seen["players"], seen["clears"], seen["clear_rate"]) == (3, 2, 0.6667)
    assert seen["first_clear"]["player"] == "Mallory"
    later = api.submit(slower(clear, 3), api.register("Mallory2"))
    late = api.submit(unfinished(slower(clear, 1)), mallory)  # sent before the ban
    assert api.client.post("/api/v1/admin/players/Mallory/ban", headers=make_moderator(
        api, "Mod"), json={"why": "a forged clear"}).status_code == 200
    seen = shown(api, published["id"])
    # Ann (her clear) and Bo played; Ann cleared. Mallory's clear is no first clear either.
    assert (seen["players"], seen["clears"], seen["clear_rate"]) == (2, 1, 0.5)
    assert seen["first_clear"] is None
    # A run sent before the ban and verified after it counts for nothing; another's does.
    api.settle()
    assert api.run(late)["status"] == "refused" and api.run(later)["status"] == "verified"
    seen = shown(api, published["id"])
    assert (seen["players"], seen["clears"], seen["first_clear"]["player"]) == (3, 2, "Mallory2")


def test_the_counts_of_maps_banned_players_played_leave_them_out_on_upgrade(api: Api) -> None:
    from sqlalchemy import update

    published = api.publish("speed-maze", api.register("Ann"))
    _, clear = challenge("speed-maze")
    api.submit(slower(clear, 2), api.register("Mallory"))
    api.settle()
    api.client.post("/api/v1/admin/players/Mallory/ban", headers=make_moderator(api, "Mod"),
                    json={"why": "a forged clear"})
    migrate(api.engine, "0017", down=True)
    with api.engine.begin() as conn:  # as the server counted before: the ban changed nothing
        conn.execute(update(maps).values(players=2, clears=2, clear_rate=10000))
    migrate(api.engine)
    seen = shown(api, published["id"])
    assert (seen["players"], seen["clears"], seen["clear_rate"]) == (1, 1, 1.0)
