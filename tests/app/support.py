"""Helpers for the app's tests (Textual's Pilot driving the app in process): keys pressed one at
a time, what a widget shows, the play screen opened on a map, the editor's forms filled in, the
classic table set up, the high scores screen, and the run corpus for the CLI and the boards.

The fixtures built on these are in conftest.py; the real terminal (tmux) is in terminal.py."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input, Select, Static
from textual.widgets._footer import FooterKey

from app.cardrogue_app import CardRogueApp
from app.cli import cardrogue
from app.games.cardrogue import launch
from app.games.cardrogue.screens.campaigns import MapListScreen
from app.games.cardrogue.screens.classic import ClassicScreen
from app.games.cardrogue.screens.classic_new_game import new_classic_game
from app.games.cardrogue.screens.new_map import EditorStartScreen
from app.games.cardrogue.screens.play import PlayScreen
from app.games.cardrogue.screens.story import StoryScreen
from app.screens.community import CommunityScreen
from app.screens.dialogs import ChooseScreen
from app.screens.scores import HighScoresScreen
from app.screens.title import TitleScreen, menu
from engine.cardrogue.runs import Run, read_run
from tests.app.maps import tutorial
from tests.support import until

ROOT = Path(__file__).resolve().parents[2]
SIZE = (80, 24)  # the smallest terminal the app is made for


# ---------------------------------------------------------------------- keys and text

async def press(pilot: Pilot, *keys: str) -> None:
    """Press each key in turn, letting the app settle after each."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


async def press_at_once(pilot: Pilot, *keys: str) -> None:
    """Send `keys` in one burst, as a fast typist's terminal delivers them: none waits for the
    app to finish with the one before (Pilot.press waits after each key)."""
    from textual import events

    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(pilot.app)
        pilot.app._driver.send_message(event)
    await pilot.pause()


def rows_by_column(table: DataTable) -> list[dict[str, str]]:
    """A table's rows as their cells' text under each column's label."""
    labels = [str(column.label) for column in table.columns.values()]
    return [dict(zip(labels, map(str, table.get_row_at(i)), strict=True))
            for i in range(table.row_count)]


async def list_campaigns(pilot: Pilot) -> tuple[MapListScreen, dict[str, list[dict[str, str]]]]:
    """Open the story campaign list from the title menu: the screen, and its rows (cells by
    column) by title."""
    await press(pilot, "enter")  # Story campaigns, first in the title menu
    screen = pilot.app.screen
    assert isinstance(screen, MapListScreen)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    rows: dict[str, list[dict[str, str]]] = {}
    for row in rows_by_column(screen.query_one(DataTable)):
        rows.setdefault(row["Title"], []).append(row)
    return screen, rows


def text_of(screen, selector: str) -> str:
    """The plain text a Static on `screen` shows."""
    return str(screen.query_one(selector, Static).render())


def words_drawn(widget) -> str:
    """The words drawn in `widget`'s region on screen, one space between them: what a player
    can read of it (a line cut at the widget's edge is missing its end here)."""
    region = widget.region
    rows = ["".join(segment.text for segment in strip.crop(region.x, region.right))
            for y, strip in enumerate(widget.app.screen._compositor.render_strips())
            if region.y <= y < region.bottom]
    return " ".join(" ".join(rows).split())


def log_text(screen) -> str:
    """The lines of a game screen's event log (the play screen's, the classic table's)."""
    return "\n".join(screen.log_view.plain_lines)


def last_note(app: CardRogueApp) -> str:
    """The message of the newest notification."""
    return list(app._notifications)[-1].message


def screen_text(app: CardRogueApp) -> str:
    """What the terminal shows, a line per row."""
    return "\n".join("".join(segment.text for segment in strip).rstrip()
                     for strip in app.screen._compositor.render_strips())


def footer_keys(screen) -> list[str]:
    """The descriptions of the footer keys that are drawn inside the terminal's width."""
    width = screen.app.size.width
    return [key.description for key in screen.query(FooterKey)
            if key.region.width and key.region.right <= width]


# ---------------------------------------------------------------------- a story map in play

async def start(app: CardRogueApp, pilot: Pilot, spec=None) -> PlayScreen:
    """Open a map (the tutorial by default), read its story, and land on the play screen."""
    launch.play(app, spec if spec is not None else tutorial())
    await pilot.pause()
    assert isinstance(app.screen, StoryScreen)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, PlayScreen)
    return app.screen


# ---------------------------------------------------------------------- the classic game

CLASSIC_SEED = 2026


async def new_table(app: CardRogueApp, pilot: Pilot, names=("Ann", "Bob", "Cy", "Di"),
                    seed=CLASSIC_SEED, pick=True) -> ClassicScreen:
    """Fill the classic game's new-game screen, start, and pick the first offered character
    for each."""
    app.push_screen(new_classic_game())
    await pilot.pause()
    screen = app.screen
    for seat, name in enumerate(names):
        screen.query_one(f"#name-{seat}", Input).value = name
    screen.query_one("#seed", Input).value = "" if seed is None else str(seed)
    await press(pilot, "ctrl+s")
    table = next(s for s in app.screen_stack if isinstance(s, ClassicScreen))
    if pick:
        for _ in names:
            assert isinstance(app.screen, ChooseScreen)
            await press(pilot, "1")
        assert app.screen is table
    return table


# ---------------------------------------------------------------------- forms

FORM_SIZE = (100, 40)  # the editor's forms, with room for their longest


class Results:
    """What a form was dismissed with."""

    def __init__(self) -> None:
        self.values: list[Any] = []

    def __call__(self, value: Any) -> None:
        self.values.append(value)

    @property
    def only(self) -> Any:
        assert len(self.values) == 1, self.values
        return self.values[0]


async def push(app: CardRogueApp, pilot: Pilot, screen: Any) -> Results:
    """Push a form; what it is dismissed with lands in the returned Results."""
    results = Results()
    app.push_screen(screen, results)
    await pilot.pause()
    return results


async def type_into(pilot: Pilot, selector: str, text: str) -> None:
    """Focus an Input, clear it, and type `text` key by key."""
    field = pilot.app.screen.query_one(selector, Input)
    field.focus()
    await pilot.press("home", "ctrl+k", *text)


async def choose(pilot: Pilot, selector: str, search: str) -> None:
    """Open a Select and pick the first option starting with `search` by typing it."""
    pilot.app.screen.query_one(selector, Select).focus()
    await pilot.press("enter", *search, "enter")


async def press_button(pilot: Pilot, selector: str) -> None:
    """Focus a button and press Enter, then wait out its pressed look (a button ignores a
    second press while it still shows the first)."""
    button = pilot.app.screen.query_one(selector, Button)
    button.focus()
    await pilot.press("enter")
    await pilot.pause(button.active_effect_duration + 0.05)


async def press_ok(pilot: Pilot) -> None:
    """Press a form's OK button: focused, then Enter (wherever the form has it on screen)."""
    pilot.app.screen.query_one("#ok", Button).focus()
    await pilot.press("enter")
    await pilot.pause()


async def open_start_screen(app: CardRogueApp, pilot: Pilot) -> None:
    """The title menu's Map editor entry: the editor's start screen."""
    await pilot.pause()
    position = [entry.id for entry in menu()].index("editor")
    await pilot.press("home", *["down"] * position, "enter")
    await pilot.pause()
    assert isinstance(app.screen, EditorStartScreen)


# ---------------------------------------------------------------------- high scores

async def open_scores(app: CardRogueApp, pilot: Pilot, title: str | None = None
                      ) -> HighScoresScreen:
    """The high scores screen from the title menu, with the board titled `title` highlighted."""
    position = [entry.id for entry in menu()].index("scores")
    await pilot.press("home", *["down"] * position, "enter")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, HighScoresScreen)
    await app.workers.wait_for_complete()
    await pilot.pause()
    if title is not None:
        titles = [board.title for board in screen.boards]
        screen.map_list.highlighted = titles.index(title)
        await pilot.pause()
    return screen


def table_rows(table: DataTable) -> list[list[str]]:
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


# ---------------------------------------------------------------------- the run corpus

CORPUS = ROOT / "tests" / "runs"  # recorded Card Rogue runs
MAPS = CORPUS / "maps_toml"  # the maps they were played on
WATCHED = CORPUS / "crossroads-longer.run.json"  # 85 moves: fights, items, a fountain
# The last-resort handler in cardrogue.main prints this for an exception nobody named: never wanted.
UNHANDLED = "cardrogue: error:"


def corpus_run(name: str, player: str | None = None) -> Run:
    """A run of the corpus, entered by `player` when one is given."""
    run = read_run(CORPUS / f"{name}.run.json")
    return run if player is None else replace(run, player=player)


def install_corpus_maps(folder: Path) -> Path:
    """Copy the corpus maps into a maps folder (made if missing), so runs find them by id."""
    folder.mkdir(parents=True, exist_ok=True)
    for path in MAPS.glob("*.toml"):
        shutil.copy(path, folder / path.name)
    return folder


def run_main(capsys, *args: str) -> tuple[int, str, str]:
    """`cardrogue ARGS` in process: (exit status, stdout, stderr), never a traceback."""
    status = cardrogue.main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert UNHANDLED not in err
    assert "Traceback" not in out + err
    return status, out, err


def lines(out: str) -> list[dict]:
    """The JSON lines of a command's output."""
    return [json.loads(line) for line in out.splitlines() if line.strip()]


async def open_from_the_title(app: CardRogueApp, pilot, entry: str, screen: type) -> Any:
    """The screen that the title menu's entry `entry` opens, once it is shown."""
    assert isinstance(app.screen, TitleScreen)
    app.screen.post_message(TitleScreen.EntryChosen(next(e for e in menu() if e.id == entry)))
    await until(pilot, lambda: isinstance(app.screen, screen))
    return app.screen


async def open_community(app: CardRogueApp, pilot) -> CommunityScreen:
    """The Community screen, chosen from the title menu."""
    return await open_from_the_title(app, pilot, "community", CommunityScreen)
