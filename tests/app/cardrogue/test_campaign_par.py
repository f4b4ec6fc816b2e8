"""A campaign's par in all: the sum of its levels' pars (MapSpec.total_par), shown in the story
campaign list, as proved for the bundled campaigns and as the author's for a user's."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from textual.widgets import DataTable

from app.cardrogue_app import CardRogueApp
from engine.cardrogue.maps import load_map
from tests.app.maps import tutorial
from tests.app.support import SIZE, list_campaigns, rows_by_column, text_of
from tests.content.coverage import CAMPAIGNS

DESCENT = CAMPAIGNS / "a-sons-descent.toml"


def test_total_par_is_the_sum_of_the_levels_pars_when_each_has_one() -> None:
    spec = tutorial()  # pars 14 and 2
    assert spec.total_par == 16
    unrated = replace(spec, levels=(spec.levels[0], replace(spec.levels[1], par=None)))
    assert unrated.total_par is None


async def test_the_campaign_list_shows_the_proved_total_of_the_bundled_campaign(
        user_data: Path) -> None:
    pars = [level.par for level in load_map(DESCENT).levels]
    assert len(pars) >= 8 and None not in pars
    total = sum(p for p in pars if p is not None)
    # The same file in the player's folder: its pars are only what the file says.
    (user_data / "maps").mkdir(parents=True)
    shutil.copy(DESCENT, user_data / "maps" / "copy.toml")
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        screen, _ = await list_campaigns(pilot)
        titles = [entry.title for entry in screen.entries]
        sources = [entry.source for entry in screen.entries]
        assert sorted(source for title, source in zip(titles, sources, strict=True)
                      if title == "A Son's Descent") == ["bundled", "yours"]
        rows = rows_by_column(screen.query_one(DataTable))
        assert rows[sources.index("bundled")]["Par"] == str(total)
        screen.query_one(DataTable).move_cursor(row=sources.index("bundled"))
        await pilot.pause()
        about = text_of(screen, "#about")
        assert f". Par {total} (proved) over {len(pars)} levels. " in about
        assert "Teodric" in about  # then the description, its lines flowed into one
        assert "\\x0a" not in about and "\n" not in about
        screen.query_one(DataTable).move_cursor(row=sources.index("yours"))
        await pilot.pause()
        assert titles[sources.index("yours")] == "A Son's Descent"
        assert f". Par {total} over {len(pars)} levels, as its author set it. " in text_of(
            screen, "#about")
