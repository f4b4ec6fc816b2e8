"""The `cardrogue` command line.

`cardrogue` alone opens the app. Subcommands for scripts and tests (play, edit, validate, verify,
replay, scores) plug into `COMMANDS` as they are built; see `Command`.

Textual is imported only on the path that opens the app, so `cardrogue --version` and the
script-facing subcommands start quickly.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

PROG = "cardrogue"

# Exit status for Ctrl+C, as shells report a process killed by SIGINT (128 + 2).
EXIT_INTERRUPTED = 130


@dataclass(frozen=True)
class Command:
    """A subcommand: its name, one line of help, how to declare its arguments, and how to run it."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


# Later issues append their subcommands here; none is listed until it works.
COMMANDS: tuple[Command, ...] = ()


def package_version() -> str:
    """The installed distribution's version, so pyproject.toml stays its only source."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(PROG)
    except PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Card Rogue in the terminal. Run without a command to open the app.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {package_version()}")
    parser.set_defaults(run=run_app)

    if not COMMANDS:
        # An empty subparser group would print "(choose from )" for a stray word; without it,
        # argparse says "unrecognized arguments", which is clearer.
        return parser
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    for command in COMMANDS:
        subparser = subparsers.add_parser(command.name, help=command.help, description=command.help)
        command.add_arguments(subparser)
        subparser.set_defaults(run=command.run)
    return parser


def run_app(args: argparse.Namespace) -> int:
    """Open the Textual app and return its exit status."""
    from app.cardrogue_app import CardRogueApp  # lazy: importing Textual costs ~0.25 s

    app = CardRogueApp()
    app.run()
    return app.return_code or 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `cardrogue` console script. Returns the process exit status."""
    try:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as exit_request:
            # argparse exits after --help, --version and usage errors; report that as a status
            # so callers of main() always get an int back.
            return exit_status(exit_request.code)
        return args.run(args)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except Exception as error:  # noqa: BLE001 - the last line of defence: no traceback for users
        print(f"{PROG}: error: {describe(error)}", file=sys.stderr)
        return 1


def exit_status(code: object) -> int:
    """Turn a SystemExit code into an int status, as the interpreter would."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def describe(error: BaseException) -> str:
    """One line naming the error, even when its message spans lines or is empty."""
    message = " ".join(str(error).split())
    name = type(error).__name__
    return f"{name}: {message}" if message else name
