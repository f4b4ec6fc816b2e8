"""A level's `hints`: author lines put in the story log as the level starts, read from the map
file, kept out of the map's id, and edited in the level properties form."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.widgets import TextArea

from app.cardrogue_app import CardRogueApp
from app.games.cardrogue.editor.forms import LevelPropertiesScreen
from app.games.cardrogue.editor.model import MapModel, new_document
from app.games.cardrogue.screens.story import StoryScreen
from engine.cardrogue.identity import map_id
from engine.cardrogue.maps import load_map, validate_file
from tests.app.maps import WIN_KEYS_LEVEL_1, tutorial
from tests.app.support import FORM_SIZE, SIZE, log_text, press, press_ok, push, start

HINTS_1 = ("Space ends the turn.", "[bold]Not bold[/bold]: brackets stay as written.")
HINTS_2 = ("The ladder is one card away.",)


def hinted_tutorial():
    spec = tutorial()
    cellar, well = spec.levels
    return replace(spec, levels=(replace(cellar, hints=HINTS_1), replace(well, hints=HINTS_2)))


async def test_each_level_puts_its_hints_in_the_log_as_it_starts(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot, hinted_tutorial())
        lines = log_text(play).splitlines()
        first = lines.index("Level 1: The [bold]Cellar")
        # After the title and what the level gives (the tutorial's 10 gold), in order.
        at = lines.index(f"Hint: {HINTS_1[0]}")
        assert first < at and lines[at + 1] == f"Hint: {HINTS_1[1]}"
        assert f"Hint: {HINTS_2[0]}" not in lines  # level 2's wait for level 2 to start
        await press(pilot, *WIN_KEYS_LEVEL_1)
        assert isinstance(app.screen, StoryScreen)
        await press(pilot, "enter")
        lines = log_text(play).splitlines()
        assert lines[lines.index("Level 2: The Well") + 1] == f"Hint: {HINTS_2[0]}"


async def test_a_level_without_hints_logs_none(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        play = await start(app, pilot)
        assert not [line for line in log_text(play).splitlines() if line.startswith("Hint:")]


MAP = '''#:schema ../schemas/map.schema.json
format_version = 1
kind = "challenge"
title = "Hinted"

[[levels]]
id = "hall"
{hints}
paths = "╶╴"
cells = "@>"
'''


def test_hints_are_read_from_the_file_and_leave_the_id_alone(tmp_path: Path) -> None:
    plain, hinted = tmp_path / "plain.toml", tmp_path / "hinted.toml"
    plain.write_text(MAP.format(hints=""), encoding="utf-8")
    hinted.write_text(MAP.format(hints='hints = ["Step east.", "Then you are done."]'),
                      encoding="utf-8")
    assert validate_file(hinted).problems == []
    assert load_map(hinted).levels[0].hints == ("Step east.", "Then you are done.")
    assert load_map(plain).levels[0].hints == ()
    assert map_id(load_map(hinted)) == map_id(load_map(plain))


def test_a_hint_is_one_line_and_there_are_at_most_ten(tmp_path: Path) -> None:
    cases = {'hints = ["two\\nlines"]': "control_character",
             f'hints = ["{"x" * 201}"]': "size_limit",
             "hints = [" + ", ".join(['"a"'] * 11) + "]": "size_limit"}
    for hints, rule in cases.items():
        path = tmp_path / "bad.toml"
        path.write_text(MAP.format(hints=hints), encoding="utf-8")
        rules = [p.rule for p in validate_file(path).problems]
        assert rules == [rule], (hints, rules)


async def test_the_level_form_edits_hints_one_a_line(app: CardRogueApp) -> None:
    doc = new_document(6, 4, title="Small")
    doc["levels"][0]["hints"] = ["First.", "Second."]
    model = MapModel(doc)
    async with app.run_test(size=FORM_SIZE) as pilot:
        results = await push(app, pilot, LevelPropertiesScreen(model, 0))
        area = app.screen.query_one("#hints", TextArea)
        assert area.text == "First.\nSecond."
        area.focus()
        area.move_cursor(area.document.end)
        await pilot.press("enter", "enter", *"Third.")  # the blank line between is skipped
        await press_ok(pilot)
        results_cleared = await push(app, pilot, LevelPropertiesScreen(model, 0))
        app.screen.query_one("#hints", TextArea).clear()
        await press_ok(pilot)
    assert results.only == {"hints": ["First.", "Second.", "Third."]}
    assert results_cleared.only == {"hints": None}
    assert model.field(0, "hints") == ["First.", "Second."]  # the form only reports changes
