"""New maps for the editor (issue 6): the templates, file names, and the screens that start it."""

import os
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Static

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import launch
from app.games.cardrogue.editor.model import MapModel
from app.games.cardrogue.editor.templates import TEMPLATES, slug, unused_path
from app.games.cardrogue.screens.editor import EditorScreen
from app.games.cardrogue.screens.new_map import EditorStartScreen, NewMapScreen, map_files
from app.screens.title import TitleScreen
from engine.cardrogue.maps import check_document, save_map
from tests.app.support import open_start_screen

SIZE = (80, 24)
BY_NAME = {template.name: template for template in TEMPLATES}
# An empty level has, by design, nothing in it yet: no start and no exit.
EMPTY_LEVEL_ERRORS = {"one_start", "no_exit"}


def errors(document: dict) -> set[str]:
    return {problem.rule for problem in check_document(document, "<template>").errors}


# ---------------------------------------------------------------------- the templates

@pytest.mark.parametrize("size", [(8, 8), (1, 1), (5, 1), (1, 3), (3, 2), (128, 128)])
def test_every_template_builds_a_map_of_the_chosen_size(size: tuple[int, int]) -> None:
    for template in TEMPLATES:
        if not template.fits(*size):
            assert template.name != "Empty level" and size[0] * size[1] < template.min_cells
            continue
        document = template.build(*size, "My Map")
        model = MapModel(document)
        assert all(model.size(level) == size for level in range(model.level_count))
        assert document["title"] == "My Map"
        expected = EMPTY_LEVEL_ERRORS if template.name == "Empty level" else set()
        assert errors(document) == expected, template.name


def test_empty_level_is_an_empty_challenge() -> None:
    document = BY_NAME["Empty level"].build(8, 8, "Blank")
    assert document["kind"] == "challenge" and len(document["levels"]) == 1
    assert document["levels"][0]["cells"] == "········\n" * 8


def test_challenge_is_one_playable_level_with_a_goblin() -> None:
    document = BY_NAME["Challenge"].build(8, 8, "Goblin Run")
    report = check_document(document, "<template>")
    assert report.problems == [] and report.spec is not None
    level = document["levels"][0]
    assert document["kind"] == "challenge" and level["id"] == "level-1"
    assert level["title"] and level["story"] and "par" not in level
    assert level["legend"] == {"g": "goblin"}
    assert sorted(ch for ch in level["cells"] if ch in "@g>") == [">", "@", "g"]


def test_campaign_is_three_levels_with_stories() -> None:
    document = BY_NAME["Campaign"].build(8, 8, "Down We Go")
    report = check_document(document, "<template>")
    assert report.problems == [] and report.spec is not None
    assert document["kind"] == "campaign"
    assert [level["id"] for level in document["levels"]] == ["level-1", "level-2", "level-3"]
    for level in document["levels"]:
        assert level["title"] and level["story"] and level["epilogue"]
        assert "@" in level["cells"] and ">" in level["cells"]


def test_templates_survive_a_save(tmp_path: Path) -> None:
    # What the editor writes must read back as the same map.
    for template in TEMPLATES:
        path = tmp_path / f"{slug(template.name)}.toml"
        save_map(template.build(6, 4, "Saved"), path)
        assert MapModel.load(path).level_count == len(template.build(6, 4, "Saved")["levels"])


# ---------------------------------------------------------------------- file names

def test_slug_makes_plain_file_names() -> None:
    assert slug("The Deep Cellar") == "the-deep-cellar"
    assert slug("  Ça va, [Wörld]!! ") == "ca-va-world"
    assert slug("***") == slug("") == slug("日本") == "untitled"
    assert slug("../etc/passwd") == "etc-passwd"


def test_unused_path_counts_up_past_taken_names(tmp_path: Path) -> None:
    assert unused_path(tmp_path, "cave") == tmp_path / "cave.toml"
    (tmp_path / "cave.toml").write_text("")
    (tmp_path / "cave-2.toml").write_text("")
    assert unused_path(tmp_path, "cave") == tmp_path / "cave-3.toml"


def test_map_files_are_newest_first_and_unreadable_ones_say_why(user_data: Path) -> None:
    folder = user_data / "maps"
    folder.mkdir(parents=True)
    save_map(BY_NAME["Challenge"].build(8, 8, "Old [b]one"), folder / "old.toml")
    save_map(BY_NAME["Challenge"].build(8, 8, "New one"), folder / "new.toml")
    (folder / "broken.toml").write_text("title = [unclosed\n", encoding="utf-8")
    for age, name in enumerate(["broken.toml", "new.toml", "old.toml"]):
        os.utime(folder / name, (1_000_000 - age * 100, 1_000_000 - age * 100))
    files = map_files(folder)
    assert [f.path.name for f in files] == ["broken.toml", "new.toml", "old.toml"]
    assert files[0].title is None and files[0].problem and "\n" not in files[0].problem
    assert [f.title for f in files[1:]] == ["New one", "Old [b]one"]


# ---------------------------------------------------------------------- the screens

async def test_title_editor_entry_creates_a_campaign_from_the_template(
        app: CardRogueApp, user_data: Path) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await open_start_screen(app, pilot)
        await pilot.press("enter")  # "New map…" is first
        await pilot.pause()
        assert isinstance(app.screen, NewMapScreen)
        campaign = [t.name for t in TEMPLATES].index("Campaign")
        await pilot.press(*["down"] * campaign, "enter")  # Enter moves on to the size
        await pilot.press("tab", "tab")  # past the height, to the title (its text selected)
        await pilot.press(*"The Long Way", "tab")
        assert app.screen.query_one("#file", Input).value == "the-long-way.toml"
        await pilot.press(*"long.toml", "enter")
        await pilot.pause()
        assert isinstance(app.screen, EditorScreen)
        assert app.screen.path == user_data / "maps" / "long.toml"
        assert app.screen.model.level_count == 3
        assert app.screen.model.document["title"] == "The Long Way"
        assert not (user_data / "maps" / "long.toml").exists()  # written on the first save
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert MapModel.load(user_data / "maps" / "long.toml").level_count == 3


async def test_start_screen_lists_a_map_and_opens_it(app: CardRogueApp, user_data: Path) -> None:
    folder = user_data / "maps"
    folder.mkdir(parents=True)
    save_map(BY_NAME["Challenge"].build(5, 3, "Mine [bold]"), folder / "mine.toml")
    async with app.run_test(size=SIZE) as pilot:
        await open_start_screen(app, pilot)
        choices = app.screen.query_one("#maps", OptionList)
        assert choices.option_count == 2
        assert str(choices.get_option_at_index(1).prompt) == "Mine [bold]  mine.toml"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, EditorScreen)
        assert app.screen.path == folder / "mine.toml" and app.screen.model.size(0) == (5, 3)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EditorStartScreen)


async def test_an_existing_file_name_is_refused(app: CardRogueApp, user_data: Path) -> None:
    folder = user_data / "maps"
    folder.mkdir(parents=True)
    (folder / "taken.toml").write_text("not a map", encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        await open_start_screen(app, pilot)
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewMapScreen)
        screen.query_one("#file", Input).value = "taken"
        await pilot.pause()
        await pilot.click("#create")
        await pilot.pause()
        assert app.screen is screen
        message = str(screen.query_one("#message", Static).render())
        assert "taken.toml already exists" in message
        screen.query_one("#file", Input).value = "sub/taken"
        screen.query_one("#file", Input).focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "plain file name" in str(screen.query_one("#message", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EditorStartScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_sizes_out_of_range_are_refused(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(NewMapScreen())
        await pilot.pause()
        screen = app.screen
        screen.query_one("#width", Input).value = "129"
        await pilot.pause()
        screen.action_create()
        await pilot.pause()
        assert app.screen is screen
        assert "1 to 128" in str(screen.query_one("#message", Static).render())


async def test_edit_without_a_file_opens_the_start_screen() -> None:
    app = CardRogueApp(launch.open_editor_start)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, EditorStartScreen)
