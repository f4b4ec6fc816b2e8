"""A choice too long for its line wraps under its own text, not under its number: the second
line hangs (found by a tester on the merchant's wares at 80x24)."""

from __future__ import annotations

from textual.app import App
from textual.widgets import OptionList

from app.screens.dialogs import Choice, ChooseScreen

LONG = ("Buy the wand of lightning that strikes every monster facing you for three dice "
        "(40 gold)")


def lines_of(options: OptionList) -> list[str]:
    return [options.render_line(y).text.rstrip() for y in range(options.size.height)]


async def test_a_long_choice_wraps_under_its_text_at_80x24() -> None:
    chosen: list[object] = []
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ChooseScreen("The shop", [Choice(LONG, "wand", note="Throw 3d6"),
                                                  Choice("Leave the shop", None)]),
                        chosen.append)
        await pilot.pause()
        drawn = lines_of(app.screen.query_one(OptionList))
        assert drawn[0].startswith("›")  # the first column is the highlight's mark
        lines = [line[1:] for line in drawn]
        assert lines[0].startswith("1  Buy the wand")
        wrapped = lines[1:lines.index("2  Leave the shop")]
        assert wrapped, lines  # it did wrap
        assert all(line.startswith("   ") and line[3] != " " for line in wrapped), lines
        whole = " ".join(line.strip() for line in lines[:len(wrapped) + 1])
        assert whole == f"1  {LONG}  Throw 3d6"  # nothing lost in the wrapping
        await pilot.press("1")  # the digit still chooses it
        assert chosen == ["wand"]


async def test_the_merchants_wares_wrap_under_their_text_in_mini_rogue() -> None:
    from app.cardrogue_app import CardRogueApp
    from tests.app.minirogue.support import start_with_seed

    app = CardRogueApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_with_seed(app, pilot, 1, 0)  # Casual, seed 1: the merchant five steps in
        await pilot.press("1", "1", "2", "1", "1")
        await pilot.pause()
        marked = lines_of(app.screen.query_one("#choices", OptionList))
        assert marked[0] == "›1 Buy a ration (1 gold)", marked  # the highlighted choice
        lines = [line[1:] for line in marked]  # the column of the "›"
        assert "1 Buy a ration (1 gold)" in lines, lines
        big = next(n for n, line in enumerate(lines) if line.startswith("3 Buy a big"))
        assert lines[big + 1].startswith("  ") and lines[big + 1][2] != " ", lines
        assert lines[big + 2].startswith("4 Sell"), lines
