"""The app hosts games through its registry (app/registry.py): the title menu, help and the run
viewer iterate what each game supplies, and the shell names no game. A game hosted by this test
alone goes the same ways as the four real ones."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from app import registry
from app.cardrogue_app import CardRogueApp
from app.glossary import Term, search
from app.registry import Help, HostedGame, MenuEntry
from app.screens.rules import RulesScreen, show_help
from app.screens.title import menu
from app.screens.watch import RunRefusedScreen
from engine import games

SIZE = (100, 36)
TOY_TERMS = (Term("Heap", "A pile of stones; take one or two a turn."),
             Term("Last stone", "Whoever takes it wins."))


class ToyForm(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("A new game of Toy")


class ToyViewer(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("Watching a game of Toy")


@pytest.fixture
def toy() -> Iterator[list[Path]]:
    """Host a game named "toy" for one test; yields the run files its viewer was asked for."""
    watched: list[Path] = []

    def watch(app, path, closed, map_file) -> None:
        watched.append(path)
        app.push_screen(ToyViewer(), closed)

    registry.register(HostedGame(
        name="toy",
        menu=(MenuEntry("toy", "Toy", ready=True, open=lambda app: app.push_screen(ToyForm())),
              MenuEntry("toy-workshop", "Toy workshop", ready=True, section="tools")),
        new_game=ToyForm,
        play=ToyForm,
        watch=watch,
        help=Help(lambda query: search(query, TOY_TERMS)),
        narrator=lambda state: lambda events: [Text(event.kind) for event in events],
    ))
    try:
        yield watched
    finally:
        registry.unregister("toy")


def test_every_game_of_the_engine_is_hosted_in_its_order() -> None:
    assert [game.name for game in registry.hosted()] == games.names()
    assert registry.find("no-such-game") is None


def test_a_hosted_game_is_on_the_title_menu_with_the_games_and_its_tools_with_theirs(toy) -> None:
    ids = [entry.id for entry in menu()]
    games_end, tools_end = ids.index("editor"), ids.index("scores")
    assert ids.index("roguelike") < ids.index("toy") < games_end
    assert ids.index("editor") < ids.index("toy-workshop") < tools_end
    assert ids[-5:] == ["scores", "community", "rules", "settings", "quit"]  # the shell's own


async def test_choosing_a_hosted_game_on_the_title_opens_its_screen(toy) -> None:
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        down = [entry.id for entry in menu()].index("toy")
        await pilot.press("home", *["down"] * down, "enter")
        await pilot.pause()
        assert isinstance(app.screen, ToyForm)


async def test_a_run_file_opens_in_the_viewer_of_the_game_it_names(toy, tmp_path: Path) -> None:
    run = tmp_path / "toy.run.json"
    run.write_text(json.dumps({"game": "toy", "format_version": 1}), encoding="utf-8")
    other = tmp_path / "nim.run.json"  # a game nobody hosts: refused with the reason
    other.write_text(json.dumps({"game": "nim", "format_version": 1}), encoding="utf-8")
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.open_run_file(run)
        await pilot.pause()
        assert isinstance(app.screen, ToyViewer) and toy == [run]
        app.pop_screen()
        app.open_run_file(other)
        await pilot.pause()
        assert isinstance(app.screen, RunRefusedScreen)
        assert "nim" in app.screen.message


async def test_help_over_a_game_screen_searches_that_game_glossary(toy) -> None:
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ToyForm())
        await pilot.pause()
        show_help(app.screen, registry.find("toy").help)
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert [term.name for term in app.screen.shown if isinstance(term, Term)] == [
            "Heap", "Last stone"]


@pytest.mark.parametrize("name", games.names())
def test_each_game_narrates_its_events(name: str) -> None:
    """A game's narrator tells the events of its first legal action in words."""
    rules = games.load(name)
    state = rules.new_game(**rules.sample_options()[0])
    narrate = registry.find(name).narrator(state)
    lines = narrate(state.apply(list(state.legal_actions())[0]))
    assert lines and all(isinstance(line, Text) and line.plain.strip() for line in lines)

