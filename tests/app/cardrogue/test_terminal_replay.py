"""End to end: `cardrogue replay RUN` opens the replay viewer in a real terminal (tmux)."""

from dataclasses import replace
from pathlib import Path

from engine.cardrogue.runs import read_run
from engine.core.runs import save_run
from tests.app.support import CORPUS, install_corpus_maps
from tests.app.terminal import Tmux, exit_status, needs_tmux, start_cardrogue, wait_for

pytestmark = needs_tmux

RUN = CORPUS / "corridor-shortest.run.json"


def test_replay_opens_the_viewer_in_a_real_terminal(tmux: Tmux, tmp_path: Path,
                                                    user_data: Path) -> None:
    install_corpus_maps(user_data / "maps")
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file, "replay", str(RUN), width=100, height=30)
    shown = ("Step 0/11", "Corpus", "Corridor", "Next: flip the card to the east")
    wait_for(lambda: all(text in tmux.screen() for text in shown), tmux.screen)

    tmux.send("Right")
    wait_for(lambda: "Step 1/11" in tmux.screen() and "You flip a card" in tmux.screen(),
             tmux.screen)
    tmux.send("Left")
    wait_for(lambda: "Step 0/11" in tmux.screen(), tmux.screen)

    tmux.send("+", literal=True)
    tmux.send("+", literal=True)
    tmux.send("+", literal=True)
    wait_for(lambda: "8 steps/s" in tmux.screen(), tmux.screen)
    tmux.send("Space")  # plays to the end, then pauses
    shown = ("The end: won in 11 moves", "Step 11/11", "❚❚ Paused", "Victory in 11 moves")
    wait_for(lambda: all(text in tmux.screen() for text in shown), tmux.screen)

    tmux.send("Escape")  # closing the viewer ends `cardrogue replay`
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()
    assert "Traceback" not in tmux.screen()


def test_a_forged_run_opens_to_its_reason_in_a_real_terminal(tmux: Tmux, tmp_path: Path,
                                                             user_data: Path) -> None:
    install_corpus_maps(user_data / "maps")
    good = read_run(RUN)
    forged = tmp_path / "forged.run.json"
    save_run(forged, replace(good, claimed={**good.claimed, "moves": 3}))
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file, "replay", str(forged), width=100, height=30)
    shown = ("This run cannot be shown", "Claims differ",
             "Moves: the run claims 3, the replay gives 11")
    # Wait for the whole dialog in one capture: tmux can catch a frame half drawn.
    wait_for(lambda: all(text in tmux.screen() for text in shown), tmux.screen)
    assert "Traceback" not in tmux.screen()
    tmux.send("Escape")  # closing the reason ends `cardrogue replay` too
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()
