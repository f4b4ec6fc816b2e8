"""End to end in a real terminal (tmux), through the installed `cardrogue` command:
`cardrogue replay RUN` on a Rogue Like Roguelike run opens its viewer and quits cleanly, and a
forged run opens to its reason."""

import json
from pathlib import Path

from tests.app.roguelike.support import RUN
from tests.app.terminal import Tmux, exit_status, needs_tmux, start_cardrogue, wait_for

pytestmark = needs_tmux


def test_replay_opens_a_roguelike_run(tmux: Tmux, tmp_path: Path) -> None:
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file, "replay", str(RUN), width=80, height=24)
    wait_for(lambda: "step 0 of 468" in tmux.screen() and "Next: Take stealth at 2d6"
             in tmux.screen(), tmux.screen)
    tmux.send("Right")
    tmux.send("Right")
    wait_for(lambda: "step 2 of 468" in tmux.screen() and "sets up level 1" in tmux.screen(),
             tmux.screen)
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
