"""End to end: `cardrogue edit FILE` in a real terminal (tmux): draw, save, leave, validate."""

import subprocess
from pathlib import Path

from tests.app.terminal import CARDROGUE, Tmux, exit_status, needs_tmux, start_cardrogue, wait_for

pytestmark = needs_tmux


def test_drawing_and_saving_a_map_in_a_real_terminal(tmux: Tmux, tmp_path: Path,
                                                     user_data: Path) -> None:
    target = tmp_path / "drawn.toml"
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file, "edit", str(target), width=100, height=30)
    wait_for(lambda: "new map" not in tmux.screen() and "drawn.toml" in tmux.screen(),
             tmux.screen)
    assert "Problems 2E" in tmux.screen()  # an empty map: no start, no exit

    # A start, a corridor two cells east, a ladder at its end; then save.
    for key, shown in [("1", "brush @"), ("c", "corridor"), ("Right", "r1c2"),
                       ("Right", "r1c3"), ("c", "select"), ("2", "0 errors"),
                       ("C-s", "Saved")]:
        tmux.send(key, literal=len(key) == 1)
        wait_for(lambda shown=shown: shown in tmux.screen(), tmux.screen)
    assert "●" not in tmux.screen()

    tmux.send("Escape")  # saved: no question, back to the title
    wait_for(lambda: "Classic game" in tmux.screen(), tmux.screen)
    tmux.send("q", literal=True)
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()
    assert "Traceback" not in tmux.screen()

    checked = subprocess.run([str(CARDROGUE), "validate", str(target)], capture_output=True,
                             text=True, timeout=60, check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    text = target.read_text(encoding="utf-8")
    assert text.startswith("#:schema ") and '@.>' in text


def test_the_card_view_and_the_schema_link_in_a_real_terminal(tmux: Tmux, tmp_path: Path,
                                                               user_data: Path) -> None:
    """Issue 22: `z` shows the level as the play board draws it; a map saved in the data
    folder links to the folder's own copy of the schema."""
    maps = user_data / "maps"
    maps.mkdir(parents=True)
    target = maps / "cards.toml"
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file, "edit", str(target), width=100, height=30)
    wait_for(lambda: "cards.toml" in tmux.screen(), tmux.screen)
    for key, shown in [("1", "brush @"), ("c", "corridor"), ("Right", "r1c2"),
                       ("c", "select"), ("2", "0 errors")]:
        tmux.send(key, literal=len(key) == 1)
        wait_for(lambda shown=shown: shown in tmux.screen(), tmux.screen)
    assert "╭─────╮" not in tmux.screen()
    tmux.send("z", literal=True)
    # The play board's cards: the start (<) and the ladder (>) joined by a corridor.
    wait_for(lambda: "╭─────╮╭─────╮" in tmux.screen() and "< ━━━━ >" in tmux.screen(),
             tmux.screen)
    tmux.send("C-s")
    wait_for(lambda: "Saved" in tmux.screen(), tmux.screen)
    tmux.send("Escape")
    wait_for(lambda: "Classic game" in tmux.screen(), tmux.screen)
    tmux.send("q", literal=True)
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()
    assert target.read_text(encoding="utf-8").startswith(
        "#:schema ../schemas/map.schema.json\n")
    assert (user_data / "schemas" / "map.schema.json").is_file()
