"""First-time tips in Mini Rogue (issue 34): the first trap room on offer, the first feat, the
first boss and the first empty food bag each get one line in the log, once per player; Settings
turns them off."""

from __future__ import annotations

from app.cardrogue_app import CardRogueApp
from app.widgets.event_log import EventLog
from services.settings import load_settings, save_settings
from tests.app.minirogue.keys import WIN, delve_keys
from tests.app.minirogue.support import start_with_seed

SIZE = (80, 24)
# The careful player's casual delve on seed 0 meets a trap room, a feat, a boss, then runs out
# of food at its 51st choice.
KEYS, _ = delve_keys(limit=51, **WIN)


def tips_in(app: CardRogueApp) -> list[str]:
    return [line for line in app.screen.query_one(EventLog).plain_lines
            if line.startswith("Tip: ")]


async def delve(app: CardRogueApp) -> list[str]:
    """The tips the log shows over the first choices of the seeded delve."""
    async with app.run_test(size=SIZE) as pilot:
        await start_with_seed(app, pilot, WIN["seed"], 0)
        await pilot.press(*KEYS)
        await pilot.pause()
        return tips_in(app)


async def test_each_first_situation_gives_its_tip_once() -> None:
    assert await delve(CardRogueApp()) == [
        "Tip: a Trap room rolls a trap; a skill check (one die at most your rank) slips past "
        "it. A penalty you cannot pay costs health.",
        "Tip: a feat rolls one die again, even a miss, for the price its choice shows; Strike "
        "deals the dice as they stand.",
        "Tip: a boss ends the level: beat it for gold, XP and a treasure roll, and go down to "
        "the next. Your spells are best spent here: one may follow each strike.",
        "Tip: out of food: going down to the next area now costs health instead. A Camp "
        "(forage), a Merchant or an Event may give food.",
    ]
    assert await delve(CardRogueApp()) == []  # each was shown once
    assert {"minirogue.trap", "minirogue.feat", "minirogue.boss",
            "minirogue.hungry"} <= set(load_settings().seen_tips)


async def test_settings_turn_the_tips_off(user_data) -> None:
    user_data.mkdir(parents=True, exist_ok=True)
    save_settings(load_settings().but(tips=False))
    assert await delve(CardRogueApp()) == []
