"""GET /maps with filters and orders: each choice gives the maps it says, page after page, and the
same maps in the same order on SQLite and on PostgreSQL."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Api, challenge, make_api
from tests.server.postgres import Postgres
from tests.server.sqlite_template import migrated_sqlite
from tests.server.support import slower

MAPS = ("speed-maze", "poison-race", "key-detour", "shop-economy", "right-weapon")
TAGS = {"speed-maze": ["maze", "speed"], "poison-race": ["poison", "speed"],
        "key-detour": ["maze", "long"], "shop-economy": ["shop"]}
# Who clears which map (a slower clear of their own), and their vote on it.
VOTES = {("Bo", "speed-maze"): (5, "easy"), ("Cy", "speed-maze"): (4, "medium"),
         ("Bo", "poison-race"): (2, "hard"), ("Cy", "key-detour"): (3, "expert"),
         ("Di", "key-detour"): (4, "expert")}
FAILS = (("Di", "shop-economy"), ("Cy", "poison-race"), ("Di", "poison-race"))


def community(api: Api) -> dict[str, dict[str, str]]:
    """The same maps, runs, votes and tags on any database; each player's headers."""
    who = {name: api.register(name) for name in ("Ann", "Bo", "Cy", "Di")}
    ids = {}
    for name in MAPS:  # all Ann's: an author does not rate their own map
        ids[name] = api.publish(name, who["Ann"])["id"]
    for name, tags in TAGS.items():
        assert api.client.put(f"/api/v1/maps/{ids[name]}/tags", headers=who["Ann"],
                              json={"tags": tags}).status_code == 200
    for (player, name), _ in VOTES.items():
        # Distinct routes (a run equal to another's is a refused copy).
        api.submit(slower(challenge(name)[1], 1, "BCD".index(player[0])), who[player])
    for player, name in FAILS:
        clear = challenge(name)[1]
        api.submit({**clear, "actions": clear["actions"][:-3], "claimed": {}}, who[player])
    api.settle()
    for (player, name), (rating, difficulty) in VOTES.items():
        answer = api.client.put(f"/api/v1/maps/{ids[name]}/vote", headers=who[player],
                                json={"rating": rating, "difficulty": difficulty})
        assert answer.status_code == 200, answer.text
    return who


def every(api: Api, headers: dict[str, str] | None = None, **params: Any) -> list[str]:
    """The titles of every map the list gives, two a page."""
    seen, cursor = [], None
    while True:
        answer = api.client.get("/api/v1/maps", headers=headers, params={
            "limit": 2, **params, **({"cursor": cursor} if cursor else {})})
        assert answer.status_code == 200, answer.text
        seen += [item["title"] for item in answer.json()["items"]]
        cursor = answer.json()["next"]
        if cursor is None:
            return seen


CHOICES: list[dict[str, Any]] = [
    {"sort": sort, **extra} for sort, extra in itertools.product(
        ("new", "rating", "clear_rate", "plays", "least_played", "title"),
        ({}, {"tag": "maze"}, {"tag": "speed"}, {"difficulty": "expert"},
         {"difficulty": "medium"}, {"min_rating": 3.5}, {"unplayed": "true"},
         {"tag": "speed", "min_rating": 2}))]


def listings(api: Api, me: dict[str, str]) -> dict[str, list[str]]:
    return {repr(choice): every(api, me, **choice) for choice in CHOICES}


def test_filters_and_orders_give_the_same_maps_on_sqlite_and_postgresql(
        tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, postgres: Postgres) -> None:
    found = []
    for url in (migrated_sqlite(tmp_path / "server.db", tmp_path_factory),
                postgres.new_migrated_database()):
        for api in make_api(url):
            who = community(api)
            found.append(listings(api, who["Di"]))
    sqlite, postgresql = found
    assert sqlite == postgresql
    titles = {name: challenge(name)[0].split('title = "')[1].split('"')[0] for name in MAPS}
    by_name = {title: name for name, title in titles.items()}

    def names(choice: dict[str, Any]) -> list[str]:
        return [by_name[title] for title in sqlite[repr(choice)]]

    assert names({"sort": "new"}) == list(reversed(MAPS))
    # Rated: speed-maze 4.5, key-detour 3.5, poison-race 2; unrated maps last, newest first.
    assert names({"sort": "rating"}) == ["speed-maze", "key-detour", "poison-race",
                                         "right-weapon", "shop-economy"]
    assert names({"sort": "rating", "min_rating": 3.5}) == ["speed-maze", "key-detour"]
    assert names({"sort": "rating", "tag": "speed", "min_rating": 2}) == ["speed-maze",
                                                                          "poison-race"]
    assert set(names({"sort": "new", "tag": "maze"})) == {"speed-maze", "key-detour"}
    # Difficulty: the votes' where there are any (key-detour's author said easy, players
    # say expert), else the author's.
    assert names({"sort": "new", "difficulty": "expert"}) == ["key-detour"]
    # Clear rate: everyone cleared speed-maze, key-detour and right-weapon (3/3, 3/3, 1/1);
    # shop-economy 1 of 2, poison-race 2 of 4.
    assert names({"sort": "clear_rate"})[3:] == ["shop-economy", "poison-race"]
    # Plays (verified runs): 3, 3, 2, 1, 1; equal plays newest first, or oldest first when
    # the least played come first.
    plays = ["key-detour", "speed-maze", "poison-race", "right-weapon", "shop-economy"]
    assert names({"sort": "plays"}) == plays
    assert names({"sort": "least_played"}) == list(reversed(plays))
    # Di played key-detour, shop-economy and poison-race.
    assert set(names({"sort": "new", "unplayed": "true"})) == {"speed-maze", "right-weapon"}


def test_the_lists_choices_are_checked(api: Api) -> None:
    api.publish("speed-maze", api.register("Ann"))
    unplayed = api.client.get("/api/v1/maps", params={"unplayed": "true"})
    assert unplayed.status_code == 401 and unplayed.json()["error"]["code"] == "no_token"
    tag = api.client.get("/api/v1/maps", params={"tag": "chess"})
    assert tag.status_code == 422 and tag.json()["error"]["code"] == "unknown_tag"
    for bad in ({"difficulty": "trivial"}, {"min_rating": 6}, {"sort": "best"}):
        assert api.client.get("/api/v1/maps", params=bad).status_code == 422


def test_the_web_index_filters_by_tag_and_sorts_by_rating(api: Api) -> None:
    community(api)
    page = api.client.get("/", params={"tag": "speed", "sort": "rating"})
    assert page.status_code == 200
    text = page.text
    first, second = (challenge(name)[0].split('title = "')[1].split('"')[0]
                     for name in ("speed-maze", "poison-race"))
    assert first in text and second in text and text.index(first) < text.index(second)
    assert challenge("key-detour")[0].split('title = "')[1].split('"')[0] not in text
    assert '<option value="speed" selected>' in text
    assert "4.5 ★" in text
    # A choice the page does not offer shows every map rather than an error.
    assert api.client.get("/", params={"tag": "chess", "sort": "best"}).status_code == 200
