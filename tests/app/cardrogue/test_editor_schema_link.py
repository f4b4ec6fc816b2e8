"""A map saved in the data folder points at the data folder's own copy of the schema (issue 22),
so the link survives moving the folder or reinstalling the app; Taplo follows it."""

import shutil
from pathlib import Path

import pytest

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.editor.templates import TEMPLATES
from app.games.cardrogue.screens.editor import EditorScreen
from engine.cardrogue.maps import SCHEMA_PATH, validate_file
from engine.cardrogue.maps.document import schema_directive
from tests.support import TAPLO, taplo_check

SIZE = (80, 24)
CHALLENGE = {t.name: t for t in TEMPLATES}["Challenge"]


def linked_schema(map_path: Path) -> Path:
    line = schema_directive(map_path.read_text("utf-8"))
    assert line is not None and not Path(line).is_absolute()
    return (map_path.parent / line).resolve()


async def save_in_editor(app: CardRogueApp, path: Path) -> None:
    from app.games.cardrogue.editor.model import MapModel

    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(EditorScreen(MapModel(CHALLENGE.build(8, 8, "Linked")), path))
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()


@pytest.mark.skipif(TAPLO is None, reason="taplo is not installed (pip install taplo)")
async def test_a_saved_map_links_to_the_schema_copy_in_the_data_folder(
        app: CardRogueApp, user_data: Path, tmp_path: Path) -> None:
    path = user_data / "maps" / "linked.toml"
    path.parent.mkdir(parents=True)
    await save_in_editor(app, path)
    schema = linked_schema(path)
    assert schema.is_relative_to(user_data.resolve())
    assert schema.read_bytes() == SCHEMA_PATH.read_bytes()
    assert validate_file(path).valid
    assert taplo_check(path, schema=None).returncode == 0
    # The whole data folder moved elsewhere: the link still leads to its schema.
    moved = tmp_path / "moved"
    shutil.copytree(user_data, moved)
    assert linked_schema(moved / "maps" / "linked.toml") == (moved / "schemas" /
                                                             SCHEMA_PATH.name).resolve()
    result = taplo_check(moved / "maps" / "linked.toml", schema=None)
    assert result.returncode == 0, result.stderr


async def test_an_old_install_link_is_replaced_and_a_stale_copy_refreshed(
        app: CardRogueApp, user_data: Path) -> None:
    from engine.cardrogue.maps import save_map

    path = user_data / "maps" / "old.toml"
    path.parent.mkdir(parents=True)
    save_map(CHALLENGE.build(8, 8, "Old"), path)  # the writer's default: into the install
    assert linked_schema(path) == SCHEMA_PATH.resolve()
    copy = user_data / "schemas" / SCHEMA_PATH.name
    copy.parent.mkdir()
    copy.write_text("{}", encoding="utf-8")  # an older app's schema
    from app.games.cardrogue.editor.model import MapModel

    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(EditorScreen(MapModel.load(path), path))
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert linked_schema(path) == copy.resolve()
    assert copy.read_bytes() == SCHEMA_PATH.read_bytes()


async def test_a_map_outside_the_data_folder_keeps_its_link(app: CardRogueApp,
                                                             tmp_path: Path) -> None:
    path = tmp_path / "elsewhere" / "mine.toml"
    path.parent.mkdir()
    await save_in_editor(app, path)
    assert linked_schema(path) == SCHEMA_PATH.resolve()
