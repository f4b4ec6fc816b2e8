"""Every theme we ship keeps its text at 4.5:1 or more against its background (WCAG AA),
measured on the screens as drawn: the title, Settings, a confirm dialog, Card Rogue in a fight
with the hero on a shop, the editor, the rules, Community with a map listed, Rogue Like
Roguelike, Mini Rogue and Table Dungeon (issue 34). Only our themes are on offer, and the
colour-blind one never uses red against green."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue import launch
from app.screens.dialogs import ConfirmScreen
from app.screens.settings import SettingsScreen
from app.themes import DEFAULT_THEME, TERMINAL_COLOURS, THEMES
from services.settings import load_settings
from tests.app.contrast import AA, contrast_ratio, too_faint
from tests.app.maps import WIN_KEYS_LEVEL_1, tutorial
from tests.app.minirogue.support import start_with_seed
from tests.app.roguelike.support import create
from tests.app.support import SIZE, open_community, open_from_the_title, press
from tests.support import until

THEME_NAMES = sorted(THEMES)


def test_contrast_ratio_is_wcag_s() -> None:
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast_ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


def themed(theme: str) -> CardRogueApp:
    app = CardRogueApp()
    app.animation_level = "none"
    app.theme = theme
    return app


@pytest.mark.parametrize("theme", THEME_NAMES)
async def test_the_shell_and_card_rogue_keep_their_contrast(theme: str) -> None:
    app = themed(theme)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        faint = {"title": too_faint(app)}
        app.push_screen(SettingsScreen())
        await pilot.pause()
        faint["settings"] = too_faint(app, app.screen.query_one("#dialog").region)
        app.pop_screen()
        launch.play(app, tutorial())
        await press(pilot, "enter", *WIN_KEYS_LEVEL_1[:2])  # on the shop
        faint["on the shop"] = too_faint(app)
        await press(pilot, *WIN_KEYS_LEVEL_1[2:8])  # in a fight with the rat
        faint["fight"] = too_faint(app)
        app.push_screen(ConfirmScreen("Start the whole map again?", "Start again"))
        await pilot.pause()
        faint["confirm"] = too_faint(app, app.screen.query_one("#dialog").region)
    assert {screen: lines for screen, lines in faint.items() if lines} == {}


@pytest.mark.parametrize("theme", THEME_NAMES)
async def test_rogue_like_roguelike_keeps_its_contrast(theme: str) -> None:
    app = themed(theme)
    async with app.run_test(size=SIZE) as pilot:
        await create(pilot)
        await press(pilot, "s", "s")
        assert too_faint(app) == []


@pytest.mark.parametrize("theme", THEME_NAMES)
async def test_mini_rogue_keeps_its_contrast(theme: str) -> None:
    app = themed(theme)
    async with app.run_test(size=SIZE) as pilot:
        await start_with_seed(app, pilot, 7, 1)
        assert too_faint(app) == []


@pytest.mark.parametrize("theme", THEME_NAMES)
async def test_the_editor_and_the_rules_keep_their_contrast(theme: str, tmp_path) -> None:
    from app.screens.rules import RulesScreen

    app = themed(theme)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_from_the_title(app, pilot, "rules", RulesScreen)
        await pilot.pause()
        faint = {"rules": too_faint(app)}
        await press(pilot, "escape")
        launch.open_editor(app, tmp_path / "drawn.toml")
        await pilot.pause()
        await press(pilot, "1", "c", "right", "right", "down", "c", "2")
        faint["editor"] = too_faint(app)
    assert {screen: lines for screen, lines in faint.items() if lines} == {}


@pytest.mark.parametrize("theme", THEME_NAMES)
async def test_community_keeps_its_contrast(theme: str, server, user_data) -> None:
    from textual.widgets import DataTable

    from services.settings import Settings, save_settings
    from tests.server.support import publish

    publish(server, "poison-race")
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(server=server.url, theme=theme))
    app = themed(theme)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_community(app, pilot)
        table = app.screen.query_one("#maps", DataTable)
        await until(pilot, lambda: table.row_count == 1)
        await pilot.pause()
        assert too_faint(app) == []


@pytest.mark.parametrize("theme", THEME_NAMES)
async def test_table_dungeon_keeps_its_contrast(theme: str, monkeypatch) -> None:
    from app.games.tabledungeon.screens.table import TableScreen
    from app.games.tabledungeon.session import Seat, TableSession

    monkeypatch.setattr("app.games.tabledungeon.screens.table.COMPUTER_DELAY", 0)
    app = themed(theme)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(TableScreen(TableSession([Seat("Ann"), Seat("Computer 2", "normal")],
                                                 seed=2026)))
        await press(pilot, "2", "1", "1")  # the Wizard, a card, an XP move
        assert too_faint(app) == []


@pytest.mark.parametrize("theme", THEME_NAMES)
def test_the_terminal_colours_the_games_name_keep_their_contrast(theme: str) -> None:
    """Red, green, yellow, blue, magenta and cyan (and their bright kin) as the theme draws
    them, against its background, surface and panel."""
    system = THEMES[theme].to_color_system().generate()
    palette = TERMINAL_COLOURS[theme]
    colours = [palette.ansi_colors[i] for i in (*range(1, 7), *range(9, 15))]
    for surface in ("background", "surface", "panel"):
        back = system[surface].lstrip("#")
        rgb = (int(back[0:2], 16), int(back[2:4], 16), int(back[4:6], 16))
        faint = [c.hex for c in colours if contrast_ratio(tuple(c), rgb) < AA]
        assert faint == [], f"on {surface}"


async def test_only_our_themes_are_offered_and_settings_keeps_the_choice() -> None:
    app = themed(DEFAULT_THEME)
    async with app.run_test(size=SIZE) as pilot:
        assert set(app.available_themes) == set(THEMES)
        app.push_screen(SettingsScreen())
        await pilot.pause()
        app.screen.query_one("#theme", Select).value = "cardrogue-colour-blind"
        await press(pilot, "ctrl+s")
        assert app.theme == "cardrogue-colour-blind"
    assert load_settings().theme == "cardrogue-colour-blind"
    assert CardRogueApp().theme == "cardrogue-colour-blind"  # a new start keeps it
