"""Run pages in a real headless Chromium against a live server: from a board to a run, stepped
to its end (the final board and the summary) and sought back to its start (the starting
board), for a Card Rogue map and a Mini Rogue daily; names and titles shown as text; the page
fits a phone's width and a desktop's."""

from __future__ import annotations

from typing import Any

from services import community
from tests.server.live import LiveServer
from tests.server.minirogue_runs import daily, today
from tests.server.support import publish
from tests.web.browser import browser_page

WAIT = 30_000  # ms: a bound on waiting for what the page shows, not a measurement


def at_step(page: Any, step: int) -> None:
    page.wait_for_function("step => document.getElementById('step').textContent === String(step)",
                           arg=step, timeout=WAIT)


def hero_cell(page: Any) -> str | None:
    return page.get_attribute("[data-heroes='0']", "data-cell") \
        if page.locator("[data-heroes='0']").count() else None


def test_a_card_rogue_map_from_its_board_to_a_run_and_back(server: LiveServer) -> None:
    map_ = publish(server, "poison-race", "Ann")
    with browser_page() as page:
        page.goto(f"{server.url}/maps/{map_['share_code']}")
        assert page.locator("#watch-best").count() == 1
        page.click("tbody tr >> text=watch")
        page.wait_for_url("**/runs/1")
        assert "Step 20 of 20" in page.inner_text("#at")  # the end: the final board
        assert "Over: won" in page.inner_text("#board")
        summary = page.inner_text("#summary")
        assert "Moves\n20" in summary and "won: every level cleared" in summary
        assert "Level complete" in page.inner_text("#log")

        page.locator("#slider").fill("0")  # seek back to the start
        at_step(page, 0)
        assert "Over" not in page.inner_text("#board")
        assert "Moves 0" in page.inner_text(".stats")
        assert hero_cell(page) == "0,0"  # on the starting tile
        assert "Level complete" not in page.inner_text("#log")
        assert page.url.endswith("?step=0")

        page.click("[data-go=forward]")
        at_step(page, 1)
        page.click("[data-go=end]")
        at_step(page, 20)
        assert "Over: won" in page.inner_text("#board")
        page.click("[data-go=start]")
        at_step(page, 0)
        page.select_option("#speed", "40")
        page.click("#play")  # plays to the end, then stops
        at_step(page, 20)
        assert page.inner_text("#play") == "Play"


def test_a_mini_rogue_daily_from_its_board_to_a_run_and_back(server: LiveServer) -> None:
    client = community.Client(server.url)
    client.register("Dee")
    run = daily(client.daily("minirogue")["seed"], today())
    run_id = client.submit(run)
    assert community.wait_for_verdicts(client, [run_id], 30)[run_id]["status"] == "verified"
    total = len(run["actions"])
    with browser_page() as page:
        page.goto(server.url + "/")
        page.click("text=Mini Rogue")
        page.click(f"text={today().isoformat()}")
        page.click("tbody tr >> text=watch")
        page.wait_for_url(f"**/runs/{run_id}")
        page.goto(f"{server.url}/runs/{run_id}?step=0")
        page.click("[data-go=end]")
        at_step(page, total)
        assert "Over:" in page.inner_text("#board")
        summary = page.inner_text("#summary")
        assert f"Score\n{run['claimed']['score']}" in summary and "Damage taken" in summary
        page.locator("#slider").fill("0")
        at_step(page, 0)
        assert "Area 1, level 1" in page.inner_text(".stats")
        assert "Over" not in page.inner_text("#board")


def test_a_hostile_name_and_title_show_as_text_on_every_page(server: LiveServer) -> None:
    name, title = "<script>alert(1)</script>", "[b]x[/b]"
    map_ = publish(server, "poison-race", name, title=title)
    dialogs: list[str] = []
    with browser_page() as page:
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(server.url + "/runs/1")
        assert name in page.inner_text("main") and page.inner_text("#place") == title
        page.click("[data-go=end]")
        page.goto(f"{server.url}/maps/{map_['share_code']}")
        assert page.inner_text("h2") == title and name in page.inner_text("tbody")
        page.goto(server.url + "/")
        assert title in page.inner_text("tbody") and name in page.inner_text("tbody")
        page.click(f"tbody >> text={name}")
        page.wait_for_url("**/players/**")
        assert page.inner_text("h2") == name
    assert dialogs == []


def test_the_run_page_fits_a_phone_and_a_desktop(server: LiveServer) -> None:
    publish(server, "golem-forge", "Ann")
    with browser_page() as page:
        for width in (375, 1280):
            page.set_viewport_size({"width": width, "height": 800})
            page.goto(server.url + "/runs/1?step=10")
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= width, (width, wide)
            assert page.locator("#board").is_visible() and page.locator("#log").is_visible()
