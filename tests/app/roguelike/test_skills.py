"""The skills screen says what each skill is rolled for (issue 34: a newcomer picks two skills
without knowing that Stealth sneaks past monsters, or that Steal is never rolled)."""

from __future__ import annotations

from textual.widgets import OptionList

from app.cardrogue_app import CardRogueApp
from app.games.roguelike.screens.skills import SkillsScreen, new_rogue
from app.games.roguelike.words import SKILL_USES
from engine.roguelike import skill_names
from tests.support import until


def test_every_skill_the_game_offers_has_its_use_in_words() -> None:
    assert set(SKILL_USES) == set(skill_names())


async def test_the_skills_screen_shows_each_skills_use(app: CardRogueApp) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(new_rogue())
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, SkillsScreen))
        skills = app.screen.query_one("#skills", OptionList)
        shown = [str(skills.get_option_at_index(n).prompt) for n in range(skills.option_count)]
        assert "1d6  stealth: sneak past monsters (n)" in shown
        assert "1d6  steal: never rolled in this game" in shown
        assert len(shown) == len(skill_names())
        # Each line fits the list whole at 80 columns: nothing cut.
        assert max(len(line) for line in shown) < skills.scrollable_content_region.width
