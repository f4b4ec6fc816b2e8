"""A guest of `cardrogue web` (CARDROGUE_SANDBOX=1, their own data folder) names no path: every
file prompt of the app lists the files of their folder instead of asking for a path, and none
lists or opens /etc/passwd, a `..` way out, or a symlink out of the sandbox. At a terminal the
prompts still take a typed path."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import maplist
from app.games.cardrogue.screens.campaigns import MapListScreen, OpenFileScreen
from app.games.cardrogue.screens.new_map import EditorStartScreen, NewMapScreen
from app.screens.file_prompt import FilePromptScreen
from app.screens.watch import OpenRunScreen
from services import community, paths
from services.settings import load_settings, save_settings
from tests.app.support import open_scores, open_start_screen
from tests.support import until

FIXTURES = Path(__file__).parent / "fixtures"
SIZE = (100, 36)


@pytest.fixture
def sandbox(user_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A guest's folder with one map and one run of their own, and symlinks out of it (to a
    valid map outside, to /etc/passwd) in both folders."""
    monkeypatch.setenv(paths.SANDBOX_ENV, "1")
    outside = tmp_path / "host"
    outside.mkdir()
    shutil.copy(FIXTURES / "tutorial.toml", outside / "secret.toml")
    (outside / "secret.run.json").write_text("{}")
    maps, runs = user_data / "maps", user_data / "runs"
    maps.mkdir(parents=True)
    runs.mkdir()
    shutil.copy(FIXTURES / "tutorial.toml", maps / "mine.toml")
    (runs / "mine.run.json").write_text("{}")
    (maps / "escape.toml").symlink_to(outside / "secret.toml")
    (maps / "passwd.toml").symlink_to("/etc/passwd")
    (runs / "escape.run.json").symlink_to(outside / "secret.run.json")
    (runs / "passwd.json").symlink_to("/etc/passwd")
    return user_data


def listed(screen: FilePromptScreen) -> list[str]:
    assert not screen.query(Input), "a guest is never asked to type a path"
    options = screen.query_one("#choices", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


def test_a_guest_may_open_only_their_folder_and_the_bundled_maps(sandbox, tmp_path):
    maps = sandbox / "maps"
    assert paths.may_open(maps / "mine.toml")
    assert paths.may_open(next(paths.bundled_maps_dir().rglob("*.toml")))
    for refused in (Path("/etc/passwd"), maps / ".." / ".." / "host" / "secret.toml",
                    maps / "escape.toml", maps / "passwd.toml", maps / "missing.toml", maps):
        assert not paths.may_open(refused), refused
    assert [p.name for p in paths.files_in(maps, "*.toml")] == ["mine.toml"]


def test_at_a_terminal_nothing_changes(user_data, tmp_path):
    secret = tmp_path / "secret.toml"
    shutil.copy(FIXTURES / "tutorial.toml", secret)
    (user_data / "maps").mkdir(parents=True)
    (user_data / "maps" / "link.toml").symlink_to(secret)
    assert not paths.sandboxed() and paths.may_open(secret)
    assert [p.name for p in paths.files_in(user_data / "maps", "*.toml")] == ["link.toml"]


async def test_every_file_prompt_lists_only_the_guests_own_files(sandbox):
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        # Challenges: the list and "Open a map file" (o).
        maps = MapListScreen("challenge")
        app.push_screen(maps)
        await until(pilot, lambda: bool(maps.entries))
        assert {entry.path.name for entry in app.screen.entries
                if entry.source == maplist.YOURS} == {"mine.toml"}
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OpenFileScreen) and listed(app.screen) == ["mine.toml"]
        await pilot.press("escape")
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()

        # High scores: "Open run file" (o); and the command palette's "Watch a run file".
        await open_scores(app, pilot)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OpenRunScreen) and listed(app.screen) == ["mine.run.json"]
        await pilot.press("escape")
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        app.ask_run_file()
        await pilot.pause()
        assert isinstance(app.screen, OpenRunScreen) and listed(app.screen) == ["mine.run.json"]
        await pilot.press("escape")
        await pilot.pause()

        # The editor: its list of maps to open, and a new map's file name.
        await open_start_screen(app, pilot)
        start = app.screen
        assert isinstance(start, EditorStartScreen)
        assert [entry.path.name for entry in start.files] == ["mine.toml"]
        await pilot.press("n")
        await pilot.pause()
        new_map = app.screen
        assert isinstance(new_map, NewMapScreen)
        for name in ("/etc/passwd", "../../host/evil", "escape", "passwd.toml", ".hidden"):
            new_map.query_one("#file", Input).value = name
            await pilot.pause()
            assert new_map.problem() is not None, name


async def test_choosing_a_listed_file_opens_it(sandbox):
    app = CardRogueApp()
    app.animation_level = "none"
    chosen: list[Path | None] = []
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(OpenFileScreen(), chosen.append)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    assert chosen == [sandbox / "maps" / "mine.toml"]


async def test_a_file_swapped_for_a_symlink_after_listing_is_refused(sandbox, tmp_path):
    app = CardRogueApp()
    app.animation_level = "none"
    chosen: list[Path | None] = []
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(OpenFileScreen(), chosen.append)
        await pilot.pause()
        mine = sandbox / "maps" / "mine.toml"
        mine.unlink()
        mine.symlink_to(tmp_path / "host" / "secret.toml")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, OpenFileScreen)  # still asking: nothing was opened
    assert chosen == []


def test_a_guest_plays_on_the_hosts_community_server_only(sandbox, monkeypatch):
    # A guest's own config.toml could point the host's machine anywhere (its own network).
    save_settings(load_settings().but(server="http://10.0.0.1:5432"))
    monkeypatch.delenv(community.SERVER_ENV, raising=False)
    with pytest.raises(community.CommunityError, match="host of this web game"):
        community.server_url(None)
    monkeypatch.setenv(community.SERVER_ENV, "http://community.example")
    assert community.server_url(None) == "http://community.example"
    monkeypatch.delenv(paths.SANDBOX_ENV)
    monkeypatch.delenv(community.SERVER_ENV)
    assert community.server_url(None) == "http://10.0.0.1:5432"  # at a terminal: as before


async def test_a_guest_cannot_change_the_server_in_settings(sandbox, monkeypatch):
    from app.screens.settings import SettingsScreen

    monkeypatch.setenv(community.SERVER_ENV, "http://community.example")
    app = CardRogueApp()
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        screen = SettingsScreen()
        app.push_screen(screen)
        await pilot.pause()
        field = screen.query_one("#server", Input)
        assert field.disabled and field.value == "http://community.example"
        field.value = "http://10.0.0.1:5432"
        screen.query_one("#player", Input).value = "Robin"
        screen.action_save()
        await pilot.pause()
    assert load_settings().server == "" and load_settings().player == "Robin"
