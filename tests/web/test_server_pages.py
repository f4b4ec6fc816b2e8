"""The server's HTML pages in a real headless Chromium: the map list, a map with its board and a
player's page, filled from a live server; titles and names from players show as plain text."""

from __future__ import annotations

from services import community
from tests.server.conftest import challenge
from tests.server.live import LiveServer
from tests.server.support import publish, slower
from tests.web.browser import browser_page


def submit(server: LiveServer, name: str, player: str) -> None:
    client = community.Client(server.url)
    client.register(player)
    run_id = client.submit(slower(challenge(name)[1], 1))  # one move more: not a copy
    assert community.wait_for_verdicts(client, [run_id], 30)[run_id]["status"] == "verified"


def test_the_map_list_a_board_and_a_player_page(server):
    first = publish(server, "poison-race", "Ann")
    publish(server, "speed-maze", "Bo")
    submit(server, "poison-race", "Cy")
    with browser_page() as page:
        page.goto(server.url + "/")
        rows = page.locator("tbody tr")
        assert rows.count() == 2
        listed = page.inner_text("tbody")
        assert "The Green Well" in listed and first["share_code"] in listed
        assert "Ann" in listed and "Bo" in listed

        page.click(f"text={first['title']}")
        page.wait_for_url(f"**/maps/{first['share_code']}")
        assert "Poisoned and far from help" in page.inner_text("main")
        assert "1 level · medium · par 20" in page.inner_text("main")  # its author's rating
        board = [row.split("\t") for row in page.inner_text("tbody").splitlines()]
        assert sorted((cells[0], cells[1]) for cells in board) == [("1", "Ann"), ("2", "Cy")]
        assert "2 players" in page.inner_text("h3")

        page.click("tbody >> text=Cy")
        page.wait_for_url("**/players/Cy")
        assert page.inner_text("h2") == "Cy"
        assert "The Green Well" in page.inner_text("tbody")

        page.goto(server.url + "/?q=maze")
        assert page.locator("tbody tr").count() == 1
        assert "Ann" not in page.inner_text("tbody")


def test_a_player_whose_name_holds_a_slash_has_a_page(server):
    name = "AC/DC [b]x[/b]"
    publish(server, "poison-race", "Ann")
    submit(server, "poison-race", name)
    with browser_page() as page:
        page.goto(server.url + "/")
        page.click("tbody >> text=The Green Well")
        page.click(f"tbody >> text={name}")
        page.wait_for_url("**/players/**")
        assert page.inner_text("h2") == name
        assert "The Green Well" in page.inner_text("tbody")
        page.goto(server.url + "/players/AC%2FDC%20%5Bb%5Dx%5B%2Fb%5D")
        assert page.inner_text("h2") == name


def test_markup_in_a_title_shows_as_text(server):
    hostile = "<script>document.title='owned'</script><b>Bold</b>"
    published = publish(server, "poison-race", "Eve", title=hostile)
    with browser_page() as page:
        page.goto(server.url + f"/maps/{published['share_code']}")
        assert page.inner_text("h2") == hostile
        assert page.title() != "owned" and page.locator("main b").count() == 0
        page.goto(server.url + "/")
        assert hostile in page.inner_text("tbody")


def test_unknown_pages_say_so(server):
    with browser_page() as page:
        answer = page.goto(server.url + "/maps/ZZZZ-ZZZZ")
        assert answer is not None and answer.status == 404
        assert "No published map" in page.inner_text("main")
        answer = page.goto(server.url + "/players/nobody")
        assert answer is not None and answer.status == 404


def test_a_player_page_with_entries_of_two_games_and_a_daily_streak(server):
    from tests.server.minirogue_runs import daily, today

    published = publish(server, "speed-maze", "Ann")
    client = community.Client(server.url)
    client.register("Dee")
    delve = daily(client.daily("minirogue")["seed"], today())
    ids = [client.submit(slower(challenge("speed-maze")[1], 1)), client.submit(delve)]
    verdicts = community.wait_for_verdicts(client, ids, 30)
    assert [verdicts[run_id]["status"] for run_id in ids] == ["verified", "verified"]
    with browser_page() as page:
        page.goto(f"{server.url}/players/Dee")
        main = page.inner_text("main")
        assert "Challenge maps" in main and published["title"] in main
        assert "Boards in points" in main and str(delve["claimed"]["score"]) in main
        assert "Mini Rogue: 1 day in a row now, 1 day at most" in main
        page.click(f"text=daily:{today().isoformat()}")
        page.wait_for_url("**/games/minirogue/boards/daily*")  # the key, quoted or not
        assert "Dee" in page.inner_text("tbody")
        page.goto(f"{server.url}/players/Dee")
        page.click(f"main >> text={published['title']}")
        page.wait_for_url(f"**/maps/{published['share_code']}")
        assert "Dee" in page.inner_text("tbody")
