"""First-time tips in Rogue Like Roguelike (issue 34): the first room says what to do first,
the first trap what its keys do; each is shown once per player, and Settings turns them off."""

from __future__ import annotations

from app.cardrogue_app import CardRogueApp
from app.widgets.event_log import EventLog
from services.settings import load_settings, save_settings
from tests.app.roguelike.support import create

SIZE = (80, 24)


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
        await pilot.press("up", "k")  # seed 42: a corridor, then a room with a fire trap
        assert app.screen.view.pending == "trap"
        assert tips_in(app)[-1] == ("Tip: a trap: d tries to disable it, w walks on and lets "
                                    "it spring.")
    again = CardRogueApp()
    async with again.run_test(size=SIZE) as pilot:
        await create(pilot)
        await pilot.press("up", "k")
        assert tips_in(again) == []  # each was shown once
    assert {"roguelike.start", "roguelike.trap"} <= set(load_settings().seen_tips)


async def test_settings_turn_the_tips_off(user_data) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(load_settings().but(tips=False))
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await create(pilot)
        await pilot.press("up", "k")
        assert tips_in(app) == []
