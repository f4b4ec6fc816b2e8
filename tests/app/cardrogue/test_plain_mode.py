"""Plain mode (issue 34): the board and panels give way to the log, every event is a line of
words, F2 says what is around the hero, and the terminal cursor sits on the newest line. A
player who reads only those words, and presses only the keys they name, finishes a level."""

from __future__ import annotations

import re

from app.cardrogue_app import CardRogueApp
from app.cli.cardrogue import build_parser
from app.games.cardrogue import launch
from app.games.cardrogue.screens.play import PlayScreen
from app.games.cardrogue.widgets.board import BoardView
from app.plain import is_plain
from app.screens.settings import SettingsScreen
from app.widgets.checkbox import MarkedCheckbox
from app.widgets.event_log import EventLog
from services.settings import load_settings
from tests.app.contrast import is_drawing
from tests.app.maps import EPILOGUE_1, tutorial
from tests.app.support import SIZE, press, screen_text

# The keys the words name, as the footer shows them, and what to press for each.
SPOKEN_KEYS = {"↑": "up", "→": "right", "↓": "down", "←": "left", "space": "space"}
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
# A newcomer in a corridor: on, away from where they came in; then the way down first.
PREFERRED = ("east", "south", "west", "north")


def offered(now_line: str) -> dict[str, str]:
    """"Now: → flips east, space ends the turn." -> {"flips east": "→", "ends the turn": "space"}"""
    parts = now_line.removeprefix("Now: ").rstrip(".").split(", ")
    return {what: key for key, _, what in (part.partition(" ") for part in parts)}


def choose(lines: list[str], came_from: str | None) -> tuple[str, str | None]:
    """The key to press, from F2's words alone, and the direction it goes (if it moves)."""
    last = lines[-1]
    if last.startswith("Press ") and last.endswith(" to end the turn."):
        return SPOKEN_KEYS[last.split()[1]], None
    choices = offered(last) if last.startswith("Now: ") else {}
    for what, key in choices.items():
        if what.startswith("attacks"):
            return SPOKEN_KEYS[key], None
    sides = {line.split(":")[0].lower(): line for line in lines
             if re.match(r"(North|East|South|West): ", line)}
    for side in PREFERRED:
        if "ladder" in sides.get(side, "") and f"moves {side}" in choices:
            return SPOKEN_KEYS[choices[f"moves {side}"]], side
    for side in PREFERRED:
        for verb in ("flips", "moves"):
            if f"{verb} {side}" in choices and side != came_from:
                return SPOKEN_KEYS[choices[f"{verb} {side}"]], side if verb == "moves" else None
    return SPOKEN_KEYS[choices["ends the turn"]], None


async def test_plain_mode_hides_the_drawing_and_says_what_is_around() -> None:
    app = CardRogueApp(plain=True)
    async with app.run_test(size=SIZE) as pilot:
        launch.play(app, tutorial())
        await press(pilot, "enter")
        assert isinstance(app.screen, PlayScreen)
        assert not app.screen.query_one(BoardView).display or \
            app.screen.query_one(BoardView).region.area == 0
        log = app.screen.query_one(EventLog)
        before = len(log.plain_lines)
        await press(pilot, "f2")
        said = log.plain_lines[before:]
        assert [line.split(":")[0] for line in said[:5]] == ["Here", "North", "East", "South",
                                                            "West"]
        assert said[-1] == "Now: ↑ flips north, → flips east, space ends the turn."
        assert "the edge of the level" in said[3]
        # The terminal cursor is on the newest line, where a braille display looks.
        row = app.cursor_position.y
        assert screen_text(app).splitlines()[row].strip().startswith("Now:")
        # Nothing on the play screen needs box-drawing to be read.
        assert not any(is_drawing(c) and not c.isspace() for c in "\n".join(
            screen_text(app).splitlines()[1:-1]))


async def test_a_level_played_from_the_plain_words_alone() -> None:
    app = CardRogueApp(plain=True)
    async with app.run_test(size=SIZE) as pilot:
        launch.play(app, tutorial())
        await press(pilot, "enter")
        came_from: str | None = None
        for _ in range(80):
            if not isinstance(app.screen, PlayScreen):
                break
            log = app.screen.query_one(EventLog)
            before = len(log.plain_lines)
            await press(pilot, "f2")
            key, moved = choose(log.plain_lines[before:], came_from)
            await press(pilot, key)
            if moved is not None:
                came_from = OPPOSITE[moved]
        assert EPILOGUE_1 in " ".join(screen_text(app).split())


def test_plain_mode_snapshot(snap_compare) -> None:
    app = CardRogueApp(plain=True)
    app.animation_level = "none"

    async def run_before(pilot) -> None:
        launch.play(app, tutorial())
        await press(pilot, "enter", "right", "f2")

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_the_command_line_asks_for_plain_mode() -> None:
    assert build_parser().parse_args(["--plain"]).plain is True
    assert build_parser().parse_args([]).plain is None  # then the setting decides


async def test_the_setting_turns_plain_mode_on_now_and_at_the_next_start() -> None:
    app = CardRogueApp()
    async with app.run_test(size=(120, 40)) as pilot:
        assert not is_plain(app)
        app.push_screen(SettingsScreen())
        await pilot.pause()
        app.screen.query_one("#plain", MarkedCheckbox).value = True
        await press(pilot, "ctrl+s")
        assert is_plain(app)
    assert load_settings().plain
    again = CardRogueApp()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert is_plain(again)


async def test_settings_show_plain_mode_on_when_started_with_plain() -> None:
    """Started with `--plain`, the Settings box says plain mode is on (it showed off); saving
    other settings keeps `--plain` out of the saved settings, and unticking the box ends it."""
    app = CardRogueApp(plain=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(SettingsScreen())
        await pilot.pause()
        box = app.screen.query_one("#plain", MarkedCheckbox)
        assert box.value and "▐X▌ Plain mode" in screen_text(app)
        await press(pilot, "ctrl+s")
        assert is_plain(app) and not load_settings().plain
        app.push_screen(SettingsScreen())
        await pilot.pause()
        app.screen.query_one("#plain", MarkedCheckbox).value = False
        await press(pilot, "ctrl+s")
        assert not is_plain(app) and not load_settings().plain
