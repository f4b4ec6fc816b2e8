"""Run pages (/runs/{id}): a verified run drawn step by step from its replay, the log in the
game's words, the summary, escaping of names and titles, refusals, and the bounded caches."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine import games
from engine.cardrogue.maps import validate_text
from server import run_pages, verification
from services.words.minirogue import room_name
from tests.server.conftest import challenge, make_api
from tests.server.minirogue_runs import won
from tests.server.sqlite_template import migrated_sqlite


class Cells(HTMLParser):
    """The board's cells as the page draws them: (row, column) -> their data- attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: dict[tuple[int, int], dict[str, str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if "data-cell" in found:
            row, column = map(int, found["data-cell"].split(","))
            self.cells[(row, column)] = found


def cells_of(page: str) -> dict[tuple[int, int], dict[str, str]]:
    reader = Cells()
    reader.feed(page)
    return reader.cells


@pytest.fixture
def sqlite_api(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory):
    yield from make_api(migrated_sqlite(tmp_path / "server.db", tmp_path_factory))


def published(api, name: str, author: str = "Author", title: str | None = None) -> int:
    """Publish a bundled challenge with its clear; the clear is run 1, verified."""
    text, clear = challenge(name)
    if title is not None:
        start = text.index('title = "') + len('title = "')
        text = text[:start] + title + text[text.index('"', start):]
    answer = api.client.post("/api/v1/maps", json={"map": text, "clear": clear},
                             headers=api.register(author))
    assert answer.status_code == 201, answer.text
    return 1


def test_a_card_rogue_run_page_steps_through_the_run(api) -> None:
    run = published(api, "poison-race")
    end = api.client.get(f"/runs/{run}")
    assert end.status_code == 200
    assert "Step <b id=\"step\">20</b> of 20" in end.text  # the end, by default
    assert "Level complete: 20 moves" in end.text  # the log in the app's words
    assert "<dt>Moves</dt><dd>20</dd>" in end.text and "<dt>Turns</dt><dd>7</dd>" in end.text
    assert "against par" in end.text and "won: every level cleared" in end.text
    assert "Over: won" in end.text  # the final board
    assert 'href="/maps/AWXZ-B31R"' in end.text and "/api/v1/runs/1/file" in end.text

    start = api.client.get(f"/runs/{run}?step=0")
    assert "Step <b id=\"step\">0</b> of 20" in start.text
    assert "Level complete" not in start.text and "You move" not in start.text
    assert 'href="?step=1"' in start.text  # forward, as a plain link
    assert api.client.get(f"/runs/{run}?step=999").text.count("Step <b id=\"step\">20</b>") == 1

    step = api.client.get(f"/runs/{run}/steps/4", params={"since": 2}).json()
    assert step["step"] == 4 and step["since"] == 2 and step["total"] == 20
    assert 'data-step="2"' in step["log"] and 'data-step="1"' not in step["log"]
    assert "data-cell=" in step["board"]


def test_a_mini_rogue_run_page_has_its_delve_and_board(api) -> None:
    api.publish("poison-race", api.register("Author"))
    run = api.submit(won(), api.register("Bo"))
    api.settle()
    page = api.client.get(f"/runs/{run}")
    assert page.status_code == 200 and "Mini Rogue" in page.text
    assert "<dt>Score</dt><dd>192</dd>" in page.text
    assert "won: the delve is done" in page.text and "Bosses defeated" in page.text
    assert 'class="column' in page.text and "Area 14, level 5" in page.text
    first = api.client.get(f"/runs/{run}?step=1").text
    assert "You enter the Event." in first
    # The rooms by the names the app's tabletop gives them, never the rules' ids.
    for text in (page.text, first):
        rooms = re.findall(r'data-room="([^"]*)">([^<]*)</span>', text)
        assert rooms and any(room for room, _ in rooms)
        assert all(shown == room_name(room or None) for room, shown in rooms), rooms
    assert ">Camp</span>" in page.text and ">resting</span>" not in page.text


def test_the_board_at_each_step_is_the_view_of_that_step(sqlite_api) -> None:
    """Cell by cell, at every step of a corpus run (a clear of several fights)."""
    run = published(sqlite_api, "golem-forge")
    text, clear = challenge("golem-forge")
    parsed = games.run_from_dict(clear)
    state = games.load_run_game(parsed).new_game(
        **parsed.setup(), map=validate_text(text, "map").spec)
    views = [state.view(0)]
    for action in parsed.actions:
        state.apply(action)
        views.append(state.view(0))
    for n, view in enumerate(views):
        drawn = cells_of(sqlite_api.client.get(f"/runs/{run}", params={"step": n}).text)
        assert set(drawn) == {cell.cell for cell in view.cells}, n
        for cell in view.cells:
            shown = drawn[cell.cell]
            assert shown["data-face"] == cell.face, (n, cell.cell)
            assert shown["data-card"] == (cell.card or ""), (n, cell.cell)
            assert shown["data-heroes"] == " ".join(map(str, cell.heroes)), (n, cell.cell)
            assert shown["data-paths"] == str(cell.paths), (n, cell.cell)
            health = str(cell.enemy.health) if cell.enemy is not None else None
            assert shown.get("data-health") == health, (n, cell.cell)


@pytest.mark.parametrize("game", ["cardrogue", "minirogue"])
def test_a_view_from_a_kept_game_is_the_view_of_that_step(game, monkeypatch) -> None:
    """A replay keeps a game every few steps and works each step's view out from the nearest
    one before it: the same view as replaying from the start, at every step."""
    monkeypatch.setattr(verification, "KEEP_EVERY", 3)
    if game == "cardrogue":
        text, doc = challenge("golem-forge")
        spec = validate_text(text, "map").spec
    else:
        text, doc, spec = None, won(), None
    parsed = games.run_from_dict(doc)
    options = parsed.setup() | ({"map": spec} if spec is not None else {})
    state = games.load_run_game(parsed).new_game(**options)
    views = [state.view(0)]
    for action in parsed.actions:
        state.apply(action)
        views.append(state.view(0))
    replayed = verification.replay_for_watching(doc, text)
    assert replayed.steps == len(parsed.actions) and len(replayed.kept) > 3
    assert [replayed.view(n) for n in range(len(views))] == views


def test_names_and_titles_from_players_show_as_text(api) -> None:
    hostile, title = "<script>alert(1)</script>", "[b]x[/b] <i>y</i>"
    published(api, "poison-race", author=hostile, title=title)
    page = api.client.get("/runs/1").text
    assert "<script>alert" not in page and "<i>y" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "[b]x[/b] &lt;i&gt;y&lt;/i&gt;" in page
    for path in ("/", "/maps/AWXZ-B31R", "/players/%3Cscript%3Ealert(1)%3C%2Fscript%3E"):
        assert "<script>alert" not in api.client.get(path).text


def test_runs_that_cannot_be_watched_are_not_found(api) -> None:
    published(api, "poison-race")
    headers = api.register("Cy")
    text, clear = challenge("poison-race")
    queued = api.submit({**clear, "actions": clear["actions"][:3]}, headers)
    for path in ("/runs/99", f"/runs/{queued}", "/runs/0", "/runs/99/steps/1"):
        assert api.client.get(path).status_code == 404, path
    api.settle()  # refused: it does not finish the map
    assert api.client.get(f"/runs/{queued}").status_code == 404
    assert "No verified run" in api.client.get(f"/runs/{queued}").text


def test_a_run_is_replayed_once_and_the_caches_are_bounded(sqlite_api, monkeypatch) -> None:
    published(sqlite_api, "poison-race")
    replays = []
    real = run_pages.replay_for_watching
    monkeypatch.setattr(run_pages, "replay_for_watching",
                        lambda *args: replays.append(1) or real(*args))
    app = sqlite_api.client.app
    app.state.drawn.size = 5
    app.state.replays.size = 1  # under one run's 21 steps: still kept, the newest
    for step in range(21):
        assert sqlite_api.client.get(f"/runs/1?step={step}").status_code == 200
        assert sqlite_api.client.get(f"/runs/1/steps/{step}").status_code == 200
        assert len(app.state.drawn) <= 5
    assert replays == [1]


def test_the_lru_keeps_the_most_recently_used() -> None:
    kept = run_pages.Lru(2)
    made = []
    for key in ("a", "b", "a", "c", "a", "b"):
        kept.get(key, lambda key=key: made.append(key) or key.upper())
    assert made == ["a", "b", "c", "b"] and len(kept) == 2
    heavy = run_pages.Lru(10, weigh=len)
    for key in ("aaaa", "bbbb", "cc", "dddddddddddd"):
        heavy.get(key, lambda key=key: key)
    assert len(heavy) == 1  # the newest alone is over the bound: it is kept, alone
    heavy.get("ee", lambda: "ee")
    heavy.get("ff", lambda: "ff")
    assert len(heavy) == 2


def test_the_page_script_is_ours_and_served_here(api) -> None:
    published(api, "poison-race")
    page = api.client.get("/runs/1")
    scripts = re.findall(r"<script[^>]*>", page.text)
    assert scripts == ['<script src="/static/watch.js">']
    assert "script-src" not in page.headers["content-security-policy"]  # default-src 'self'
    script = api.client.get("/static/watch.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert "http" not in script.text  # loads nothing from elsewhere


def test_every_board_row_links_to_its_run_page_and_its_file(api) -> None:
    published(api, "poison-race", author="Ann")
    run = api.submit(won(), api.register("Bo"))
    api.settle()
    for path in ("/maps/AWXZ-B31R", "/players/Ann"):
        page = api.client.get(path).text
        assert 'href="/runs/1"' in page and 'href="/api/v1/runs/1/file"' in page, path
    assert 'id="watch-best" href="/runs/1"' in api.client.get("/maps/AWXZ-B31R").text
    boards = api.client.get("/games/minirogue")
    assert boards.status_code == 200
    board = re.findall(r'href="(/games/minirogue/boards/[^"]+)"', boards.text)
    assert len(board) == 1 and "/games/minirogue" in api.client.get("/").text
    page = api.client.get(board[0]).text
    assert f'href="/runs/{run}"' in page and f'href="/api/v1/runs/{run}/file"' in page
    assert "Bo" in page and "192" in page
    assert api.client.get("/games/cardrogue").status_code == 404  # ranked in moves, on maps
    assert api.client.get("/games/minirogue/boards/nonsense").status_code == 404
