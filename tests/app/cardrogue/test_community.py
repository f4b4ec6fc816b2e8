"""The Community screen and the results screen's submission, against a real server on loopback:
browse the published maps, download one, play it to a win with key presses, submit the run and
see its global rank; and the settings that choose the server."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx2 as httpx
from textual.widgets import Button, DataTable, Input

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import launch
from app.games.cardrogue.screens.play import PlayScreen
from app.games.cardrogue.screens.results import ResultsScreen
from app.screens.community import CommunityScreen
from app.screens.settings import SettingsScreen
from app.screens.title import TitleScreen
from services import community, map_download
from services.map_search import tags
from services.settings import Settings, load_settings, save_settings
from tests.app.support import open_community, text_of
from tests.server.conftest import challenge
from tests.server.support import publish, settled, slower
from tests.support import until

SIZE = (120, 40)
MAP = "poison-race"
KEYS = {"N": "up", "E": "right", "S": "down", "W": "left"}


def keys_for(run: dict) -> list[str]:
    """The key presses that play a run made of moves, flips and end turns."""
    keys = []
    for action in run["actions"]:
        if action["do"] in ("move", "flip"):
            keys.append(KEYS[action["dir"]])
        elif action["do"] == "end_turn":
            keys.append("space")
        else:
            raise AssertionError(f"no key for {action}")
    return keys


async def win(app: CardRogueApp, pilot, path: Path, run: dict | None = None) -> ResultsScreen:
    """Open a downloaded copy of MAP, play its clear (or `run`) with key presses, reach the
    results."""
    launch.open_path(app, path)
    await until(pilot, lambda: not isinstance(app.screen, TitleScreen))
    await pilot.press("enter")  # the story
    await until(pilot, lambda: isinstance(app.screen, PlayScreen))
    for key in keys_for(run or challenge(MAP)[1]):
        await pilot.press(key)
    await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
    assert isinstance(app.screen, ResultsScreen)
    return app.screen


async def test_browse_download_play_to_a_win_submit_and_see_the_rank(app, server, user_data):
    published = publish(server, MAP, slower_by=1)
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_community(app, pilot)
        table = screen.query_one("#maps", DataTable)
        await until(pilot, lambda: table.row_count == 1)
        assert str(table.get_row_at(0)[6]) == published["share_code"]
        await until(pilot, lambda: "1 player on the board" in text_of(screen, "#mine"))
        assert "no score here yet" in text_of(screen, "#mine")
        assert table.has_focus
        await pilot.press("enter")  # download and play
        await until(pilot, lambda: not isinstance(app.screen, CommunityScreen),
                    why=lambda: text_of(screen, "#status"))
        assert list((user_data / "maps").glob("*.toml"))
        await pilot.press("enter")  # the story
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        for key in keys_for(challenge(MAP)[1]):
            await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen))
        results = app.screen
        button = results.query_one("#submit", Button)
        await until(pilot, lambda: button.has_class("shown"))
        assert "published on" in text_of(results, "#community")
        await pilot.click("#submit")
        await until(pilot, lambda: "global rank" in text_of(results, "#community"))
        assert "global rank 1" in text_of(results, "#community")
        # Back on the Community screen, the map's board has the new entry.
        for _ in range(6):
            if isinstance(app.screen, CommunityScreen):
                break
            await pilot.press("escape")
            await pilot.pause()
        assert app.screen is screen
        await until(pilot, lambda: "Your rank: 1" in text_of(screen, "#mine"),
                    why=lambda: text_of(screen, "#mine"))
        assert "2 players on the board" in text_of(screen, "#mine")
    board = community.Client(server.url).leaderboard(published["id"])
    # The author's clear is on the board too, a move longer.
    assert {(item["player"], item["rank"]) for item in board["items"]} == {("Author", 2),
                                                                           ("Tester", 1)}


async def test_auto_submit_sends_the_win_without_asking(app, server, user_data):
    publish(server, MAP, slower_by=1)
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url, auto_submit=True))
    known = map_download.download(community.Client(server.url), challenge(MAP)[1]["map_id"])
    async with app.run_test(size=SIZE) as pilot:
        results = await win(app, pilot, known.path)
        await until(pilot, lambda: "global rank" in text_of(results, "#community"))
        assert not results.query_one("#submit", Button).has_class("shown")


async def test_a_win_while_the_server_is_down_can_wait_in_the_outbox(app, server, user_data):
    publish(server, MAP, slower_by=1)
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    known = map_download.download(community.Client(server.url), challenge(MAP)[1]["map_id"])
    server.stop()
    async with app.run_test(size=SIZE) as pilot:
        results = await win(app, pilot, known.path)
        button = results.query_one("#submit", Button)
        await until(pilot, lambda: button.has_class("shown"))
        assert "could not be reached" in text_of(results, "#community")
        await pilot.click("#submit")
        await until(pilot, lambda: "outbox" in text_of(results, "#community")
                    and "Verifying" not in text_of(results, "#community"))
        assert text_of(results, "#community").startswith(
            "The server could not be reached: the run waits in the outbox")
    assert len(community.waiting(server.url)) == 1


async def test_a_win_that_is_not_the_best_names_the_best_rank(app, server, user_data):
    publish(server, MAP, slower_by=1)
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url, auto_submit=True))
    client = community.Client(server.url)
    community.keep_login(client.register("Tester"))
    first = client.submit(challenge(MAP)[1])  # a better play, sent before
    assert community.wait_for_verdicts(client, [first], 30)[first]["rank"] == 1
    known = map_download.download(client, challenge(MAP)[1]["map_id"])
    async with app.run_test(size=SIZE) as pilot:
        results = await win(app, pilot, known.path, slower(challenge(MAP)[1], 2))
        await until(pilot, lambda: "Verified" in text_of(results, "#community"),
                    why=lambda: text_of(results, "#community"))
        assert text_of(results, "#community") == ("Verified by the server; not better than your "
                                                  "best, which stays at global rank 1 of 2.")


async def test_a_taken_name_leads_to_settings_and_submits_again(app, server, user_data):
    publish(server, MAP, slower_by=1)
    community.Client(server.url).register("Tester")  # someone else has the name
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url, player="Tester", auto_submit=True))
    known = map_download.download(community.Client(server.url), challenge(MAP)[1]["map_id"])
    async with app.run_test(size=SIZE) as pilot:
        results = await win(app, pilot, known.path)
        button = results.query_one("#submit", Button)
        await until(pilot, lambda: button.has_class("shown"),
                    why=lambda: text_of(results, "#community"))
        assert "is taken" in text_of(results, "#community")
        assert "Settings" in text_of(results, "#community")
        await pilot.click("#submit")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        app.screen.query_one("#player", Input).value = "Tess"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.screen is results)
        await until(pilot, lambda: "global rank" in text_of(results, "#community"),
                    why=lambda: text_of(results, "#community"))
    assert community.stored_login(server.url).name == "Tess"
    assert load_settings().player == "Tess"


async def test_server_text_is_shown_literally(app, server, user_data):
    client = community.Client(server.url)
    client.register("Mallory")
    text, clear = challenge(MAP)
    text = text.replace('title = "', 'title = "[reverse]Loud[/reverse] ', 1)
    published = client.publish(text, clear)
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_community(app, pilot)
        table = screen.query_one("#maps", DataTable)
        await until(pilot, lambda: table.row_count == 1)
        title = table.get_row_at(0)[0]
        assert "[reverse]Loud[/reverse]" in str(title)
        assert published["title"].startswith("[reverse]")


async def test_a_long_title_leaves_the_lists_columns_in_sight_at_80x24(app, server, user_data):
    client = community.Client(server.url)
    client.register("An author with a long name too")
    text, clear = challenge(MAP)
    long_title = "The very long and winding road down to the green well of poison"
    text = text.replace('title = "', f'title = "{long_title} ', 1)
    client.publish(text, clear)
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_community(app, pilot)
        table = screen.query_one("#maps", DataTable)
        await until(pilot, lambda: table.row_count == 1)
        await pilot.pause()
        # The list keeps the title (cut), par and best beside the detail; the detail has the
        # rest, the title whole.
        assert [str(c.label) for c in table.columns.values()] == ["Title", "Par", "Best"]
        title = str(table.get_row_at(0)[0])
        assert title.endswith("…") and long_title.startswith(title[:-1])
        assert table.virtual_size.width <= table.size.width  # every column in sight
        detail = " ".join(text_of(screen, "#detail").split())
        assert long_title in detail and "An author with a long name too" in detail
        # Wider, every column comes back, the title and the author cut.
        await pilot.resize_terminal(140, 40)
        await until(pilot, lambda: len(table.columns) == 7)
        title, author = str(table.get_row_at(0)[0]), str(table.get_row_at(0)[1])
        assert title.endswith("…") and author.endswith("…")
        assert table.virtual_size.width <= table.size.width


async def test_the_list_shows_players_ratings_and_the_detail_the_authors_difficulty(
        app, server, user_data):
    # The list's Rating column showed the author's difficulty ("medium"), while the detail
    # beside it said "not rated yet": a tester took one for the other.
    rated = publish(server, MAP, slower_by=1)  # poison-race, the author's difficulty medium
    client = community.Client(server.url)
    client.register("Plain")
    text, clear = challenge("speed-maze")
    assert 'difficulty = "easy"\n' in text
    unrated = client.publish(text.replace('difficulty = "easy"\n', ""), clear)
    rater = community.Client(server.url)  # a player who clears it (their own route) rates it
    rater.register("Rater")
    with httpx.Client(base_url=server.url) as http:
        assert settled(http, rater.submit(slower(clear, 2)))["status"] == "verified"
    rater.vote(str(unrated["id"]), 4, "hard")
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_community(app, pilot)
        table = screen.query_one("#maps", DataTable)
        await until(pilot, lambda: table.row_count == 2)
        rows = [(str(table.get_row_at(i)[6]), str(table.get_row_at(i)[2])) for i in range(2)]
        assert rows == [(unrated["share_code"], "4.0"), (rated["share_code"], "-")]  # newest first
        assert "1 level · par" in text_of(screen, "#detail")  # no difficulty of the author's
        assert "rated 4.0/5 by 1 player" in text_of(screen, "#detail")
        await pilot.press("down")
        await until(pilot, lambda: "medium" in text_of(screen, "#detail"))
        assert "1 level · medium · par 20" in text_of(screen, "#detail")
        assert "not rated yet" in text_of(screen, "#detail")


async def test_search_and_sort_ask_the_server_again(app, server, user_data):
    publish(server, MAP, slower_by=1)
    publish(server, "speed-maze", author="Other", slower_by=1)
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_community(app, pilot)
        table = screen.query_one("#maps", DataTable)
        await until(pilot, lambda: table.row_count == 2)
        await pilot.press("slash")
        search = screen.query_one("#search", Input)
        assert search.has_focus
        search.value = "maze"
        await pilot.press("enter")
        await until(pilot, lambda: table.row_count == 1)
        assert "maze" in str(table.get_row_at(0)[0]).lower()
        await pilot.press("s")
        await until(pilot, lambda: "sorted by rating" in text_of(screen, "#status"))


async def test_a_tag_filters_the_list_and_the_detail_says_what_players_say(app, server,
                                                                          user_data):

    publish(server, "speed-maze", author="Other", slower_by=1)
    with httpx.Client(base_url=server.url) as client:  # an author who tags their map
        token = client.post("/api/v1/players", json={"name": "Tagger"}).json()["token"]
        text, clear = challenge(MAP)
        tagged = client.post("/api/v1/maps", json={"map": text, "clear": clear},
                             headers={"Authorization": f"Bearer {token}"}).json()
        assert client.put(f"/api/v1/maps/{tagged['id']}/tags", json={"tags": ["poison"]},
                          headers={"Authorization": f"Bearer {token}"}).status_code == 200
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_community(app, pilot)
        table = screen.query_one("#maps", DataTable)
        await until(pilot, lambda: table.row_count == 2)
        assert "not rated yet · cleared by 1 of 1 (100%)" in text_of(screen, "#detail")
        for _ in range(list(tags()).index("poison") + 1):
            await pilot.press("t")
        await until(pilot, lambda: "tagged poison" in text_of(screen, "#status"))
        await until(pilot, lambda: table.row_count == 1)
        assert str(table.get_row_at(0)[6]) == tagged["share_code"]
        assert "poison" in text_of(screen, "#detail")


async def test_without_a_server_the_screen_says_how_to_set_one(app):
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_community(app, pilot)
        await pilot.pause()
        assert "Settings" in text_of(screen, "#status")


async def test_settings_save_the_server_and_refuse_a_bad_address(app, user_data):
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SettingsScreen())
        await pilot.pause()
        settings_screen = app.screen
        settings_screen.query_one("#server", Input).value = "ftp://nowhere"
        await pilot.click("#save")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert "http://" in text_of(settings_screen, "#problem")
        settings_screen.query_one("#server", Input).value = "http://127.0.0.1:8765/"
        settings_screen.query_one("#player", Input).value = "Ann"
        await pilot.pause(0.3)  # a button takes no second press while it shows the first
        await pilot.click("#save")
        await pilot.pause()
        assert not isinstance(app.screen, SettingsScreen), text_of(settings_screen, "#problem")
    kept = load_settings()
    assert (kept.server, kept.player) == ("http://127.0.0.1:8765", "Ann")
    assert json.dumps(kept.other) == "{}"
    assert Path(user_data / "config.toml").exists()


async def test_a_malformed_address_is_refused_in_words_never_a_crash(app, user_data,
                                                                     monkeypatch):
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SettingsScreen())
        await pilot.pause()
        settings_screen = app.screen
        for address in ("http://[x", "http://bold red", "http://host:abc"):
            settings_screen.query_one("#server", Input).value = address
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, SettingsScreen)
            assert "the server address is not valid" in text_of(settings_screen, "#problem")
    monkeypatch.setenv("CARDROGUE_SERVER", "http://[x")
    again = CardRogueApp()
    async with again.run_test(size=SIZE) as pilot:
        screen = await open_community(again, pilot)
        await pilot.pause()
        assert "the server address is not valid" in text_of(screen, "#status")


async def test_settings_say_when_the_environment_sets_the_server(app, user_data, monkeypatch):
    monkeypatch.setenv("CARDROGUE_SERVER", "http://example.test:8765")
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SettingsScreen())
        await pilot.pause()
        note = text_of(app.screen, "#server-env")
        assert "http://example.test:8765" in note and "CARDROGUE_SERVER" in note


async def test_publishing_from_the_editor_uploads_to_the_server(app, server, user_data, tmp_path):
    from app.games.cardrogue.editor import playtest
    from app.games.cardrogue.editor.model import MapModel
    from app.games.cardrogue.screens.editor import EditorScreen
    from engine.cardrogue import parse_run

    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    text, clear = challenge(MAP)
    map_file = tmp_path / f"{MAP}.toml"
    map_file.write_text(text)
    async with app.run_test(size=SIZE) as pilot:
        editor = EditorScreen(MapModel.load(map_file), map_file)
        app.push_screen(editor)
        await pilot.pause()
        editor.clear_run = parse_run(json.dumps(clear))
        playtest.publish(editor)

        def notes() -> list[str]:
            return [n.message for n in app._notifications]

        await until(pilot, lambda: any("on the server" in (n.title or "")
                                       for n in app._notifications), why=notes)
        assert any(f"Published on {server.url} as " in m for m in notes()), notes()
        playtest.publish(editor)  # again: the server has it already, and says so
        await until(pilot, lambda: any("did not take the map" in m for m in notes()), why=notes)
    listed = community.Client(server.url).maps()["items"]
    assert [(item["title"], item["author"]) for item in listed] == [("The Green Well", "Tester")]


async def test_pages_load_as_the_cursor_reaches_the_end(app, server, user_data, monkeypatch):
    from app.screens import community as community_screen

    monkeypatch.setattr(community_screen, "PAGE", 2)
    for name, author in (("poison-race", "A1"), ("speed-maze", "A2"),
                         ("right-weapon", "A3")):
        publish(server, name, author=author, slower_by=1)
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_community(app, pilot)
        table = screen.query_one("#maps", DataTable)
        await until(pilot, lambda: table.row_count == 2)
        assert "more below" in text_of(screen, "#status")
        await pilot.press("down")  # the last row: the next page comes
        await until(pilot, lambda: table.row_count == 3)
        codes = [str(table.get_row_at(i)[6]) for i in range(3)]
        assert len(set(codes)) == 3  # every map once
        assert "more below" not in text_of(screen, "#status")


async def test_enter_on_a_board_entry_watches_its_run(app, server, user_data):
    from app.games.cardrogue.screens.replay import ReplayScreen

    publish(server, MAP, slower_by=1)
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_community(app, pilot)
        board = screen.query_one("#board", DataTable)
        await until(pilot, lambda: board.row_count == 1)
        board.focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen),
                    why=lambda: text_of(screen, "#status"))


async def test_runs_left_in_the_outbox_are_sent_when_the_app_starts(app, server, user_data):
    published = publish(server, MAP, slower_by=1)
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url))
    client = community.Client(server.url)
    community.keep_login(client.register("Tester"))
    community.queue(server.url, challenge(MAP)[1])  # as if the network had dropped
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: not community.waiting())
        await until(pilot, lambda: any("from the outbox" in n.message
                                       for n in app._notifications))
    ids = [item["player"] for item in client.leaderboard(published["id"])["items"]]
    for _ in range(100):
        if "Tester" in ids:
            break
        time.sleep(0.1)
        ids = [item["player"] for item in client.leaderboard(published["id"])["items"]]
    assert "Tester" in ids
