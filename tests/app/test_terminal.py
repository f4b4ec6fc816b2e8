"""End to end: the installed `cardrogue` script in a real terminal, driven through tmux (see
terminal.py)."""

import shlex
import subprocess
from pathlib import Path

from tests.app.terminal import CARDROGUE, Tmux, exit_status, needs_tmux, start_cardrogue, wait_for

pytestmark = needs_tmux


def test_cardrogue_runs_in_a_real_terminal(tmux: Tmux, tmp_path: Path) -> None:
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file)

    wait_for(lambda: "Card Rogue" in tmux.screen() and "Quit" in tmux.screen(), tmux.screen)

    tmux.send("?", literal=True)
    wait_for(lambda: "Keys on this screen" in tmux.screen(), tmux.screen)

    tmux.send("Escape")
    wait_for(lambda: "Keys on this screen" not in tmux.screen(), tmux.screen)

    tmux.send("q", literal=True)
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()
    assert "Traceback" not in tmux.screen()


TUTORIAL = Path(__file__).parent / "fixtures" / "tutorial.toml"

# The tutorial's fastest win (tests/app/maps.py) as tmux keys, each with a text that shows once
# the key has been handled ("!text": a text that is gone then). Waiting for it before the next
# key also keeps a lone Escape from being read with the following key as an Alt combination.
TUTORIAL_WIN = [
    ("Enter", "Moves 0 · Par 14"),
    ("Right", "You flip a card: Shop."), ("Right", "Moves 2 · Par 14"),
    ("b", "For sale"), ("Enter", "You buy the Sword"), ("Escape", "!Leave the shop"),
    ("e", "You equip the Sword"), ("Space", "Turn 2"),
    ("Right", "You flip a card: Sewer Rat."), ("Right", "You slay the Sewer Rat"),
    ("Right", "Moves 8 · Par 14"), ("Space", "Turn 3"),
    ("Right", "Moves 10 · Par 14"), ("Right", "Moves 11 · Par 14"), ("Space", "Turn 4"),
    ("Right", "Moves 13 · Par 14"), ("Right", "Level 2: The Well"),
    ("Enter", "Moves 0 · Par 2 · Total 14"),
    ("Right", "Moves 1 · Par 2 · Total 15"), ("Right", "Victory!"),
]


def test_playing_a_map_to_the_end_in_a_real_terminal(tmux: Tmux, tmp_path: Path) -> None:
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file, "play", str(TUTORIAL), width=100, height=30)
    wait_for(lambda: "Enter to begin" in tmux.screen(), tmux.screen)
    # Author text is shown as written, brackets and all.
    assert "[bold]Not bold[/bold]" in tmux.screen()

    for key, shown in TUTORIAL_WIN:
        tmux.send(key, literal=len(key) == 1)
        if shown.startswith("!"):
            wait_for(lambda gone=shown[1:]: gone not in tmux.screen(), tmux.screen)
        else:
            wait_for(lambda shown=shown: shown in tmux.screen(), tmux.screen)

    results = tmux.screen()
    assert "16 moves: on par." in results
    assert "Personal best: 16 moves, 5 turns (new!)" in results
    assert "Total" in results and "Traceback" not in results

    tmux.send("Escape")  # back: the results close, and so does the finished game
    wait_for(lambda: "Classic game" in tmux.screen(), tmux.screen)
    tmux.send("q", literal=True)
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()


def test_play_refuses_a_missing_file_without_a_traceback(tmp_path: Path) -> None:
    result = subprocess.run([str(CARDROGUE), "play", str(tmp_path / "nowhere.toml")],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2
    assert "no such file" in result.stderr and "Traceback" not in result.stderr


def test_an_encoding_that_cannot_draw_the_app_is_refused_in_one_line(tmux: Tmux,
                                                                      tmp_path: Path) -> None:
    status_file, errors = tmp_path / "exit-status", tmp_path / "stderr"
    tmux.env["PYTHONIOENCODING"] = "ascii"
    # stdin and stdout are the terminal; stderr goes to a file, so the whole message is read
    # however the pane wraps or redraws it.
    tmux.start(shlex.join(["sh", "-c", 'e="$1"; shift; "$@" 2> "$e"; echo $? > "$0"',
                           str(status_file),
                           str(errors), str(CARDROGUE)]), width=100, height=30)
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "2", tmux.screen()
    message = errors.read_text()
    assert len(message.splitlines()) == 1, message
    assert "the terminal's encoding is ascii" in message and "PYTHONIOENCODING" in message


def test_plain_mode_shows_the_terminal_cursor_on_the_focused_item(tmux: Tmux,
                                                                   tmp_path: Path) -> None:
    """Braille displays follow the cursor (issue 34): under `cardrogue --plain` it is shown,
    on the title menu's highlighted entry, and follows the arrows."""
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file, "--plain", width=80, height=24)

    def cursor_line() -> str:
        """The line under the cursor if the cursor is shown, else ''."""
        flag, _, row = tmux.run("display-message", "-p", "-t", tmux.session,
                                "#{cursor_flag} #{cursor_x} #{cursor_y}").stdout.split()[:3]
        lines = tmux.screen().splitlines()
        return lines[int(row)] if flag == "1" and int(row) < len(lines) else ""

    wait_for(lambda: "Story" in cursor_line(), tmux.screen)
    tmux.send("Down")
    wait_for(lambda: "Challenges" in cursor_line(), tmux.screen)
    tmux.send("q", literal=True)
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()


def test_plain_mode_reaches_a_map_opened_from_the_command_line(tmux: Tmux,
                                                               tmp_path: Path) -> None:
    """`cardrogue --plain play FILE` (issue 34): the story page has no frame, its title and
    "Enter to begin" said on lines of their own; the board is hidden and the status line is
    parted by dots, not rules. Nothing on screen but the footer needs box-drawing to read."""
    status_file = tmp_path / "exit-status"
    start_cardrogue(tmux, status_file, "--plain", "play", str(TUTORIAL), width=80, height=24)
    wait_for(lambda: "Enter to begin" in tmux.screen(), tmux.screen)
    page = tmux.screen().splitlines()
    assert not any(set(line) & set("╭╮╰╯│─") for line in page[:-1]), "\n".join(page)
    tmux.send("Enter")
    wait_for(lambda: "Moves 0 · Par 14" in tmux.screen(), tmux.screen)
    status = next(line for line in tmux.screen().splitlines() if "Moves 0" in line)
    assert "│" not in status and " · Turn 1 · " in status
    assert "▓" not in tmux.screen() and "░" not in tmux.screen()  # no card drawn
    tmux.send("q", literal=True)
    wait_for(lambda: "not kept" in tmux.screen() or exit_status(status_file) is not None,
             tmux.screen)
    if exit_status(status_file) is None:
        tmux.send("y", literal=True)
    wait_for(lambda: exit_status(status_file) is not None, tmux.screen)
    assert exit_status(status_file) == "0", tmux.screen()
