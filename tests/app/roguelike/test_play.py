"""Rogue Like Roguelike through key presses: creating a rogue, exploring rooms (the map shows
what was discovered), help, and reaching the results with the run saved."""

from __future__ import annotations

import json
import random
from pathlib import Path

from textual.widgets import Input, Static

from app.cardrogue_app import CardRogueApp
from app.games.roguelike.screens.play import PlayScreen
from app.games.roguelike.screens.results import ResultsScreen
from app.games.roguelike.screens.skills import SkillsScreen
from app.games.roguelike.words import death_words, name
from app.screens.options_form import OptionsForm
from app.screens.rules import RulesScreen
from engine import games
from engine.roguelike import RULES
from tests.app.roguelike.support import create, key_for, open_game
from tests.app.support import footer_keys

SIZE = (80, 24)


def drawn(app: CardRogueApp) -> str:
    return "\n".join(app.screen.query_one("MapView").rows)


def log(app: CardRogueApp) -> list[str]:
    return app.screen.query_one("EventLog").plain_lines


async def test_creating_a_rogue_takes_the_seed_then_two_skills(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot)
        form = app.screen
        assert isinstance(form, OptionsForm) and form.rules is RULES
        assert form.query_one("#form").border_title == "A new game of Rogue Like Roguelike"
        await pilot.press(*"42", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SkillsScreen)
        assert "Seed 42." in app.screen.query_one("#intro").render().plain
        await pilot.press("enter")
        assert isinstance(app.screen, SkillsScreen)  # one skill is not enough
        assert "At 2d6: stab. Choose 1 more." in app.screen.query_one("#chosen").render().plain
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)
        state = app.screen.state
        assert state.seed == 42 and [a.kind for a in state.history] == ["choose_skill"] * 2
        view = app.screen.view
        skills = dict(view.skills)
        assert skills["stab"] == skills["archery"] == 2 and skills["climb"] == 1
        assert "@" in drawn(app) and view.hp == 6
        panel = app.screen.query_one("RoguePanel").render().plain
        assert "Level 1  Encounters E to D  Difficulty 1" in panel and "HP 6/6" in panel
        assert any("sets up level 1" in line for line in log(app))


async def test_picking_a_skill_again_takes_it_back(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot)
        await pilot.press("enter")  # a random seed
        await pilot.pause()
        await pilot.press("enter", "enter")
        assert isinstance(app.screen, SkillsScreen) and app.screen.chosen == []
        await pilot.press("escape")
        assert not isinstance(app.screen, SkillsScreen)


async def test_a_few_rooms_explored_with_the_arrows(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await create(pilot)
        start = drawn(app)
        assert "," not in start and start.count("+") == 1  # one room, its one door
        await pilot.press("up")  # the door north: a corridor behind it
        assert "," in drawn(app) and "'" in drawn(app)
        assert any("rolls for the door" in line for line in log(app))
        assert any("Rolling 2d6 for the corridor" in line for line in log(app))
        floor = drawn(app).count(".")
        await pilot.press("h")  # the corridor's door, west: a second room, with a trap
        assert drawn(app).count(".") > floor
        assert app.screen.view.pending == "trap"
        assert "fire trap" in app.screen.query_one("RoguePanel").render().plain
        await pilot.press("up")  # a door key does nothing while a trap waits
        assert app.screen.view.pending == "trap"
        await pilot.press("w")  # walk on: the trap springs
        assert app.screen.view.hp < 6 and any("fire trap hurts you" in line for line in log(app))


async def test_a_locked_door_is_drawn_and_told(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await create(pilot, seed="339")
        await pilot.press("up", "right")  # a corridor, and its far door is locked
        assert "=" in drawn(app)
        assert any("locked" in line for line in log(app))
        await pilot.press("left")
        await pilot.pause()
        assert log(app)[-1] == "✗ There is no door on that side."


async def test_help_shows_the_keys_and_the_games_own_glossary(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await create(pilot)
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        keys = "\n".join(what for _, what, _ in app.screen.keys)
        assert "Take the door on the east side" in keys and "Search the place" in keys
        # Every key, even one the footer leaves out while the game does not offer it.
        for what in ("Stab the first monster", "Sneak past", "Run back", "Try to disable",
                     "Cross the chasm", "Go down the stairs", "Take the door on the north side"):
            assert what in keys, what
        assert {term.name for term in app.screen.glossary("")} >= {"Difficulty", "Doors"}
        # The panel's "Encounters E to D" is explained where a player looks it up.
        found = app.screen.glossary("encounters")
        assert found and "Encounters E to D" in found[0].text and "E (weakest)" in found[0].text
        await pilot.press("escape")
        assert isinstance(app.screen, PlayScreen)


async def test_the_actions_menu_lists_what_the_game_allows(app: CardRogueApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await create(pilot)
        await pilot.press("enter")
        labels = [choice.label for choice in app.screen.choices]
        assert labels == ["Open the north door (door 1)", "Search for secret doors"]
        await pilot.press("2")
        assert isinstance(app.screen, PlayScreen)
        assert app.screen.state.history[-1].kind == "search"


async def test_a_game_played_to_its_end_shows_results_and_saves_a_run_that_verifies(
        app: CardRogueApp, user_data: Path) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await create(pilot)
        chooser = random.Random(3)
        game = app.screen
        assert isinstance(game, PlayScreen)
        for _ in range(600):
            if isinstance(app.screen, ResultsScreen):
                break
            await pilot.press(key_for(app, chooser))
        assert isinstance(app.screen, ResultsScreen)
        text = app.screen.query_one("#results-text").render().plain
        final = app.screen.final
        if final.outcome == "dead":  # the cause, as the last action's "died" event gives it
            replay = RULES.new_game(seed=game.state.seed)
            for action in game.state.history:
                events = replay.apply(action)
            died = next(e.data for e in events if e.kind == "died")
            assert died["cause"] and text.startswith(f"You died: {death_words(died)}.\n")
            assert name(died["by"]).removeprefix("the ") in text.splitlines()[0]
        else:
            assert text.startswith("You won!")
        assert f"Deepest level   {final.deepest}" in text and f"Score           {final.score}" in text
        saved = list((user_data / "runs").glob("roguelike_Tester_*.run.json"))
        assert len(saved) == 1
        # The path is never broken inside a name: the file name on a line, its folder on the
        # next (cut in the middle when longer than the box: its start and end kept).
        lines = text.splitlines()
        at = lines.index("Run saved to the file")
        assert lines[at + 1] == saved[0].name
        folder = lines[at + 2].removeprefix("in ")
        width = app.screen.query_one("#results-text").content_size.width
        assert len(lines[at + 2]) <= width < len("in " + str(saved[0].parent))
        head, _, tail = folder.partition("…")
        assert str(saved[0].parent).startswith(head) and str(saved[0].parent).endswith(tail)
        assert len(head) > 10 and len(tail) > 10
        verdict = games.verify(json.loads(saved[0].read_text()))
        assert verdict.ok, verdict.reason
        assert verdict.figures["score"] == final.score
        await pilot.press("enter")
        assert not isinstance(app.screen, ResultsScreen | PlayScreen)


async def test_going_down_opens_the_level_up_choices(app: CardRogueApp) -> None:
    from app.screens.dialogs import ChooseScreen

    async with app.run_test(size=SIZE) as pilot:
        await create(pilot, seed="5")
        chooser = random.Random(1)
        for _ in range(200):
            if isinstance(app.screen, ChooseScreen | ResultsScreen):
                break
            await pilot.press(key_for(app, chooser))
        assert isinstance(app.screen, ChooseScreen)
        assert app.screen.title_text == "Level up: raise your skills"
        assert app.screen.choices[0].label == "Raise archery by 2d6"
        await pilot.press("escape")  # the choice cannot be put off: it opens again
        assert isinstance(app.screen, ChooseScreen)
        await pilot.press("1")
        assert app.screen.title_text == "Level up: choose a special ability"
        first = app.screen.choices[0]
        await pilot.press("enter")
        assert isinstance(app.screen, PlayScreen)
        view = app.screen.view
        assert dict(view.skills)["archery"] == 4 and view.abilities == (first.value.name,)
        assert "Level 2" in app.screen.query_one("RoguePanel").render().plain
        assert any("You are now a level 2 rogue." in line for line in log(app))


async def test_quitting_mid_game_asks_first(app: CardRogueApp) -> None:
    from app.screens.dialogs import ConfirmScreen

    async with app.run_test(size=SIZE) as pilot:
        await create(pilot)
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, PlayScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        assert not isinstance(app.screen, PlayScreen)


async def test_cardrogue_replay_opens_a_recorded_game_in_its_viewer(user_data: Path) -> None:
    from app.games.roguelike.screens.replay import RogueReplayScreen
    from engine.core import save_run
    from engine.roguelike import record_run
    from tests.engine.roguelike.support import random_play

    state = random_play(1, 5000)
    path = user_data.parent / "rogue.run.json"
    save_run(path, record_run(state, "Ann"))
    app = CardRogueApp(replay_path=path)  # as `cardrogue replay RUN` starts it
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RogueReplayScreen)
        assert f"step 0 of {len(state.history)}" in app.screen.step_text().plain
        await pilot.press("end")
        assert app.screen.replay.state.fingerprint() == state.fingerprint()
        await pilot.press("escape")  # closing the viewer ends the app
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running


async def test_q_from_the_help_over_a_game_asks_first(app: CardRogueApp) -> None:
    from app.screens.dialogs import ConfirmScreen

    async with app.run_test(size=SIZE) as pilot:
        await create(pilot)
        await pilot.press("up")  # a door opened: the game is on
        game = app.screen
        assert isinstance(game, PlayScreen)
        played = list(game.state.history)
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        # The help types q into its search box: ctrl+q (and the palette's Quit) is the app's quit.
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "The game in progress is not kept." in app.screen.question
        await pilot.press("n")  # cancel: the help again, the game as it was under it
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.return_code is None
        await pilot.press("escape")
        assert app.screen is game and game.state.history == played
        await pilot.press("f1", "ctrl+q", "y")  # yes: the app ends
        await pilot.pause()
        assert app.return_code == 0



async def test_letters_in_the_seed_are_explained_and_hold_the_start(app: CardRogueApp) -> None:
    """A letter typed in the seed stays on show with a note saying a seed is a number; the
    game does not start on it, and starts once it is digits."""
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot)
        screen = app.screen
        assert isinstance(screen, OptionsForm)
        await pilot.press(*"4x2")
        await pilot.pause()
        assert screen.query_one("#seed", Input).value == "4x2"
        note = str(screen.query_one("#problem-seed", Static).render())
        assert note == "A seed is a number: type only the digits 0 to 9 (or leave it blank)."
        await pilot.press("enter")  # no start
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("left", "backspace")  # 42: the note goes
        await pilot.pause()
        assert str(screen.query_one("#problem-seed", Static).render()) == ""
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter", "down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen) and app.screen.state.seed == 42


async def test_refusals_go_to_the_log_as_sentences(app: CardRogueApp) -> None:
    """A refused key writes why in the log, capitalised (as Card Rogue's play screen does),
    with no toast over the room; the game does not move."""
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await create(pilot)
        before = len(log(app))
        await pilot.press("f")  # nothing to fight in the first room
        await pilot.pause()
        assert log(app)[before:] == ["✗ There is no monster facing you."]
        await pilot.press("down")  # no door on that side
        await pilot.pause()
        assert log(app)[-1] == "✗ There is no door on that side."
        assert list(app._notifications) == [] and not app.screen.query("Toast")
        await pilot.press("up", "h")  # to the second room, where a trap waits
        assert app.screen.view.pending == "trap"
        await pilot.press("s")
        await pilot.pause()
        assert log(app)[-1] == "✗ There is a trap here: disable it or walk on."
        assert app.screen.view.pending == "trap"


async def test_the_footer_shows_the_keys_of_what_the_game_offers_now(app: CardRogueApp) -> None:
    """The footer follows the engine's legal actions (issue 34): in the first room the doors and
    Search, no Fight and no Down; before a trap Disable and Walk on, nothing else of the game's;
    a hidden key pressed still says why it does nothing."""
    async with app.run_test(size=SIZE) as pilot:
        await create(pilot)
        await pilot.pause()
        first = footer_keys(app.screen)
        assert {"Doors", "Actions", "Search", "Help", "Leave"} <= set(first)
        assert not {"Fight", "Down", "Sneak", "Run", "Disable", "Walk on", "Cross"} & set(first)
        await pilot.press("up", "h")  # a corridor, then a room with a fire trap
        await pilot.pause()
        assert app.screen.view.pending == "trap"
        trap = footer_keys(app.screen)
        assert {"Disable", "Walk on", "Actions"} <= set(trap)
        assert not {"Doors", "Search", "Fight", "Down"} & set(trap)
        await pilot.press("s")  # not offered now: the log says why
        await pilot.pause()
        assert log(app)[-1] == "✗ There is a trap here: disable it or walk on."
        await pilot.press("w")  # walk on: the doors and Search come back
        await pilot.pause()
        assert {"Doors", "Search"} <= set(footer_keys(app.screen))


async def test_a_remapped_key_is_shown_when_offered_and_says_why_when_not(user_data: Path) -> None:
    """keymap.toml moves a key and the twin that explains it: x is Search now, s nothing."""
    user_data.mkdir(parents=True, exist_ok=True)
    (user_data / "keymap.toml").write_text('roguelike_search = "x"\n', encoding="utf-8")
    app = CardRogueApp()
    async with app.run_test(size=SIZE) as pilot:
        await create(pilot)
        await pilot.press("up", "h")  # a corridor, then a room with a fire trap
        await pilot.pause()
        assert "Search" not in footer_keys(app.screen)
        before = len(log(app))
        await pilot.press("s")  # not the search key any more: nothing
        await pilot.pause()
        assert len(log(app)) == before
        await pilot.press("x")  # the search key, not offered before a trap: it says why
        await pilot.pause()
        assert log(app)[-1] == "✗ There is a trap here: disable it or walk on."
