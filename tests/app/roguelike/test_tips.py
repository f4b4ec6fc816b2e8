"""First-time tips in Rogue Like Roguelike (issue 34): the first room says what to do first,
the first trap, monster and locked door what their keys do, and low hit points what brings
them back; each is shown once per player, and Settings turns them off."""

from __future__ import annotations

import random

from textual.widgets import Static

from app.cardrogue_app import CardRogueApp
from app.screens.dialogs import ChooseScreen
from app.widgets.event_log import EventLog
from services.settings import load_settings, save_settings
from tests.app.roguelike.support import create, key_for
from tests.app.support import screen_text

SIZE = (80, 24)
MAX_PRESSES = 60


def on_screen(app: CardRogueApp) -> str:
    """The screen's words as one line: a tip wrapped over rows reads whole."""
    return " ".join(" ".join(line.split()) for line in screen_text(app).splitlines())


def tips_in(app: CardRogueApp) -> list[str]:
    return [line for line in app.screen.query_one(EventLog).plain_lines
            if line.startswith("Tip: ")]


async def test_the_first_room_and_the_first_trap_give_a_tip_once() -> None:
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await create(pilot)
        assert tips_in(app) == [
            "Tip: an arrow opens the door on that side of the room and goes through it; Enter "
            "lists all you can do now, and F1 the rules. A monster too strong for you may be "
            "sneaked past (n) rather than fought."]
        await pilot.press("up", "h")  # a corridor, then (west) a room with a fire trap
        assert app.screen.view.pending == "trap"
        assert tips_in(app)[-1] == ("Tip: a trap: d tries to disable it, w walks on and lets "
                                    "it spring.")
    again = CardRogueApp()
    async with again.run_test(size=SIZE) as pilot:
        await create(pilot)
        await pilot.press("up", "h")
        assert tips_in(again) == []  # each was shown once
    assert {"roguelike.start", "roguelike.trap"} <= set(load_settings().seen_tips)


async def test_settings_turn_the_tips_off(user_data) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(load_settings().but(tips=False))
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await create(pilot)
        await pilot.press("up", "h")
        assert tips_in(app) == []


async def test_a_locked_door_a_monster_and_low_hit_points_each_give_a_tip() -> None:
    """Seed 7, played by the simple player of the screen tests: a locked door, a monster it
    stabs, then hit points low (there is no resting) before it dies on level 1."""
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await create(pilot, "7")
        play, chooser, said = app.screen, random.Random(1), []
        for _ in range(MAX_PRESSES):
            if app.screen is not play and not isinstance(app.screen, ChooseScreen):
                break  # the results
            await pilot.press(key_for(app, chooser))
            await pilot.pause()
            if app.screen is play:
                said = tips_in(app)
        assert said[1:] == [
            "Tip: a locked door: its arrow picks the lock (a failed pick may break one of your 3 "
            "lockpicks); Enter also offers to force it, with a Stab check.",
            "Tip: a monster: f stabs it (Stab 2d6), n sneaks past (Stealth 1d6; if that fails, "
            "it attacks), r runs back the way you came (Run 1d6).",
            "Tip: your hit points are low, and resting does not bring them back: food, a healing "
            "potion, or going down a level (+1d6 each) does. Here you may sneak past (n) or run "
            "back (r)."]


async def test_a_chasm_with_a_way_round_on_the_first_level_is_taught_once() -> None:
    """Seed 165: the second room has a chasm, and the first level draws a door on this side of
    it; the tip names that door and the key that leaps, once per player. The door it names opens
    without crossing."""
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await create(pilot, "165")
        await pilot.press("up", "up")
        view = app.screen.view
        assert view.place.feature == "chasm" and not view.place.crossed
        tip = ("Tip: this chasm has a way round it: the west door is on your side. c tries to "
               "cross (Jump 1d6; a fall hurts badly), and the other doors are beyond it.")
        assert tips_in(app)[-1] == tip and tip in on_screen(app)
        panel = str(app.screen.query_one("RoguePanel").render())  # which doors need the leap
        assert "W closed" in panel and "S west beyond" in panel and "N beyond" in panel
        await pilot.press("left")  # the way round: the west door opens, no leap
        assert app.screen.view.place.kind == "corridor"
    again = CardRogueApp()
    async with again.run_test(size=SIZE) as pilot:
        await create(pilot, "165")
        await pilot.press("up", "up")
        assert tip not in tips_in(again)
    assert "roguelike.way_round" in load_settings().seen_tips


async def test_the_start_tip_stays_in_sight_at_80x24_while_the_rogue_explores() -> None:
    """Seed 339: the rolls of a door and a corridor, then three searches push the first
    level's start tip out of the log at 80x24; it stays on the screen, whole, on its own line
    above the log (nothing covers it) until the next level."""
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await create(pilot, "339")
        start = tips_in(app)[0]
        assert start in on_screen(app)
        await pilot.press("up", "s", "s", "s")  # a corridor, searched
        await pilot.pause()
        assert tips_in(app) == [start] and start in on_screen(app)
        log = app.screen.query_one(EventLog)
        tip = next(text for text in log.texts if text.plain == start)
        assert not log.in_sight(tip)  # pushed out of the log, it is on its own line
        pinned = app.screen.query_one("#tip", Static)
        region = pinned.region
        assert region.bottom <= log.region.y  # above the log
        for row in range(region.y, region.bottom):  # nothing covers any of its lines
            assert app.screen.get_widget_at(region.x + 1, row)[0] is pinned
