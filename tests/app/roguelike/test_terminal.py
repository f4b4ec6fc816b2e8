"""End to end in a real terminal (tmux), through the installed `cardrogue` command:
`cardrogue replay RUN` on a Rogue Like Roguelike run opens its viewer and quits cleanly, and a
forged run opens to its reason."""

import json
from pathlib import Path

from tests.app.roguelike.support import RUN, SEED
from tests.app.terminal import Tmux, exit_status, needs_tmux, start_cardrogue, wait_for

pytestmark = needs_tmux


def test_replay_opens_a_roguelike_run(tmux: Tmux, tmp_path: Path) -> None:
    status_file = tmp_path / "exit-status"
    total = len(json.loads(RUN.read_text("utf-8"))["actions"])
    start_cardrogue(tmux, status_file, "replay", str(RUN), width=80, height=24)
    wait_for(lambda: f"step 0 of {total}" in tmux.screen() and "Next: Take stealth at 2d6"
             in tmux.screen(), tmux.screen)
    tmux.send("Right")
    tmux.send("Right")
    wait_for(lambda: f"step 2 of {total}" in tmux.screen() and "sets up level 1"
             in tmux.screen(), tmux.screen)
    tmux.send("End")
    wait_for(lambda: "The game is over: won, score 2000." in tmux.screen(), tmux.screen)
    tmux.send("Escape")  # closing the viewer ends `cardrogue replay`
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()
    assert "Traceback" not in tmux.screen()


def test_a_forged_roguelike_run_opens_to_its_reason(tmux: Tmux, tmp_path: Path) -> None:
    doc = json.loads(RUN.read_text("utf-8"))
    doc["claimed"]["deepest"] = 9
    forged = tmp_path / "forged.run.json"
    forged.write_text(json.dumps(doc), "utf-8")
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file, "replay", str(forged), width=80, height=24)
    shown = ("This run cannot be shown", "Claims differ")
    wait_for(lambda: all(text in tmux.screen() for text in shown), tmux.screen)
    assert "Traceback" not in tmux.screen()
    tmux.send("Escape")  # closing the reason ends `cardrogue replay` too
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()


def test_plain_mode_says_what_is_around_the_rogue(tmux: Tmux, tmp_path: Path) -> None:
    """Under the installed `cardrogue --plain` (issue 34): the map is gone, F2 writes what is
    around the rogue into the log, and the terminal's cursor is on its newest line."""
    from app.screens.title import menu

    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file, "--plain", width=80, height=24)
    wait_for(lambda: "Story" in tmux.screen(), tmux.screen)
    position = [entry.id for entry in menu()].index("roguelike")
    for key in ["Home", *["Down"] * position, "Enter"]:
        tmux.send(key)
    wait_for(lambda: "The seed draws the dungeon" in tmux.screen(), tmux.screen)  # the form
    tmux.send(SEED, literal=True)  # the seed is the form's first field: it has the focus
    wait_for(lambda: SEED in tmux.screen(), tmux.screen)  # typed in the focused field
    tmux.send("Enter")  # the seed is taken: on to the skills
    wait_for(lambda: "a new rogue" in tmux.screen(), tmux.screen)
    tmux.send("Enter")
    wait_for(lambda: "At 2d6: stab" in tmux.screen(), tmux.screen)
    for key in ("Down", "Down", "Enter"):
        tmux.send(key)
    wait_for(lambda: "sets up level 1" in tmux.screen(), tmux.screen)
    assert "@" not in tmux.screen()  # the map is hidden
    tmux.send("F2")
    now = "Now: ↑ Open the north door (door 1), s Search for secret doors."
    wait_for(lambda: now in tmux.screen(), tmux.screen)
    assert "North: the north door (door 1), closed" in tmux.screen()

    def cursor_line() -> str:
        flag, _, row = tmux.run("display-message", "-p", "-t", tmux.session,
                                "#{cursor_flag} #{cursor_x} #{cursor_y}").stdout.split()[:3]
        lines = tmux.screen().splitlines()
        return lines[int(row)] if flag == "1" and int(row) < len(lines) else ""

    wait_for(lambda: now in cursor_line(), tmux.screen)
    tmux.send("Up", literal=False)  # the door opens: the log says so, in words
    wait_for(lambda: "rolls for the door" in tmux.screen(), tmux.screen)
    tmux.send("q", literal=True)
    wait_for(lambda: "not kept" in tmux.screen(), tmux.screen)
    tmux.send("y", literal=True)
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()
    assert "Traceback" not in tmux.screen()
