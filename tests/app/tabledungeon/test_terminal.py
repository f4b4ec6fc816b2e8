"""End to end in a real terminal (tmux), through the installed `cardrogue` command: a Table
Dungeon table against a computer from the title screen, and `cardrogue replay` on its run."""

from pathlib import Path

from engine.core.runs import save_run
from engine.tabledungeon import runs
from tests.app.terminal import Tmux, exit_status, needs_tmux, start_cardrogue, wait_for
from tests.engine.tabledungeon.support import play_out

pytestmark = needs_tmux


def test_a_table_against_the_computer_from_the_title(tmux: Tmux, tmp_path: Path) -> None:
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file, width=80, height=24)
    wait_for(lambda: "Table Dungeon" in tmux.screen(), tmux.screen)
    for _ in range(4):  # Story, Challenges, Classic game, Mini Rogue
        tmux.send("Down")
    tmux.send("Enter")
    wait_for(lambda: "A new game of Table Dungeon" in tmux.screen(), tmux.screen)
    tmux.send("Ann", literal=True)
    tmux.send("C-s")
    wait_for(lambda: "Ann picks a class" in tmux.screen(), tmux.screen)
    tmux.send("2", literal=True)  # the Wizard; the computer picks after its pause
    wait_for(lambda: "Computer 2 picks the" in tmux.screen(), tmux.screen)
    wait_for(lambda: "Ann lays a card" in tmux.screen() or "Computer 2 lays a card"
             in tmux.screen(), tmux.screen)
    tmux.send("q", literal=True)
    wait_for(lambda: "Quit Card Rogue? The game in progress is not kept." in tmux.screen(),
             tmux.screen)
    tmux.send("y", literal=True)
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()
    assert "Traceback" not in tmux.screen()


def test_plain_mode_says_the_choices_after_ctrl_s(tmux: Tmux, tmp_path: Path) -> None:
    """`cardrogue --plain` as a tester started it (issue 34): after Ctrl+S the screen says the
    classes with their keys, and the footer names F2; a key the words name plays on."""
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file, "--plain", width=80, height=24)
    wait_for(lambda: "Table Dungeon" in tmux.screen(), tmux.screen)
    for _ in range(4):  # Story, Challenges, Classic game, Mini Rogue
        tmux.send("Down")
    tmux.send("Enter")
    wait_for(lambda: "A new game of Table Dungeon" in tmux.screen(), tmux.screen)
    tmux.send("C-s")
    wait_for(lambda: "Now: 1 Fighter" in tmux.screen(), tmux.screen)
    wait_for(lambda: "f2 Around" in tmux.screen(), tmux.screen)  # the footer may come later
    tmux.send("1", literal=True)
    wait_for(lambda: "Your hand: " in tmux.screen(), tmux.screen)
    tmux.send("q", literal=True)
    wait_for(lambda: "Quit Card Rogue?" in tmux.screen(), tmux.screen)
    tmux.send("y", literal=True)
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()


def test_replay_opens_a_table_dungeon_run(tmux: Tmux, tmp_path: Path) -> None:
    state = play_out(seed=12, players=2)
    path = tmp_path / "table.run.json"
    save_run(path, runs.record(state, "Ann", recorded="2026-11-22T23:00:00Z"))
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file, "replay", str(path), width=80, height=24)
    total = len(state.history)
    wait_for(lambda: f"step 0 of {total}" in tmux.screen(), tmux.screen)
    tmux.send("Right")
    wait_for(lambda: f"step 1 of {total}" in tmux.screen() and "picks the" in tmux.screen(),
             tmux.screen)
    tmux.send("Escape")  # closing the viewer ends `cardrogue replay`
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()
    assert "Traceback" not in tmux.screen()
