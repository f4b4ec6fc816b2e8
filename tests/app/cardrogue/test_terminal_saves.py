"""End to end, in a real terminal through tmux: leave a campaign after level 2, start the app
again, continue from the title screen, and finish level 3."""

from __future__ import annotations

from pathlib import Path

from tests.app.terminal import Tmux, exit_status, needs_tmux, start_cardrogue, wait_for

pytestmark = needs_tmux

THREE = Path(__file__).parents[1] / "fixtures" / "three-levels.toml"


def play_keys(tmux: Tmux, keys: list[tuple[str, str]]) -> None:
    """Send each key once the text after it shows (see TUTORIAL_WIN in test_terminal)."""
    for key, shown in keys:
        tmux.send(key, literal=len(key) == 1)
        wait_for(lambda shown=shown: shown in tmux.screen(), tmux.screen)


def test_leave_after_level_two_restart_and_finish(tmux: Tmux, tmp_path: Path,
                                                  user_data: Path) -> None:
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file, "play", str(THREE), width=100, height=30)
    wait_for(lambda: "The first step." in tmux.screen(), tmux.screen)
    play_keys(tmux, [
        ("Enter", "1/3 First Step"), ("Right", "Moves 1"), ("Right", "The second step."),
        ("Enter", "2/3 Second Step"), ("Right", "Moves 1"), ("Right", "The third and last"),
        ("Enter", "3/3 Third Step"),
    ])
    tmux.send("Escape")
    wait_for(lambda: "Game menu" in tmux.screen(), tmux.screen)
    play_keys(tmux, [("6", "Leave this run? It is kept")])
    tmux.send("y", literal=True)
    wait_for(lambda: "Continue: Three Steps, level 3 of 3" in tmux.screen(), tmux.screen)
    tmux.send("q", literal=True)
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()
    assert list((user_data / "saves").glob("*.json"))

    # A new app: Continue is first on the title screen, and Enter takes it.
    tmux.kill()
    status_file.unlink()
    again = Tmux()
    try:
        start_cardrogue(again, status_file, width=100, height=30)
        wait_for(lambda: "Continue: Three Steps, level 3 of 3" in again.screen(), again.screen)
        play_keys(again, [
            ("Enter", "Welcome back: level 3, 0 moves into it, "),
            ("Right", "Moves 1 · Par"), ("Right", "All the way down."),
            ("Enter", "Victory!"),
        ])
        assert "Total" in again.screen() and "Traceback" not in again.screen()
        assert not list((user_data / "saves").glob("*.json"))  # finished: nothing to continue
        again.send("Escape")
        # The title takes Continue out just after its first frame: wait for that, not a frame.
        wait_for(lambda: "Classic game" in again.screen() and "Continue" not in again.screen(),
                 again.screen)
        again.send("q", literal=True)
        wait_for(lambda: exit_status(status_file) is not None, again.screen)
        assert exit_status(status_file) == "0", again.screen()
    finally:
        again.kill()
