"""Records and credit: the first clear after publishing, the proved-optimal badge, the history of
a board's top score, and a player's page that lists them with their entries of every game."""

from __future__ import annotations

from typing import Any

from server.db import migrate
from server.verifier import verify_one
from tests.server.conftest import Api, challenge
from tests.server.minirogue_runs import played
from tests.server.support import make_moderator, slower


def history(api: Api, ref: str) -> list[tuple[str, int, int | None]]:
    answer = api.client.get(f"/api/v1/maps/{ref}/records")
    assert answer.status_code == 200, answer.text
    return [(item["player"], item["moves"], item["before_moves"])
            for item in answer.json()["items"]]


def publish_slow(api: Api, who: dict[str, str], extra: int) -> dict[str, Any]:
    """speed-maze published with a clear `extra` moves over its par, so players can beat it."""
    text, clear = challenge("speed-maze")
    answer = api.client.post("/api/v1/maps", headers=who,
                             json={"map": text, "clear": slower(clear, extra)})
    assert answer.status_code == 201, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_the_first_clear_after_publishing_is_marked(api: Api) -> None:
    ann, bo, cy = api.register("Ann"), api.register("Bo"), api.register("Cy")
    published = publish_slow(api, ann, 3)
    clear = challenge("speed-maze")[1]
    failed = api.submit({**clear, "actions": clear["actions"][:-3], "claimed": {}}, bo)
    first = api.submit(slower(clear, 2), cy)
    later = api.submit(slower(clear, 1), bo)
    api.settle()
    detail = api.client.get(f"/api/v1/maps/{published['id']}").json()
    assert (detail["first_clear"]["player"], detail["first_clear"]["run"]) == ("Cy", first)
    assert [api.run(run)["first_clear"] for run in (failed, first, later)] == [False, True,
                                                                                False]
    page = api.client.get(f"/maps/{published['share_code']}").text
    assert "First clear after publishing" in page and ">Cy</a>" in page
    # Its run is watched on its page, not downloaded as JSON; so is Cy's credit.
    assert f'<a href="/runs/{first}">watch run {first}</a>' in page
    assert f'First clear of <a href="/maps/{published["share_code"]}">' in \
        api.client.get("/players/Cy").text
    assert f'(<a href="/runs/{first}">watch</a>)' in api.client.get("/players/Cy").text


def test_a_run_with_the_proved_pars_moves_is_proved_optimal(api: Api) -> None:
    ann, bo = api.register("Ann"), api.register("Bo")
    published = publish_slow(api, ann, 2)
    clear = challenge("speed-maze")[1]
    assert clear["claimed"]["moves"] == published_par(api, published["id"])
    best = api.submit(clear, bo)
    api.settle()
    assert api.run(best)["optimal"] is True
    items = api.board(published["id"])["items"]
    assert [(item["player"], item["optimal"]) for item in items] == [("Bo", True),
                                                                     ("Ann", False)]
    assert "proved optimal" in api.client.get(f"/maps/{published['share_code']}").text


def test_the_map_page_offers_a_proved_optimal_run_once_one_is_on_record(api: Api) -> None:
    ann, bo = api.register("Ann"), api.register("Bo")
    published = publish_slow(api, ann, 2)
    par = published_par(api, published["id"])
    page = api.client.get(f"/maps/{published['share_code']}").text
    assert 'id="watch-optimal"' not in page  # the author's clear is 2 moves over the par
    assert f"No run on record reaches the proved par ({par} moves) yet." in page
    best = api.submit(challenge("speed-maze")[1], bo)
    api.settle()
    page = api.client.get(f"/maps/{published['share_code']}").text
    assert f'<a id="watch-optimal" href="/runs/{best}">Watch a proved-optimal run</a>' in page
    assert f"Bo</a>'s, in {par} moves, the proved par" in page
    assert "No run on record reaches" not in page


def published_par(api: Api, ref: str) -> int:
    return int(api.client.get(f"/api/v1/maps/{ref}").json()["par"])


def test_each_change_of_the_top_score_is_kept_newest_first(api: Api) -> None:
    ann, bo, cy, di = (api.register(name) for name in ("Ann", "Bo", "Cy", "Di"))
    published = publish_slow(api, ann, 3)
    clear = challenge("speed-maze")[1]
    moves = clear["claimed"]["moves"]
    api.submit(slower(clear, 2), bo)  # beats Ann's
    api.settle()
    api.submit(slower(clear, 2, 1), cy)  # ties Bo's: the top score does not change
    api.submit(slower(clear, 5), di)  # worse
    api.settle()
    api.submit(clear, cy)  # beats Bo's
    api.settle()
    assert history(api, published["id"]) == [("Cy", moves, moves + 2),
                                             ("Bo", moves + 2, moves + 3),
                                             ("Ann", moves + 3, None)]
    page = api.client.get(f"/maps/{published['share_code']}").text
    assert page.count("Record history") == 1 and "first entry" in page
    # The history is on the page, not in its title (a merge once put it in both).
    title = page[page.index("<title>") + len("<title>"):page.index("</title>")]
    assert title == f"{published['title']} · Card Rogue community"
    assert api.client.get("/api/v1/maps/NOSUCHMAP/records").status_code == 404


def test_the_records_of_maps_played_before_them_are_found_on_upgrade(api: Api) -> None:
    ann, bo, cy = api.register("Ann"), api.register("Bo"), api.register("Cy")
    published = publish_slow(api, ann, 3)
    clear = challenge("speed-maze")[1]
    api.submit(slower(clear, 5), cy)
    api.submit(slower(clear, 1), bo)
    api.settle()
    before = history(api, published["id"])
    first = api.client.get(f"/api/v1/maps/{published['id']}").json()["first_clear"]
    migrate(api.engine, "0013", down=True)  # as a database from before the records
    migrate(api.engine)
    assert history(api, published["id"]) == before
    assert [player for player, _, _ in before] == ["Bo", "Ann"]
    assert api.client.get(f"/api/v1/maps/{published['id']}").json()["first_clear"] == first
    assert first["player"] == "Cy"


def test_a_players_page_lists_their_entries_of_every_game_and_their_credit(api: Api) -> None:
    ann, bo = api.register("Ann"), api.register("Bo")
    published = publish_slow(api, ann, 2)
    api.submit(challenge("speed-maze")[1], bo)  # Bo: first clear, record, proved optimal
    delve = played(7)
    api.submit(delve, bo)  # and a Mini Rogue delve
    api.settle()
    page = api.client.get("/players/Bo")
    assert page.status_code == 200
    text = page.text
    assert published["title"] in text and "Boards in points" in text
    assert "minirogue" in text and str(delve["claimed"]["score"]) in text
    # The delve's board and run are pages to read, not JSON downloads.
    assert 'href="/games/minirogue/boards/' in text and "/leaderboard" not in text
    assert "First clear of" in text and "Proved optimal on" in text and "Record on" in text
    # Ann's clear was the board's first entry, so her first record; she is no first clear.
    authors = api.client.get("/players/Ann").text
    assert "Record on" in authors and "First clear of" not in authors
    assert "No records, first clears" in api.client.get(
        "/players/" + api.client.post("/api/v1/players", json={"name": "Cy"}).json()["name"]
    ).text


ONE_STEP = ('#:schema https://example.invalid/map.schema.json\nformat_version = 1\n'
            'kind = "challenge"\ntitle = "One Step"\nseed = 5\n\n'
            '[[levels]]\nid = "step"\npar = 2\npaths = """\n╶╴\n"""\ncells = """\n@>\n"""\n')


def test_a_one_turn_record_is_said_in_the_singular(api: Api) -> None:
    """Found by a tester: "1 moves, 1 turns" on a map's page and a player's."""
    from engine.cardrogue import Action, State, record_run
    from engine.cardrogue.maps import validate_text

    spec = validate_text(ONE_STEP, "one-step").spec
    assert spec is not None
    game = State.story(spec, "warrior")
    for action in (Action("flip", dir="E"), Action("move", dir="E")):
        game.apply(action)
    assert game.outcome == "won" and (game.moves, game.turn) == (2, 1)
    ann = api.register("Ann")
    answer = api.client.post("/api/v1/maps", headers=ann,
                             json={"map": ONE_STEP, "clear": record_run(game, "Ann").to_dict()})
    assert answer.status_code == 201, answer.text
    for page in (api.client.get(f"/maps/{answer.json()['share_code']}").text,
                 api.client.get("/players/Ann").text):
        assert "2 moves, 1 turn" in page and "1 turns" not in page


def test_a_removal_or_a_ban_that_lowers_the_top_score_is_a_row_of_the_history(
        api: Api) -> None:
    ann, bo, cy = api.register("Ann"), api.register("Bo"), api.register("Cy")
    mod = make_moderator(api, "Mod")
    published = publish_slow(api, ann, 3)  # Ann: 3 over the par
    clear = challenge("speed-maze")[1]
    best = api.submit(clear, bo)  # Bo: the par
    api.submit(slower(clear, 1), cy)  # Cy: 1 over
    api.settle()
    par = clear["claimed"]["moves"]
    assert [(p, m, b) for p, m, b in history(api, published["id"])] == \
        [("Bo", par, par + 3), ("Ann", par + 3, None)]
    why = {"why": "a forged run"}
    assert api.client.post(f"/api/v1/admin/runs/{best}/remove", json=why,
                           headers=mod).status_code == 200
    assert history(api, published["id"])[0] == ("Cy", par + 1, par)
    assert api.client.post("/api/v1/admin/players/Cy/ban", json=why,
                           headers=mod).status_code == 200
    items = api.client.get(f"/api/v1/maps/{published['id']}/records").json()["items"]
    assert [(i["player"], i["moves"], i["before_moves"], i["lowered_by"]) for i in items] == [
        ("Ann", par + 3, par + 1, "banned"), ("Cy", par + 1, par, "removed"),
        ("Bo", par, par + 3, None), ("Ann", par + 3, None, None)]
    page = api.client.get(f"/maps/{published['share_code']}").text
    assert "(its player was banned)" in page and "(a better run was removed)" in page
    # Inheriting the top is no record set: Ann's credit is her first entry only.
    assert api.client.get("/players/Ann").text.count("Record on") == 1


def test_record_rows_kept_before_lowered_ones_keep_theirs_on_upgrade(api: Api) -> None:
    ann, bo = api.register("Ann"), api.register("Bo")
    published = publish_slow(api, ann, 3)
    api.submit(challenge("speed-maze")[1], bo)
    api.settle()
    before = history(api, published["id"])
    migrate(api.engine, "0016", down=True)  # as a database from before lowered_by
    migrate(api.engine)
    assert history(api, published["id"]) == before and len(before) == 2
    items = api.client.get(f"/api/v1/maps/{published['id']}/records").json()["items"]
    assert [item["lowered_by"] for item in items] == [None, None]


def test_a_copy_refused_once_its_original_is_verified_is_a_row_of_the_history(
        api: Api) -> None:
    """Cy's copy of Bo's run is verified first and takes the top; when Bo's, sent earlier, is
    verified, the copy is refused and leaves the board: the top got worse, then Bo's beat it,
    two rows. The copy's record is no credit of Cy's."""
    ann, bo, cy = api.register("Ann"), api.register("Bo"), api.register("Cy")
    published = publish_slow(api, ann, 3)
    par = published_par(api, published["id"])
    run = slower(challenge("speed-maze")[1], 1)
    original = api.submit(run, bo)
    copy = api.submit({**run, "player": "Cy"}, cy)
    assert verify_one(api.engine, copy, api.budget)
    assert history(api, published["id"])[0] == ("Cy", par + 1, par + 3)
    assert verify_one(api.engine, original, api.budget)
    assert api.run(copy)["reason"] == "copied_run"
    items = api.client.get(f"/api/v1/maps/{published['id']}/records").json()["items"]
    assert [(i["player"], i["moves"], i["before_moves"], i["lowered_by"]) for i in items] == [
        ("Bo", par + 1, par + 3, None), ("Ann", par + 3, par + 1, "copied"),
        ("Cy", par + 1, par + 3, None), ("Ann", par + 3, None, None)]
    assert "(a better run was a copy)" in api.client.get(
        f"/maps/{published['share_code']}").text
    assert "Record on" not in api.client.get("/players/Cy").text
    assert "Record on" in api.client.get("/players/Bo").text
