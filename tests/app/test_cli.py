"""The `cardrogue` command line: in-process through main(), and as the installed script."""

import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import cardrogue

CARDROGUE = Path(sys.executable).parent / "cardrogue"


def run_cardrogue(*args: str) -> subprocess.CompletedProcess[str]:
    assert CARDROGUE.exists(), f"{CARDROGUE} is missing: run `bash scripts/install.sh`"
    return subprocess.run(
        [str(CARDROGUE), *args], capture_output=True, text=True, timeout=60, check=False
    )


def test_version_script_prints_version_and_exits_0() -> None:
    result = run_cardrogue("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == "cardrogue 0.1.0"


def test_unknown_subcommand_fails_with_a_message_and_no_traceback() -> None:
    result = run_cardrogue("no-such-command")
    assert result.returncode != 0
    assert "no-such-command" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_version_does_not_import_textual() -> None:
    # Keeps `cardrogue --version` (and later script subcommands) fast.
    code = (
        "import sys, contextlib, io\n"
        "from app.cli.cardrogue import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    status = main(['--version'])\n"
        "assert status == 0, status\n"
        "assert 'textual' not in sys.modules, 'textual was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_help_does_not_look_up_the_installed_version() -> None:
    # importlib.metadata scans the installed distributions: only --version pays for it.
    code = (
        "import sys, contextlib, io\n"
        "from app.cli.cardrogue import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    status = main(['--help'])\n"
        "assert status == 0, status\n"
        "assert 'importlib.metadata' not in sys.modules, 'importlib.metadata was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_main_returns_0_for_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert cardrogue.main(["--version"]) == 0
    assert capsys.readouterr().out == "cardrogue 0.1.0\n"


def test_main_returns_2_for_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cardrogue.main(["--no-such-option"]) == 2
    assert "usage: cardrogue" in capsys.readouterr().err


def test_no_arguments_opens_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    opened = []
    monkeypatch.setattr(cardrogue, "run_app", lambda args: opened.append(args) or 0)
    assert cardrogue.main([]) == 0
    assert len(opened) == 1


def test_unexpected_error_is_one_line_on_stderr_with_status_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def crash(args: object) -> int:
        raise RuntimeError("the dungeon\ncollapsed")

    monkeypatch.setattr(cardrogue, "run_app", crash)
    assert cardrogue.main([]) == 1
    captured = capsys.readouterr()
    assert captured.err == "cardrogue: error: RuntimeError: the dungeon collapsed\n"
    assert captured.out == ""


def test_keyboard_interrupt_exits_130_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupt(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cardrogue, "run_app", interrupt)
    assert cardrogue.main([]) == 130
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("command", [
    ["play", "tests/app/fixtures/tutorial.toml"],
    ["edit"],
    ["replay", "tests/engine/roguelike/runs/seed-154.run.json"],
])
def test_plain_before_a_command_that_opens_the_app_reaches_it(
        monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    """`cardrogue --plain play FILE` (and edit, replay) opens the app in plain mode (issue 34);
    without --plain the setting decides (None)."""
    from app.cli import textual_app

    asked = []
    monkeypatch.setattr(textual_app, "open_app",
                        lambda *args, **kwargs: asked.append(kwargs.get("plain")) or 0)
    root = Path(__file__).resolve().parents[2]
    monkeypatch.chdir(root)
    assert cardrogue.main(["--plain", *command]) == 0
    assert cardrogue.main(command) == 0
    assert asked == [True, None]
